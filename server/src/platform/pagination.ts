import type { KeysetMeta, PageQuery, PaginationMeta } from '@aircargo/contract/common';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from './db';
import { validation } from './errors';

/**
 * The one paging helper of the API.
 *
 * Offset paging (`page`, `per_page`; the meta of seed 001 section 3) serves the lists a person pages through: companies,
 * users, agreements, reference books. Keyset paging (an opaque cursor over the sort key and the id) serves lists that
 * grow to millions of rows (flight segments): a page costs the same at the end as at the start, and a row inserted
 * while someone pages neither repeats nor hides a row on the following page.
 */

// ---------------------------------------------------------------------------------------------------------------------
// Shared pieces of a list query.

/** A `q` as an ILIKE pattern that matches the text literally (its `%`, `_` and `\` are escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ORDER BY for a whitelisted `sort` (`field` or `-field`); the id breaks ties so that pages do not overlap. */
export function sortOrder<F extends string>(
  sort: F | `-${F}` | undefined,
  columns: Record<F, AnyPgColumn | SQL>,
  fallback: F,
  id: AnyPgColumn,
): SQL[] {
  const value: string = sort ?? fallback;
  const descending = value.startsWith('-');
  const column = columns[(descending ? value.slice(1) : value) as F];
  return [descending ? desc(column) : asc(column), asc(id)];
}

// ---------------------------------------------------------------------------------------------------------------------
// Offset paging.

export type OffsetWindow = Pick<PageQuery, 'page' | 'per_page'>;

/** A page of rows as a repository returns it; the service presents the rows. */
export interface OffsetPage<T> {
  rows: T[];
  meta: PaginationMeta;
}

export function pageMeta(query: OffsetWindow, total: number): PaginationMeta {
  const totalPages = Math.max(1, Math.ceil(total / query.per_page));
  return {
    current_page: query.page,
    next_page: query.page < totalPages ? query.page + 1 : null,
    prev_page: query.page > 1 ? Math.min(query.page - 1, totalPages) : null,
    total_pages: totalPages,
    total_count: total,
    per_page: query.per_page,
  };
}

export function offsetOf(query: OffsetWindow): number {
  return (query.page - 1) * query.per_page;
}

/** The answer for a caller whose scope holds nothing: no query runs. */
export function emptyPage<T>(query: OffsetWindow): OffsetPage<T> {
  return { rows: [], meta: pageMeta(query, 0) };
}

/**
 * Runs a list's page query (with the window's LIMIT and OFFSET) and its count query together. `count` answers with
 * the rows of a `select count(*)`, or a number.
 */
export async function offsetPage<T>(
  query: OffsetWindow,
  fetch: {
    rows(window: { limit: number; offset: number }): Promise<T[]>;
    count(): Promise<number | { n: number | string }[]>;
  },
): Promise<OffsetPage<T>> {
  const [rows, counted] = await Promise.all([
    fetch.rows({ limit: query.per_page, offset: offsetOf(query) }),
    fetch.count(),
  ]);
  const total = typeof counted === 'number' ? counted : Number(counted[0]?.n ?? 0);
  return { rows, meta: pageMeta(query, total) };
}

/** Presents the rows of a page: `{data, meta}` as the API answers. */
export function presentPage<T, U, M>(page: { rows: T[]; meta: M }, present: (row: T) => U): { data: U[]; meta: M } {
  return { data: page.rows.map(present), meta: page.meta };
}

// ---------------------------------------------------------------------------------------------------------------------
// Keyset paging.

/** A sort key's value as it travels in a cursor. */
export type KeyValue = string | number;

interface CursorBody {
  /** The sort the cursor was made for; a cursor of another sort is refused. */
  s: string;
  /** `a`: the page after this position; `b`: the page before it. */
  d: 'a' | 'b';
  /** The sort key value and the id of the row at the position. */
  k: KeyValue;
  i: number;
}

export const INVALID_CURSOR = 'The cursor is not valid for this list';

