import type { ConnectionTimesQuery } from '@aircargo/contract/route-search';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { airports, companies, connectionTimes } from '../../db/schema';
import type { Db } from '../../platform/db';
import { type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { ConnectionTimeScope } from './connection-times.policy';

export type ConnectionTimeInsert = typeof connectionTimes.$inferInsert;

function selectRows(db: Db) {
  return db
    .select({
      row: connectionTimes,
      airline: { id: companies.id, name: companies.name, short_name: companies.short_name },
    })
    .from(connectionTimes)
    .leftJoin(companies, eq(companies.id, connectionTimes.airline_id));
}

export type ConnectionTimeRow = NonNullable<Awaited<ReturnType<typeof findConnectionTime>>>;

function inScope(scope: ConnectionTimeScope) {
  if (scope.kind === 'all') {
    return scope.airlineId === undefined ? undefined : eq(connectionTimes.airline_id, scope.airlineId);
  }
  return or(isNull(connectionTimes.airline_id), eq(connectionTimes.airline_id, scope.airlineId));
}

export function listConnectionTimes(
  db: Db,
  scope: ConnectionTimeScope,
  query: ConnectionTimesQuery,
): Promise<OffsetPage<ConnectionTimeRow>> {
  const q = query.q?.trim().toUpperCase();
  const where = and(
    inScope(scope),
    query.airport ? eq(connectionTimes.airport, query.airport) : undefined,
    q
      ? or(
          eq(connectionTimes.airport, q),
          eq(connectionTimes.arrival_carrier, q),
          eq(connectionTimes.departure_carrier, q),
        )
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      id: connectionTimes.id,
      airport: connectionTimes.airport,
      minutes: connectionTimes.minutes,
      created_at: connectionTimes.created_at,
    },
    'airport',
    connectionTimes.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectRows(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(connectionTimes).where(where),
  });
}

export function findConnectionTime(db: Db, scope: ConnectionTimeScope, id: number) {
  return selectRows(db)
    .where(and(eq(connectionTimes.id, id), inScope(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another row for the same airport, carriers and connection type. */
export function findDuplicate(
  db: Db,
  values: {
    airport: string;
    arrival_carrier: string | null;
    departure_carrier: string | null;
    connection_type: string | null;
  },
  exceptId?: number,
) {
  return db
    .select({ id: connectionTimes.id })
    .from(connectionTimes)
    .where(
      and(
        eq(connectionTimes.airport, values.airport),
        sql`coalesce(${connectionTimes.arrival_carrier}, '') = ${values.arrival_carrier ?? ''}`,
        sql`coalesce(${connectionTimes.departure_carrier}, '') = ${values.departure_carrier ?? ''}`,
        sql`coalesce(${connectionTimes.connection_type}, '') = ${values.connection_type ?? ''}`,
        exceptId === undefined ? undefined : sql`${connectionTimes.id} <> ${exceptId}`,
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

/** The carrier code of an airline company; null when the company is not an airline with a designator. */
export function carrierOf(db: Db, airlineId: number) {
  return db
    .select({ code: companies.airline_code, type: companies.company_type })
    .from(companies)
    .where(eq(companies.id, airlineId))
    .limit(1)
    .then((r) => (r[0]?.type === 'airline' ? (r[0].code ?? null) : null));
}

export async function insertConnectionTime(db: Db, values: ConnectionTimeInsert): Promise<number> {
  const [row] = await db.insert(connectionTimes).values(values).returning({ id: connectionTimes.id });
  return row!.id;
}

export async function updateConnectionTime(db: Db, id: number, values: Partial<ConnectionTimeInsert>): Promise<void> {
  await db
    .update(connectionTimes)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(connectionTimes.id, id));
}

export async function deleteConnectionTime(db: Db, id: number): Promise<void> {
  await db.delete(connectionTimes).where(eq(connectionTimes.id, id));
}
