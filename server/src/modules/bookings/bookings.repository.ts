import type { BookingsQuery } from '@aircargo/contract/bookings';
import type { BookingRuleInput, RuleAnswer } from '@aircargo/domain/booking-rules';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  allotmentUsage,
  bookingHistory,
  bookingRules,
  bookingSegments,
  bookings,
  changeLogs,
  companies,
  segmentCapacity,
} from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { offsetPage, sortOrder } from '../../platform/pagination';
import type { BookingScope } from './bookings.policy';

export type BookingInsert = typeof bookings.$inferInsert;
export type BookingRow = typeof bookings.$inferSelect;
export type CounterRow = typeof segmentCapacity.$inferSelect;

/** What a booking needs of its segments: route, times, state, and the flight's cancellation. */
export interface SegmentInfo {
  id: number;
  flight_id: number;
  airline_id: number;
  carrier: string;
  number: string;
  flight_date: string;
  origin: string;
  destination: string;
  std: Date;
  sta: Date;
  canceled: boolean;
}

export async function segmentsInfo(db: Db, ids: readonly number[]): Promise<SegmentInfo[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<SegmentInfo & { std: Date | string; sta: Date | string }>(
    db,
    sql`select s.id, s.flight_id, s.airline_id, s.carrier, s.number, s.flight_date::text as flight_date, s.origin,
          s.destination, s.std, s.sta, (s.canceled or f.canceled) as canceled
        from segments s join flights f on f.id = s.flight_id
        where s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => ({ ...r, std: new Date(r.std), sta: new Date(r.sta) }));
}

export interface AirlineTerms {
  company_id: number;
  awb_prefix: string | null;
  interline_accepted_prefixes: string[] | null;
  overflow_weight_percent: string;
  overflow_volume_percent: string;
  shcs_accepted: string[] | null;
}

/** Each airline's overflow tolerance, interline prefixes and accepted SHCs (defaults when it has no settings row). */
export function airlineTerms(db: Db, airlineIds: readonly number[]): Promise<AirlineTerms[]> {
  if (airlineIds.length === 0) return Promise.resolve([]);
  return queryRows<AirlineTerms>(
    db,
    sql`select c.id as company_id, st.awb_prefix, st.interline_accepted_prefixes,
          coalesce(st.overflow_weight_percent, 0)::text as overflow_weight_percent,
          coalesce(st.overflow_volume_percent, 0)::text as overflow_volume_percent, c.shcs_accepted
        from companies c left join airline_settings st on st.company_id = c.id
        where c.id in (${sql.join(
          airlineIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** A permitted route of an airline with the airports its ends stand for (a city code: its airports and itself). */
export interface PermittedRouteRow {
  airline_id: number;
  origins: string[];
  destinations: string[];
  via: string[] | null;
}

/** The permitted routes of the airlines (seed 001: an airline with any sells only those routes). */
export function permittedRoutesOf(db: Db, airlineIds: readonly number[]): Promise<PermittedRouteRow[]> {
  if (airlineIds.length === 0) return Promise.resolve([]);
  // A prepared statement: a new booking's answer reads it too.
  return preparedRows<PermittedRouteRow>(
    db,
    sql`select p.airline_id, p.via,
          array(select a.iata from airports a where a.city_code = p.origin union select p.origin) as origins,
          array(select a.iata from airports a where a.city_code = p.destination union select p.destination)
            as destinations
        from permitted_routes p
        where p.airline_id = any(${intArray(airlineIds)})`,
  );
}

/** The airlines among `airlineIds` the forwarder holds an agreement with that is in force on `today`. */
export async function airlinesWithAgreement(
  db: Db,
  forwarderId: number,
  airlineIds: readonly number[],
  today: string,
): Promise<Set<number>> {
  if (airlineIds.length === 0) return new Set();
  const rows = await queryRows<{ supplier_id: number }>(
    db,
    sql`select distinct supplier_id from agreements
        where client_id = ${forwarderId} and effective_from <= ${today}::date
          and (effective_to is null or effective_to >= ${today}::date)
          and supplier_id in (${sql.join(
            airlineIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Set(rows.map((r) => r.supplier_id));
}

export function companyById(db: Db, id: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      short_name: companies.short_name,
      company_type: companies.company_type,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/**
 * Locks the counter rows of segments, creating missing ones, in ascending segment id order: every writer of a
 * segment's counters, allotment use and bookings takes these locks first, so writers of shared segments queue instead
 * of deadlocking, and each reads what the previous one committed.
 */
export async function lockCounters(
  db: Db,
  segmentIds: readonly number[],
  { allotmentsChange = false }: { allotmentsChange?: boolean } = {},
): Promise<Map<number, CounterRow>> {
  const ids = [...new Set(segmentIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  // One statement: a missing row is made, an existing one locked (ON CONFLICT DO UPDATE locks it), in id order. A
  // change of the segments' allotments raises their epoch, which new bookings' plans depend on.
  const rows = await db
    .insert(segmentCapacity)
    .values(ids.map((segment_id) => ({ segment_id, allotment_epoch: allotmentsChange ? 1 : 0 })))
    .onConflictDoUpdate({
      target: segmentCapacity.segment_id,
      set: allotmentsChange
        ? { allotment_epoch: sql`${segmentCapacity.allotment_epoch} + 1` }
        : { segment_id: sql`excluded.segment_id` },
    })
    .returning();
  return new Map(rows.map((r) => [r.segment_id, r]));
}

export function readCounters(db: Db, segmentIds: readonly number[]): Promise<CounterRow[]> {
  if (segmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(segmentCapacity)
    .where(inArray(segmentCapacity.segment_id, [...segmentIds]));
}

/**
 * Takes a booking's share on a locked counter row and sets its capacity and limit in the same statement, only while
 * the total stays within the fresh limit (the second guard after the service's check; the CHECK is the third).
 */
export async function takeOnCounters(
  db: Db,
  segmentId: number,
  v: {
    capacityWeight: string;
    capacityVolume: string;
    limitWeight: string;
    limitVolume: string;
    weight: string;
    volume: string;
    allotmentWeight: string;
    allotmentVolume: string;
  },
): Promise<boolean> {
  const rows = await db
    .update(segmentCapacity)
    .set({
      capacity_weight: v.capacityWeight,
      capacity_volume: v.capacityVolume,
      limit_weight: sql`greatest(${v.limitWeight}::numeric, ${segmentCapacity.booked_weight} + ${v.weight}::numeric)`,
      limit_volume: sql`greatest(${v.limitVolume}::numeric, ${segmentCapacity.booked_volume} + ${v.volume}::numeric)`,
      booked_weight: sql`${segmentCapacity.booked_weight} + ${v.weight}::numeric`,
      booked_volume: sql`${segmentCapacity.booked_volume} + ${v.volume}::numeric`,
      allotment_used_weight: sql`${segmentCapacity.allotment_used_weight} + ${v.allotmentWeight}::numeric`,
      allotment_used_volume: sql`${segmentCapacity.allotment_used_volume} + ${v.allotmentVolume}::numeric`,
      updated_at: sql`now()`,
    })
    .where(
      and(
        eq(segmentCapacity.segment_id, segmentId),
        sql`${segmentCapacity.booked_weight} + ${v.weight}::numeric <= ${v.limitWeight}::numeric`,
        sql`${segmentCapacity.booked_volume} + ${v.volume}::numeric <= ${v.limitVolume}::numeric`,
      ),
    )
    .returning({ id: segmentCapacity.segment_id });
  return rows.length === 1;
}

/**
 * Adds to a segment's counters (negative to give back), only while the total stays within the limit: the conditional
 * update is the second guard after the service's check under the row lock, the CHECK constraint the third. Returns
 * whether the row changed.
 */
export async function addToCounters(
  db: Db,
  segmentId: number,
  d: { weight: string; volume: string; allotmentWeight: string; allotmentVolume: string },
): Promise<boolean> {
  const rows = await db
    .update(segmentCapacity)
    .set({
      booked_weight: sql`${segmentCapacity.booked_weight} + ${d.weight}::numeric`,
      booked_volume: sql`${segmentCapacity.booked_volume} + ${d.volume}::numeric`,
      allotment_used_weight: sql`${segmentCapacity.allotment_used_weight} + ${d.allotmentWeight}::numeric`,
      allotment_used_volume: sql`${segmentCapacity.allotment_used_volume} + ${d.allotmentVolume}::numeric`,
      updated_at: sql`now()`,
    })
    .where(
      and(
        eq(segmentCapacity.segment_id, segmentId),
        sql`(${d.weight}::numeric <= 0 or ${segmentCapacity.booked_weight} + ${d.weight}::numeric <= ${segmentCapacity.limit_weight})`,
        sql`(${d.volume}::numeric <= 0 or ${segmentCapacity.booked_volume} + ${d.volume}::numeric <= ${segmentCapacity.limit_volume})`,
      ),
    )
    .returning({ id: segmentCapacity.segment_id });
  return rows.length === 1;
}

/** An allotment that holds on a segment, with what bookings use of it there. */
export interface AllotmentOnSegment {
  id: number;
  segment_id: number;
  forwarder_id: number;
  weight: string;
  volume: string;
  timelimit_to_std: number;
  used_weight: string;
  used_volume: string;
}

/**
 * The allotments that hold on segments: the segment's own, and those of its route (same airline, origin and
 * destination, no segment named) valid on its flight date.
 */
export function allotmentsOnSegments(db: Db, segmentIds: readonly number[]): Promise<AllotmentOnSegment[]> {
  if (segmentIds.length === 0) return Promise.resolve([]);
  return queryRows<AllotmentOnSegment>(
    db,
    sql`select a.id, s.id as segment_id, a.forwarder_id, a.weight::text as weight, a.volume::text as volume,
          a.timelimit_to_std, coalesce(u.used_weight, 0)::text as used_weight,
          coalesce(u.used_volume, 0)::text as used_volume
        from segments s
        join allotments a on a.airline_id = s.airline_id and (a.segment_id = s.id or (a.segment_id is null
          and a.origin = s.origin and a.destination = s.destination
          and (a.valid_until is null or a.valid_until >= s.flight_date)))
        left join allotment_usage u on u.allotment_id = a.id and u.segment_id = s.id
        where s.id in (${sql.join(
          segmentIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by s.id, a.id`,
  );
}

/** Adds to an allotment's use on a segment (negative to give back); the CHECK refuses use beyond the allotment. */
export async function addToUsage(
  db: Db,
  v: { allotmentId: number; segmentId: number; weight: string; volume: string; usedWeight: string; usedVolume: string },
): Promise<void> {
  await db
    .insert(allotmentUsage)
    .values({
      allotment_id: v.allotmentId,
      segment_id: v.segmentId,
      weight: v.weight,
      volume: v.volume,
      used_weight: v.usedWeight,
      used_volume: v.usedVolume,
    })
    .onConflictDoUpdate({
      target: [allotmentUsage.allotment_id, allotmentUsage.segment_id],
      set: {
        used_weight: sql`${allotmentUsage.used_weight} + excluded.used_weight`,
        used_volume: sql`${allotmentUsage.used_volume} + excluded.used_volume`,
      },
    });
}

/** An effective booking with the same AWB and part on any of the segments (other than `exceptId`). */
export async function duplicateBooking(
  db: Db,
  v: { mawb: string; partsCode: string | null; segmentIds: readonly number[]; exceptId?: number },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select b.id from bookings b join booking_segments bs on bs.booking_id = b.id
        where b.effective and b.mawb = ${v.mawb} and b.parts_code is not distinct from ${v.partsCode}
          and bs.segment_id in (${sql.join(
            v.segmentIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          ${v.exceptId === undefined ? sql`` : sql`and b.id <> ${v.exceptId}`}
        limit 1`,
  );
  return rows.length > 0;
}

/** Other effective bookings of the same AWB and part (the shipment-duplicate warning). */
export async function otherBookingsOfAwb(
  db: Db,
  v: { id: number; mawb: string; partsCode: string | null },
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bookings
        where effective and mawb = ${v.mawb} and parts_code is not distinct from ${v.partsCode} and id <> ${v.id}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The weight (kg, numeric text) of the forwarder's air waybill of each number: a booking whose weight differs is warned
 * ("Weight differs from the AWB").
 */
export async function awbWeightsOf(
  db: Db,
  keys: readonly { mawb: string; forwarderId: number }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ mawb: string; forwarder_id: number; weight: string }>(
    db,
    sql`select mawb, forwarder_id, weight::text as weight from air_waybills
        where mawb in (${sql.join(
          [...new Set(keys.map((k) => k.mawb))].map((m) => sql`${m}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [`${r.forwarder_id}/${r.mawb}`, r.weight]));
}

export async function insertBooking(db: Db, values: BookingInsert): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row as BookingRow;
}

export async function updateBooking(db: Db, id: number, values: Partial<BookingInsert>): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  return row as BookingRow;
}

export type BookingSegmentInsert = typeof bookingSegments.$inferInsert;
export type BookingSegmentRow = typeof bookingSegments.$inferSelect;

export async function replaceBookingSegments(
  db: Db,
  bookingId: number,
  rows: readonly Omit<BookingSegmentInsert, 'booking_id'>[],
  fresh = false,
): Promise<void> {
  if (!fresh) await db.delete(bookingSegments).where(eq(bookingSegments.booking_id, bookingId));
  if (rows.length) await db.insert(bookingSegments).values(rows.map((r) => ({ ...r, booking_id: bookingId })));
}

export function segmentsOfBookings(db: Db, bookingIds: readonly number[]): Promise<BookingSegmentRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bookingSegments)
    .where(inArray(bookingSegments.booking_id, [...bookingIds]))
    .orderBy(bookingSegments.booking_id, bookingSegments.sequence);
}

/** The scope as a condition on bookings: the forwarder's own, the airline's on its segments, all, or none. */
function scoped(scope: BookingScope) {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'forwarder':
      return sql`${bookings.forwarder_id} = ${scope.forwarderId}`;
    case 'airline':
      return sql`exists (select 1 from booking_segments x where x.booking_id = ${bookings.id} and x.airline_id = ${scope.airlineId})`;
    default:
      return sql`false`;
  }
}

const forwarderColumns = { id: companies.id, name: companies.name, short_name: companies.short_name };

export type ListedBooking = { booking: BookingRow; forwarder: { id: number; name: string; short_name: string } };

export function findBooking(db: Db, scope: BookingScope, id: number, lock = false): Promise<ListedBooking | null> {
  const q = db
    .select({ booking: bookings, forwarder: forwarderColumns })
    .from(bookings)
    .innerJoin(companies, eq(companies.id, bookings.forwarder_id))
    .where(and(eq(bookings.id, id), scoped(scope)))
    .limit(1);
  return (lock ? q.for('update', { of: bookings }) : q).then((r) => r[0] ?? null);
}

export function listBookings(db: Db, scope: BookingScope, query: BookingsQuery) {
  const where = and(
    scoped(scope),
    query.response_status === undefined ? undefined : eq(bookings.response_status, query.response_status),
    query.forwarder_id === undefined ? undefined : eq(bookings.forwarder_id, query.forwarder_id),
    query.mawb === undefined ? undefined : eq(bookings.mawb, query.mawb),
    query.active === undefined ? undefined : eq(bookings.active, query.active),
    query.segment_id === undefined
      ? undefined
      : sql`exists (select 1 from booking_segments y where y.booking_id = ${bookings.id} and y.segment_id = ${query.segment_id})`,
  );
  const order = sortOrder(
    query.sort ?? '-id',
    {
      id: bookings.id,
      created_at: bookings.created_at,
      weight: bookings.weight,
      response_status: bookings.response_status,
    },
    'id',
    bookings.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ booking: bookings, forwarder: forwarderColumns })
        .from(bookings)
        .innerJoin(companies, eq(companies.id, bookings.forwarder_id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(bookings).where(where),
  });
}

export async function insertHistory(
  db: Db,
  v: { bookingId: number; version: number; snapshot: Record<string, unknown>; userId: number | null },
): Promise<void> {
  await db
    .insert(bookingHistory)
    .values({ booking_id: v.bookingId, version: v.version, snapshot: v.snapshot, user_id: v.userId });
}

export function historyOf(db: Db, bookingId: number) {
  return db
    .select()
    .from(bookingHistory)
    .where(eq(bookingHistory.booking_id, bookingId))
    .orderBy(desc(bookingHistory.version));
}

export function changeLogsOf(db: Db, recordType: string, recordId: number) {
  return db
    .select()
    .from(changeLogs)
    .where(and(eq(changeLogs.record_type, recordType), eq(changeLogs.record_id, recordId)))
    .orderBy(desc(changeLogs.id))
    .limit(200);
}

/** Booked weight and volume of segments from their counters (0 for segments nobody booked). */
export function bookedOf(db: Db, segmentIds: readonly number[]) {
  if (segmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      segment_id: segmentCapacity.segment_id,
      booked_weight: segmentCapacity.booked_weight,
      booked_volume: segmentCapacity.booked_volume,
    })
    .from(segmentCapacity)
    .where(inArray(segmentCapacity.segment_id, [...segmentIds]));
}

