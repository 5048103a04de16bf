import type { Movement, MovementStatusCode, Tracking } from '@aircargo/contract/movements';
import type { MovementWithZone, WaybillRow } from './movements.repository';

const nullableNumber = (v: string | null): number | null => (v === null ? null : Number(v));

export function presentMovement(row: MovementWithZone): Movement {
  return {
    id: row.id,
    air_waybill_id: row.air_waybill_id,
    location_iata: row.location_iata,
    status_code: row.status_code as MovementStatusCode,
    time_local: row.time_local ?? '',
    time_utc: row.time_utc.toISOString(),
    timezone: row.timezone,
    pieces: row.pieces,
    weight: nullableNumber(row.weight),
    weight_code: 'K',
    volume: nullableNumber(row.volume),
    uld: row.uld,
    deactivated: row.deactivated,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  };
}

/** The public view: number, route, figures, flags and the active movements; nothing about parties, money or companies. */
export function presentTracking(w: WaybillRow, active: readonly MovementWithZone[]): Tracking {
  const last = active[active.length - 1];
  return {
    mawb: w.mawb,
    origin_iata: w.origin_iata,
    destination_iata: w.destination_iata,
    pieces: w.pieces,
    weight: Number(w.weight),
    weight_code: 'K',
    latest_status: last ? (last.status_code as MovementStatusCode) : null,
    departed: w.departed,
    delivered: w.delivered,
    movements: active.map((m) => ({
      location_iata: m.location_iata,
      status_code: m.status_code as MovementStatusCode,
      time_local: m.time_local ?? '',
      time_utc: m.time_utc.toISOString(),
      pieces: m.pieces,
      weight: nullableNumber(m.weight),
    })),
  };
}
