import type { AllotmentsQuery } from '@aircargo/contract/bookings';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { allotments, companies, segments } from '../../db/schema';
import type { Db } from '../../platform/db';
import { offsetPage, sortOrder } from '../../platform/pagination';
import { type CompanyScope, inScope } from '../../platform/policy';

export type AllotmentInsert = typeof allotments.$inferInsert;

const columns = {
  allotment: allotments,
  forwarder_short_name: companies.short_name,
  segment: { carrier: segments.carrier, number: segments.number, flight_date: segments.flight_date },
};

function selectAllotments(db: Db) {
  return db
    .select(columns)
    .from(allotments)
    .innerJoin(companies, eq(companies.id, allotments.forwarder_id))
    .leftJoin(segments, eq(segments.id, allotments.segment_id));
}

export type AllotmentRow = NonNullable<Awaited<ReturnType<typeof findAllotment>>>;

export function findAllotment(db: Db, scope: CompanyScope, id: number) {
  return selectAllotments(db)
    .where(and(eq(allotments.id, id), inScope(scope, allotments.airline_id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function listAllotments(db: Db, scope: CompanyScope, query: AllotmentsQuery) {
  const where = and(
    inScope(scope, allotments.airline_id),
    query.forwarder_id === undefined ? undefined : eq(allotments.forwarder_id, query.forwarder_id),
    query.segment_id === undefined ? undefined : eq(allotments.segment_id, query.segment_id),
    query.origin_iata === undefined ? undefined : eq(allotments.origin, query.origin_iata),
    query.destination_iata === undefined ? undefined : eq(allotments.destination, query.destination_iata),
  );
  const order = sortOrder(
    query.sort,
    {
      id: allotments.id,
      created_at: allotments.created_at,
      weight: allotments.weight,
      valid_until: allotments.valid_until,
    },
    'id',
    allotments.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectAllotments(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(allotments).where(where),
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

export function companyType(db: Db, id: number) {
  return db
    .select({ type: companies.company_type })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]?.type ?? null);
}

export function segmentOf(db: Db, id: number) {
  return db
    .select({
      id: segments.id,
      airline_id: segments.airline_id,
      origin: segments.origin,
      destination: segments.destination,
    })
    .from(segments)
    .where(eq(segments.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** An allotment of the same airline and forwarder on the same flight, or on the same route when no flight is named. */
export function findSame(
  db: Db,
  v: {
    airlineId: number;
    forwarderId: number;
    origin: string;
    destination: string;
    segmentId: number | null;
    exceptId?: number;
  },
) {
  return db
    .select({ id: allotments.id })
    .from(allotments)
    .where(
      and(
        eq(allotments.airline_id, v.airlineId),
        eq(allotments.forwarder_id, v.forwarderId),
        eq(allotments.origin, v.origin),
        eq(allotments.destination, v.destination),
        v.segmentId === null ? isNull(allotments.segment_id) : eq(allotments.segment_id, v.segmentId),
        v.exceptId === undefined ? undefined : sql`${allotments.id} <> ${v.exceptId}`,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

export async function insertAllotment(db: Db, values: AllotmentInsert): Promise<number> {
  const [row] = await db.insert(allotments).values(values).returning({ id: allotments.id });
  return row?.id as number;
}

export async function updateAllotment(db: Db, id: number, values: Partial<AllotmentInsert>): Promise<void> {
  await db
    .update(allotments)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(allotments.id, id));
}

export async function deleteAllotment(db: Db, id: number): Promise<void> {
  await db.delete(allotments).where(eq(allotments.id, id));
}

/** Serialises writes of one airline's allotments, so two equal ones cannot both pass the duplicate check. */
export async function lockAirline(db: Db, airlineId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, airlineId)).for('no key update');
}

export function segmentName(db: Db, id: number) {
  return db
    .select({ carrier: segments.carrier, number: segments.number, flight_date: segments.flight_date })
    .from(segments)
    .where(eq(segments.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** A forwarder by its short name (case-insensitive, as the names are unique). */
export function forwarderByShortName(db: Db, shortName: string) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.short_name}) = lower(${shortName})`, eq(companies.company_type, 'forwarder')))
    .limit(1)
    .then((r) => r[0]?.id ?? null);
}

/** The airline's segment of a flight number on a day between two airports (an upload names flights so). */
export function segmentByFlight(
  db: Db,
  v: { airlineId: number; number: string; flightDate: string; origin: string; destination: string },
) {
  return db
    .select({ id: segments.id })
    .from(segments)
    .where(
      and(
        eq(segments.airline_id, v.airlineId),
        eq(segments.number, v.number),
        eq(segments.flight_date, v.flightDate),
        eq(segments.origin, v.origin),
        eq(segments.destination, v.destination),
      ),
    )
    .limit(1)
    .then((r) => r[0]?.id ?? null);
}