/** Sums of the effective bookings per segment, recomputed from the bookings (the audit of the counters). */
export function sumsFromBookings(db: Db, segmentIds: readonly number[]) {
  if (segmentIds.length === 0) return Promise.resolve([]);
  return queryRows<{ segment_id: number; weight: string; volume: string; allotment_weight: string }>(
    db,
    sql`select bs.segment_id, sum(b.weight)::text as weight, sum(b.volume)::text as volume,
          sum(bs.allotment_weight)::text as allotment_weight
        from booking_segments bs join bookings b on b.id = bs.booking_id
        where b.effective and bs.segment_id in (${sql.join(
          segmentIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by bs.segment_id`,
  );
}

/** The booking rules of airlines, as the matcher takes them, by airline. */
export async function rulesOfAirlines(db: Db, airlineIds: readonly number[]): Promise<Map<number, BookingRuleInput[]>> {
  const out = new Map<number, BookingRuleInput[]>();
  if (airlineIds.length === 0) return out;
  const rows = await db
    .select()
    .from(bookingRules)
    .where(inArray(bookingRules.airline_id, [...airlineIds]))
    .orderBy(bookingRules.id);
  for (const r of rows) out.set(r.airline_id, [...(out.get(r.airline_id) ?? []), ruleInput(r)]);
  return out;
}

