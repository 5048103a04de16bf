import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AwbNumberStatus } from '../../db/schema';
import { agreements, airports, awbNumbers, awbPrefixes, awbStockRanges, companies } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import type { StockScope } from './stocks.policy';

/** The scope as a condition on a range (alias `r`). */
function rangeInScope(scope: StockScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'airline':
      return sql`r.airline_id = ${scope.airlineId}`;
    case 'holder':
      return sql`r.holder_company_id = ${scope.companyId}`;
    default:
      return sql`false`;
  }
}

/** The scope as a condition on a prefix (alias `p`): a forwarder sees the prefixes of ranges assigned to it. */
function prefixInScope(scope: StockScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'airline':
      return sql`p.airline_id = ${scope.airlineId}`;
    case 'holder':
      return sql`exists (select 1 from awb_stock_ranges r where r.prefix = p.prefix and r.holder_company_id = ${scope.companyId})`;
    default:
      return sql`false`;
  }
}

export interface RangeFilter {
  prefix?: string | undefined;
  airline_id?: number | undefined;
  forwarder_id?: number | undefined;
  location?: string | undefined;
  free_only?: boolean | undefined;
  bso?: boolean | undefined;
}

export interface RangeRow {
  id: number;
  airline_id: number;
  airline_short_name: string;
  prefix: string;
  first_serial: number;
  last_serial: number;
  next_serial: number;
  holder_company_id: number | null;
  forwarder_short_name: string | null;
  location: string | null;
  bso: boolean;
  free_count: number;
  allocated_count: number;
  used_count: number;
  voided_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Free numbers of a range: serials from the counter to the end, less the ones a typed number took. */
const FREE_COUNT = sql`(r.last_serial - r.next_serial + 1) - (select count(*) from awb_numbers n
  where n.prefix = r.prefix and n.serial between r.next_serial and r.last_serial)`;

function rangeWhere(scope: StockScope, filter: RangeFilter, extra?: SQL): SQL {
  const parts: SQL[] = [rangeInScope(scope)];
  if (filter.prefix !== undefined) parts.push(sql`r.prefix = ${filter.prefix}`);
  if (filter.airline_id !== undefined) parts.push(sql`r.airline_id = ${filter.airline_id}`);
  if (filter.forwarder_id !== undefined) parts.push(sql`r.holder_company_id = ${filter.forwarder_id}`);
  if (filter.location !== undefined) parts.push(sql`r.location = ${filter.location}`);
  if (filter.bso !== undefined) parts.push(sql`r.bso = ${filter.bso}`);
  if (filter.free_only) parts.push(sql`${FREE_COUNT} > 0`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` and `);
}

function selectRanges(where: SQL, tail: SQL = sql``): SQL {
  return sql`select r.id, r.airline_id, a.short_name as airline_short_name, r.prefix, r.first_serial, r.last_serial,
      r.next_serial, r.holder_company_id, f.short_name as forwarder_short_name, r.location, r.bso,
      (${FREE_COUNT})::int as free_count,
      (select count(*) from awb_numbers n where n.range_id = r.id and n.status = 'allocated')::int as allocated_count,
      (select count(*) from awb_numbers n where n.range_id = r.id and n.status = 'used')::int as used_count,
      (select count(*) from awb_numbers n where n.range_id = r.id and n.status = 'voided')::int as voided_count,
      r.created_at, r.updated_at
    from awb_stock_ranges r
    join companies a on a.id = r.airline_id
    left join companies f on f.id = r.holder_company_id
    where ${where}
    order by r.prefix, r.first_serial, r.id ${tail}`;
}

function rows(list: RangeRow[]): RangeRow[] {
  return list.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
  }));
}

