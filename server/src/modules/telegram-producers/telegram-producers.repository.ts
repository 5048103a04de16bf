import type { WaybillOutgoingQuery } from '@aircargo/contract/waybill-telegrams';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  airWaybills,
  awbMovements,
  bookings,
  companies,
  flights,
  houseWaybills,
  jobs,
  messageSettings,
  outgoingMessages,
  segments,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';

export type WaybillRow = typeof airWaybills.$inferSelect;
export type MovementRow = typeof awbMovements.$inferSelect;

/** A company as the sender rule reads it. */
export interface CompanyRow {
  id: number;
  company_type: string;
  state: string;
}

export async function companyById(db: Db, id: number): Promise<CompanyRow | null> {
  const [row] = await db
    .select({ id: companies.id, company_type: companies.company_type, state: companies.state })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

/** The platform company (the oldest, should there be several). */
export async function platformCompanyId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.company_type, 'platform'))
    .orderBy(asc(companies.id))
    .limit(1);
  return row?.id ?? null;
}

/** Whether an enabled message setting of the company listens to the airline's event and message type. */
export async function hasEnabledSetting(
  db: Db,
  v: { companyId: number; airlineId: number; event: string; messageType: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: messageSettings.id })
    .from(messageSettings)
    .where(
      and(
        eq(messageSettings.company_id, v.companyId),
        eq(messageSettings.airline_id, v.airlineId),
        eq(messageSettings.event, v.event),
        eq(messageSettings.message_type, v.messageType),
        eq(messageSettings.enabled, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A waybill within `visible` (the caller's condition on air_waybills; `sql\`true\`` for the worker). */
export async function waybillById(db: Db, visible: SQL, id: number): Promise<WaybillRow | null> {
  const [row] = await db
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.id, id), visible));
  return row ?? null;
}

/** Waybills by number within `visible`, keyed by number. */
export async function waybillsByMawb(db: Db, visible: SQL, mawbs: readonly string[]): Promise<Map<string, WaybillRow>> {
  if (mawbs.length === 0) return new Map();
  const rows = await db
    .select()
    .from(airWaybills)
    .where(and(sql`${airWaybills.mawb} in ${mawbs}`, visible));
  return new Map(rows.map((r) => [r.mawb, r]));
}

/** A waybill by id or number within `visible`. */
export async function waybillByRef(db: Db, visible: SQL, ref: number | string): Promise<WaybillRow | null> {
  const [row] = await db
    .select()
    .from(airWaybills)
    .where(and(typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref), visible));
  return row ?? null;
}

export async function waybillByMawb(db: Db, mawb: string): Promise<WaybillRow | null> {
  const [row] = await db.select().from(airWaybills).where(eq(airWaybills.mawb, mawb));
  return row ?? null;
}

/** A house with its master, the master within `visible`. */
export async function houseWithMaster(
  db: Db,
  visible: SQL,
  houseId: number,
): Promise<{ house: typeof houseWaybills.$inferSelect; master: WaybillRow } | null> {
  const [row] = await db
    .select({ house: houseWaybills, master: airWaybills })
    .from(houseWaybills)
    .innerJoin(airWaybills, eq(airWaybills.id, houseWaybills.air_waybill_id))
    .where(and(eq(houseWaybills.id, houseId), visible));
  return row ?? null;
}

export async function houseIdsOf(db: Db, waybillId: number): Promise<number[]> {
  const rows = await db
    .select({ id: houseWaybills.id })
    .from(houseWaybills)
    .where(eq(houseWaybills.air_waybill_id, waybillId))
    .orderBy(asc(houseWaybills.id));
  return rows.map((r) => r.id);
}

export async function movementWithWaybill(
  db: Db,
  movementId: number,
): Promise<{ movement: MovementRow; waybill: WaybillRow } | null> {
  const [row] = await db
    .select({ movement: awbMovements, waybill: airWaybills })
    .from(awbMovements)
    .innerJoin(airWaybills, eq(airWaybills.id, awbMovements.air_waybill_id))
    .where(eq(awbMovements.id, movementId));
  return row ?? null;
}

export async function bookingById(db: Db, id: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      airline_id: bookings.airline_id,
      carrier: bookings.carrier,
      mawb: bookings.mawb,
      origin: bookings.origin,
      destination: bookings.destination,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row ?? null;
}

/** A flight with its first segment (route and date for the message's segment text). */
export async function flightById(db: Db, id: number) {
  const [row] = await db
    .select({
      id: flights.id,
      airline_id: flights.airline_id,
      carrier: flights.carrier,
      number: flights.number,
      flight_date: flights.flight_date,
      origin: segments.origin,
      destination: segments.destination,
    })
    .from(flights)
    .leftJoin(segments, eq(segments.flight_id, flights.id))
    .where(eq(flights.id, id))
    .orderBy(asc(segments.id))
    .limit(1);
  return row ?? null;
}

/**
 * Marks the `telegram.produce` job as having produced its messages, in the transaction that writes them: true the first
 * time, false when a run before this one already committed them (a worker that died after the commit and before marking
 * the job done leaves it to be claimed again; the second run then writes nothing).
 */
export async function markProduced(tx: Db, jobId: number): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || '{"produced": true}'::jsonb` })
    .where(and(eq(jobs.id, jobId), sql`not (${jobs.payload} ? 'produced')`))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
