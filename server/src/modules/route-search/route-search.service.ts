import type {
  FlightRoutesResult,
  Route,
  RouteRejection,
  RouteSearchQuery,
  RouteSearchResult,
} from '@aircargo/contract/route-search';
import { CARGO_LIMITS } from '@aircargo/domain';
import { localToUtc } from '@aircargo/domain/time';
import { type RouteQuery, type RouteView, toEpochMinutes } from '@aircargo/route-search';
import type { AuthContext } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { emptyFields, message, validation } from '../../platform/errors';
import { companyNotFound } from '../../platform/policy';
import { presentRoute, reason } from './route-search.presenter';
import * as repo from './route-search.repository';
import type { Timetable } from './route-search.timetable';

/** The longest desired shipping range a search takes, days (seed 001 section 9 bounds report ranges the same way). */
export const MAX_RANGE_DAYS = 31;
export const RANGE_TOO_LONG = `The date range must not exceed ${MAX_RANGE_DAYS} days`;
/** An impossible carrier code: a carrier filter that must match nothing. */
const NO_CARRIER = '--';

/** What a route costs the caller's company: the rating engine (tariffs module); null = no tariff. */
export interface RoutePricer {
  price(input: {
    auth: AuthContext;
    forwarderId: number | null;
    route: RouteView;
    pieces: number;
    weight: number;
    volume: number;
    shcs: readonly string[];
    commodity: string | null;
    date: string;
  }): Promise<{ amount: string; currency: string } | null>;
}

/** Until the tariffs module prices routes, every route answers "no tariff". */
export const NO_PRICES: RoutePricer = { price: async () => null };

/** The cargo limits of seed 001 sections 5 and 9 the shipment breaks (empty when none). */
export function brokenCargoLimits(pieces: number, weight: number, volume: number): string[] {
  const out: string[] = [];
  if (volume / pieces > CARGO_LIMITS.averagePieceVolume)
    out.push(`average piece volume > ${CARGO_LIMITS.averagePieceVolume} m3`);
  if (weight / pieces > CARGO_LIMITS.averagePieceWeight)
    out.push(`average piece weight > ${CARGO_LIMITS.averagePieceWeight} kg`);
  if (weight > CARGO_LIMITS.weight) out.push(`weight > ${CARGO_LIMITS.weight} kg`);
  if (volume > CARGO_LIMITS.volume) out.push(`volume > ${CARGO_LIMITS.volume} m3`);
  return out;
}

/** Volume in m3 of `LxWxH[xPIECES]` centimetre dimensions. */
export function volumeOfDimensions(dimensions: readonly string[]): number {
  let cm3 = 0;
  for (const d of dimensions) {
    const [l, w, h, n] = d.split('x').map(Number);
    cm3 += l! * w! * h! * (n ?? 1);
  }
  return Math.round(cm3 / 1000) / 1000;
}

/** The calendar day after a `YYYY-MM-DD` date (calendar arithmetic; no time zone involved). */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const REQUIRED = ['origin', 'destination', 'date_from', 'pieces', 'weight'] as const;

interface Searcher {
  forwarderId: number | null;
  /** Carriers the caller may be offered (agreements; an airline its own); null = any. */
  allowed: Set<string> | null;
}

