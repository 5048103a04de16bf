import type { AgreementCompaniesQuery, AgreementsQuery } from '@aircargo/contract/agreements';
import type { CompanyType } from '@aircargo/domain';
import { and, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agreements, companies, memberships, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, offsetPage, sortOrder } from '../../platform/pagination';
import { inScope } from '../../platform/policy';
import type { AgreementScope } from './agreements.policy';

export type AgreementInsert = typeof agreements.$inferInsert;

const supplier = alias(companies, 'supplier');
const client = alias(companies, 'client');

/** `today` (the app clock's date, `YYYY-MM-DD`) lies between the effective dates; an open end never expires. */
function activeOn(today: string) {
  return sql<boolean>`(${agreements.effective_from} <= ${today}::date
  and (${agreements.effective_to} is null or ${agreements.effective_to} >= ${today}::date))`;
}

function selectAgreements(db: Db, today: string) {
  return db
    .select({
      agreement: agreements,
      supplier: { id: supplier.id, name: supplier.name, short_name: supplier.short_name },
      client: { id: client.id, name: client.name, short_name: client.short_name },
      active: activeOn(today),
    })
    .from(agreements)
    .innerJoin(supplier, eq(supplier.id, agreements.supplier_id))
    .innerJoin(client, eq(client.id, agreements.client_id));
}

export type AgreementRow = NonNullable<Awaited<ReturnType<typeof findAgreement>>>;

export interface AgreementFilter {
  supplierId?: number;
  clientId?: number;
  active?: boolean;
  q?: string;
}

/** The scope as a condition: the caller's company as the party of the scope's side. */
function scoped(scope: AgreementScope) {
  return inScope(scope.parties, scope.side === 'supplier' ? agreements.supplier_id : agreements.client_id);
}

export function listAgreements(
  db: Db,
  scope: AgreementScope,
  filter: AgreementFilter,
  query: Pick<AgreementsQuery, 'page' | 'per_page' | 'sort'>,
  today: string,
) {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const where = and(
    scoped(scope),
    filter.supplierId === undefined ? undefined : eq(agreements.supplier_id, filter.supplierId),
    filter.clientId === undefined ? undefined : eq(agreements.client_id, filter.clientId),
    filter.active === undefined ? undefined : sql`${activeOn(today)} = ${filter.active}`,
    pattern
      ? or(
          ilike(agreements.contract_number, pattern),
          ilike(client.name, pattern),
          ilike(client.short_name, pattern),
          ilike(supplier.name, pattern),
          ilike(supplier.short_name, pattern),
        )
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      id: agreements.id,
      effective_from: agreements.effective_from,
      effective_to: agreements.effective_to,
      contract_number: agreements.contract_number,
      currency: agreements.currency,
      created_at: agreements.created_at,
    },
    'id',
    agreements.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectAgreements(db, today)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () =>
      db
        .select({ n: count() })
        .from(agreements)
        .innerJoin(supplier, eq(supplier.id, agreements.supplier_id))
        .innerJoin(client, eq(client.id, agreements.client_id))
        .where(where),
  });
}

export function findAgreement(db: Db, scope: AgreementScope, id: number, today: string) {
  return selectAgreements(db, today)
    .where(and(eq(agreements.id, id), scoped(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another agreement between the same supplier and client whose dates overlap [from, to] (a null end is open). */
export function findOverlapping(
  db: Db,
  v: { supplierId: number; clientId: number; from: string; to: string | null; exceptId?: number },
) {
  return db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.supplier_id, v.supplierId),
        eq(agreements.client_id, v.clientId),
        v.exceptId === undefined ? undefined : ne(agreements.id, v.exceptId),
        v.to === null ? undefined : sql`${agreements.effective_from} <= ${v.to}::date`,
        sql`(${agreements.effective_to} is null or ${agreements.effective_to} >= ${v.from}::date)`,
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Serialises agreement writes of one supplier, so that two overlapping agreements cannot both pass the check. */
export async function lockSupplier(db: Db, supplierId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, supplierId)).for('update');
}

export function companyType(db: Db, id: number): Promise<CompanyType | null> {
  return db
    .select({ company_type: companies.company_type })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]?.company_type ?? null);
}

export async function insertAgreement(db: Db, values: AgreementInsert): Promise<number> {
  const [row] = await db.insert(agreements).values(values).returning({ id: agreements.id });
  return row!.id;
}

export async function updateAgreement(
  db: Db,
  scope: AgreementScope,
  id: number,
  values: Partial<AgreementInsert>,
): Promise<void> {
  await db
    .update(agreements)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(eq(agreements.id, id), scoped(scope)));
}

/** Active companies of the given types that an agreement may name. */
export function listPartyCompanies(db: Db, types: CompanyType[], query: AgreementCompaniesQuery) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    inArray(companies.company_type, types),
    eq(companies.state, 'active'),
    pattern ? or(ilike(companies.name, pattern), ilike(companies.short_name, pattern)) : undefined,
  );
  const order = sortOrder(
    query.sort,
    { id: companies.id, name: companies.name, short_name: companies.short_name },
    'name',
    companies.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: companies.id,
          name: companies.name,
          short_name: companies.short_name,
          company_type: companies.company_type,
        })
        .from(companies)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(companies).where(where),
  });
}

/** Who hears of the company's new agreements: its users with a live admin membership, with their locale. */
export function adminRecipients(db: Db, companyId: number): Promise<{ email: string; locale: string }[]> {
  return db
    .selectDistinct({ email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.company_id, companyId), eq(memberships.role, 'admin'), eq(memberships.blocked, false)))
    .orderBy(users.email);
}

/** A company's display name. */
export function companyName(db: Db, id: number): Promise<string | null> {
  return db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .then((r) => r[0]?.name ?? null);
}
