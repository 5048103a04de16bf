import type { CapacityListQuery } from '@aircargo/contract/flights';
import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  agreements,
  aircraftCapacities,
  aircraftTypes,
  airports,
  baggageAverages,
  baggageStats,
  companies,
  paxOdAverages,
  segmentPayloads,
  segments,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { AirlineScope } from './capacities.policy';

export type SegmentPayloadRow = typeof segmentPayloads.$inferSelect;
export type PaxOdAverageRow = typeof paxOdAverages.$inferSelect;
export type BaggageAverageRow = typeof baggageAverages.$inferSelect;
export type BaggageStatRow = typeof baggageStats.$inferSelect;
export type SegmentPayloadInsert = typeof segmentPayloads.$inferInsert;
export type PaxOdAverageInsert = typeof paxOdAverages.$inferInsert;
export type BaggageAverageInsert = typeof baggageAverages.$inferInsert;
export type BaggageStatInsert = typeof baggageStats.$inferInsert;

/** The tables of the four record kinds: one list, find, insert, update and delete over each. */
export const TABLES = {
  segmentPayloads,
  paxOdAverages,
  baggageAverages,
  baggageStats,
} as const;
export type Kind = keyof typeof TABLES;
export interface RowOf {
  segmentPayloads: SegmentPayloadRow;
  paxOdAverages: PaxOdAverageRow;
  baggageAverages: BaggageAverageRow;
  baggageStats: BaggageStatRow;
}
export interface InsertOf {
  segmentPayloads: SegmentPayloadInsert;
  paxOdAverages: PaxOdAverageInsert;
  baggageAverages: BaggageAverageInsert;
  baggageStats: BaggageStatInsert;
}

/** Sort keys per kind (the list's `sort`, `-` for descending); the first is the default. */
const SORTS: { [K in Kind]: Record<string, AnyPgColumn> } = {
  segmentPayloads: {
    origin: segmentPayloads.origin,
    destination: segmentPayloads.destination,
    aircraft_type: segmentPayloads.aircraft_type,
    season: segmentPayloads.season,
    payload: segmentPayloads.payload,
    id: segmentPayloads.id,
  },
  paxOdAverages: {
    origin: paxOdAverages.origin,
    destination: paxOdAverages.destination,
    aircraft_type: paxOdAverages.aircraft_type,
    quantity: paxOdAverages.quantity,
    id: paxOdAverages.id,
  },
  baggageAverages: {
    origin: baggageAverages.origin,
    destination: baggageAverages.destination,
    beginning_of_period: baggageAverages.beginning_of_period,
    end_of_period: baggageAverages.end_of_period,
    id: baggageAverages.id,
  },
  baggageStats: {
    flight_date: baggageStats.flight_date,
    origin: baggageStats.origin,
    destination: baggageStats.destination,
    pax: baggageStats.pax,
    baggage_weight: baggageStats.baggage_weight,
    id: baggageStats.id,
  },
};

/** The columns every kind shares (id, airline, route): the generic functions below read the tables through them. */
type SharedTable = typeof segmentPayloads;
const tableOf = (kind: Kind) => TABLES[kind] as unknown as SharedTable;

const scopeCondition = (scope: AirlineScope, column: AnyPgColumn): SQL | undefined =>
  scope.airlineId === undefined ? undefined : eq(column, scope.airlineId);

export function listRecords<K extends Kind>(
  db: Db,
  kind: K,
  scope: AirlineScope,
  query: CapacityListQuery,
): Promise<OffsetPage<RowOf[K]>> {
  const table = tableOf(kind);
  const where = and(
    scopeCondition(scope, table.airline_id),
    query.origin ? eq(table.origin, query.origin) : undefined,
    query.destination ? eq(table.destination, query.destination) : undefined,
  );
  const columns = SORTS[kind];
  const key = query.sort?.replace(/^-/, '');
  const fallback = Object.keys(columns)[0]!;
  const order = sortOrder(key && columns[key] ? query.sort : undefined, columns, fallback, table.id);
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as unknown as Promise<RowOf[K][]>,
    count: () => db.select({ n: count() }).from(table).where(where),
  });
}

