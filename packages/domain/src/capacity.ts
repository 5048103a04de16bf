/**
 * The cargo capacity of a flight segment (seed 001 section 3; issue 9 item 5): a per-segment override when set; for a
 * freighter (cargo service types) the airline's capacity of the aircraft type; for a passenger flight the payload of the
 * route, type and season minus the passengers (average count times the season's standard passenger weight) minus their
 * baggage (average baggage per passenger times the count); nothing known gives 'none'. Pure, so that route search and
 * the flights module compute it the same way.
 */

export type Season = 'summer' | 'winter';
export type CapacitySource = 'aircraft' | 'override' | 'payload' | 'none';

/** Service types of freighters (scheduled cargo/mail, charter cargo/mail, additional cargo/mail). */
export const FREIGHTER_SERVICE_TYPES: readonly string[] = ['F', 'H', 'A'];

/** The last Sunday of a month of a year (month 1-12), as `YYYY-MM-DD`. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/**
 * IATA season of a flight date: summer from the last Sunday of March to the Saturday before the last Sunday of
 * October (the last Saturday of October or earlier), winter otherwise.
 */
export function iataSeason(date: string): Season {
  const year = Number(date.slice(0, 4));
  return date >= lastSunday(year, 3) && date < lastSunday(year, 10) ? 'summer' : 'winter';
}

export interface CapacityInputs {
  serviceType: string;
  /** The per-segment override, kg and m3 (each null when not overridden). */
  override: { weight: number | null; volume: number | null };
  /** The airline's capacity of the aircraft type (null: none set). */
  aircraft: { weight: number | null; volume: number | null } | null;
  /** Payload of the route, aircraft type and season, kg (null: none). */
  payload: number | null;
  /** Average passengers of the route and type (null: none). */
  pax: number | null;
  /** Standard passenger weight of the season, kg. */
  paxWeight: number;
  /** Average baggage per passenger, kg (null: none). */
  baggagePerPax: number | null;
}

export interface Capacity {
  weight: number;
  volume: number;
  source: CapacitySource;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The capacity of a segment from its inputs (weights kg, volumes m3, never negative). */
export function cargoCapacity(i: CapacityInputs): Capacity {
  const computed = computedCapacity(i);
  if (i.override.weight !== null || i.override.volume !== null) {
    return {
      weight: i.override.weight ?? computed.weight,
      volume: i.override.volume ?? computed.volume,
      source: 'override',
    };
  }
  return computed;
}

function computedCapacity(i: CapacityInputs): Capacity {
  const aircraftKnown = i.aircraft !== null && (i.aircraft.weight !== null || i.aircraft.volume !== null);
  const fromAircraft = (): Capacity => ({
    weight: i.aircraft?.weight ?? 0,
    volume: i.aircraft?.volume ?? 0,
    source: 'aircraft',
  });
  if (FREIGHTER_SERVICE_TYPES.includes(i.serviceType)) {
    return aircraftKnown ? fromAircraft() : { weight: 0, volume: 0, source: 'none' };
  }
  if (i.payload !== null) {
    const pax = i.pax ?? 0;
    const weight = i.payload - pax * i.paxWeight - pax * (i.baggagePerPax ?? 0);
    // A passenger flight's hold volume is the type's, when the airline set one.
    return { weight: round3(Math.max(0, weight)), volume: i.aircraft?.volume ?? 0, source: 'payload' };
  }
  return aircraftKnown ? fromAircraft() : { weight: 0, volume: 0, source: 'none' };
}

/** Average baggage per passenger of a baggage average: the manual figure, else total weight over total passengers. */
export function baggagePerPax(row: {
  manual_average_baggage_weight: number | null;
  total_baggage_weight: number;
  total_pax: number;
}): number | null {
  if (row.manual_average_baggage_weight !== null) return row.manual_average_baggage_weight;
  return row.total_pax > 0 ? row.total_baggage_weight / row.total_pax : null;
}

/** Booked over capacity in percent (one decimal), null without capacity. */
export function loadFactor(booked: number, capacity: number): number | null {
  return capacity > 0 ? Math.round((booked / capacity) * 1000) / 10 : null;
}
