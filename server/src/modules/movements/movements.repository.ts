import type { AwbRef } from '@aircargo/contract/air-waybills';
import { and, asc, eq, sql } from 'drizzle-orm';
import { airports, airWaybills, awbMovements } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';

export type MovementRow = typeof awbMovements.$inferSelect;
export type MovementInsert = typeof awbMovements.$inferInsert;
export type WaybillRow = typeof airWaybills.$inferSelect;
/** A movement with the IANA zone of its location. */
export type MovementWithZone = MovementRow & { timezone: string };

const withZone = {
  id: awbMovements.id,
  air_waybill_id: awbMovements.air_waybill_id,
  location_iata: awbMovements.location_iata,
  status_code: awbMovements.status_code,
  time_local: awbMovements.time_local,
  time_utc: awbMovements.time_utc,
  pieces: awbMovements.pieces,
  weight: awbMovements.weight,
  volume: awbMovements.volume,
  uld: awbMovements.uld,
  deactivated: awbMovements.deactivated,
  created_by: awbMovements.created_by,
  created_at: awbMovements.created_at,
  timezone: sql<string>`coalesce(${airports.timezone}, 'UTC')`,
};

/** Movements of a waybill, oldest first (by UTC time); `activeOnly` leaves out the deactivated ones. */
export async function listMovements(db: Db, waybillId: number, activeOnly = false): Promise<MovementWithZone[]> {
  const where = activeOnly
    ? and(eq(awbMovements.air_waybill_id, waybillId), eq(awbMovements.deactivated, false))
    : eq(awbMovements.air_waybill_id, waybillId);
  return db
    .select(withZone)
    .from(awbMovements)
    .leftJoin(airports, eq(airports.iata, awbMovements.location_iata))
    .where(where)
    .orderBy(asc(awbMovements.time_utc), asc(awbMovements.id));
}

export async function findMovement(db: Db, waybillId: number, id: number): Promise<MovementWithZone | null> {
  const [row] = await db
    .select(withZone)
    .from(awbMovements)
    .leftJoin(airports, eq(airports.iata, awbMovements.location_iata))
    .where(and(eq(awbMovements.air_waybill_id, waybillId), eq(awbMovements.id, id)));
  return row ?? null;
}

export async function insertMovement(db: Db, values: MovementInsert): Promise<MovementRow> {
  const [row] = await db.insert(awbMovements).values(values).returning();
  if (!row) throw new Error('movement insert returned nothing');
  return row;
}

export async function deactivateMovement(db: Db, id: number): Promise<void> {
  await db.update(awbMovements).set({ deactivated: true }).where(eq(awbMovements.id, id));
}

/** The IANA zone of an airport of the reference data, or null when it is not one. */
export async function airportZone(db: Db, iata: string): Promise<string | null> {
  const [row] = await db.select({ timezone: airports.timezone }).from(airports).where(eq(airports.iata, iata));
  return row?.timezone ?? null;
}

export type WaybillFlags = Pick<WaybillRow, 'departed' | 'departed_at' | 'delivered' | 'delivered_at' | 'warning'>;

/** Sets the event flags of a waybill; counts its row version up (an edit made from an older copy is refused). */
export async function setFlags(db: Db, waybillId: number, flags: Partial<WaybillFlags>, now: Date): Promise<void> {
  await db
    .update(airWaybills)
    .set({ ...flags, updated_at: now, row_version: sql`${airWaybills.row_version} + 1` })
    .where(eq(airWaybills.id, waybillId));
}

/** A waybill by its number, for public tracking: any company's, voided or not (the service decides). */
export async function findByMawb(db: Db, mawb: string): Promise<WaybillRow | null> {
  const [row] = await db.select().from(airWaybills).where(eq(airWaybills.mawb, mawb));
  return row ?? null;
}

/**
 * The waybill (numeric id or number `PPP-SSSSSSSC`) the caller may see, or null; `lock` takes its row lock, so the
 * movements and flags of one waybill change one transaction at a time.
 */
export async function findVisibleWaybill(
  db: Db,
  auth: AuthContext,
  ref: AwbRef,
  options: { lock?: boolean } = {},
): Promise<WaybillRow | null> {
  const byRef = typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref);
  const query = db
    .select()
    .from(airWaybills)
    .where(and(byRef, visibleWaybillsWhere(auth)));
  const [row] = options.lock ? await query.for('update', { of: airWaybills }) : await query;
  return row ?? null;
}
