import type {
  AircraftCapacity,
  BaggageAverage,
  BaggageStat,
  PaxOdAverage,
  SegmentPayload,
} from '@aircargo/contract/flights';
import type { BaggageAverageRow, BaggageStatRow, PaxOdAverageRow, SegmentPayloadRow } from './capacities.repository';

const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function presentAircraftCapacity(row: {
  aircraft_type: string;
  description: string | null;
  weight: string | null;
  volume: string | null;
}): AircraftCapacity {
  return { ...row, weight: num(row.weight), volume: num(row.volume) };
}

export function presentSegmentPayload(r: SegmentPayloadRow): SegmentPayload {
  return {
    id: r.id,
    airline_id: r.airline_id,
    origin: r.origin,
    destination: r.destination,
    aircraft_type: r.aircraft_type,
    reg_numbers: r.reg_numbers,
    payload: Number(r.payload),
    season: r.season as SegmentPayload['season'],
  };
}

export function presentPaxOdAverage(r: PaxOdAverageRow): PaxOdAverage {
  return {
    id: r.id,
    airline_id: r.airline_id,
    origin: r.origin,
    destination: r.destination,
    aircraft_type: r.aircraft_type,
    quantity: Number(r.quantity),
  };
}

/** kg per passenger, to the gram; null without passengers. */
export function averageOf(totalWeight: number, totalPax: number): number | null {
  return totalPax > 0 ? Math.round((totalWeight / totalPax) * 1000) / 1000 : null;
}

export function presentBaggageAverage(r: BaggageAverageRow): BaggageAverage {
  const totalWeight = Number(r.total_baggage_weight);
  return {
    id: r.id,
    airline_id: r.airline_id,
    origin: r.origin,
    destination: r.destination,
    weight_stat: num(r.weight_stat),
    weight_data: num(r.weight_data),
    beginning_of_period: r.beginning_of_period,
    end_of_period: r.end_of_period,
    total_baggage_weight: totalWeight,
    total_baggage_pcs: r.total_baggage_pcs,
    total_pax: r.total_pax,
    average_baggage_weight: averageOf(totalWeight, r.total_pax),
    external_source: r.external_source,
    manual_average_baggage_weight: num(r.manual_average_baggage_weight),
    segments_count: r.segments_count,
  };
}

export function presentBaggageStat(r: BaggageStatRow): BaggageStat {
  return {
    id: r.id,
    airline_id: r.airline_id,
    segment_id: r.segment_id,
    origin: r.origin,
    destination: r.destination,
    flight_date: r.flight_date,
    pax: r.pax,
    baggage_pcs: r.baggage_pcs,
    baggage_weight: Number(r.baggage_weight),
  };
}
