import type { ForwarderCustomersQuery } from '@aircargo/contract/forwarder-customers';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { companies, forwarderCustomers } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { CustomerScope } from './forwarder-customers.policy';

export type CustomerInsert = typeof forwarderCustomers.$inferInsert;

function selectCustomers(db: Db) {
  return db
    .select({
      customer: forwarderCustomers,
      forwarder: { id: companies.id, name: companies.name, short_name: companies.short_name },
    })
    .from(forwarderCustomers)
    .innerJoin(companies, eq(companies.id, forwarderCustomers.forwarder_id));
}

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;

const inScope = (scope: CustomerScope) =>
  scope.forwarderId === undefined ? undefined : eq(forwarderCustomers.forwarder_id, scope.forwarderId);

export function listCustomers(
  db: Db,
  scope: CustomerScope,
  query: ForwarderCustomersQuery,
): Promise<OffsetPage<CustomerRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    inScope(scope),
    pattern
      ? or(
          ilike(forwarderCustomers.name, pattern),
          ilike(forwarderCustomers.city, pattern),
          ilike(forwarderCustomers.tax_id, pattern),
        )
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      id: forwarderCustomers.id,
      name: forwarderCustomers.name,
      city: forwarderCustomers.city,
      country: forwarderCustomers.country,
      created_at: forwarderCustomers.created_at,
    },
    'name',
    forwarderCustomers.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectCustomers(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(forwarderCustomers).where(where),
  });
}

export function findCustomer(db: Db, scope: CustomerScope, id: number) {
  return selectCustomers(db)
    .where(and(eq(forwarderCustomers.id, id), inScope(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another customer of the forwarder with the same name (case-insensitive). */
export function findByName(db: Db, forwarderId: number, name: string, exceptId?: number) {
  return db
    .select({ id: forwarderCustomers.id })
    .from(forwarderCustomers)
    .where(
      and(
        eq(forwarderCustomers.forwarder_id, forwarderId),
        sql`lower(${forwarderCustomers.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${forwarderCustomers.id} <> ${exceptId}`,
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertCustomer(db: Db, values: CustomerInsert): Promise<number> {
  const [row] = await db.insert(forwarderCustomers).values(values).returning({ id: forwarderCustomers.id });
  return row!.id;
}

export async function updateCustomer(db: Db, id: number, values: Partial<CustomerInsert>): Promise<void> {
  await db
    .update(forwarderCustomers)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(forwarderCustomers.id, id));
}

export async function deleteCustomer(db: Db, id: number): Promise<void> {
  await db.delete(forwarderCustomers).where(eq(forwarderCustomers.id, id));
}
