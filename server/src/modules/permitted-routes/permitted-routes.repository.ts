import type { PermittedRoutesQuery } from '@aircargo/contract/route-search';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { airports, companies, permittedRoutes } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { PermittedRouteScope } from './permitted-routes.policy';

export type PermittedRouteInsert = typeof permittedRoutes.$inferInsert;

function selectRows(db: Db) {
  return db
    .select({
      route: permittedRoutes,
      airline: { id: companies.id, name: companies.name, short_name: companies.short_name },
      carrier: companies.airline_code,
    })
    .from(permittedRoutes)
    .innerJoin(companies, eq(companies.id, permittedRoutes.airline_id));
}

export type PermittedRouteRow = NonNullable<Awaited<ReturnType<typeof findPermittedRoute>>>;

const inScope = (scope: PermittedRouteScope) =>
  scope.airlineId === undefined ? undefined : eq(permittedRoutes.airline_id, scope.airlineId);

export function listPermittedRoutes(
  db: Db,
  scope: PermittedRouteScope,
  query: PermittedRoutesQuery,
): Promise<OffsetPage<PermittedRouteRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    inScope(scope),
    query.origin ? eq(permittedRoutes.origin, query.origin) : undefined,
    query.destination ? eq(permittedRoutes.destination, query.destination) : undefined,
    pattern
      ? or(
          ilike(permittedRoutes.origin, pattern),
          ilike(permittedRoutes.destination, pattern),
          ilike(permittedRoutes.notes, pattern),
        )
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      id: permittedRoutes.id,
      origin: permittedRoutes.origin,
      destination: permittedRoutes.destination,
      created_at: permittedRoutes.created_at,
    },
    'origin',
    permittedRoutes.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectRows(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(permittedRoutes).where(where),
  });
}

export function findPermittedRoute(db: Db, scope: PermittedRouteScope, id: number) {
  return selectRows(db)
    .where(and(eq(permittedRoutes.id, id), inScope(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another row of the airline with the same origin, destination and transit list. */
export function findDuplicate(
  db: Db,
  airlineId: number,
  values: { origin: string; destination: string; via: string[] | null },
  exceptId?: number,
) {
  return db
    .select({ id: permittedRoutes.id })
    .from(permittedRoutes)
    .where(
      and(
        eq(permittedRoutes.airline_id, airlineId),
        eq(permittedRoutes.origin, values.origin),
        eq(permittedRoutes.destination, values.destination),
        values.via === null
          ? sql`${permittedRoutes.via} is null`
          : sql`${permittedRoutes.via} = ${`{${values.via.join(',')}}`}::text[]`,
        exceptId === undefined ? undefined : sql`${permittedRoutes.id} <> ${exceptId}`,
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Whether a code is an airport or a city code of the reference data. */
export function placeExists(db: Db, code: string) {
  return db
    .select({ iata: airports.iata })
    .from(airports)
    .where(or(eq(airports.iata, code), eq(airports.city_code, code)))
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

export async function insertPermittedRoute(db: Db, values: PermittedRouteInsert): Promise<number> {
  const [row] = await db.insert(permittedRoutes).values(values).returning({ id: permittedRoutes.id });
  return row!.id;
}

export async function updatePermittedRoute(db: Db, id: number, values: Partial<PermittedRouteInsert>): Promise<void> {
  await db
    .update(permittedRoutes)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(permittedRoutes.id, id));
}

export async function deletePermittedRoute(db: Db, id: number): Promise<void> {
  await db.delete(permittedRoutes).where(eq(permittedRoutes.id, id));
}
