import type { Db } from '../../platform/db';
import { bookedOf } from './bookings.repository';

/**
 * Booked weight and volume of segments (kg, m3) from their capacity counters, for the flights' load figures; segments
 * without bookings are 0. A file apart from bookings.service because the flights service calls it and the bookings
 * service calls the flights service (services must not import each other in a cycle).
 */
export async function bookedLoad(
  db: Db,
  segmentIds: readonly number[],
): Promise<Map<number, { weight: number; volume: number }>> {
  const out = new Map(segmentIds.map((id) => [id, { weight: 0, volume: 0 }]));
  for (const r of await bookedOf(db, segmentIds)) {
    out.set(r.segment_id, { weight: Number(r.booked_weight), volume: Number(r.booked_volume) });
  }
  return out;
}
