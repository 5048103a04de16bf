import type { SegmentsQuery } from '@aircargo/contract/flights';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { airports, changeLogs, flightLegs, flights, schedules, segments, users } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { cappedCount, type KeysetPage, keysetPage, type OffsetWindow, offsetPage } from '../../platform/pagination';
import type { FlightScope } from './flights.policy';

/** The scope as a condition on a row's airline id. */
export function scopeCondition(scope: FlightScope, airlineId: SQL | typeof segments.airline_id): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'airline':
      return sql`${airlineId} = ${scope.airlineId}`;
    case 'partners':
      return sql`${airlineId} in (select supplier_id from agreements where client_id = ${scope.forwarderId})`;
    default:
      return sql`false`;
  }
}

const originAirport = alias(airports, 'origin_airport');
const destinationAirport = alias(airports, 'destination_airport');

const segmentColumns = {
  segment: segments,
  segment_type: flights.segment_type,
  aci_required: flights.aci_required,
  notation: flights.notation,
  schedule_status: flights.schedule_status,
  schedule_id: flights.schedule_id,
  flight_canceled: flights.canceled,
  origin_timezone: originAirport.timezone,
  destination_timezone: destinationAirport.timezone,
};

function selectSegments(db: Db) {
  return db
    .select(segmentColumns)
    .from(segments)
    .innerJoin(flights, eq(flights.id, segments.flight_id))
    .innerJoin(originAirport, eq(originAirport.iata, segments.origin))
    .innerJoin(destinationAirport, eq(destinationAirport.iata, segments.destination));
}

export type SegmentRow = Awaited<ReturnType<typeof findSegment>> & {};

