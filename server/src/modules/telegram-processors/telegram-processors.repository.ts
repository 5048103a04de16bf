import { and, eq, sql } from 'drizzle-orm';
import { flightDocuments } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';

/** A sellable segment named by carrier, flight number, date and route. */
export interface SegmentMatch {
  id: number;
  flight_id: number;
  airline_id: number;
  flight_date: string;
  origin: string;
  destination: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Segments of `carrier` `number` on one of `dates` from `origin` to `destination` (not cancelled first). */
export async function findSegments(
  db: Db,
  v: { carrier: string; number: string; dates: readonly string[]; origin: string; destination: string },
): Promise<SegmentMatch[]> {
  if (v.dates.length === 0) return [];
  return queryRows<SegmentMatch>(
    db,
    sql`select s.id, s.flight_id, s.airline_id, s.flight_date::text as flight_date, s.origin, s.destination
        from segments s
        where s.carrier = ${v.carrier} and s.number = ${v.number} and s.flight_date in (${list(v.dates)})
          and s.origin = ${v.origin} and s.destination = ${v.destination}
        order by s.canceled, s.flight_date, s.id`,
  );
}

/** A leg of a dated flight found by carrier, number, one of `dates` and a station it leaves from or arrives at. */
export interface LegMatch {
  flight_id: number;
  airline_id: number;
  flight_date: string;
  leg_id: number;
  sequence: number;
  origin: string;
  destination: string;
}

/** Where the station is on the leg: its departure, its arrival, either, or anywhere (the flight's legs, in order). */
export type StationAt = 'origin' | 'destination' | 'either' | 'none';

export async function findLegs(
  db: Db,
  v: { carrier: string; number: string; dates: readonly string[]; station: string; at: StationAt },
): Promise<LegMatch[]> {
  if (v.dates.length === 0) return [];
  const station =
    v.at === 'origin'
      ? sql`l.origin = ${v.station}`
      : v.at === 'destination'
        ? sql`l.destination = ${v.station}`
        : v.at === 'either'
          ? sql`(l.origin = ${v.station} or l.destination = ${v.station})`
          : sql`true`;
  return queryRows<LegMatch>(
    db,
    sql`select f.id as flight_id, f.airline_id, f.flight_date::text as flight_date, l.id as leg_id, l.sequence,
          l.origin, l.destination
        from flights f join flight_legs l on l.flight_id = f.id
        where f.carrier = ${v.carrier} and f.number = ${v.number} and f.flight_date in (${list(v.dates)})
          and ${station}
        order by f.canceled, l.canceled, f.flight_date, l.sequence`,
  );
}

/** A segment of a flight, the one covering exactly `sequence` first (to write leg times through the flights service). */
export async function segmentOfLeg(db: Db, flightId: number, sequence: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from segments where flight_id = ${flightId}
        order by (first_leg = ${sequence} and last_leg = ${sequence}) desc, id limit 1`,
  );
  return row?.id ?? null;
}

/** The scheduled times of a leg (to place an AHM time given without a date). */
export async function legTimes(db: Db, legId: number): Promise<{ std: Date; sta: Date } | null> {
  const [row] = await queryRows<{ std: Date | string; sta: Date | string }>(
    db,
    sql`select std, sta from flight_legs where id = ${legId}`,
  );
  return row ? { std: new Date(row.std), sta: new Date(row.sta) } : null;
}

export interface CompanyMatch {
  id: number;
  company_type: string;
  short_name: string;
}

/** A forwarder by its IATA code, one of its CASS codes or its Cargo-IMP SITA address (in that order). */
export async function findForwarder(
  db: Db,
  v: { iataCode?: string | undefined; cassCode?: string | undefined; address?: string | undefined },
): Promise<CompanyMatch | null> {
  const tries: ReturnType<typeof sql>[] = [];
  if (v.iataCode) tries.push(sql`forwarder_iata_code = ${v.iataCode}`);
  if (v.cassCode) tries.push(sql`${v.cassCode} = any(cass_codes)`);
  if (v.address) tries.push(sql`upper(cimp_sita) = ${v.address.toUpperCase()}`);
  for (const condition of tries) {
    const [row] = await queryRows<CompanyMatch>(
      db,
      sql`select id, company_type, short_name from companies
          where company_type = 'forwarder' and ${condition}
          order by id limit 1`,
    );
    if (row) return row;
  }
  return null;
}

/** The air waybills of the given numbers that exist on the platform. */
export async function existingWaybills(db: Db, mawbs: readonly string[]): Promise<Map<string, number>> {
  if (mawbs.length === 0) return new Map();
  const rows = await queryRows<{ id: number; mawb: string }>(
    db,
    sql`select id, mawb from air_waybills where mawb in (${list([...new Set(mawbs)])})`,
  );
  return new Map(rows.map((r) => [r.mawb, r.id]));
}

export type FlightDocumentRow = typeof flightDocuments.$inferSelect;
export type FlightDocumentInsert = typeof flightDocuments.$inferInsert;

export async function documentOfTelegram(db: Db, telegramId: number): Promise<FlightDocumentRow | null> {
  const [row] = await db.select().from(flightDocuments).where(eq(flightDocuments.telegram_id, telegramId)).limit(1);
  return row ?? null;
}

/** A document of the same content on the flight that came with another telegram. */
export async function sameDocument(
  db: Db,
  v: { flightId: number; messageType: string; contentHash: string; exceptTelegramId: number },
): Promise<FlightDocumentRow | null> {
  const [row] = await db
    .select()
    .from(flightDocuments)
    .where(
      and(
        eq(flightDocuments.flight_id, v.flightId),
        eq(flightDocuments.message_type, v.messageType),
        eq(flightDocuments.content_hash, v.contentHash),
        sql`${flightDocuments.telegram_id} <> ${v.exceptTelegramId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertDocument(db: Db, v: FlightDocumentInsert): Promise<FlightDocumentRow> {
  const [row] = await db.insert(flightDocuments).values(v).returning();
  return row as FlightDocumentRow;
}

export async function replaceDocument(
  db: Db,
  id: number,
  v: Omit<FlightDocumentInsert, 'id' | 'telegram_id' | 'created_at' | 'updated_at'>,
): Promise<FlightDocumentRow> {
  const [row] = await db
    .update(flightDocuments)
    .set({ ...v, updated_at: new Date() })
    .where(eq(flightDocuments.id, id))
    .returning();
  return row as FlightDocumentRow;
}

/** The documents of a flight in arrival order (for the flight's page and for checks). */
export function documentsOfFlight(db: Db, flightId: number): Promise<FlightDocumentRow[]> {
  return db
    .select()
    .from(flightDocuments)
    .where(eq(flightDocuments.flight_id, flightId))
    .orderBy(flightDocuments.message_type, flightDocuments.part, flightDocuments.id);
}
