import type { Route, RouteLeg, RouteReason, RouteRejection } from '@aircargo/contract/route-search';
import { fromEpochMinutes, type LegView, type Rejection, type RouteView } from '@aircargo/route-search';
import { numberWithDate } from '../flights/flights.presenter';
import type { SegmentFacts } from './route-search.timetable';

const iso = (minutes: number) => fromEpochMinutes(minutes).toISOString().replace('.000Z', 'Z');
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export const REASON_TEXTS: Record<RouteReason, string> = {
  no_agreement: 'No valid agreement with airline',
  no_tariff: 'No tariff',
  no_capacity: 'Not enough capacity',
  sales_closed: 'Sales are closed',
  locked: 'The flight is locked',
  cancelled: 'The flight is cancelled',
  shc_forbidden: 'Cargo with these codes is prohibited for booking',
  connection_not_workable: 'Connection not workable',
  interline_not_allowed: 'Booking on interline sector not allowed',
  route_not_permitted: 'Route not allowed',
  outside_booking_window: 'Outside the booking window',
  cargo_limits: 'The cargo exceeds the limits',
};

export function reason(
  code: RouteReason,
  extra: Partial<Omit<RouteRejection, 'reason' | 'message'>> = {},
): RouteRejection {
  return {
    reason: code,
    segment_id: null,
    airport: null,
    connection_minutes: null,
    minimum_minutes: null,
    available_weight: null,
    available_volume: null,
    carrier: null,
    other_carrier: null,
    details: [],
    ...extra,
    message: REASON_TEXTS[code],
  };
}

function presentRejection(r: Rejection): RouteRejection {
  return reason(r.reason, {
    segment_id: r.legId ?? null,
    airport: r.airport ?? null,
    connection_minutes: r.connectionMinutes ?? null,
    minimum_minutes: r.minimumMinutes ?? null,
    available_weight: r.availableKg === undefined ? null : round3(r.availableKg),
    available_volume: r.availableM3 === undefined ? null : round3(r.availableM3),
    carrier: r.carrier ?? null,
    other_carrier: r.otherCarrier ?? null,
  });
}

export function presentLeg(leg: LegView, facts: ReadonlyMap<number, SegmentFacts>): RouteLeg {
  const flightDate = facts.get(leg.id)?.flightDate ?? iso(leg.departure).slice(0, 10);
  return {
    segment_id: leg.id,
    carrier: leg.carrier,
    number: leg.flightNumber,
    number_with_date: numberWithDate(leg.carrier, leg.flightNumber, flightDate),
    flight_date: flightDate,
    origin: leg.origin,
    destination: leg.destination,
    std: iso(leg.departure),
    sta: iso(leg.arrival),
    aircraft_type: leg.aircraftType,
    freighter: leg.freighter,
    available_weight: round3(leg.availableKg),
    available_volume: round3(leg.availableM3),
    selected_for_booking: true,
  };
}

/** A route of the engine as the API answers it; `extra` reasons come from the server (agreement, tariff, cargo). */
export function presentRoute(
  view: RouteView,
  facts: ReadonlyMap<number, SegmentFacts>,
  extra: { cost: string | null; currency: string | null; forbiddenShc: string[]; reasons: RouteRejection[] },
): Route {
  const reasons = [...view.rejections.map(presentRejection), ...extra.reasons];
  return {
    key: view.legs.map((l) => l.id).join('-'),
    available: view.bookable && !reasons.some((r) => r.reason !== 'no_tariff'),
    origin: view.origin,
    destination: view.destination,
    carriers: view.carriers,
    carrier: view.legs[0]!.carrier,
    std: iso(view.departure),
    sta: iso(view.arrival),
    transfers: view.transfers,
    transit_airports: view.transitAirports,
    segments: view.legs.map((l) => presentLeg(l, facts)),
    connections: view.connections.map((c) => ({
      airport: c.airport,
      minutes: c.minutes,
      minimum_minutes: c.minimumMinutes,
    })),
    trip_time: { hours: Math.floor(view.tripMinutes / 60), minutes: view.tripMinutes % 60 },
    trip_minutes: view.tripMinutes,
    available_weight: round3(view.availableKg),
    available_volume: round3(view.availableM3),
    cost: extra.cost,
    currency: extra.currency,
    forbidden_shc: extra.forbiddenShc,
    reasons,
  };
}
