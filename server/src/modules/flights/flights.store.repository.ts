import { type SQL, sql } from 'drizzle-orm';
import { flightLegs, flights, segments } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';

/**
 * The SQL of the schedule store (decision 017): dated legs read by carrier and period, and the batched writes that apply
 * a schedule diff. Every write is one statement per table for up to CHUNK rows whose values travel as one array
 * parameter per column (INSERT ... SELECT FROM unnest, UPDATE ... FROM unnest): the statement text and its parameter
 * count stay the same whatever the row count, so that an import of a year of legs is a few statements per chunk of
 * days, and building the statement costs nothing next to running it.
 */

const CHUNK = 5000;

/** A UTC instant as DatedLeg writes it: `YYYY-MM-DDTHH:mm:ssZ`. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

type Scalar = string | number | boolean | null;

/** A PostgreSQL array literal (`{"a",NULL,1}`): text elements quoted, `"` and `\` escaped, null as NULL. */
export function arrayLiteral(values: readonly Scalar[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as Scalar;
    if (i > 0) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'string') out += `"${v.replace(/["\\]/g, '\\$&')}"`;
    else out += String(v);
  }
  return `${out}}`;
}

/** One column of values as a typed array parameter: `$n::type[]`. */
function column(values: readonly Scalar[], type: string): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

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
          from unnest(${column(
            part.map((k) => k.carrier),
            'text',
          )}, ${column(
            part.map((k) => k.number),
            'text',
          )}, ${column(
            part.map((k) => k.flight_date),
            'date',
          )}) as k(carrier, number, flight_date)
          join ${flights} f on f.carrier = k.carrier and f.number = k.number and f.flight_date = k.flight_date`,
    ),
  );
}

export interface FlightInsert {
  airline_id: number;
  carrier: string;
  number: string;
  flight_date: string;
  segment_type: string;
  schedule_status: string;
  schedule_id: number | null;
  canceled: boolean;
}

export function insertFlights(db: Db, rows: readonly FlightInsert[]): Promise<StoredFlightRow[]> {
  return chunked(rows, (part) =>
    queryRows<StoredFlightRow>(
      db,
      sql`insert into ${flights} (airline_id, carrier, number, flight_date, segment_type, schedule_status, schedule_id,
            canceled)
          select * from unnest(${column(
            part.map((f) => f.airline_id),
            'int',
          )}, ${column(
            part.map((f) => f.carrier),
            'text',
          )}, ${column(
            part.map((f) => f.number),
            'text',
          )}, ${column(
            part.map((f) => f.flight_date),
            'date',
          )}, ${column(
            part.map((f) => f.segment_type),
            'text',
          )}, ${column(
            part.map((f) => f.schedule_status),
            'text',
          )}, ${column(
            part.map((f) => f.schedule_id),
            'int',
          )}, ${column(
            part.map((f) => f.canceled),
            'boolean',
          )})
          returning id, airline_id, carrier, number, flight_date::text as flight_date, segment_type, canceled,
            schedule_status, schedule_id`,
    ),
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
          from unnest(${column(
            part.map((r) => r.id),
            'int',
          )}, ${column(
            part.map((r) => r.segment_type),
            'text',
          )}, ${column(
            part.map((r) => r.canceled),
            'boolean',
          )}, ${column(
            part.map((r) => r.schedule_status),
            'text',
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

/** The legs of flights, in one statement per CHUNK flights. */
export function selectLegsOfFlights(db: Db, flightIds: readonly number[]): Promise<LegRow[]> {
  return chunked(flightIds, (part) =>
    queryRows<LegRow>(
      db,
      sql`select l.id, l.flight_id, l.sequence, l.origin, l.destination, l.aircraft_type,
            ${isoUtc(sql`l.std`)} as std, ${isoUtc(sql`l.sta`)} as sta, l.canceled
          from ${flightLegs} l
          where l.flight_id = any(${column(part, 'int')})
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
    queryRows<{ id: number; flight_id: number; sequence: number }>(
      db,
      sql`insert into ${flightLegs} (flight_id, sequence, origin, destination, aircraft_type, std, sta, canceled)
          select * from unnest(${column(
            part.map((l) => l.flight_id),
            'int',
          )}, ${column(
            part.map((l) => l.sequence),
            'smallint',
          )}, ${column(
            part.map((l) => l.origin),
            'text',
          )}, ${column(
            part.map((l) => l.destination),
            'text',
          )}, ${column(
            part.map((l) => l.aircraft_type),
            'text',
          )}, ${column(
            part.map((l) => l.std),
            'timestamptz',
          )}, ${column(
            part.map((l) => l.sta),
            'timestamptz',
          )}, ${column(
            part.map((l) => l.canceled),
            'boolean',
          )})
          returning id, flight_id, sequence`,
    ),
  );
}