export class RouteSearchService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timetable: Timetable,
    private readonly pricer: RoutePricer = NO_PRICES,
  ) {}

  /** Whose agreements and prices apply: a forwarder's own; the platform's named forwarder; an airline its carrier. */
  private async searcher(auth: AuthContext, query: RouteSearchQuery, day: string): Promise<Searcher> {
    if (auth.companyType === 'forwarder') {
      const id = auth.companyId;
      return { forwarderId: id, allowed: new Set(id ? await repo.agreementCarriers(this.db, id, day) : []) };
    }
    if (auth.companyType === 'airline') {
      return { forwarderId: null, allowed: new Set(auth.airlineCode ? [auth.airlineCode] : []) };
    }
    if (auth.companyType === 'platform' && query.forwarder_id !== undefined) {
      if ((await repo.companyTypeOf(this.db, query.forwarder_id)) !== 'forwarder') throw companyNotFound();
      return {
        forwarderId: query.forwarder_id,
        allowed: new Set(await repo.agreementCarriers(this.db, query.forwarder_id, day)),
      };
    }
    if (auth.companyType === 'platform') return { forwarderId: null, allowed: null };
    return { forwarderId: null, allowed: new Set() };
  }

  async search(auth: AuthContext, query: RouteSearchQuery): Promise<RouteSearchResult> {
    const missing = REQUIRED.filter((f) => query[f] === undefined || query[f] === '');
    if (missing.length > 0) {
      throw emptyFields(
        message('fillRequiredFields'),
        Object.fromEntries(missing.map((f) => [f, [message('required')]])),
      );
    }
    const origin = query.origin!;
    const destination = query.destination!;
    const dateFrom = query.date_from!;
    const dateTo = query.date_to ?? dateFrom;
    if (dateTo < dateFrom) throw validation({ date_to: [message('dateOrder', { field: 'date_from' })] });
    if (daysBetween(dateFrom, dateTo) >= MAX_RANGE_DAYS)
      throw validation({ date_to: [RANGE_TOO_LONG] }, RANGE_TOO_LONG);
    const pieces = query.pieces!;
    const weight = query.weight!;
    const volume = query.volume ?? (query.dimensions?.length ? volumeOfDimensions(query.dimensions) : 0);

    const { engine, facts, index } = await this.timetable.ready();
    const config = await this.timetable.routing();
    const originAirports = config.airportsOf(origin);
    const destinationAirports = config.airportsOf(destination);
    const unknown: Record<string, ReturnType<typeof message>[]> = {};
    if (originAirports.length === 0) unknown.origin = [message('airportNotFound')];
    if (destinationAirports.length === 0) unknown.destination = [message('airportNotFound')];
    if (Object.keys(unknown).length > 0) throw validation(unknown, message('airportNotFound'));
    const zone = config.zones.get(originAirports[0]!) ?? 'UTC';
    const departureFrom = localToUtc(`${dateFrom}T00:00`, zone);
    const departureTo = localToUtc(`${nextDay(dateTo)}T00:00`, zone);
    const now = this.clock.now();
    const who = await this.searcher(auth, query, now.toISOString().slice(0, 10));

    const wanted = query.carriers ?? [];
    const allowedCarriers = (list: readonly string[]): string[] => {
      if (!who.allowed) return [...list];
      const out = list.length > 0 ? list.filter((c) => who.allowed!.has(c)) : [...who.allowed];
      return out.length > 0 ? out : [NO_CARRIER];
    };
    const base: RouteQuery = {
      origin,
      destination,
      departureFrom: toEpochMinutes(departureFrom),
      departureTo: toEpochMinutes(departureTo),
      now: toEpochMinutes(now),
      directOnly: query.direct_only ?? false,
      maxTransfers: query.max_transfers ?? 2,
      weightKg: weight,
      volumeM3: volume,
      freighterOnly: query.freighter_only ?? false,
      sort: query.sort ?? 'faster',
      limit: query.limit ?? 50,
    };
    const explain = query.explain ?? false;
    const found = engine.search({ ...base, carriers: allowedCarriers(wanted), explain });
    // The index holds each segment's capacity; what bookings hold is read now for the segments found, so every process
    // answers what is left to sell at this moment (bookings change it far too often to notify each process).
    const booked = await repo.bookedOn(this.db, [
      ...new Set(
        [...found.routes, ...found.rejected, ...found.alternatives.map((a) => a.route)].flatMap((v) =>
          v.legs.map((l) => l.id),
        ),
      ),
    ]);
    const left = (view: RouteView) => lessBooked(view, booked, weight, volume);
    const result = {
      ...found,
      routes: found.routes.map(left),
      rejected: found.rejected.map(left),
      alternatives: found.alternatives.map((a) => ({ ...a, route: left(a.route) })),
    };

    const shcs = query.shcs ?? [];
    const limits = brokenCargoLimits(pieces, weight, volume);
    const price = async (view: RouteView) =>
      this.pricer.price({
        auth,
        forwarderId: who.forwarderId,
        route: view,
        pieces,
        weight,
        volume,
        shcs,
        commodity: query.commodity ?? null,
        date: facts.get(view.legs[0]!.id)?.flightDate ?? dateFrom,
      });
    const present = async (view: RouteView, extraReasons: RouteRejection[] = []): Promise<Route> => {
      const priced = view.bookable || explain ? await price(view) : null;
      const reasons = [...extraReasons];
      if (limits.length > 0) reasons.push(reason('cargo_limits', { details: limits }));
      if (explain && priced === null) reasons.push(reason('no_tariff'));
      return presentRoute(view, facts, {
        cost: priced?.amount ?? null,
        currency: priced?.currency ?? null,
        forbiddenShc: [],
        reasons,
      });
    };

    let routes: Route[] = [];
    const rejected: Route[] = [];
    for (const view of result.routes) {
      const r = await present(view);
      if (r.available) routes.push(r);
      else if (explain) rejected.push(r);
    }
    for (const view of result.rejected) rejected.push(await present(view));

    if (explain && who.allowed) {
      // Routes the caller is not offered for want of an agreement (an airline: other carriers), explained.
      const open = engine.search({ ...base, carriers: [...wanted], explain: false });
      open.routes = open.routes.map(left);
      const seen = new Set([...routes, ...rejected].map((r) => r.key));
      for (const view of open.routes) {
        const outside = view.carriers.filter((c) => !who.allowed!.has(c));
        const key = view.legs.map((l) => l.id).join('-');
        if (outside.length === 0 || seen.has(key)) continue;
        rejected.push(
          await present(
            view,
            outside.map((c) => reason('no_agreement', { carrier: c })),
          ),
        );
      }
    }
    if ((query.sort ?? 'faster') === 'cheaper') routes = sortCheaper(routes);

    const alternatives: RouteSearchResult['alternatives'] = [];
    for (const a of result.alternatives) {
      const r = await present(a.route);
      if (r.available) alternatives.push({ kind: a.kind, route: r });
    }

    return {
      routes,
      rejected,
      alternatives,
      query: {
        origin_airports: originAirports,
        destination_airports: destinationAirports,
        departure_from: departureFrom,
        departure_to: departureTo,
        weight,
        volume,
      },
      stats: {
        candidates: result.stats.candidates,
        scanned_legs: result.stats.scannedLegs,
        truncated: result.stats.truncated,
        millis: Math.round(result.stats.millis * 1000) / 1000,
        index_legs: index.size,
      },
    };
  }

  /** The segments the found routes use (and, in explain mode, those of the explained candidates). */
  async flightRoutes(auth: AuthContext, query: RouteSearchQuery): Promise<FlightRoutesResult> {
    const found = await this.search(auth, query);
    const bySegment = new Map<number, FlightRoutesResult['data'][number]>();
    for (const r of [...found.routes, ...found.rejected]) {
      for (const s of r.segments) {
        const row = bySegment.get(s.segment_id) ?? { ...s, routes: [], available: false };
        row.routes.push(r.key);
        row.available ||= r.available;
        bySegment.set(s.segment_id, row);
      }
    }
    return { data: [...bySegment.values()].sort((a, b) => a.std.localeCompare(b.std) || a.segment_id - b.segment_id) };
  }
}

