import type { VoidRequestsQuery, WaybillRef } from '@aircargo/contract/waybill-lifecycle';
import { aliasedTable, and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  airWaybills,
  awbAlerts,
  awbMovements,
  awbStockRanges,
  awbVoidRequests,
  bookingSegments,
  bookings,
  companies,
  segments,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';

/** The waybill columns the lifecycle reads and writes. */
const waybillColumns = {
  id: airWaybills.id,
  mawb: airWaybills.mawb,
  prefix: airWaybills.prefix,
  serial: airWaybills.serial,
  airline_id: airWaybills.airline_id,
  forwarder_id: airWaybills.forwarder_id,
  booking_id: airWaybills.booking_id,
  origin_iata: airWaybills.origin_iata,
  destination_iata: airWaybills.destination_iata,
  pieces: airWaybills.pieces,
  weight: airWaybills.weight,
  volume: airWaybills.volume,
  shcs: airWaybills.shcs,
  forwarder_account: airWaybills.forwarder_account,
  route_data: airWaybills.route_data,
  booked: airWaybills.booked,
  issued: airWaybills.issued,
  verified: airWaybills.verified,
  delivered: airWaybills.delivered,
  departed: airWaybills.departed,
  billed: airWaybills.billed,
  voided: airWaybills.voided,
  warning: airWaybills.warning,
  void_payment: airWaybills.void_payment,
  void_reason: airWaybills.void_reason,
  void_cancel_reason: airWaybills.void_cancel_reason,
  issued_at: airWaybills.issued_at,
  verified_at: airWaybills.verified_at,
  delivered_at: airWaybills.delivered_at,
  voided_at: airWaybills.voided_at,
  issue_date: airWaybills.issue_date,
  updated_at: airWaybills.updated_at,
  row_version: airWaybills.row_version,
};

function selectWaybills(db: Db) {
  return db.select(waybillColumns).from(airWaybills);
}

export type WaybillRow = Awaited<ReturnType<typeof selectWaybills>>[number];

/** What a transition may change. */
export type WaybillPatch = Partial<
  Pick<
    typeof airWaybills.$inferInsert,
    | 'issued'
    | 'verified'
    | 'delivered'
    | 'voided'
    | 'warning'
    | 'void_payment'
    | 'void_reason'
    | 'void_cancel_reason'
    | 'issued_at'
    | 'verified_at'
    | 'delivered_at'
    | 'voided_at'
    | 'issue_date'
  >
>;

const byRef = (ref: WaybillRef): SQL => (typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref));

