import type { CompaniesQuery } from '@aircargo/contract/companies';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { agreements, awbStockRanges, companies, memberships } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { offsetOf } from '../../platform/pagination';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyInsert = typeof companies.$inferInsert;

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

export interface CompanyFilter {
  /** Restricts the list to this one company (a non-platform caller sees only its own). */
  onlyId?: number;
  company_type?: CompaniesQuery['company_type'];
  state?: CompaniesQuery['state'];
  q?: string;
}

export async function listCompanies(db: Db, filter: CompanyFilter, query: CompaniesQuery) {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const where = and(
    filter.onlyId === undefined ? undefined : eq(companies.id, filter.onlyId),
    filter.company_type ? eq(companies.company_type, filter.company_type) : undefined,
    filter.state ? eq(companies.state, filter.state) : undefined,
    pattern
      ? or(ilike(companies.name, pattern), ilike(companies.short_name, pattern), ilike(companies.local_name, pattern))
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      id: companies.id,
      name: companies.name,
      short_name: companies.short_name,
      company_type: companies.company_type,
      state: companies.state,
      created_at: companies.created_at,
    },
    'name',
    companies.id,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export function findCompany(db: Db, id: number): Promise<CompanyRow | null> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another company with this short name, compared case-insensitively as the unique index does. */
export function findByShortName(db: Db, shortName: string, exceptId?: number) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`lower(${companies.short_name}) = lower(${shortName})`,
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another airline with this two-character code. */
export function findAirlineByCode(db: Db, code: string, exceptId?: number) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.company_type, 'airline'),
        eq(companies.airline_code, code),
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertCompany(db: Db, values: CompanyInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export function updateCompany(db: Db, id: number, values: Partial<CompanyInsert>): Promise<CompanyRow | null> {
  return db
    .update(companies)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(companies.id, id))
    .returning()
    .then((r) => r[0] ?? null);
}

/** Merges keys into the stored UI settings and drops others, in one statement so that concurrent edits both land. */
export function mergeUiSettings(db: Db, id: number, set: Record<string, unknown>, remove: string[]) {
  const removal = remove.map((key) => sql` - ${key}::text`);
  return db
    .update(companies)
    .set({
      ui_settings: sql`(${companies.ui_settings} || ${JSON.stringify(set)}::jsonb)${sql.join(removal, sql``)}`,
      updated_at: sql`now()`,
    })
    .where(eq(companies.id, id))
    .returning({ ui_settings: companies.ui_settings })
    .then((r) => r[0] ?? null);
}

/** What still refers to the company: users (memberships), agreements and AWB stock. */
export async function dependentsOf(db: Db, id: number) {
  const [row] = await queryRows<{ users: number; agreements: number; stocks: number }>(
    db,
    sql`
    select (select count(*) from ${memberships} where company_id = ${id})::int as users,
           (select count(*) from ${agreements} where supplier_id = ${id} or client_id = ${id})::int as agreements,
           (select count(*) from ${awbStockRanges} where airline_id = ${id} or holder_company_id = ${id})::int as stocks`,
  );
  return { users: Number(row?.users ?? 0), agreements: Number(row?.agreements ?? 0), stocks: Number(row?.stocks ?? 0) };
}

/**
 * Locks the company row for the rest of the transaction. Rows that reference the company take a key-share lock on it,
 * so a reference being added meanwhile either is seen after the lock or fails its foreign key.
 */
export async function lockCompany(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
  return rows.length > 0;
}

export function deleteCompany(db: Db, id: number) {
  return db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
}
