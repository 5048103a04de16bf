import type { WaybillDateType, WaybillListQuery, WaybillListSortField } from '@aircargo/contract/air-waybill-lists';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { airWaybills, bookings, companies } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { cappedCount, type KeysetPage, keysetPage } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';

/** The columns a list row shows (the parties, goods and route stay out: a page reads what it shows). */
const rowColumns = {
  id: airWaybills.id,
  mawb: airWaybills.mawb,
  airline_id: airWaybills.airline_id,
  forwarder_id: airWaybills.forwarder_id,
  origin_iata: airWaybills.origin_iata,
  destination_iata: airWaybills.destination_iata,
  carrier: airWaybills.carrier,
  pieces: airWaybills.pieces,
  weight: airWaybills.weight,
  volume: airWaybills.volume,
  charge_weight: airWaybills.charge_weight,
  product_type: airWaybills.product_type,
  shcs: airWaybills.shcs,
  commodity: airWaybills.commodity,
  postal: airWaybills.postal,
  mrn: airWaybills.mrn,
  payment: airWaybills.payment,
  booked: airWaybills.booked,
  issued: airWaybills.issued,
  delivered: airWaybills.delivered,
  verified: airWaybills.verified,
  billed: airWaybills.billed,
  departed: airWaybills.departed,
  warning: airWaybills.warning,
  voided: airWaybills.voided,
  void_payment: airWaybills.void_payment,
  void_reason: airWaybills.void_reason,
  su_booking_status: airWaybills.su_booking_status,
  created_at: airWaybills.created_at,
  /** created_at to the microsecond, as the cursor carries it (a JavaScript Date holds milliseconds only). */
  created_key: sql<string>`to_char(${airWaybills.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  flight_date: airWaybills.flight_date,
  issued_at: airWaybills.issued_at,
  departed_at: airWaybills.departed_at,
  billing_date: airWaybills.billing_date,
  forwarder: { id: companies.id, name: companies.name, short_name: companies.short_name },
};

export type ListedWaybill = {
  [K in Exclude<keyof typeof rowColumns, 'forwarder' | 'created_key'>]: (typeof airWaybills.$inferSelect)[K];
} & { created_key: string; forwarder: { id: number; name: string; short_name: string } };

/** The chargeable weight the list shows and sorts by: the charge weight, else the gross weight. */
const chargeableWeight = sql`coalesce(${airWaybills.charge_weight}, ${airWaybills.weight})`;

/** The sort keys: NOT NULL columns (or expressions) that, with the id, order the rows totally. */
const SORT_KEYS: Record<WaybillListSortField, AnyPgColumn | SQL> = {
  date: airWaybills.created_at,
  mawb: airWaybills.mawb,
  origin: airWaybills.origin_iata,
  destination: airWaybills.destination_iata,
  chargeable_weight: chargeableWeight,
};

/** What each tab holds (packages/contract/src/air-waybill-lists.ts). */
const TABS: Record<WaybillListQuery['tab'], SQL | undefined> = {
  bookings: sql`not ${airWaybills.voided} and not ${airWaybills.issued}`,
  tracking: sql`${airWaybills.issued} and not ${airWaybills.delivered} and not ${airWaybills.voided}`,
  billing: sql`(${airWaybills.delivered} or ${airWaybills.verified}) and not ${airWaybills.billed} and not ${airWaybills.voided}`,
  warning: sql`${airWaybills.warning} and not ${airWaybills.voided}`,
  voided: sql`${airWaybills.voided}`,
  all: undefined,
};

/** The column each date type filters on: instants, or calendar dates. */
const DATE_COLUMNS: Record<WaybillDateType, { column: AnyPgColumn; instant: boolean }> = {
  created: { column: airWaybills.created_at, instant: true },
  booking: { column: airWaybills.flight_date, instant: false },
  issue: { column: airWaybills.issued_at, instant: true },
  report: { column: airWaybills.departed_at, instant: true },
  billing: { column: airWaybills.billing_date, instant: false },
};

const FLAGS = ['issued', 'delivered', 'verified', 'billed', 'departed', 'warning'] as const;

/** Bookings holding the waybill's number for its forwarder. */
const bookingsOfWaybill = (extra: SQL) =>
  sql`exists (select 1 from ${bookings} b where b.mawb = ${airWaybills.mawb} and b.forwarder_id = ${airWaybills.forwarder_id} and ${extra})`;

function bookedCondition(filter: WaybillListQuery['booked']): SQL | undefined {
  switch (filter) {
    case 'true':
      return sql`${airWaybills.booked}`;
    case 'false':
      return sql`not ${airWaybills.booked}`;
    case 'manual':
      return bookingsOfWaybill(sql`b.active and b.response_status = 'NN'`);
    case 'cancelled':
      return sql`${bookingsOfWaybill(sql`true`)} and not ${bookingsOfWaybill(sql`b.active`)}`;
    default:
      return undefined;
  }
}

/**
 * The number search: digits with or without the hyphen after the prefix ("555", "555-123", "555123"), as the
 * beginning of the written number `PPP-SSSSSSSC`; the mawb text_pattern_ops index answers the LIKE.
 */
export function mawbPattern(q: string): string {
  const digits = q.replace(/\D/g, '');
  return digits.length <= 3 ? `${digits}%` : `${digits.slice(0, 3)}-${digits.slice(3)}%`;
}

/** The list's filters without its paging (what a report of the list reads). */
export type WaybillListFilter = Omit<WaybillListQuery, 'cursor' | 'per_page' | 'sort'>;

/** The list's filters under the caller's visibility condition. */
export function listConditions(visible: SQL, query: WaybillListFilter): SQL {
  const conditions: (SQL | undefined)[] = [visible, TABS[query.tab], bookedCondition(query.booked)];
  for (const flag of FLAGS) {
    const value = query[flag];
    if (value === 'true') conditions.push(sql`${airWaybills[flag]}`);
    if (value === 'false') conditions.push(sql`not ${airWaybills[flag]}`);
  }
  if (query.void_payment === 'required' || query.void_payment === 'not_required') {
    conditions.push(eq(airWaybills.void_payment, query.void_payment));
  }
  if (query.void_payment === 'undefined') {
    conditions.push(sql`${airWaybills.voided} and ${airWaybills.void_payment} is null`);
  }
  const date = DATE_COLUMNS[query.date_type];
  // Calendar days, inclusive; instants by the UTC day.
  if (query.date_from) {
    conditions.push(
      date.instant
        ? sql`${date.column} >= (${query.date_from}::date)::timestamp at time zone 'UTC'`
        : sql`${date.column} >= ${query.date_from}::date`,
    );
  }
  if (query.date_to) {
    conditions.push(
      date.instant
        ? sql`${date.column} < (${query.date_to}::date + 1)::timestamp at time zone 'UTC'`
        : sql`${date.column} <= ${query.date_to}::date`,
    );
  }
  if (query.q) conditions.push(sql`${airWaybills.mawb} like ${mawbPattern(query.q)}`);
  if (query.origin) conditions.push(eq(airWaybills.origin_iata, query.origin));
  if (query.destination) conditions.push(eq(airWaybills.destination_iata, query.destination));
  if (query.carrier) conditions.push(eq(airWaybills.carrier, query.carrier));
  if (query.forwarder_id !== undefined) conditions.push(eq(airWaybills.forwarder_id, query.forwarder_id));
  return and(...conditions) as SQL;
}

/** The planner's row estimate of `select 1 <from>`. */
async function plannedRows(db: Db, from: SQL): Promise<number> {
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 ${from}`);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The total as `cappedCount` gives it (exact up to the cap, the planner's estimate above), without counting `cap`
 * rows on every page of a list the planner puts far above the cap: there the estimate is the answer.
 */
async function listCount(db: Db, from: SQL, cap: number): Promise<{ total: number; exact: boolean }> {
  const estimate = await plannedRows(db, from);
  if (estimate > cap * 10) return { total: estimate, exact: false };
  // The count of at most `cap` entries is an index-only scan of the scope's index (its filter columns are in it); a
  // parallel plan's workers take longer to start than that scan takes, most of all on a busy machine.
  return inTransaction(
    db,
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return cappedCount(tx, from, cap);
    },
    { readOnly: true },
  );
}