/** A waybill within `scope` by id or number; `lock` takes its row lock for the transaction. */
export async function findWaybill(db: Db, scope: SQL, ref: WaybillRef, lock = false): Promise<WaybillRow | null> {
  const query = selectWaybills(db).where(and(scope, byRef(ref)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes a transition: the patch, a new row version and the update time. */
export async function updateWaybill(tx: Db, id: number, patch: WaybillPatch, now: Date): Promise<WaybillRow> {
  const [row] = await tx
    .update(airWaybills)
    .set({ ...patch, updated_at: now, row_version: sql`${airWaybills.row_version} + 1` })
    .where(eq(airWaybills.id, id))
    .returning(waybillColumns);
  if (!row) throw new Error(`air waybill ${id} vanished inside its transaction`);
  return row;
}

/** The warning flag of a waybill created in this same transaction: part of its first version, not a new one. */
export async function setNewWaybillWarning(tx: Db, id: number, warning: boolean): Promise<void> {
  await tx.update(airWaybills).set({ warning }).where(eq(airWaybills.id, id));
}

// Movements.

export interface MovementReport {
  id: number;
  status_code: string;
  location_iata: string;
  time_utc: Date;
  value: string | number | null;
}

const movementFields = {
  pieces: awbMovements.pieces,
  weight: awbMovements.weight,
  volume: awbMovements.volume,
} as const;

/** The latest active (not deactivated) movement of the waybill reporting `field`, by UTC time then id. */
export async function latestMovementReporting(
  db: Db,
  waybillId: number,
  field: keyof typeof movementFields,
): Promise<MovementReport | null> {
  const column = movementFields[field];
  const [row] = await db
    .select({
      id: awbMovements.id,
      status_code: awbMovements.status_code,
      location_iata: awbMovements.location_iata,
      time_utc: awbMovements.time_utc,
      value: column,
    })
    .from(awbMovements)
    .where(
      and(eq(awbMovements.air_waybill_id, waybillId), eq(awbMovements.deactivated, false), sql`${column} is not null`),
    )
    .orderBy(desc(awbMovements.time_utc), desc(awbMovements.id))
    .limit(1);
  return row ?? null;
}

// Alerts.

export interface AlertRow {
  id: number;
  air_waybill_id: number;
  code: string;
  text: string;
  dismissed_at: Date | null;
  created_at: Date;
}

const alertColumns = {
  id: awbAlerts.id,
  air_waybill_id: awbAlerts.air_waybill_id,
  code: awbAlerts.code,
  text: awbAlerts.text,
  dismissed_at: awbAlerts.dismissed_at,
  created_at: awbAlerts.created_at,
};

/** Every alert row of a waybill, dismissed ones included, oldest first. */
export async function alertsOf(db: Db, waybillId: number): Promise<AlertRow[]> {
  return db.select(alertColumns).from(awbAlerts).where(eq(awbAlerts.air_waybill_id, waybillId)).orderBy(awbAlerts.id);
}

export async function insertAlerts(tx: Db, rows: { air_waybill_id: number; code: string; text: string }[]) {
  if (rows.length === 0) return;
  await tx.insert(awbAlerts).values(rows).onConflictDoNothing();
}

export async function deleteAlerts(tx: Db, ids: number[]) {
  for (const id of ids) await tx.delete(awbAlerts).where(eq(awbAlerts.id, id));
}

export async function dismissAlert(tx: Db, waybillId: number, alertId: number, now: Date): Promise<AlertRow | null> {
  const [row] = await tx
    .update(awbAlerts)
    .set({ dismissed_at: now })
    .where(and(eq(awbAlerts.id, alertId), eq(awbAlerts.air_waybill_id, waybillId), isNull(awbAlerts.dismissed_at)))
    .returning(alertColumns);
  return row ?? null;
}

/** What the alert rules judge, beyond the waybill row itself. */
export interface AlertFacts {
  /** Weights of the active bookings of the waybill (its booking, and bookings carrying its number). */
  bookingWeights: string[];
  /** Whether a stock range holding the number is assigned to the waybill's forwarder. */
  numberAssigned: boolean;
  forwarderIataCode: string | null;
  /** Whether a segment of its route (legs or its bookings' segments) is cancelled. */
  cancelledSegment: boolean;
  /** Whether an active DIS movement is on the waybill. */
  discrepancy: boolean;
}

export async function alertFacts(db: Db, w: WaybillRow): Promise<AlertFacts> {
  const ofWaybill =
    w.booking_id === null ? eq(bookings.mawb, w.mawb) : or(eq(bookings.id, w.booking_id), eq(bookings.mawb, w.mawb));
  const bookingRows = await db
    .select({ id: bookings.id, weight: bookings.weight })
    .from(bookings)
    .where(and(ofWaybill, eq(bookings.active, true)));
  const [range] = await db
    .select({ id: awbStockRanges.id })
    .from(awbStockRanges)
    .where(
      and(
        eq(awbStockRanges.prefix, w.prefix),
        sql`${w.serial} between ${awbStockRanges.first_serial} and ${awbStockRanges.last_serial}`,
        eq(awbStockRanges.holder_company_id, w.forwarder_id),
      ),
    )
    .limit(1);
  const [forwarder] = await db
    .select({ code: companies.forwarder_iata_code })
    .from(companies)
    .where(eq(companies.id, w.forwarder_id));
  const legSegments = w.route_data.map((l) => l.segment_id).filter((id): id is number => typeof id === 'number');
  const bookingIds = bookingRows.map((b) => b.id);
  const conditions: SQL[] = [];
  if (legSegments.length > 0) conditions.push(sql`${segments.id} in ${legSegments}`);
  if (bookingIds.length > 0) {
    conditions.push(
      sql`${segments.id} in (select ${bookingSegments.segment_id} from ${bookingSegments} where ${bookingSegments.booking_id} in ${bookingIds})`,
    );
  }
  let cancelledSegment = false;
  if (conditions.length > 0) {
    const [cancelled] = await db
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.canceled, true), or(...conditions)))
      .limit(1);
    cancelledSegment = cancelled !== undefined;
  }
  return {
    bookingWeights: bookingRows.map((b) => b.weight),
    numberAssigned: range !== undefined,
    forwarderIataCode: forwarder?.code ?? null,
    cancelledSegment,
    discrepancy: await hasActiveDis(db, w.id),
  };
}

async function hasActiveDis(db: Db, waybillId: number): Promise<boolean> {
  const [dis] = await db
    .select({ id: awbMovements.id })
    .from(awbMovements)
    .where(
      and(
        eq(awbMovements.air_waybill_id, waybillId),
        eq(awbMovements.status_code, 'DIS'),
        eq(awbMovements.deactivated, false),
      ),
    )
    .limit(1);
  return dis !== undefined;
}

// Void requests.

const requester = aliasedTable(users, 'requester');
const resolver = aliasedTable(users, 'resolver');
const forwarder = aliasedTable(companies, 'forwarder');
const airline = aliasedTable(companies, 'airline');

const requestColumns = {
  id: awbVoidRequests.id,
  air_waybill_id: awbVoidRequests.air_waybill_id,
  mawb: airWaybills.mawb,
  origin_iata: airWaybills.origin_iata,
  destination_iata: airWaybills.destination_iata,
  status: awbVoidRequests.status,
  reason: awbVoidRequests.reason,
  resolve_reason: awbVoidRequests.resolve_reason,
  payment_needed: awbVoidRequests.payment_needed,
  requested_by_company_id: awbVoidRequests.requested_by_company_id,
  forwarder_id: airWaybills.forwarder_id,
  forwarder_short_name: forwarder.short_name,
  airline_id: airWaybills.airline_id,
  airline_short_name: airline.short_name,
  requested_by_user_id: awbVoidRequests.requested_by_user_id,
  requested_by_email: requester.email,
  resolved_by_user_id: awbVoidRequests.resolved_by,
  resolved_by_email: resolver.email,
  created_at: awbVoidRequests.created_at,
  resolved_at: awbVoidRequests.resolved_at,
};

