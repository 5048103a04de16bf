import { type SQL, sql } from 'drizzle-orm';
import { flightLegs, flights, segments } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';

/**
 * The SQL of the schedule store (decision 017): dated legs read by carrier and period, and the batched writes that apply
 * a schedule diff. Every write is a multi-row statement of at most CHUNK rows, so that an import of tens of thousands of
 * legs is a few dozen statements, not tens of thousands.
 */

const CHUNK = 1000;

/** A UTC instant as DatedLeg writes it: `YYYY-MM-DDTHH:mm:ssZ`. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

async function chunked<T, R>(rows: readonly T[], run: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await run(rows.slice(i, i + CHUNK))));
  return out;
}

export interface StoredLegRow {
  flight_id: number;
  carrier: string;
  number: string;
  flight_date: string;
  segment_type: string;
  leg_id: number;
  sequence: number;
  origin: string;
  destination: string;
  aircraft_type: string | null;
  std: string;
  sta: string;
  canceled: boolean;
  departure_variation: number;
  arrival_variation: number;
}

/** Legs of an airline's carrier with flight dates in [from, to], with the local-date variations of their times. */
export function selectDatedLegs(
  db: Db,
  q: { airlineId: number; carrier: string; from: string; to: string },
): Promise<StoredLegRow[]> {
  return queryRows<StoredLegRow>(
    db,
    sql`select f.id as flight_id, f.carrier, f.number, f.flight_date::text as flight_date, f.segment_type,
          l.id as leg_id, l.sequence, l.origin, l.destination, l.aircraft_type,
          ${isoUtc(sql`l.std`)} as std, ${isoUtc(sql`l.sta`)} as sta, (l.canceled or f.canceled) as canceled,
          ((l.std at time zone ao.timezone)::date - f.flight_date) as departure_variation,
          ((l.sta at time zone ad.timezone)::date - f.flight_date) as arrival_variation
        from ${flights} f
        join ${flightLegs} l on l.flight_id = f.id
        join airports ao on ao.iata = l.origin
        join airports ad on ad.iata = l.destination
        where f.airline_id = ${q.airlineId} and f.carrier = ${q.carrier}
          and f.flight_date between ${q.from}::date and ${q.to}::date
        order by f.flight_date, f.number, l.sequence`,
  );
}

export interface FlightKey {
  carrier: string;
  number: string;
  flight_date: string;
}

export interface StoredFlightRow extends FlightKey {
  id: number;
  airline_id: number;
  segment_type: string;
  canceled: boolean;
  schedule_status: string;
  schedule_id: number | null;
}

/** Flights by designator and flight date, whichever airline holds them. */
export function findFlightsByKeys(db: Db, keys: readonly FlightKey[]): Promise<StoredFlightRow[]> {
  return chunked(keys, (part) =>
    queryRows<StoredFlightRow>(
      db,
      sql`select f.id, f.airline_id, f.carrier, f.number, f.flight_date::text as flight_date, f.segment_type,
            f.canceled, f.schedule_status, f.schedule_id
          from ${flights} f
          where (f.carrier, f.number, f.flight_date) in (values ${sql.join(
            part.map((k) => sql`(${k.carrier}::text, ${k.number}::text, ${k.flight_date}::date)`),
            sql`, `,
          )})`,
    ),
  );
}

export type FlightInsert = typeof flights.$inferInsert;

export function insertFlights(db: Db, rows: readonly FlightInsert[]): Promise<StoredFlightRow[]> {
  return chunked(rows, (part) =>
    db.insert(flights).values(part).returning({
      id: flights.id,
      airline_id: flights.airline_id,
      carrier: flights.carrier,
      number: flights.number,
      flight_date: flights.flight_date,
      segment_type: flights.segment_type,
      canceled: flights.canceled,
      schedule_status: flights.schedule_status,
      schedule_id: flights.schedule_id,
    }),
  );
}

export interface FlightUpdate {
  id: number;
  segment_type: string;
  canceled: boolean;
  schedule_status: string;
}

export async function updateFlights(db: Db, rows: readonly FlightUpdate[]): Promise<void> {
  await chunked(rows, async (part) => {
    await db.execute(
      sql`update ${flights} as f set segment_type = v.segment_type, canceled = v.canceled,
            schedule_status = v.schedule_status, updated_at = now()
          from (values ${sql.join(
            part.map(
              (r) => sql`(${r.id}::int, ${r.segment_type}::text, ${r.canceled}::boolean, ${r.schedule_status}::text)`,
            ),
            sql`, `,
          )}) as v(id, segment_type, canceled, schedule_status)
          where f.id = v.id`,
    );
    return [];
  });
}

export interface LegRow {
  id: number;
  flight_id: number;
  sequence: number;
  origin: string;
  destination: string;
  aircraft_type: string | null;
  std: string;
  sta: string;
  canceled: boolean;
}

export function selectLegsOfFlights(db: Db, flightIds: readonly number[]): Promise<LegRow[]> {
  return chunked(flightIds, (part) =>
    queryRows<LegRow>(
      db,
      sql`select l.id, l.flight_id, l.sequence, l.origin, l.destination, l.aircraft_type,
            ${isoUtc(sql`l.std`)} as std, ${isoUtc(sql`l.sta`)} as sta, l.canceled
          from ${flightLegs} l
          where l.flight_id in (${sql.join(
            part.map((id) => sql`${id}::int`),
            sql`, `,
          )})
          order by l.flight_id, l.sequence`,
    ),
  );
}

