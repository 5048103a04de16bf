import type { Allotment } from '@aircargo/contract/bookings';
import { numberWithDate } from '../flights/flights.presenter';
import type { AllotmentRow } from './allotments.repository';

export function presentAllotment({ allotment: a, forwarder_short_name, segment }: AllotmentRow): Allotment {
  return {
    id: a.id,
    airline_id: a.airline_id,
    carrier: a.carrier,
    origin_iata: a.origin,
    destination_iata: a.destination,
    forwarder_id: a.forwarder_id,
    forwarder_short_name,
    type: a.type as Allotment['type'],
    weight: Number(a.weight),
    volume: Number(a.volume),
    timelimit_to_std: a.timelimit_to_std,
    segment_id: a.segment_id,
    segment_number_with_date: segment ? numberWithDate(segment.carrier, segment.number, segment.flight_date) : null,
    valid_until: a.valid_until,
    postal: a.postal,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
