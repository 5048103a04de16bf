import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db';

/** A sellable dated segment as the timetable index is fed (decision 016), before its capacity is computed. */
export interface TimetableRow {
  id: number;
  flight_id: number;
  airline_id: number;
  carrier: string;
  number: string;
  flight_date: string;
  origin: string;
  destination: string;
  std: Date;
  sta: Date;
  canceled: boolean;
  sales_closed: boolean;
  sales_open_at: Date | null;
  sales_close_at: Date | null;
  locked: boolean;
  capacity_weight: string | null;
  capacity_volume: string | null;
  segment_type: string;
  aircraft_type: string | null;
}

/** Which segments to read: all in the window, or those of some segment, flight or airline ids. */
export type TimetableSelection =
  | { kind: 'window' }
  | { kind: 'segments'; ids: readonly number[] }
  | { kind: 'flights'; ids: readonly number[] }
  | { kind: 'airlines'; ids: readonly number[] };

const idArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;

/**
 * Segments departing in [from, to) (technical stops, type X, are not sold), with the flight's type and cancellation
 * (a cancelled flight or any cancelled leg the segment flies cancels it) and the aircraft of its first leg.
 */
export function timetableRows(db: Db, selection: TimetableSelection, from: Date, to: Date): Promise<TimetableRow[]> {
  let only: SQL = sql`true`;
  if (selection.kind === 'segments') only = sql`s.id = any(${idArray(selection.ids)})`;
  if (selection.kind === 'flights') only = sql`s.flight_id = any(${idArray(selection.ids)})`;
  if (selection.kind === 'airlines') only = sql`s.airline_id = any(${idArray(selection.ids)})`;
  return queryRows<TimetableRow>(
    db,
    sql`select s.id, s.flight_id, s.airline_id, s.carrier, s.number, s.flight_date::text as flight_date,
          s.origin, s.destination, s.std, s.sta,
          (s.canceled or f.canceled or exists (
            select 1 from flight_legs x
            where x.flight_id = s.flight_id and x.sequence between s.first_leg and s.last_leg and x.canceled
          )) as canceled,
          s.sales_closed, s.sales_open_at, s.sales_close_at, s.locked, s.capacity_weight, s.capacity_volume,
          f.segment_type, l.aircraft_type
        from segments s
        join flights f on f.id = s.flight_id
        left join flight_legs l on l.flight_id = s.flight_id and l.sequence = s.first_leg
        where ${only} and s.std >= ${from.toISOString()}::timestamptz and s.std < ${to.toISOString()}::timestamptz
          and f.segment_type <> 'X'
        order by s.id`,
  ).then((rows) =>
    rows.map((r) => ({
      ...r,
      std: new Date(r.std),
      sta: new Date(r.sta),
      sales_open_at: r.sales_open_at ? new Date(r.sales_open_at) : null,
      sales_close_at: r.sales_close_at ? new Date(r.sales_close_at) : null,
    })),
  );
}

export interface PlaceRow {
  iata: string;
  city_code: string;
  country_code: string;
  timezone: string;
}

/** Every airport with its city, country and zone (city codes, domestic connections, local dates). */
export function places(db: Db): Promise<PlaceRow[]> {
  return queryRows<PlaceRow>(db, sql`select iata, city_code, country_code, timezone from airports`);
}

export function placesOf(db: Db, code: string): Promise<PlaceRow[]> {
  return queryRows<PlaceRow>(
    db,
    sql`select iata, city_code, country_code, timezone from airports
        where city_code = ${code} or iata = ${code} order by (iata = ${code}) desc, iata`,
  );
}

/** Each airline company's carrier code and the carriers its accepted interline AWB prefixes resolve to. */
export function interlineTable(db: Db): Promise<{ carrier: string; accepted: string[] }[]> {
  return queryRows<{ carrier: string; accepted: string[] | null }>(
    db,
    sql`select c.airline_code as carrier,
          (select array_agg(distinct coalesce(oc.airline_code, ra.iata))
             from unnest(coalesce(st.interline_accepted_prefixes, '{}'::text[])) as p(prefix)
             left join airline_settings os on os.awb_prefix = p.prefix
             left join companies oc on oc.id = os.company_id and oc.airline_code is not null
             left join airlines ra on ra.awb_prefix = p.prefix
            where coalesce(oc.airline_code, ra.iata) is not null) as accepted
        from companies c
        left join airline_settings st on st.company_id = c.id
        where c.company_type = 'airline' and c.airline_code is not null`,
  ).then((rows) => rows.map((r) => ({ carrier: r.carrier, accepted: r.accepted ?? [] })));
}

export function permittedRouteTable(
  db: Db,
): Promise<{ carrier: string; origin: string; destination: string; via: string[] | null }[]> {
  return queryRows(
    db,
    sql`select c.airline_code as carrier, p.origin, p.destination, p.via
        from permitted_routes p join companies c on c.id = p.airline_id
        where c.airline_code is not null order by p.id`,
  );
}

export function connectionTimeTable(db: Db): Promise<
  {
    airport: string;
    minutes: number;
    arrival_carrier: string | null;
    departure_carrier: string | null;
    connection_type: string | null;
  }[]
> {
  return queryRows(
    db,
    sql`select airport, minutes, arrival_carrier, departure_carrier, connection_type from connection_times order by id`,
  );
}

/** Carrier codes of the airlines a forwarder holds an agreement with that is in force on `day` (YYYY-MM-DD). */
export function agreementCarriers(db: Db, forwarderId: number, day: string): Promise<string[]> {
  return queryRows<{ carrier: string }>(
    db,
    sql`select distinct c.airline_code as carrier
        from agreements a join companies c on c.id = a.supplier_id
        where a.client_id = ${forwarderId} and c.airline_code is not null
          and a.effective_from <= ${day}::date and (a.effective_to is null or a.effective_to >= ${day}::date)`,
  ).then((rows) => rows.map((r) => r.carrier));
}

export function companyTypeOf(db: Db, id: number): Promise<string | null> {
  return queryRows<{ company_type: string }>(db, sql`select company_type from companies where id = ${id}`).then(
    (rows) => rows[0]?.company_type ?? null,
  );
}

/** What effective bookings hold on each of the segments (their counters), for those that have any. */
export async function bookedOn(
  db: Db,
  segmentIds: readonly number[],
): Promise<Map<number, { kg: number; m3: number }>> {
  if (segmentIds.length === 0) return new Map();
  const rows = await queryRows<{ segment_id: number; booked_weight: string; booked_volume: string }>(
    db,
    sql`select segment_id, booked_weight, booked_volume from segment_capacity
        where segment_id = any(${idArray(segmentIds)}) and (booked_weight > 0 or booked_volume > 0)`,
  );
  return new Map(rows.map((r) => [r.segment_id, { kg: Number(r.booked_weight), m3: Number(r.booked_volume) }]));
}