export function listWaybills(
  db: Db,
  visible: SQL,
  query: WaybillListQuery,
  cursor: string | undefined,
): Promise<KeysetPage<ListedWaybill>> {
  const where = listConditions(visible, query);
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as WaybillListSortField;
  return keysetPage<ListedWaybill>(
    { cursor, per_page: query.per_page },
    {
      sort: query.sort,
      key: SORT_KEYS[field],
      id: airWaybills.id,
      descending,
      position: (row) => ({
        key:
          field === 'date'
            ? row.created_key
            : field === 'mawb'
              ? row.mawb
              : field === 'origin'
                ? row.origin_iata
                : field === 'destination'
                  ? row.destination_iata
                  : (row.charge_weight ?? row.weight),
        id: row.id,
      }),
      rows: ({ where: after, orderBy, limit }) =>
        db
          .select(rowColumns)
          .from(airWaybills)
          .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
          .where(after ? and(where, after) : where)
          .orderBy(...orderBy)
          .limit(limit),
      count: (cap) => listCount(db, sql`from ${airWaybills} where ${where}`, cap),
    },
  );
}

export type WaybillBookingRow = {
  id: number;
  mawb: string | null;
  forwarder_id: number;
  carrier: string;
  origin: string;
  destination: string;
  response_status: string;
  response_reason: string | null;
  active: boolean;
};

/** The bookings holding the numbers of a page's waybills (with their forwarders), oldest first. */
export function bookingsOfNumbers(db: Db, mawbs: readonly string[]): Promise<WaybillBookingRow[]> {
  if (mawbs.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: bookings.id,
      mawb: bookings.mawb,
      forwarder_id: bookings.forwarder_id,
      carrier: bookings.carrier,
      origin: bookings.origin,
      destination: bookings.destination,
      response_status: bookings.response_status,
      response_reason: bookings.response_reason,
      active: bookings.active,
    })
    .from(bookings)
    .where(inArray(bookings.mawb, [...mawbs]))
    .orderBy(bookings.id);
}

/**
 * A chunk of every row of a filter, for the reports: in id order after `afterId` (a keyset walk on the primary key, so
 * a chunk costs the same at row 100,000 as at row 1 and no row is read twice).
 */
export function reportChunk(
  db: Db,
  visible: SQL,
  query: WaybillListFilter,
  afterId: number,
  limit: number,
): Promise<ListedWaybill[]> {
  const where = listConditions(visible, query);
  return db
    .select(rowColumns)
    .from(airWaybills)
    .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
    .where(and(where, sql`${airWaybills.id} > ${afterId}`))
    .orderBy(airWaybills.id)
    .limit(limit) as Promise<ListedWaybill[]>;
}