export function findSegment(db: Db, scope: FlightScope, id: number) {
  return selectSegments(db)
    .where(and(eq(segments.id, id), scopeCondition(scope, segments.airline_id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** The local departure date of a segment (at its origin airport). */
const localDepartureDate = sql`(${segments.std} at time zone (select a.timezone from airports a where a.iata = ${segments.origin}))::date`;

/**
 * The list's filters. Tabs (seed 000 section 6): current = not cancelled and departing from 24 hours ago on; aci = the
 * current flights that need ACI; all = everything. action_required and with_shipments select flights with bookings
 * that need attention or carry shipments: there are no bookings yet (a later issue), so they are empty.
 */
function listConditions(scope: FlightScope, query: SegmentsQuery, now: Date): SQL {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const tab: Record<SegmentsQuery['tab'], SQL> = {
    current: sql`not ${segments.canceled} and ${segments.std} >= ${dayAgo}`,
    aci: sql`not ${segments.canceled} and ${segments.std} >= ${dayAgo} and ${flights.aci_required}`,
    action_required: sql`false`,
    with_shipments: sql`false`,
    all: sql`true`,
  };
  const state: Record<NonNullable<SegmentsQuery['state']>, SQL> = {
    open: sql`not ${segments.canceled} and not ${segments.sales_closed} and not ${segments.locked}`,
    sales_closed: sql`${segments.sales_closed} and not ${segments.canceled}`,
    locked: sql`${segments.locked} and not ${segments.canceled}`,
    canceled: sql`${segments.canceled}`,
  };
  const conditions: SQL[] = [scopeCondition(scope, segments.airline_id), tab[query.tab]];
  // The local date is within a day of the UTC date: the std range lets the (std, id) index narrow the rows first.
  if (query.date_from) {
    conditions.push(sql`${segments.std} >= ${query.date_from}::date - 1`);
    conditions.push(sql`${localDepartureDate} >= ${query.date_from}::date`);
  }
  if (query.date_to) {
    conditions.push(sql`${segments.std} < ${query.date_to}::date + 2`);
    conditions.push(sql`${localDepartureDate} <= ${query.date_to}::date`);
  }
  if (query.carrier) conditions.push(sql`${segments.carrier} = ${query.carrier}`);
  if (query.number) conditions.push(sql`${segments.number} = ${query.number}`);
  if (query.origin) conditions.push(sql`${segments.origin} = ${query.origin}`);
  if (query.destination) conditions.push(sql`${segments.destination} = ${query.destination}`);
  if (query.state) conditions.push(state[query.state]);
  return sql.join(conditions, sql` and `);
}

export type ListedSegment = NonNullable<SegmentRow>;

/** The planner's row estimate of `select 1 <from>`. */
async function plannedRows(db: Db, from: SQL): Promise<number> {
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 ${from}`);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The list's total as `cappedCount` gives it (exact up to the cap, the planner's estimate above), without counting
 * `cap` rows on every page of a list the planner puts far above the cap (ten times): there the estimate is the answer.
 */
async function listCount(db: Db, from: SQL, cap: number): Promise<{ total: number; exact: boolean }> {
  const estimate = await plannedRows(db, from);
  if (estimate > cap * 10) return { total: estimate, exact: false };
  return cappedCount(db, from, cap);
}

export function listSegments(
  db: Db,
  scope: FlightScope,
  query: SegmentsQuery,
  now: Date,
): Promise<KeysetPage<ListedSegment>> {
  const where = listConditions(scope, query, now);
  return keysetPage(query, {
    sort: query.sort,
    key: segments.std,
    id: segments.id,
    descending: query.sort === '-std',
    position: (row) => ({ key: row.segment.std, id: row.segment.id }),
    rows: ({ where: after, orderBy, limit }) =>
      selectSegments(db)
        .where(after ? and(where, after) : where)
        .orderBy(...orderBy)
        .limit(limit),
    // Only the ACI tab filters on a flight column: the other counts read the segments alone.
    count: (cap) =>
      listCount(
        db,
        query.tab === 'aci'
          ? sql`from ${segments} join ${flights} on ${flights.id} = ${segments.flight_id} where ${where}`
          : sql`from ${segments} where ${where}`,
        cap,
      ),
  });
}

/** The segments of a flight (for the flight-wide actions). */
export function segmentIdsOfFlight(db: Db, flightId: number): Promise<number[]> {
  return db
    .select({ id: segments.id })
    .from(segments)
    .where(eq(segments.flight_id, flightId))
    .orderBy(segments.first_leg, segments.last_leg)
    .then((r) => r.map((x) => x.id));
}

export function legsOfFlights(db: Db, flightIds: readonly number[]) {
  if (flightIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      leg: flightLegs,
      origin_timezone: originAirport.timezone,
      destination_timezone: destinationAirport.timezone,
    })
    .from(flightLegs)
    .innerJoin(originAirport, eq(originAirport.iata, flightLegs.origin))
    .innerJoin(destinationAirport, eq(destinationAirport.iata, flightLegs.destination))
    .where(inArray(flightLegs.flight_id, [...flightIds]))
    .orderBy(flightLegs.flight_id, flightLegs.sequence);
}

export type LegWithZones = Awaited<ReturnType<typeof legsOfFlights>>[number];

/** Time zones of airports; unknown airports are absent. */
export async function zonesOf(db: Db, codes: readonly string[]): Promise<Record<string, string>> {
  if (codes.length === 0) return {};
  const rows = await db
    .select({ iata: airports.iata, timezone: airports.timezone })
    .from(airports)
    .where(inArray(airports.iata, [...new Set(codes)]));
  return Object.fromEntries(rows.map((r) => [r.iata, r.timezone]));
}

/** The airline company whose two-character code is this carrier. */
export function airlineOfCarrier(db: Db, carrier: string) {
  return queryRows<{ id: number }>(
    db,
    sql`select id from companies where company_type = 'airline' and airline_code = ${carrier} limit 1`,
  ).then((r) => r[0]?.id ?? null);
}

export function updateSegmentFlags(
  db: Db,
  ids: readonly number[],
  values: Partial<
    Pick<
      typeof segments.$inferInsert,
      'sales_closed' | 'sales_manual' | 'locked' | 'capacity_weight' | 'capacity_volume'
    >
  >,
) {
  return db
    .update(segments)
    .set({ ...values, updated_at: sql`now()` })
    .where(inArray(segments.id, [...ids]));
}

export function updateFlight(
  db: Db,
  id: number,
  values: Partial<Pick<typeof flights.$inferInsert, 'aci_required' | 'notation' | 'schedule_status' | 'segment_type'>>,
) {
  return db
    .update(flights)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(flights.id, id));
}

export function updateLeg(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof flightLegs.$inferInsert, 'aircraft_reg' | 'aircraft_type' | 'etd' | 'eta' | 'atd' | 'ata'>
  >,
) {
  return db.update(flightLegs).set(values).where(eq(flightLegs.id, id));
}

export function insertSchedule(db: Db, values: typeof schedules.$inferInsert) {
  return db
    .insert(schedules)
    .values(values)
    .returning({ id: schedules.id })
    .then((r) => (r[0] as { id: number }).id);
}

export function findSchedule(db: Db, scope: FlightScope, id: number) {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), scopeCondition(scope, sql`${schedules.airline_id}`)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Segments of these flights created by the last statement (ids), for the create answer. */
export function segmentIdsOfFlights(db: Db, flightIds: readonly number[]): Promise<number[]> {
  if (flightIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: segments.id })
    .from(segments)
    .where(inArray(segments.flight_id, [...flightIds]))
    .orderBy(segments.std, segments.id)
    .then((r) => r.map((x) => x.id));
}

export function findSegmentsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectSegments(db)
    .where(inArray(segments.id, [...ids]))
    .orderBy(segments.std, segments.id);
}

export function flightIdsByKeys(db: Db, keys: readonly { carrier: string; number: string; flight_date: string }[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return queryRows<{ id: number }>(
    db,
    sql`select id from ${flights} where (carrier, number, flight_date) in (values ${sql.join(
      keys.map((k) => sql`(${k.carrier}::text, ${k.number}::text, ${k.flight_date}::date)`),
      sql`, `,
    )})`,
  ).then((r) => r.map((x) => Number(x.id)));
}

/** The change log of a segment and of its flight, newest first. */
export function listChangeLogs(db: Db, records: { type: string; id: number }[], window: OffsetWindow) {
  const where = sql.join(
    records.map((r) => sql`(${changeLogs.record_type} = ${r.type} and ${changeLogs.record_id} = ${r.id})`),
    sql` or `,
  );
  return offsetPage(window, {
    rows: ({ limit, offset }) =>
      db
        .select({ log: changeLogs, user_email: users.email })
        .from(changeLogs)
        .leftJoin(users, eq(users.id, changeLogs.user_id))
        .where(where)
        .orderBy(sql`${changeLogs.id} desc`)
        .limit(limit)
        .offset(offset),
    count: () => queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${changeLogs} where ${where}`),
  });
}

export interface CapacityRow {
  key: string;
  override_weight: string | null;
  override_volume: string | null;
  aircraft_weight: string | null;
  aircraft_volume: string | null;
  has_aircraft: boolean;
  payload: string | null;
  pax: string | null;
  manual_average_baggage_weight: string | null;
  total_baggage_weight: string | null;
  total_pax: number | null;
  pax_weight: number | string | null;
}

/**
 * The capacity inputs of route units (a segment or a leg): the airline's capacity of the aircraft type, the payload of
 * the route, type and season, the average passengers of the route and type, the baggage average whose period covers
 * the date (else the latest), and the season's standard passenger weight. Read here with SQL; the capacity helper owns
 * these tables' CRUD.
 */
export function capacityInputs(
  db: Db,
  units: readonly {
    key: string;
    airline_id: number;
    origin: string;
    destination: string;
    aircraft_type: string | null;
    date: string;
    season: string;
    override_weight: string | null;
    override_volume: string | null;
  }[],
): Promise<CapacityRow[]> {
  if (units.length === 0) return Promise.resolve([]);
  return queryRows<CapacityRow>(
    db,
    sql`select u.key, u.override_weight, u.override_volume,
          ac.weight as aircraft_weight, ac.volume as aircraft_volume, (ac.airline_id is not null) as has_aircraft,
          (select p.payload from segment_payloads p where p.airline_id = u.airline_id and p.origin = u.origin
             and p.destination = u.destination and p.aircraft_type = u.aircraft_type and p.season = u.season limit 1) as payload,
          (select x.quantity from pax_od_averages x where x.airline_id = u.airline_id and x.origin = u.origin
             and x.destination = u.destination and x.aircraft_type = u.aircraft_type limit 1) as pax,
          b.manual_average_baggage_weight, b.total_baggage_weight, b.total_pax,
          (st.pax_weights ->> u.season) as pax_weight
        from (values ${sql.join(
          units.map(
            (u) =>
              sql`(${u.key}::text, ${u.airline_id}::int, ${u.origin}::text, ${u.destination}::text, ${u.aircraft_type}::text, ${u.date}::date, ${u.season}::text, ${u.override_weight}::numeric, ${u.override_volume}::numeric)`,
          ),
          sql`, `,
        )}) as u(key, airline_id, origin, destination, aircraft_type, date, season, override_weight, override_volume)
        left join aircraft_capacities ac on ac.airline_id = u.airline_id and ac.aircraft_type = u.aircraft_type
        left join airline_settings st on st.company_id = u.airline_id
        left join lateral (
          select ba.manual_average_baggage_weight, ba.total_baggage_weight, ba.total_pax from baggage_averages ba
          where ba.airline_id = u.airline_id and ba.origin = u.origin and ba.destination = u.destination
          order by (u.date between ba.beginning_of_period and ba.end_of_period) desc, ba.beginning_of_period desc
          limit 1
        ) b on true`,
  );
}

/** Values of the flights a creation made that dated legs do not carry. */
export function setFlightExtras(
  db: Db,
  flightIds: readonly number[],
  values: { aci_required: boolean; notation: string | null; schedule_id: number | null; schedule_status: string },
) {
  if (flightIds.length === 0) return Promise.resolve();
  return db
    .update(flights)
    .set({ ...values, updated_at: sql`now()` })
    .where(inArray(flights.id, [...flightIds]))
    .then(() => undefined);
}

/** Aircraft registrations by leg sequence (index 0 = leg 1) on these flights. */
export async function setLegRegistrations(db: Db, flightIds: readonly number[], regs: readonly (string | null)[]) {
  if (flightIds.length === 0) return;
  for (const [i, reg] of regs.entries()) {
    if (reg === null) continue;
    await db
      .update(flightLegs)
      .set({ aircraft_reg: reg })
      .where(and(inArray(flightLegs.flight_id, [...flightIds]), eq(flightLegs.sequence, i + 1)));
  }
}

export function flightInScope(db: Db, scope: FlightScope, id: number): Promise<boolean> {
  return db
    .select({ id: flights.id })
    .from(flights)
    .where(and(eq(flights.id, id), scopeCondition(scope, sql`${flights.airline_id}`)))
    .limit(1)
    .then((r) => r.length > 0);
}

/** What the booking seam checks of segments. */
export function segmentStates(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: segments.id,
      canceled: segments.canceled,
      locked: segments.locked,
      sales_closed: segments.sales_closed,
      sales_manual: segments.sales_manual,
      sales_open_at: segments.sales_open_at,
      sales_close_at: segments.sales_close_at,
    })
    .from(segments)
    .where(inArray(segments.id, [...ids]));
}
