import type { BookingRule } from '@aircargo/contract/bookings';
import { numberWithDate } from '../flights/flights.presenter';
import type { BookingRuleRow } from './booking-rules.repository';

const num = (v: string | null) => (v === null ? null : Number(v));

export function presentBookingRule({ rule: r, segment }: BookingRuleRow): BookingRule {
  return {
    id: r.id,
    airline_id: r.airline_id,
    carrier: r.carrier,
    origin_iata: r.origin,
    destination_iata: r.destination,
    segment_id: r.segment_id,
    flight_number_with_date: segment ? numberWithDate(segment.carrier, segment.number, segment.flight_date) : null,
    shcs: r.shcs,
    min_percent: num(r.min_percent),
    max_percent: num(r.max_percent),
    min_weight: num(r.min_weight),
    max_weight: num(r.max_weight),
    min_volume: num(r.min_volume),
    max_volume: num(r.max_volume),
    response_status: r.response_status as BookingRule['response_status'],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
