import type { BookingRulesQuery } from '@aircargo/contract/bookings';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookingRules, companies, segments } from '../../db/schema';
import type { Db } from '../../platform/db';
import { offsetPage, sortOrder } from '../../platform/pagination';
import { type CompanyScope, inScope } from '../../platform/policy';

export type BookingRuleInsert = typeof bookingRules.$inferInsert;

function selectRules(db: Db) {
  return db
    .select({
      rule: bookingRules,
      segment: { carrier: segments.carrier, number: segments.number, flight_date: segments.flight_date },
    })
    .from(bookingRules)
    .leftJoin(segments, eq(segments.id, bookingRules.segment_id));
}

export type BookingRuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;

export function findRule(db: Db, scope: CompanyScope, id: number) {
  return selectRules(db)
    .where(and(eq(bookingRules.id, id), inScope(scope, bookingRules.airline_id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function listRules(db: Db, scope: CompanyScope, query: BookingRulesQuery) {
  const where = and(
    inScope(scope, bookingRules.airline_id),
    query.segment_id === undefined ? undefined : eq(bookingRules.segment_id, query.segment_id),
    query.response_status === undefined ? undefined : eq(bookingRules.response_status, query.response_status),
  );
  const order = sortOrder(
    query.sort,
    { id: bookingRules.id, created_at: bookingRules.created_at },
    'id',
    bookingRules.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectRules(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(bookingRules).where(where),
  });
}

export function airlineByCode(db: Db, code: string) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.airline_code, code), eq(companies.company_type, 'airline')))
    .limit(1)
    .then((r) => r[0]?.id ?? null);
}

export function segmentAirline(db: Db, id: number) {
  return db
    .select({ airline_id: segments.airline_id })
    .from(segments)
    .where(eq(segments.id, id))
    .limit(1)
    .then((r) => r[0]?.airline_id ?? null);
}

/** A rule of the airline with exactly these conditions and answer. */
export function findSame(
  db: Db,
  airlineId: number,
  v: Omit<BookingRuleInsert, 'airline_id' | 'carrier'>,
  exceptId?: number,
) {
  const same = (column: AnyPgColumn, value: unknown) => sql`${column} is not distinct from ${value}`;
  return db
    .select({ id: bookingRules.id })
    .from(bookingRules)
    .where(
      and(
        eq(bookingRules.airline_id, airlineId),
        same(bookingRules.origin, v.origin ?? null),
        same(bookingRules.destination, v.destination ?? null),
        same(bookingRules.segment_id, v.segment_id ?? null),
        sql`${bookingRules.shcs} = ${sql.param(v.shcs ?? [])}::text[]`,
        sql`${bookingRules.min_percent} is not distinct from ${v.min_percent ?? null}::numeric`,
        sql`${bookingRules.max_percent} is not distinct from ${v.max_percent ?? null}::numeric`,
        sql`${bookingRules.min_weight} is not distinct from ${v.min_weight ?? null}::numeric`,
        sql`${bookingRules.max_weight} is not distinct from ${v.max_weight ?? null}::numeric`,
        sql`${bookingRules.min_volume} is not distinct from ${v.min_volume ?? null}::numeric`,
        sql`${bookingRules.max_volume} is not distinct from ${v.max_volume ?? null}::numeric`,
        eq(bookingRules.response_status, v.response_status as string),
        exceptId === undefined ? undefined : sql`${bookingRules.id} <> ${exceptId}`,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

export async function insertRule(db: Db, values: BookingRuleInsert): Promise<number> {
  const [row] = await db.insert(bookingRules).values(values).returning({ id: bookingRules.id });
  return row?.id as number;
}

export async function updateRule(db: Db, id: number, values: Partial<BookingRuleInsert>): Promise<void> {
  await db
    .update(bookingRules)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(bookingRules.id, id));
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.delete(bookingRules).where(eq(bookingRules.id, id));
}

export async function lockAirline(db: Db, airlineId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, airlineId)).for('no key update');
}