export interface VoidRequestRow {
  id: number;
  air_waybill_id: number;
  mawb: string;
  origin_iata: string;
  destination_iata: string;
  status: 'requested' | 'accepted' | 'declined';
  reason: string;
  resolve_reason: string | null;
  payment_needed: boolean | null;
  requested_by_company_id: number;
  forwarder_id: number;
  forwarder_short_name: string;
  airline_id: number;
  airline_short_name: string;
  requested_by_user_id: number | null;
  requested_by_email: string | null;
  resolved_by_user_id: number | null;
  resolved_by_email: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

function selectRequests(db: Db) {
  return db
    .select(requestColumns)
    .from(awbVoidRequests)
    .innerJoin(airWaybills, eq(airWaybills.id, awbVoidRequests.air_waybill_id))
    .innerJoin(forwarder, eq(forwarder.id, airWaybills.forwarder_id))
    .innerJoin(airline, eq(airline.id, airWaybills.airline_id))
    .leftJoin(requester, eq(requester.id, awbVoidRequests.requested_by_user_id))
    .leftJoin(resolver, eq(resolver.id, awbVoidRequests.resolved_by));
}

/** A void request whose waybill is within `scope`. */
export async function findRequest(db: Db, scope: SQL, id: number): Promise<VoidRequestRow | null> {
  const [row] = await selectRequests(db).where(and(scope, eq(awbVoidRequests.id, id)));
  return (row as VoidRequestRow | undefined) ?? null;
}

/** Locks a void request row (the caller has checked its scope) and answers its status now. */
export async function lockRequest(tx: Db, id: number): Promise<{ air_waybill_id: number; status: string } | null> {
  const [row] = await tx
    .select({ air_waybill_id: awbVoidRequests.air_waybill_id, status: awbVoidRequests.status })
    .from(awbVoidRequests)
    .where(eq(awbVoidRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function requestsOfWaybill(db: Db, waybillId: number): Promise<VoidRequestRow[]> {
  return (await selectRequests(db)
    .where(eq(awbVoidRequests.air_waybill_id, waybillId))
    .orderBy(desc(awbVoidRequests.created_at), desc(awbVoidRequests.id))) as VoidRequestRow[];
}

/** The open (requested) void request of a waybill, if any. */
export async function openRequestOf(db: Db, waybillId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: awbVoidRequests.id })
    .from(awbVoidRequests)
    .where(and(eq(awbVoidRequests.air_waybill_id, waybillId), eq(awbVoidRequests.status, 'requested')))
    .limit(1);
  return row ?? null;
}

function requestsWhere(scope: SQL, query: VoidRequestsQuery): SQL {
  const parts: SQL[] = [scope];
  if (query.status !== undefined) parts.push(eq(awbVoidRequests.status, query.status));
  if (query.mawb !== undefined) {
    const pattern = `${query.mawb.replace(/[%_\\]/g, '')}%`;
    parts.push(sql`${airWaybills.mawb} like ${pattern}`);
  }
  return and(...parts) as SQL;
}

export async function listRequests(
  db: Db,
  scope: SQL,
  query: VoidRequestsQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: VoidRequestRow[]; total: number }> {
  const where = requestsWhere(scope, query);
  const rows = (await selectRequests(db)
    .where(where)
    .orderBy(desc(awbVoidRequests.created_at), desc(awbVoidRequests.id))
    .limit(page.limit)
    .offset(page.offset)) as VoidRequestRow[];
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(awbVoidRequests)
    .innerJoin(airWaybills, eq(airWaybills.id, awbVoidRequests.air_waybill_id))
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertRequest(
  tx: Db,
  values: { air_waybill_id: number; requested_by_company_id: number; requested_by_user_id: number; reason: string },
): Promise<number> {
  const [row] = await tx.insert(awbVoidRequests).values(values).returning({ id: awbVoidRequests.id });
  if (!row) throw new Error('void request insert returned nothing');
  return row.id;
}

export async function resolveRequest(
  tx: Db,
  id: number,
  values: {
    status: 'accepted' | 'declined';
    resolve_reason: string;
    payment_needed: boolean | null;
    resolved_by: number | null;
    now: Date;
  },
): Promise<void> {
  await tx
    .update(awbVoidRequests)
    .set({
      status: values.status,
      resolve_reason: values.resolve_reason,
      payment_needed: values.payment_needed,
      resolved_by: values.resolved_by,
      resolved_at: values.now,
      updated_at: values.now,
    })
    .where(and(eq(awbVoidRequests.id, id), eq(awbVoidRequests.status, 'requested')));
}

export async function deleteRequest(tx: Db, id: number): Promise<void> {
  await tx.delete(awbVoidRequests).where(and(eq(awbVoidRequests.id, id), eq(awbVoidRequests.status, 'requested')));
}