export async function updateLegs(db: Db, rows: readonly LegRow[]): Promise<void> {
  await chunked(rows, async (part) => {
    await db.execute(
      sql`update ${flightLegs} as l set origin = v.origin, destination = v.destination, aircraft_type = v.aircraft_type,
            std = v.std, sta = v.sta, canceled = v.canceled
          from unnest(${column(
            part.map((r) => r.id),
            'int',
          )}, ${column(
            part.map((r) => r.origin),
            'text',
          )}, ${column(
            part.map((r) => r.destination),
            'text',
          )}, ${column(
            part.map((r) => r.aircraft_type),
            'text',
          )}, ${column(
            part.map((r) => r.std),
            'timestamptz',
          )}, ${column(
            part.map((r) => r.sta),
            'timestamptz',
          )}, ${column(
            part.map((r) => r.canceled),
            'boolean',
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

/** The segments of flights, in one statement per CHUNK flights. */
export function selectSegmentsOfFlights(db: Db, flightIds: readonly number[]): Promise<SegmentRow[]> {
  return chunked(flightIds, (part) =>
    queryRows<SegmentRow>(
      db,
      sql`select s.id, s.flight_id, s.first_leg, s.last_leg, s.origin, s.destination,
            ${isoUtc(sql`s.std`)} as std, ${isoUtc(sql`s.sta`)} as sta, s.canceled, s.sales_manual,
            ${isoUtc(sql`s.sales_open_at`)} as sales_open_at, ${isoUtc(sql`s.sales_close_at`)} as sales_close_at
          from ${segments} s
          where s.flight_id = any(${column(part, 'int')})`,
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

/** Inserts segments; answers their ids with the flight and legs that identify them (in no promised order). */
export function insertSegments(
  db: Db,
  rows: readonly SegmentValues[],
): Promise<{ id: number; flight_id: number; first_leg: number; last_leg: number }[]> {
  return chunked(rows, (part) =>
    queryRows<{ id: number; flight_id: number; first_leg: number; last_leg: number }>(
      db,
      sql`insert into ${segments} (flight_id, airline_id, carrier, number, flight_date, first_leg, last_leg, origin,
            destination, std, sta, sales_open_at, sales_close_at)
          select * from unnest(${column(
            part.map((s) => s.flight_id),
            'int',
          )}, ${column(
            part.map((s) => s.airline_id),
            'int',
          )}, ${column(
            part.map((s) => s.carrier),
            'text',
          )}, ${column(
            part.map((s) => s.number),
            'text',
          )}, ${column(
            part.map((s) => s.flight_date),
            'date',
          )}, ${column(
            part.map((s) => s.first_leg),
            'smallint',
          )}, ${column(
            part.map((s) => s.last_leg),
            'smallint',
          )}, ${column(
            part.map((s) => s.origin),
            'text',
          )}, ${column(
            part.map((s) => s.destination),
            'text',
          )}, ${column(
            part.map((s) => s.std),
            'timestamptz',
          )}, ${column(
            part.map((s) => s.sta),
            'timestamptz',
          )}, ${column(
            part.map((s) => s.sales_open_at),
            'timestamptz',
          )}, ${column(
            part.map((s) => s.sales_close_at),
            'timestamptz',
          )})
          returning id, flight_id, first_leg, last_leg`,
    ),
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
          from unnest(${column(
            part.map((r) => r.id),
            'int',
          )}, ${column(
            part.map((r) => r.origin),
            'text',
          )}, ${column(
            part.map((r) => r.destination),
            'text',
          )}, ${column(
            part.map((r) => r.std),
            'timestamptz',
          )}, ${column(
            part.map((r) => r.sta),
            'timestamptz',
          )}, ${column(
            part.map((r) => r.canceled),
            'boolean',
          )}, ${column(
            part.map((r) => r.sales_open_at),
            'timestamptz',
          )}, ${column(
            part.map((r) => r.sales_close_at),
            'timestamptz',
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
