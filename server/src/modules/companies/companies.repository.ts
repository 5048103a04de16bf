import type { CompaniesQuery } from '@aircargo/contract/companies';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { agreements, awbStockRanges, companies, memberships } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import { type CompanyScope, inScope } from '../../platform/policy';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyInsert = typeof companies.$inferInsert;

export interface CompanyFilter {
  company_type?: CompaniesQuery['company_type'];
  state?: CompaniesQuery['state'];
  q?: string;
}

export function listCompanies(
  db: Db,
  scope: CompanyScope,
  filter: CompanyFilter,
  query: CompaniesQuery,
): Promise<OffsetPage<CompanyRow>> {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const where = and(
    inScope(scope, companies.id),
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
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(companies)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(companies).where(where),
  });
}

/** The company, when it is inside the caller's scope. */
export function findCompany(db: Db, scope: CompanyScope, id: number): Promise<CompanyRow | null> {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), inScope(scope, companies.id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another company with this short name, compared case-insensitively as the unique index does (across all tenants). */
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

/** A Russian company with this INN/KPP pair (across all tenants; a missing KPP is a pair of its own). */
export function findByInnKpp(db: Db, inn: string, kpp: string | null, exceptId?: number) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.country, 'RU'),
        eq(companies.tax_number, inn),
        sql`coalesce(${companies.kpp}, '') = ${kpp ?? ''}`,
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another airline with this two-character code (across all tenants: codes are global). */
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

export function updateCompany(
  db: Db,
  scope: CompanyScope,
  id: number,
  values: Partial<CompanyInsert>,
): Promise<CompanyRow | null> {
  return db
    .update(companies)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(eq(companies.id, id), inScope(scope, companies.id)))
    .returning()
    .then((r) => r[0] ?? null);
}

/** Merges keys into the stored UI settings and drops others, in one statement so that concurrent edits both land. */
export function mergeUiSettings(
  db: Db,
  scope: CompanyScope,
  id: number,
  set: Record<string, unknown>,
  remove: string[],
) {
  const removal = remove.map((key) => sql` - ${key}::text`);
  return db
    .update(companies)
    .set({
      ui_settings: sql`(${companies.ui_settings} || ${JSON.stringify(set)}::jsonb)${sql.join(removal, sql``)}`,
      updated_at: sql`now()`,
    })
    .where(and(eq(companies.id, id), inScope(scope, companies.id)))
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
export async function lockCompany(db: Db, scope: CompanyScope, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, id), inScope(scope, companies.id)))
    .for('update');
  return rows.length > 0;
}

export function deleteCompany(db: Db, scope: CompanyScope, id: number) {
  return db
    .delete(companies)
    .where(and(eq(companies.id, id), inScope(scope, companies.id)))
    .returning({ id: companies.id });
}

/** Revokes the tokens of the company's members who have no live membership left (after the company is blocked). */
export async function revokeTokensOfMembersWithoutAccess(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`
    update oauth_tokens t set revoked_at = now()
     where t.revoked_at is null
       and t.user_id in (select m.user_id from memberships m where m.company_id = ${companyId})
       and not exists (
         select 1 from memberships m join companies c on c.id = m.company_id
          where m.user_id = t.user_id and not m.blocked and c.state = 'active')`);
}

/** The type of a company (airline, forwarder, handler, ...), or null when there is none with this id. */
export function companyTypeOf(db: Db, id: number) {
  return db
    .select({ company_type: companies.company_type })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]?.company_type ?? null);
}