export type LegValues = Omit<LegRow, 'id'>;

export function insertLegs(
  db: Db,
  rows: readonly LegValues[],
): Promise<{ id: number; flight_id: number; sequence: number }[]> {
  return chunked(rows, (part) =>
    db
      .insert(flightLegs)
      .values(
        part.map((l) => ({
          flight_id: l.flight_id,
          sequence: l.sequence,
          origin: l.origin,
          destination: l.destination,
          aircraft_type: l.aircraft_type,
          std: new Date(l.std),
          sta: new Date(l.sta),
          canceled: l.canceled,
        })),
      )
      .returning({ id: flightLegs.id, flight_id: flightLegs.flight_id, sequence: flightLegs.sequence }),
  );
}

export async function updateLegs(db: Db, rows: readonly LegRow[]): Promise<void> {
  await chunked(rows, async (part) => {
    await db.execute(
      sql`update ${flightLegs} as l set origin = v.origin, destination = v.destination, aircraft_type = v.aircraft_type,
            std = v.std, sta = v.sta, canceled = v.canceled
          from (values ${sql.join(
            part.map(
              (r) =>
                sql`(${r.id}::int, ${r.origin}::text, ${r.destination}::text, ${r.aircraft_type}::text, ${r.std}::timestamptz, ${r.sta}::timestamptz, ${r.canceled}::boolean)`,
            ),
            sql`, `,
          )}) as v(id, origin, destination, aircraft_type, std, sta, canceled)
          where l.id = v.id`,
    );
    return [];
  });
}

export interface SegmentRow {
  id: number;
  flight_id: number;
  first_leg: number;
  last_leg: number;
  origin: string;
  destination: string;
  std: string;
  sta: string;
  canceled: boolean;
  sales_manual: boolean;
  sales_open_at: string | null;
  sales_close_at: string | null;
}

export function selectSegmentsOfFlights(db: Db, flightIds: readonly number[]): Promise<SegmentRow[]> {
  return chunked(flightIds, (part) =>
    queryRows<SegmentRow>(
      db,
      sql`select s.id, s.flight_id, s.first_leg, s.last_leg, s.origin, s.destination,
            ${isoUtc(sql`s.std`)} as std, ${isoUtc(sql`s.sta`)} as sta, s.canceled, s.sales_manual,
            ${isoUtc(sql`s.sales_open_at`)} as sales_open_at, ${isoUtc(sql`s.sales_close_at`)} as sales_close_at
          from ${segments} s
          where s.flight_id in (${sql.join(
            part.map((id) => sql`${id}::int`),
            sql`, `,
          )})`,
    ),
  );
}

export interface SegmentValues {
  flight_id: number;
  airline_id: number;
  carrier: string;
  number: string;
  flight_date: string;
  first_leg: number;
  last_leg: number;
  origin: string;
  destination: string;
  std: string;
  sta: string;
  sales_open_at: string | null;
  sales_close_at: string | null;
}

export function insertSegments(
  db: Db,
  rows: readonly SegmentValues[],
): Promise<{ id: number; flight_id: number; first_leg: number; last_leg: number }[]> {
  return chunked(rows, (part) =>
    db
      .insert(segments)
      .values(
        part.map((s) => ({
          ...s,
          std: new Date(s.std),
          sta: new Date(s.sta),
          sales_open_at: s.sales_open_at ? new Date(s.sales_open_at) : null,
          sales_close_at: s.sales_close_at ? new Date(s.sales_close_at) : null,
        })),
      )
      .returning({
        id: segments.id,
        flight_id: segments.flight_id,
        first_leg: segments.first_leg,
        last_leg: segments.last_leg,
      }),
  );
}

export interface SegmentUpdate {
  id: number;
  origin: string;
  destination: string;
  std: string;
  sta: string;
  canceled: boolean;
  sales_open_at: string | null;
  sales_close_at: string | null;
}

export async function updateSegments(db: Db, rows: readonly SegmentUpdate[]): Promise<void> {
  await chunked(rows, async (part) => {
    await db.execute(
      sql`update ${segments} as s set origin = v.origin, destination = v.destination, std = v.std, sta = v.sta,
            canceled = v.canceled, sales_open_at = v.sales_open_at, sales_close_at = v.sales_close_at, updated_at = now()
          from (values ${sql.join(
            part.map(
              (r) =>
                sql`(${r.id}::int, ${r.origin}::text, ${r.destination}::text, ${r.std}::timestamptz, ${r.sta}::timestamptz, ${r.canceled}::boolean, ${r.sales_open_at}::timestamptz, ${r.sales_close_at}::timestamptz)`,
            ),
            sql`, `,
          )}) as v(id, origin, destination, std, sta, canceled, sales_open_at, sales_close_at)
          where s.id = v.id`,
    );
    return [];
  });
}

/** The airline's sales_open_rules (empty without settings). */
export async function selectSalesOpenRules(
  db: Db,
  airlineId: number,
): Promise<{ open_days_before_std: number; close_hours_before_std: number }[]> {
  const rows = await queryRows<{ rules: { open_days_before_std: number; close_hours_before_std: number }[] }>(
    db,
    sql`select sales_open_rules as rules from airline_settings where company_id = ${airlineId}`,
  );
  return rows[0]?.rules ?? [];
}