export function usageOfAllotment(db: Db, allotmentId: number) {
  return db.select().from(allotmentUsage).where(eq(allotmentUsage.allotment_id, allotmentId));
}

export async function resizeUsage(db: Db, allotmentId: number, weight: string, volume: string): Promise<void> {
  await db.update(allotmentUsage).set({ weight, volume }).where(eq(allotmentUsage.allotment_id, allotmentId));
}

/** The bookings drawn from an allotment keep their segments with no allotment part; its use rows go. */
export async function detachAllotment(db: Db, allotmentId: number): Promise<void> {
  await db
    .update(bookingSegments)
    .set({ allotment_id: null, allotment_weight: '0', allotment_volume: '0' })
    .where(eq(bookingSegments.allotment_id, allotmentId));
  await db.delete(allotmentUsage).where(eq(allotmentUsage.allotment_id, allotmentId));
}

// The booking fast path (issue 11 throughput): everything a new booking is judged on in one read, and the booking with
// its counters, allotment use, segments and change log in one conditional statement.

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs raw SQL as a named prepared statement on a PostgreSQL pool, so that each connection plans it once (the fast
 * path's statements are planned in about as long as they run); in a transaction and on PGlite, as queryRows does.
 */
async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `bookings_fast_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}

/** A segment as a new booking judges it: what segmentsInfo gives, with its sales state and lock. */
export interface SegmentForBooking extends SegmentInfo {
  /** The segment's own cancellation (`canceled` also counts its flight's), as the open-for-booking seam checks it. */
  segment_canceled: boolean;
  locked: boolean;
  sales_closed: boolean;
  sales_manual: boolean;
  sales_open_at: Date | null;
  sales_close_at: Date | null;
  /** What the segment's capacity is computed from, as flights' capacityInputs reads it (payload per IATA season). */
  service_type: string;
  aircraft_type: string | null;
  capacity_weight: string | null;
  capacity_volume: string | null;
  aircraft_weight: string | null;
  aircraft_volume: string | null;
  has_aircraft: boolean;
  payload_summer: string | null;
  payload_winter: string | null;
  pax: string | null;
  manual_average_baggage_weight: string | null;
  total_baggage_weight: string | null;
  total_pax: number | null;
  pax_weights: Record<string, number | string> | null;
}

/** A segment's counters as read, with the row version (`xmin`) a later conditional write compares. */
export interface CounterState {
  segment_id: number;
  xmin: string;
  allotment_epoch: number;
  booked_weight: string;
  booked_volume: string;
  allotment_used_weight: string;
  allotment_used_volume: string;
}

export interface BookingInputs {
  forwarder: { id: number; name: string; short_name: string; company_type: string } | null;
  segments: SegmentForBooking[];
  /** The segments' airlines the forwarder holds an agreement with in force today. */
  partners: number[];
  terms: AirlineTerms[];
  rules: Map<number, BookingRuleInput[]>;
  allotments: AllotmentOnSegment[];
  counters: CounterState[];
  /** An effective booking of the same AWB and part on any of the segments exists. */
  duplicate: boolean;
}

type RuleRow = typeof bookingRules.$inferSelect;

function ruleInput(r: Pick<RuleRow, Exclude<keyof RuleRow, 'created_at' | 'updated_at'>>): BookingRuleInput {
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    id: r.id,
    origin: r.origin,
    destination: r.destination,
    segmentId: r.segment_id,
    shcs: r.shcs,
    minPercent: num(r.min_percent),
    maxPercent: num(r.max_percent),
    minWeight: num(r.min_weight),
    maxWeight: num(r.max_weight),
    minVolume: num(r.min_volume),
    maxVolume: num(r.max_volume),
    responseStatus: r.response_status as RuleAnswer,
  };
}

/**
 * An integer list as `int[]`, one parameter an element: a prepared statement then gets a generic plan as good as a
 * custom one (with the list as one opaque parameter PostgreSQL plans every execution again).
 */
const intArray = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${Math.trunc(id)}::int`),
    sql`, `,
  )}]`;

/**
 * Everything a new booking is judged on, in one statement (one snapshot): the forwarder, the segments with their sales
 * state, the agreements in force, the airlines' terms and booking rules, the allotments on the segments with their use,
 * the counters with their row versions, and whether the AWB is already booked there. No locks: the write that follows
 * (insertBookingIfCurrent) takes effect only while the counters are the versions read here.
 */
export async function bookingInputs(
  db: Db,
  v: {
    forwarderId: number;
    segmentIds: readonly number[];
    today: string;
    mawb: string | null;
    partsCode: string | null;
  },
): Promise<BookingInputs> {
  const ids = intArray(v.segmentIds);
  const [row] = await preparedRows<{ data: Record<string, unknown> }>(
    db,
    sql`with seg as (
          select s.id, s.flight_id, s.airline_id, s.carrier, s.number, s.flight_date::text as flight_date, s.origin,
            s.destination, s.std, s.sta, (s.canceled or f.canceled) as canceled, s.canceled as segment_canceled, s.locked,
            s.sales_closed, s.sales_manual, s.sales_open_at, s.sales_close_at, f.segment_type as service_type,
            fl.aircraft_type, s.capacity_weight::text as capacity_weight, s.capacity_volume::text as capacity_volume,
            ac.weight::text as aircraft_weight, ac.volume::text as aircraft_volume,
            (ac.airline_id is not null) as has_aircraft,
            (select p.payload::text from segment_payloads p where p.airline_id = s.airline_id and p.origin = s.origin
               and p.destination = s.destination and p.aircraft_type = fl.aircraft_type and p.season = 'summer'
               limit 1) as payload_summer,
            (select p.payload::text from segment_payloads p where p.airline_id = s.airline_id and p.origin = s.origin
               and p.destination = s.destination and p.aircraft_type = fl.aircraft_type and p.season = 'winter'
               limit 1) as payload_winter,
            (select x.quantity::text from pax_od_averages x where x.airline_id = s.airline_id and x.origin = s.origin
               and x.destination = s.destination and x.aircraft_type = fl.aircraft_type limit 1) as pax,
            b.manual_average_baggage_weight::text as manual_average_baggage_weight,
            b.total_baggage_weight::text as total_baggage_weight, b.total_pax, st.pax_weights
          from segments s join flights f on f.id = s.flight_id
          left join flight_legs fl on fl.flight_id = s.flight_id and fl.sequence = s.first_leg
          left join aircraft_capacities ac on ac.airline_id = s.airline_id and ac.aircraft_type = fl.aircraft_type
          left join airline_settings st on st.company_id = s.airline_id
          left join lateral (
            select ba.manual_average_baggage_weight, ba.total_baggage_weight, ba.total_pax from baggage_averages ba
            where ba.airline_id = s.airline_id and ba.origin = s.origin and ba.destination = s.destination
            order by (s.flight_date between ba.beginning_of_period and ba.end_of_period) desc,
              ba.beginning_of_period desc
            limit 1
          ) b on true
          where s.id = any(${ids})
        ), airline as (select distinct airline_id as id from seg)
        select json_build_object(
          'forwarder', (select json_build_object('id', c.id, 'name', c.name, 'short_name', c.short_name,
              'company_type', c.company_type) from companies c where c.id = ${v.forwarderId}),
          'segments', coalesce((select json_agg(seg) from seg), '[]'),
          'partners', coalesce((select json_agg(distinct g.supplier_id) from agreements g
              where g.client_id = ${v.forwarderId} and g.effective_from <= ${v.today}::date
                and (g.effective_to is null or g.effective_to >= ${v.today}::date)
                and g.supplier_id in (select id from airline)), '[]'),
          'terms', coalesce((select json_agg(json_build_object('company_id', c.id, 'awb_prefix', st.awb_prefix,
              'interline_accepted_prefixes', st.interline_accepted_prefixes,
              'overflow_weight_percent', coalesce(st.overflow_weight_percent, 0)::text,
              'overflow_volume_percent', coalesce(st.overflow_volume_percent, 0)::text,
              'shcs_accepted', c.shcs_accepted))
            from companies c left join airline_settings st on st.company_id = c.id
            where c.id in (select id from airline)), '[]'),
          'rules', coalesce((select json_agg(json_build_object('id', r.id, 'airline_id', r.airline_id,
              'origin', r.origin, 'destination', r.destination, 'segment_id', r.segment_id, 'shcs', r.shcs,
              'min_percent', r.min_percent::text, 'max_percent', r.max_percent::text,
              'min_weight', r.min_weight::text, 'max_weight', r.max_weight::text,
              'min_volume', r.min_volume::text, 'max_volume', r.max_volume::text,
              'response_status', r.response_status) order by r.id)
            from booking_rules r where r.airline_id in (select id from airline)), '[]'),
          'allotments', coalesce((select json_agg(json_build_object('id', a.id, 'segment_id', s.id,
              'forwarder_id', a.forwarder_id, 'weight', a.weight::text, 'volume', a.volume::text,
              'timelimit_to_std', a.timelimit_to_std, 'used_weight', coalesce(u.used_weight, 0)::text,
              'used_volume', coalesce(u.used_volume, 0)::text) order by s.id, a.id)
            from seg s
            join allotments a on a.airline_id = s.airline_id and (a.segment_id = s.id or (a.segment_id is null
              and a.origin = s.origin and a.destination = s.destination
              and (a.valid_until is null or a.valid_until >= s.flight_date::date)))
            left join allotment_usage u on u.allotment_id = a.id and u.segment_id = s.id), '[]'),
          'counters', coalesce((select json_agg(json_build_object('segment_id', c.segment_id, 'xmin', c.xmin::text,
              'allotment_epoch', c.allotment_epoch,
              'booked_weight', c.booked_weight::text, 'booked_volume', c.booked_volume::text,
              'allotment_used_weight', c.allotment_used_weight::text,
              'allotment_used_volume', c.allotment_used_volume::text))
            from segment_capacity c where c.segment_id = any(${ids})), '[]'),
          'duplicate', ${
            v.mawb === null
              ? sql`false`
              : sql`exists (select 1 from bookings b join booking_segments bs on bs.booking_id = b.id
                  where b.effective and b.mawb = ${v.mawb} and b.parts_code is not distinct from ${v.partsCode}::text
                    and bs.segment_id = any(${ids}))`
          }
        ) as data`,
  );
  const data = (typeof row?.data === 'string' ? JSON.parse(row.data) : row?.data) as {
    forwarder: BookingInputs['forwarder'];
    segments: (Omit<SegmentForBooking, 'std' | 'sta' | 'sales_open_at' | 'sales_close_at'> & {
      std: string;
      sta: string;
      sales_open_at: string | null;
      sales_close_at: string | null;
    })[];
    partners: number[];
    terms: AirlineTerms[];
    rules: (RuleRow & { airline_id: number })[];
    allotments: AllotmentOnSegment[];
    counters: CounterState[];
    duplicate: boolean;
  };
  const date = (s: string | null) => (s === null ? null : new Date(s));
  const rules = new Map<number, BookingRuleInput[]>();
  for (const r of data.rules) rules.set(r.airline_id, [...(rules.get(r.airline_id) ?? []), ruleInput(r)]);
  return {
    forwarder: data.forwarder,
    segments: data.segments.map((s) => ({
      ...s,
      std: new Date(s.std),
      sta: new Date(s.sta),
      sales_open_at: date(s.sales_open_at),
      sales_close_at: date(s.sales_close_at),
    })),
    partners: data.partners,
    terms: data.terms,
    rules,
    allotments: data.allotments,
    counters: data.counters,
    duplicate: data.duplicate,
  };
}

/** Makes the missing counter rows of segments (zero), without locking the existing ones. */
export async function ensureCounters(db: Db, segmentIds: readonly number[]): Promise<void> {
  if (segmentIds.length === 0) return;
  await db
    .insert(segmentCapacity)
    .values([...new Set(segmentIds)].map((segment_id) => ({ segment_id })))
    .onConflictDoNothing();
}

/**
 * One segment of a planned booking: what its plan depends on, the new capacity figures and the shares. An `exact` plan
 * (made on allotments, load-percent rules or an AWB) holds while the counter row is the version read (`xmin`); any
 * other while the segment's allotments did not change (`allotmentEpoch`), the limit guarding the rest.
 */
export interface PlannedSegment {
  sequence: number;
  segmentId: number;
  airlineId: number;
  exact: boolean;
  xmin: string;
  allotmentEpoch: number;
  capacityWeight: string;
  capacityVolume: string;
  limitWeight: string;
  limitVolume: string;
  weight: string;
  volume: string;
  allotmentId: number | null;
  allotmentWeight: string;
  allotmentVolume: string;
  /** The allotment's size, for its use row when it is the first use on the segment. */
  allotmentSizeWeight: string;
  allotmentSizeVolume: string;
}

export type NewBooking = Omit<
  BookingInsert,
  'id' | 'version' | 'active' | 'touched_at' | 'created_at' | 'updated_at' | 'weight' | 'volume'
> & { weight: string; volume: string };

/**
 * Writes a planned booking in one statement, only if every segment's counter row is still the version the plan was
 * made on (and the AWB is still not booked there): it locks the counter rows in ascending segment id order, compares
 * their versions, and then (all or nothing) adds the booking's share to the counters and the allotment use when it
 * holds capacity, inserts the booking, its segments and its change log. The counter's limit guard and the CHECK
 * constraints stay the last guards. Returns the new booking's id and times, or `stale` (the plan must be made again)
 * or `full` (the versions matched but the limit guard refused: nothing to retry).
 */
export async function insertBookingIfCurrent(
  db: Db,
  v: {
    booking: NewBooking;
    segments: readonly PlannedSegment[];
    changeSet: Record<string, unknown>;
    channel: string;
  },
): Promise<
  | {
      outcome: 'written';
      id: number;
      createdAt: Date;
      updatedAt: Date;
      duplicates: number;
      /** The weight of the forwarder's air waybill of the booking's number, if there is one. */
      awbWeight: string | null;
    }
  | { outcome: 'stale' }
  | { outcome: 'full'; segmentId: number }
> {
  const b = v.booking;
  const n = v.segments.length;
  const plan = sql.join(
    v.segments.map(
      (p) =>
        sql`(${p.sequence}::int, ${p.segmentId}::int, ${p.airlineId}::int, ${p.exact}::boolean, ${p.xmin}::text,
          ${p.allotmentEpoch}::int,
          ${p.capacityWeight}::numeric, ${p.capacityVolume}::numeric, ${p.limitWeight}::numeric,
          ${p.limitVolume}::numeric, ${p.weight}::numeric, ${p.volume}::numeric, ${p.allotmentId}::int,
          ${p.allotmentWeight}::numeric, ${p.allotmentVolume}::numeric, ${p.allotmentSizeWeight}::numeric,
          ${p.allotmentSizeVolume}::numeric)`,
    ),
    sql`, `,
  );
  const takes = b.effective ? sql`true` : sql`false`;
  const rows = await preparedRows<{
    current: boolean;
    fits: boolean;
    full_segment: number | null;
    id: number | null;
    created_ms: number | null;
    updated_ms: number | null;
    duplicates: number;
    awb_weight: string | null;
  }>(
    db,
    sql`with plan (seq, segment_id, airline_id, exact, xmin, epoch, cap_w, cap_v, lim_w, lim_v, w, v, allotment_id, aw,
          av, size_w, size_v) as (values ${plan}),
        locked as (
          select c.segment_id, c.xmin::text as xmin, c.allotment_epoch, c.booked_weight, c.booked_volume
          from segment_capacity c
          where c.segment_id in (select segment_id from plan) order by c.segment_id for update
        ),
        judged as (
          select count(*) = ${n}
              and coalesce(bool_and(case when p.exact then l.xmin = p.xmin else l.allotment_epoch = p.epoch end), false)
              ${
                b.mawb
                  ? sql`and not exists (select 1 from bookings x join booking_segments xs on xs.booking_id = x.id
                      where x.effective and x.mawb = ${b.mawb} and x.parts_code is not distinct from ${b.parts_code ?? null}::text
                        and xs.segment_id in (select segment_id from plan))`
                  : sql``
              } as current,
            coalesce(bool_and(not ${takes} or (l.booked_weight + p.w <= p.lim_w and l.booked_volume + p.v <= p.lim_v)),
              false) as fits,
            (array_agg(p.segment_id order by p.seq) filter (where ${takes}
              and (l.booked_weight + p.w > p.lim_w or l.booked_volume + p.v > p.lim_v)))[1] as full_segment
          from locked l join plan p using (segment_id)
        ),
        ok as (select current and fits as go from judged),
        upd as (
          update segment_capacity c set capacity_weight = p.cap_w, capacity_volume = p.cap_v,
            limit_weight = greatest(p.lim_w, c.booked_weight + p.w), limit_volume = greatest(p.lim_v, c.booked_volume + p.v),
            booked_weight = c.booked_weight + p.w, booked_volume = c.booked_volume + p.v,
            allotment_used_weight = c.allotment_used_weight + p.aw, allotment_used_volume = c.allotment_used_volume + p.av,
            updated_at = now()
          from plan p where c.segment_id = p.segment_id and ${takes} and (select go from ok)
          returning c.segment_id
        ),
        used as (
          insert into allotment_usage (allotment_id, segment_id, weight, volume, used_weight, used_volume)
          select p.allotment_id, p.segment_id, p.size_w, p.size_v, p.aw, p.av from plan p
          where p.allotment_id is not null and ${takes} and (select go from ok)
          on conflict (allotment_id, segment_id) do update
            set used_weight = allotment_usage.used_weight + excluded.used_weight,
              used_volume = allotment_usage.used_volume + excluded.used_volume
          returning allotment_id
        ),
        ins as (
          insert into bookings (forwarder_id, airline_id, carrier, mawb, parts_code, origin, destination, pieces, weight,
            volume, density_group, commodity, shcs, dimensions, request_status, response_status, response_reason, source,
            effective, created_by)
          select ${b.forwarder_id}::int, ${b.airline_id}::int, ${b.carrier}::text, ${b.mawb ?? null}::text,
            ${b.parts_code ?? null}::text, ${b.origin}::text, ${b.destination}::text, ${b.pieces}::int,
            ${b.weight}::numeric, ${b.volume}::numeric, ${b.density_group ?? null}::smallint, ${b.commodity ?? null}::text,
            array(select jsonb_array_elements_text(${JSON.stringify(b.shcs ?? [])}::jsonb)),
            ${JSON.stringify(b.dimensions ?? [])}::jsonb, ${b.request_status ?? 'NN'}::text, ${b.response_status}::text,
            ${b.response_reason ?? null}::text, ${b.source}::text, ${b.effective}::boolean, ${b.created_by ?? null}::int
          where (select go from ok)
          returning id, created_at, updated_at
        ),
        links as (
          insert into booking_segments (booking_id, sequence, segment_id, airline_id, allotment_id, allotment_weight,
            allotment_volume)
          select ins.id, p.seq, p.segment_id, p.airline_id, p.allotment_id, p.aw, p.av from ins cross join plan p
          returning segment_id
        ),
        logged as (
          insert into change_logs (record_type, record_id, channel, user_id, change_set)
          select 'booking', ins.id, ${v.channel}::text, ${b.created_by ?? null}::int, ${JSON.stringify(v.changeSet)}::jsonb
          from ins
          returning id
        )${
          b.mawb
            ? sql`,
        booked as (
          update air_waybills aw set booked = aw.booked or ${b.effective}::boolean,
            booking_id = coalesce(aw.booking_id, case when ${b.effective}::boolean then ins.id end),
            su_booking_status = ${b.response_status}::text, updated_at = now(), row_version = aw.row_version + 1
          from ins where aw.mawb = ${b.mawb} and aw.forwarder_id = ${b.forwarder_id}::int
          returning aw.id
        )`
            : sql``
        }
        select j.current, j.fits, j.full_segment, ins.id, (extract(epoch from ins.created_at) * 1000)::float8 as created_ms,
          (extract(epoch from ins.updated_at) * 1000)::float8 as updated_ms,
          ${
            b.mawb && b.effective
              ? sql`(select count(*)::int from bookings x where x.effective and x.mawb = ${b.mawb}
                  and x.parts_code is not distinct from ${b.parts_code ?? null}::text)`
              : sql`0`
          } as duplicates,
          ${
            b.mawb
              ? sql`(select aw.weight::text from air_waybills aw
                  where aw.mawb = ${b.mawb} and aw.forwarder_id = ${b.forwarder_id}::int)`
              : sql`null::text`
          } as awb_weight
        from judged j left join ins on true`,
  );
  const r = rows[0];
  if (!r || r.id === null || r.id === undefined) {
    return r?.current && !r.fits ? { outcome: 'full', segmentId: Number(r.full_segment) } : { outcome: 'stale' };
  }
  return {
    outcome: 'written',
    id: Number(r.id),
    createdAt: new Date(Number(r.created_ms)),
    updatedAt: new Date(Number(r.updated_ms)),
    duplicates: Number(r.duplicates),
    awbWeight: r.awb_weight ?? null,
  };
}
