import type { HandlersQuery } from '@aircargo/contract/handlers';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { airports, companies, handlers } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { HandlerScope } from './handlers.policy';

export type HandlerInsert = typeof handlers.$inferInsert;

const airline = alias(companies, 'airline');
const handlerCompany = alias(companies, 'handler_company');

function selectHandlers(db: Db) {
  return db
    .select({
      handler: handlers,
      airline: { id: airline.id, name: airline.name, short_name: airline.short_name },
      handler_company: { id: handlerCompany.id, name: handlerCompany.name, short_name: handlerCompany.short_name },
    })
    .from(handlers)
    .innerJoin(airline, eq(airline.id, handlers.airline_id))
    .leftJoin(handlerCompany, eq(handlerCompany.id, handlers.handler_company_id));
}

export type HandlerRow = NonNullable<Awaited<ReturnType<typeof findHandler>>>;

const inScope = (scope: HandlerScope) =>
  scope.airlineId === undefined ? undefined : eq(handlers.airline_id, scope.airlineId);

export function listHandlers(db: Db, scope: HandlerScope, query: HandlersQuery): Promise<OffsetPage<HandlerRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    inScope(scope),
    query.airport ? eq(handlers.airport, query.airport) : undefined,
    pattern
      ? or(ilike(handlers.name, pattern), ilike(handlers.airport, pattern), ilike(handlers.contact_name, pattern))
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    { id: handlers.id, airport: handlers.airport, name: handlers.name, created_at: handlers.created_at },
    'airport',
    handlers.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectHandlers(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(handlers).where(where),
  });
}

export function findHandler(db: Db, scope: HandlerScope, id: number) {
  return selectHandlers(db)
    .where(and(eq(handlers.id, id), inScope(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another handler of the airline at the airport with the same name (case-insensitive). */
export function findDuplicate(db: Db, airlineId: number, airport: string, name: string, exceptId?: number) {
  return db
    .select({ id: handlers.id })
    .from(handlers)
    .where(
      and(
        eq(handlers.airline_id, airlineId),
        eq(handlers.airport, airport),
        sql`lower(${handlers.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${handlers.id} <> ${exceptId}`,
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function airportExists(db: Db, iata: string) {
  return db
    .select({ iata: airports.iata })
    .from(airports)
    .where(eq(airports.iata, iata))
    .limit(1)
    .then((r) => r.length > 0);
}

export async function insertHandler(db: Db, values: HandlerInsert): Promise<number> {
  const [row] = await db.insert(handlers).values(values).returning({ id: handlers.id });
  return row!.id;
}

export async function updateHandler(db: Db, id: number, values: Partial<HandlerInsert>): Promise<void> {
  await db
    .update(handlers)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(handlers.id, id));
}

export async function deleteHandler(db: Db, id: number): Promise<void> {
  await db.delete(handlers).where(eq(handlers.id, id));
}