/**
 * A found route with what bookings hold taken off its legs' capacity: the least left over its legs, and a leg that no
 * longer takes the shipment rejects the route for capacity (as the engine would have).
 */
function lessBooked(
  view: RouteView,
  booked: Map<number, { kg: number; m3: number }>,
  weight: number,
  volume: number,
): RouteView {
  if (!view.legs.some((l) => booked.has(l.id))) return view;
  const rejections = [...view.rejections];
  const legs = view.legs.map((leg) => {
    const b = booked.get(leg.id);
    if (!b) return leg;
    const availableKg = Math.max(0, leg.availableKg - b.kg);
    const availableM3 = Math.max(0, leg.availableM3 - b.m3);
    const short = availableKg < weight || availableM3 < volume;
    if (short && !rejections.some((r) => r.reason === 'no_capacity' && r.legId === leg.id)) {
      rejections.push({ reason: 'no_capacity', legId: leg.id, availableKg, availableM3 });
    }
    return { ...leg, availableKg, availableM3 };
  });
  return {
    ...view,
    legs,
    availableKg: Math.min(...legs.map((l) => l.availableKg)),
    availableM3: Math.min(...legs.map((l) => l.availableM3)),
    bookable: view.bookable && rejections.length === view.rejections.length,
    rejections,
  };
}

/** Cheaper first: priced routes by amount (per currency as given), then unpriced; ties by trip time. */
function sortCheaper(routes: Route[]): Route[] {
  return [...routes].sort((a, b) => {
    if (a.cost === null || b.cost === null)
      return (a.cost === null ? 1 : 0) - (b.cost === null ? 1 : 0) || a.trip_minutes - b.trip_minutes;
    return Number(a.cost) - Number(b.cost) || a.trip_minutes - b.trip_minutes;
  });
}