function encodeCursor(body: CursorBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function decodeCursor(cursor: string, sort: string): CursorBody {
  const refuse = () => validation({ cursor: [INVALID_CURSOR] }, INVALID_CURSOR);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const b = body as Partial<CursorBody> | null;
  if (
    !b ||
    typeof b !== 'object' ||
    b.s !== sort ||
    (b.d !== 'a' && b.d !== 'b') ||
    (typeof b.k !== 'string' && typeof b.k !== 'number') ||
    !Number.isSafeInteger(b.i)
  ) {
    throw refuse();
  }
  return b as CursorBody;
}

export interface KeysetQuery {
  cursor?: string | undefined;
  per_page: number;
}

export interface KeysetSpec<T> {
  /** The sort's name as the request gives it (e.g. `std` or `-std`): cursors are bound to it. */
  sort: string;
  /** The sort key: a NOT NULL column (or expression) that, with the id, an index covers in this order. */
  key: AnyPgColumn | SQL;
  /** The unique tie-breaker. */
  id: AnyPgColumn;
  descending?: boolean;
  /** The sort key and id of a fetched row, as they go into a cursor (dates as ISO strings). */
  position(row: T): { key: KeyValue | Date; id: number };
  /** Fetches rows under the list's own filters AND `where`, in `orderBy`, at most `limit` of them. */
  rows(window: { where: SQL | undefined; orderBy: SQL[]; limit: number }): Promise<T[]>;
  /** Counts the list's rows, at most `cap + 1` (see `cappedCount`), and estimates beyond that. */
  count?(cap: number): Promise<{ total: number; exact: boolean }>;
}

export interface KeysetPage<T> {
  rows: T[];
  meta: KeysetMeta;
}

/** Counting stops here; above it the total is the planner's estimate. */
export const TOTAL_COUNT_CAP = 10_000;

/**
 * `(key, id) > (k, i)` (or `<`) in the sort's direction: a row comparison, which a btree index on (key, id) answers
 * by seeking. The cursor's values go in as untyped parameters and take the columns' types.
 */
function after(spec: KeysetSpec<unknown>, k: KeyValue, i: number, forward: boolean): SQL {
  const ascending = forward !== Boolean(spec.descending);
  return ascending ? sql`(${spec.key}, ${spec.id}) > (${k}, ${i})` : sql`(${spec.key}, ${spec.id}) < (${k}, ${i})`;
}

function orderFor(spec: KeysetSpec<unknown>, forward: boolean): SQL[] {
  const ascending = forward !== Boolean(spec.descending);
  return ascending ? [asc(spec.key), asc(spec.id)] : [desc(spec.key), desc(spec.id)];
}

/**
 * One keyset page. Without a cursor: the first page. A next cursor continues after the last row, a prev cursor ends
 * before the first; either is null at its end of the list. Rows inserted meanwhile fall where their key puts them, so
 * the following page neither repeats nor skips a row that was there when the page was read.
 */
export async function keysetPage<T>(query: KeysetQuery, spec: KeysetSpec<T>): Promise<KeysetPage<T>> {
  const cursor = query.cursor ? decodeCursor(query.cursor, spec.sort) : null;
  const forward = cursor?.d !== 'b';
  const where = cursor ? after(spec as KeysetSpec<unknown>, cursor.k, cursor.i, forward) : undefined;
  const [fetched, counted] = await Promise.all([
    spec.rows({ where, orderBy: orderFor(spec as KeysetSpec<unknown>, forward), limit: query.per_page + 1 }),
    spec.count ? spec.count(TOTAL_COUNT_CAP) : Promise.resolve(null),
  ]);
  const more = fetched.length > query.per_page;
  const rows = fetched.slice(0, query.per_page);
  if (!forward) rows.reverse();
  const at = (row: T | undefined, d: 'a' | 'b') => {
    if (!row) return null;
    const { key, id } = spec.position(row);
    return encodeCursor({ s: spec.sort, d, k: key instanceof Date ? key.toISOString() : key, i: id });
  };
  // Going forward there is a previous page when we came from a cursor; going back, a next page always exists.
  const next = forward ? (more ? at(rows.at(-1), 'a') : null) : at(rows.at(-1), 'a');
  const prev = forward ? (cursor ? at(rows[0], 'b') : null) : more ? at(rows[0], 'b') : null;
  return {
    rows,
    meta: {
      per_page: query.per_page,
      next_cursor: next,
      prev_cursor: prev,
      total_count: counted?.total ?? rows.length,
      total_count_exact: counted?.exact ?? !(more || cursor),
    },
  };
}

/**
 * Counts the rows of `from` (a `from ... where ...` fragment) up to `cap`; above it answers the planner's estimate,
 * which costs the same on a million rows as on ten.
 */
export async function cappedCount(db: Db, from: SQL, cap: number): Promise<{ total: number; exact: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 ${from} limit ${cap + 1}) t`,
  );
  const n = Number(row?.n ?? 0);
  if (n <= cap) return { total: n, exact: true };
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 ${from}`);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const estimate = Math.round(parsed[0]?.Plan['Plan Rows'] ?? n);
  return { total: Math.max(estimate, n), exact: false };
}