export function findRecord<K extends Kind>(db: Db, kind: K, scope: AirlineScope, id: number): Promise<RowOf[K] | null> {
  const table = tableOf(kind);
  return db
    .select()
    .from(table)
    .where(and(eq(table.id, id), scopeCondition(scope, table.airline_id)))
    .limit(1)
    .then((r) => (r[0] as RowOf[K] | undefined) ?? null);
}

export async function insertRecord<K extends Kind>(db: Db, kind: K, values: InsertOf[K]): Promise<RowOf[K]> {
  // The kind's insert type matches its table; drizzle cannot see that through the union of tables.
  const [row] = await db
    .insert(tableOf(kind))
    .values(values as SegmentPayloadInsert)
    .returning();
  return row as unknown as RowOf[K];
}

export async function updateRecord<K extends Kind>(
  db: Db,
  kind: K,
  id: number,
  values: Partial<InsertOf[K]>,
): Promise<RowOf[K]> {
  const table = tableOf(kind);
  const [row] = await db
    .update(table)
    .set({ ...(values as Partial<SegmentPayloadInsert>), updated_at: sql`now()` })
    .where(eq(table.id, id))
    .returning();
  return row as RowOf[K];
}

export async function deleteRecord(db: Db, kind: Kind, id: number): Promise<void> {
  const table = tableOf(kind);
  await db.delete(table).where(eq(table.id, id));
}

/** The record of the kind with the same natural key (per the unique indexes), other than `exceptId`. */
export function findByKey<K extends Exclude<Kind, 'baggageStats'>>(
  db: Db,
  kind: K,
  key: { airline_id: number; origin: string; destination: string } & Record<string, string | number>,
  exceptId?: number,
): Promise<RowOf[K] | null> {
  const table = tableOf(kind);
  const conditions: (SQL | undefined)[] = [
    eq(table.airline_id, key.airline_id),
    eq(table.origin, key.origin),
    eq(table.destination, key.destination),
    exceptId === undefined ? undefined : sql`${table.id} <> ${exceptId}`,
  ];
  if (kind === 'segmentPayloads') {
    conditions.push(eq(segmentPayloads.aircraft_type, String(key.aircraft_type)));
    conditions.push(eq(segmentPayloads.season, String(key.season)));
  } else if (kind === 'paxOdAverages') {
    conditions.push(eq(paxOdAverages.aircraft_type, String(key.aircraft_type)));
  } else {
    conditions.push(eq(baggageAverages.beginning_of_period, String(key.beginning_of_period)));
  }
  return db
    .select()
    .from(table)
    .where(and(...conditions))
    .limit(1)
    .then((r) => (r[0] as RowOf[K] | undefined) ?? null);
}

// Reference data and airlines.

/** Which of the codes are airports of the reference book. */
export async function knownAirports(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, codes));
  return new Set(rows.map((r) => r.iata));
}

/** Which of the codes are aircraft types of the reference book. */
export async function knownAircraftTypes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ iata: aircraftTypes.iata })
    .from(aircraftTypes)
    .where(inArray(aircraftTypes.iata, codes));
  return new Set(rows.map((r) => r.iata));
}

export function isAirline(db: Db, companyId: number): Promise<boolean> {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.company_type, 'airline')))
    .limit(1)
    .then((r) => r.length > 0);
}

/** Whether the forwarder holds an agreement with the airline (it books with it). */
export function hasAgreement(db: Db, forwarderId: number, airlineId: number): Promise<boolean> {
  return db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(eq(agreements.client_id, forwarderId), eq(agreements.supplier_id, airlineId)))
    .limit(1)
    .then((r) => r.length > 0);
}