export async function listRanges(
  db: Db,
  scope: StockScope,
  filter: RangeFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: RangeRow[]; total: number }> {
  const where = rangeWhere(scope, filter);
  const [list, counted] = await Promise.all([
    queryRows<RangeRow>(db, selectRanges(where, sql`limit ${window.limit} offset ${window.offset}`)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from awb_stock_ranges r where ${where}`),
  ]);
  return { rows: rows(list), total: Number(counted[0]?.n ?? 0) };
}

export async function findRange(db: Db, scope: StockScope, id: number): Promise<RangeRow | null> {
  const [row] = await queryRows<RangeRow>(db, selectRanges(rangeWhere(scope, {}, sql`r.id = ${id}`)));
  return row ? (rows([row])[0] ?? null) : null;
}

/** Locks a range of the scope for a change; null when it is not there. */
export async function lockRange(db: Db, scope: StockScope, id: number) {
  const [row] = await queryRows<{
    id: number;
    prefix: string;
    first_serial: number;
    last_serial: number;
    next_serial: number;
    airline_id: number;
  }>(
    db,
    sql`select r.id, r.prefix, r.first_serial, r.last_serial, r.next_serial, r.airline_id from awb_stock_ranges r
        where r.id = ${id} and ${rangeInScope(scope)} for update`,
  );
  return row ?? null;
}

/** Serials in `from..to` of a prefix that a number row holds (typed, issued or voided), ascending. */
export async function takenSerials(db: Db, prefix: string, from: number, to: number): Promise<number[]> {
  if (to < from) return [];
  const list = await db
    .select({ serial: awbNumbers.serial })
    .from(awbNumbers)
    .where(and(eq(awbNumbers.prefix, prefix), sql`${awbNumbers.serial} between ${from} and ${to}`))
    .orderBy(awbNumbers.serial);
  return list.map((r) => r.serial);
}

/** Statuses of the numbers of a prefix in `from..to`. */
export async function numberStatuses(db: Db, prefix: string, from: number, to: number) {
  const list = await db
    .select({ serial: awbNumbers.serial, status: awbNumbers.status })
    .from(awbNumbers)
    .where(and(eq(awbNumbers.prefix, prefix), sql`${awbNumbers.serial} between ${from} and ${to}`));
  return new Map(list.map((r) => [r.serial, r.status as AwbNumberStatus]));
}

/** Per visible range, the serials `lo..hi` the stock list shows and how many blanks that is. */
export interface ListSpan {
  id: number;
  prefix: string;
  lo: number;
  hi: number;
  count: number;
}

export async function listSpans(
  db: Db,
  scope: StockScope,
  filter: RangeFilter,
  serials: { from: number; to: number },
): Promise<ListSpan[]> {
  const free = filter.free_only === true;
  const where = rangeWhere(scope, { ...filter, free_only: false });
  const list = await queryRows<ListSpan>(
    db,
    sql`select s.id, s.prefix, s.lo, s.hi,
          ((s.hi - s.lo + 1) - case when ${free} then (select count(*) from awb_numbers n
            where n.prefix = s.prefix and n.serial between s.lo and s.hi) else 0 end)::int as count
        from (select r.id, r.prefix, r.first_serial,
                greatest(r.first_serial, ${serials.from}::int, case when ${free} then r.next_serial else 0 end) as lo,
                least(r.last_serial, ${serials.to}::int) as hi
              from awb_stock_ranges r where ${where}) s
        where s.hi >= s.lo
        order by s.prefix, s.first_serial, s.id`,
  );
  return list.map((s) => ({ ...s, count: Number(s.count) }));
}

// Prefixes.

export interface PrefixRow {
  id: number;
  airline_id: number;
  airline_short_name: string;
  prefix: string;
  description: string | null;
  active: boolean;
  ranges_count: number;
  free_count: number;
  created_at: Date;
  updated_at: Date;
}

function selectPrefixes(scope: StockScope, where: SQL): SQL {
  return sql`select p.id, p.airline_id, a.short_name as airline_short_name, p.prefix, p.description, p.active,
      (select count(*) from awb_stock_ranges r where r.prefix = p.prefix and ${rangeInScope(scope)})::int as ranges_count,
      coalesce((select sum(${FREE_COUNT}) from awb_stock_ranges r where r.prefix = p.prefix and ${rangeInScope(scope)}), 0)::int
        as free_count,
      p.created_at, p.updated_at
    from awb_prefixes p join companies a on a.id = p.airline_id
    where ${prefixInScope(scope)} and ${where}
    order by p.prefix`;
}

function prefixRows(list: PrefixRow[]): PrefixRow[] {
  return list.map((p) => ({ ...p, created_at: new Date(p.created_at), updated_at: new Date(p.updated_at) }));
}

export async function listPrefixes(db: Db, scope: StockScope): Promise<PrefixRow[]> {
  return prefixRows(await queryRows<PrefixRow>(db, selectPrefixes(scope, sql`true`)));
}

export async function findPrefix(db: Db, scope: StockScope, id: number): Promise<PrefixRow | null> {
  return prefixRows(await queryRows<PrefixRow>(db, selectPrefixes(scope, sql`p.id = ${id}`)))[0] ?? null;
}

/**
 * The prefix row of these digits, locked for the transaction (serialises assigns on one prefix). A prefix named only in
 * the airline settings (`awb_prefix`) gets its row first.
 */
export async function lockPrefix(db: Db, prefix: string) {
  await db.execute(
    sql`insert into awb_prefixes (airline_id, prefix)
        select s.company_id, s.awb_prefix from airline_settings s where s.awb_prefix = ${prefix}
        order by s.company_id limit 1
        on conflict (prefix) do nothing`,
  );
  const [row] = await db
    .select({ id: awbPrefixes.id, airline_id: awbPrefixes.airline_id, active: awbPrefixes.active })
    .from(awbPrefixes)
    .where(eq(awbPrefixes.prefix, prefix))
    .for('update');
  return row ?? null;
}

/** The airline holding these digits in its prefixes or its settings, other than `exceptAirline` (global on purpose). */
export async function prefixHolder(db: Db, prefix: string, exceptAirline: number): Promise<number | null> {
  const [row] = await queryRows<{ airline_id: number }>(
    db,
    sql`select airline_id from awb_prefixes where prefix = ${prefix} and airline_id <> ${exceptAirline}
        union all
        select company_id from airline_settings where awb_prefix = ${prefix} and company_id <> ${exceptAirline}
        limit 1`,
  );
  return row?.airline_id ?? null;
}

export async function prefixRowExists(db: Db, prefix: string): Promise<boolean> {
  const [row] = await db.select({ id: awbPrefixes.id }).from(awbPrefixes).where(eq(awbPrefixes.prefix, prefix));
  return row !== undefined;
}

export async function prefixHasRanges(db: Db, prefix: string): Promise<boolean> {
  const [row] = await db
    .select({ id: awbStockRanges.id })
    .from(awbStockRanges)
    .where(eq(awbStockRanges.prefix, prefix))
    .limit(1);
  return row !== undefined;
}

export async function insertPrefix(db: Db, values: typeof awbPrefixes.$inferInsert): Promise<number> {
  const [row] = await db.insert(awbPrefixes).values(values).returning({ id: awbPrefixes.id });
  return row?.id as number;
}

export async function updatePrefix(db: Db, id: number, values: Partial<typeof awbPrefixes.$inferInsert>) {
  await db
    .update(awbPrefixes)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(awbPrefixes.id, id));
}

export async function lockPrefixById(db: Db, scope: StockScope, id: number) {
  const [row] = await queryRows<{ id: number; prefix: string; airline_id: number }>(
    db,
    sql`select p.id, p.prefix, p.airline_id from awb_prefixes p where p.id = ${id} and ${prefixInScope(scope)} for update`,
  );
  return row ?? null;
}

// Ranges.

export async function overlapping(db: Db, prefix: string, first: number, last: number) {
  const [row] = await db
    .select({ first: awbStockRanges.first_serial, last: awbStockRanges.last_serial })
    .from(awbStockRanges)
    .where(
      and(
        eq(awbStockRanges.prefix, prefix),
        sql`${awbStockRanges.first_serial} <= ${last} and ${awbStockRanges.last_serial} >= ${first}`,
      ),
    )
    .orderBy(awbStockRanges.first_serial)
    .limit(1);
  return row ?? null;
}

export async function insertRange(db: Db, values: typeof awbStockRanges.$inferInsert): Promise<number> {
  const [row] = await db.insert(awbStockRanges).values(values).returning({ id: awbStockRanges.id });
  return row?.id as number;
}

export async function setRangeLast(db: Db, id: number, last: number) {
  await db.update(awbStockRanges).set({ last_serial: last, updated_at: sql`now()` }).where(eq(awbStockRanges.id, id));
}

export async function deleteRange(db: Db, id: number) {
  await db.update(awbNumbers).set({ range_id: null }).where(eq(awbNumbers.range_id, id));
  await db.delete(awbStockRanges).where(eq(awbStockRanges.id, id));
}

export async function companyType(db: Db, id: number) {
  const [row] = await db.select({ type: companies.company_type }).from(companies).where(eq(companies.id, id));
  return row?.type ?? null;
}

/** Whether the forwarder holds an agreement with the airline in force on `day` (YYYY-MM-DD). */
export async function hasAgreement(db: Db, airlineId: number, forwarderId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.supplier_id, airlineId),
        eq(agreements.client_id, forwarderId),
        sql`${agreements.effective_from} <= ${day}`,
        sql`(${agreements.effective_to} is null or ${agreements.effective_to} >= ${day})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function airportExists(db: Db, iata: string): Promise<boolean> {
  const [row] = await db.select({ iata: airports.iata }).from(airports).where(eq(airports.iata, iata)).limit(1);
  return row !== undefined;
}

// Allocation (decision 023).

export interface Claimed {
  range_id: number;
  serial: number;
  /** False when the serial already had a number row (typed, used or voided before): it is passed over. */
  recorded: boolean;
}

const CANDIDATES = (v: { airlineId: number; forwarderId: number; prefix: string }) =>
  sql`select r.id from awb_stock_ranges r
      join awb_prefixes p on p.prefix = r.prefix and p.active
      where r.airline_id = ${v.airlineId} and r.holder_company_id = ${v.forwarderId} and r.prefix = ${v.prefix}
        and r.next_serial <= r.last_serial
      order by r.first_serial, r.id limit 1`;

/**
 * Moves the counter of one of the forwarder's ranges on by one and records the serial it passed as an allocated
 * number, in one statement (one round trip while the range's row lock is held). First a range no other transaction
 * holds (`skip locked`); when all are held, waits for the first one. Null when the wait found the range used up
 * meanwhile (the caller tries again) or no range has numbers left.
 */
export async function claimSerial(
  db: Db,
  v: { airlineId: number; forwarderId: number; prefix: string },
  wait: boolean,
): Promise<Claimed | null> {
  const lock = wait ? sql`for update of r` : sql`for update of r skip locked`;
  const [row] = await queryRows<Claimed>(
    db,
    sql`with claimed as (
          update awb_stock_ranges set next_serial = next_serial + 1, updated_at = now()
          where id = (${CANDIDATES(v)} ${lock}) and next_serial <= last_serial
          returning id, next_serial - 1 as serial
        ), recorded as (
          insert into awb_numbers (airline_id, prefix, serial, range_id, forwarder_id, status)
          select ${v.airlineId}, ${v.prefix}, c.serial, c.id, ${v.forwarderId}, 'allocated' from claimed c
          on conflict (prefix, serial) do nothing
          returning serial
        )
        select c.id as range_id, c.serial, exists (select 1 from recorded) as recorded from claimed c`,
  );
  return row ? { range_id: Number(row.range_id), serial: Number(row.serial), recorded: row.recorded === true } : null;
}

/** Whether any of the forwarder's ranges of the prefix still has a serial to hand out (no lock). */
export async function anyLeft(db: Db, v: { airlineId: number; forwarderId: number; prefix: string }) {
  const list = await queryRows<{ id: number }>(db, CANDIDATES(v));
  return list.length > 0;
}

/** Records an issued number; false when the (prefix, serial) already has a row (typed, used or voided before). */
export async function recordNumber(db: Db, values: typeof awbNumbers.$inferInsert): Promise<boolean> {
  const list = await db
    .insert(awbNumbers)
    .values(values)
    .onConflictDoNothing({ target: [awbNumbers.prefix, awbNumbers.serial] })
    .returning({ id: awbNumbers.id });
  return list.length > 0;
}

export async function findNumber(db: Db, prefix: string, serial: number) {
  const [row] = await db
    .select()
    .from(awbNumbers)
    .where(and(eq(awbNumbers.prefix, prefix), eq(awbNumbers.serial, serial)))
    .for('update');
  return row ?? null;
}

export async function setNumberStatus(db: Db, id: number, status: AwbNumberStatus) {
  await db.update(awbNumbers).set({ status, updated_at: sql`now()` }).where(eq(awbNumbers.id, id));
}

export async function prefixAirlineOf(db: Db, prefix: string): Promise<number | null> {
  const [row] = await queryRows<{ airline_id: number }>(
    db,
    sql`select airline_id from awb_prefixes where prefix = ${prefix}
        union all select company_id from airline_settings where awb_prefix = ${prefix} limit 1`,
  );
  return row?.airline_id ?? null;
}
