import type { ConnectionTime } from '@aircargo/contract/route-search';
import type { ConnectionTimeRow } from './connection-times.repository';

export function presentConnectionTime({ row: r, airline }: ConnectionTimeRow): ConnectionTime {
  return {
    id: r.id,
    airline: airline?.id ? airline : null,
    airport: r.airport,
    minutes: r.minutes,
    arrival_carrier: r.arrival_carrier,
    departure_carrier: r.departure_carrier,
    connection_type: r.connection_type as ConnectionTime['connection_type'],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