export function segmentOfAirline(db: Db, airlineId: number, segmentId: number) {
  return db
    .select({ id: segments.id, origin: segments.origin, destination: segments.destination, date: segments.flight_date })
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.airline_id, airlineId)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

// Aircraft capacities.

/** Every aircraft type of the reference book with the airline's capacity of it (nulls where it has none). */
export function aircraftCapacitiesOf(db: Db, airlineId: number) {
  return db
    .select({
      aircraft_type: aircraftTypes.iata,
      description: aircraftTypes.description,
      weight: aircraftCapacities.weight,
      volume: aircraftCapacities.volume,
    })
    .from(aircraftTypes)
    .leftJoin(
      aircraftCapacities,
      and(eq(aircraftCapacities.aircraft_type, aircraftTypes.iata), eq(aircraftCapacities.airline_id, airlineId)),
    )
    .orderBy(asc(aircraftTypes.iata));
}

export async function upsertAircraftCapacity(
  db: Db,
  airlineId: number,
  type: string,
  weight: string | null,
  volume: string | null,
): Promise<void> {
  await db
    .insert(aircraftCapacities)
    .values({ airline_id: airlineId, aircraft_type: type, weight, volume })
    .onConflictDoUpdate({
      target: [aircraftCapacities.airline_id, aircraftCapacities.aircraft_type],
      set: { weight, volume, updated_at: sql`now()` },
    });
}

export async function deleteAircraftCapacity(db: Db, airlineId: number, type: string): Promise<void> {
  await db
    .delete(aircraftCapacities)
    .where(and(eq(aircraftCapacities.airline_id, airlineId), eq(aircraftCapacities.aircraft_type, type)));
}

// Baggage averages from the statistics.

/** Totals of the airline's baggage statistics on the route between two dates (inclusive). */
export async function baggageTotals(
  db: Db,
  route: { airline_id: number; origin: string; destination: string },
  from: string,
  to: string,
): Promise<{ weight: string; pcs: number; pax: number; segments: number }> {
  const [row] = await db
    .select({
      weight: sql<string>`coalesce(sum(${baggageStats.baggage_weight}), 0)::text`,
      pcs: sql<number>`coalesce(sum(${baggageStats.baggage_pcs}), 0)::int`,
      pax: sql<number>`coalesce(sum(${baggageStats.pax}), 0)::int`,
      segments: sql<number>`count(*)::int`,
    })
    .from(baggageStats)
    .where(
      and(
        eq(baggageStats.airline_id, route.airline_id),
        eq(baggageStats.origin, route.origin),
        eq(baggageStats.destination, route.destination),
        gte(baggageStats.flight_date, from),
        lte(baggageStats.flight_date, to),
      ),
    );
  return { weight: row!.weight, pcs: Number(row!.pcs), pax: Number(row!.pax), segments: Number(row!.segments) };
}

/** The airline's baggage averages on the route whose period holds the date. */
export function averagesCovering(
  db: Db,
  route: { airline_id: number; origin: string; destination: string },
  date: string,
): Promise<BaggageAverageRow[]> {
  return db
    .select()
    .from(baggageAverages)
    .where(
      and(
        eq(baggageAverages.airline_id, route.airline_id),
        eq(baggageAverages.origin, route.origin),
        eq(baggageAverages.destination, route.destination),
        lte(baggageAverages.beginning_of_period, date),
        gte(baggageAverages.end_of_period, date),
        eq(baggageAverages.external_source, false),
      ),
    );
}

/** The airline's baggage stats of the route on a day. */
export function baggageStatsOfDay(
  db: Db,
  route: { airline_id: number; origin: string; destination: string },
  date: string,
): Promise<BaggageStatRow[]> {
  return db
    .select()
    .from(baggageStats)
    .where(
      and(
        eq(baggageStats.airline_id, route.airline_id),
        eq(baggageStats.origin, route.origin),
        eq(baggageStats.destination, route.destination),
        eq(baggageStats.flight_date, date),
      ),
    )
    .limit(2);
}
