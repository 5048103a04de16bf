import type { BookingsQuery } from '@aircargo/contract/bookings';
import type { BookingRuleInput, RuleAnswer } from '@aircargo/domain/booking-rules';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
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
export async function lockCounters(db: Db, segmentIds: readonly number[]): Promise<Map<number, CounterRow>> {
  const ids = [...new Set(segmentIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  // One statement: a missing row is made, an existing one locked (ON CONFLICT DO UPDATE locks it), in id order.
  const rows = await db
    .insert(segmentCapacity)
    .values(ids.map((segment_id) => ({ segment_id })))
    .onConflictDoUpdate({ target: segmentCapacity.segment_id, set: { segment_id: sql`excluded.segment_id` } })
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
  const num = (v: string | null) => (v === null ? null : Number(v));
  for (const r of rows) {
    out.set(r.airline_id, [
      ...(out.get(r.airline_id) ?? []),
      {
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
      },
    ]);
  }
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
