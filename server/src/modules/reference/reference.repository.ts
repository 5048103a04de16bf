import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { SYNTHETIC_CITY_CODES } from '../../db/reference/airport-cities';
import {
  aircraftTypes,
  airlines,
  airports,
  chargeCodes,
  countries,
  currencies,
  customRegions,
  productCodes,
  specialHandlings,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import {
  containsPattern as containing,
  type OffsetPage,
  type OffsetWindow,
  offsetPage,
} from '../../platform/pagination';

function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export type AirportRow = typeof airports.$inferSelect;

/** A city entry leads the airports of its city in a result, so a picker shows it as their header. */
const cityEntriesFirst = sql`case when ${inArray(airports.iata, [...SYNTHETIC_CITY_CODES])} then 0 else 1 end`;

/**
 * Airports matching a search, best match first: the code itself, then the airports of that city code, then an ICAO
 * code, then names and cities starting with the text, then the rest; city entries first within each of these.
 */
export async function searchAirports(
  db: Db,
  filter: { q?: string; country?: string },
  page: OffsetWindow,
): Promise<OffsetPage<AirportRow>> {
  const conditions: SQL[] = [];
  if (filter.country) conditions.push(eq(airports.country_code, filter.country));
  let rank: SQL | null = null;
  if (filter.q) {
    const code = filter.q.toUpperCase();
    const anywhere = containing(filter.q);
    const prefix = startingWith(filter.q);
    const match = or(
      ilike(airports.iata, anywhere),
      ilike(airports.icao, anywhere),
      ilike(airports.city_code, anywhere),
      ilike(airports.name, anywhere),
      ilike(airports.city_name, anywhere),
      ilike(airports.cyrillic_name, anywhere),
      ilike(airports.cyrillic_city_name, anywhere),
    );
    if (match) conditions.push(match);
    rank = sql`case
      when ${airports.iata} = ${code} then 0
      when ${airports.city_code} = ${code} then 1
      when ${airports.icao} = ${code} then 2
      when ${airports.name} ilike ${prefix} or ${airports.city_name} ilike ${prefix}
        or ${airports.cyrillic_name} ilike ${prefix} or ${airports.cyrillic_city_name} ilike ${prefix} then 3
      else 4 end`;
  }
  const where = conditions.length ? and(...conditions) : undefined;
  return offsetPage(page, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(airports)
        .where(where)
        .orderBy(...(rank ? [rank] : []), cityEntriesFirst, asc(airports.iata))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(airports).where(where),
  });
}

export function findAirport(db: Db, iata: string): Promise<AirportRow | null> {
  return db
    .select()
    .from(airports)
    .where(eq(airports.iata, iata))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export type AirlineRow = typeof airlines.$inferSelect;

/** Airlines matching a search, best match first: IATA code, ICAO code, AWB prefix, then names starting with it. */
export async function searchAirlines(
  db: Db,
  filter: { q?: string },
  page: OffsetWindow,
): Promise<OffsetPage<AirlineRow>> {
  let where: SQL | undefined;
  let rank: SQL | null = null;
  if (filter.q) {
    const code = filter.q.toUpperCase();
    const anywhere = containing(filter.q);
    const prefix = startingWith(filter.q);
    where = or(
      ilike(airlines.iata, anywhere),
      ilike(airlines.icao, anywhere),
      ilike(airlines.awb_prefix, anywhere),
      ilike(airlines.name, anywhere),
      ilike(airlines.cyrillic_name, anywhere),
    );
    rank = sql`case
      when ${airlines.iata} = ${code} then 0
      when ${airlines.icao} = ${code} then 1
      when ${airlines.awb_prefix} = ${code} then 2
      when ${airlines.name} ilike ${prefix} or ${airlines.cyrillic_name} ilike ${prefix} then 3
      else 4 end`;
  }
  return offsetPage(page, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(airlines)
        .where(where)
        .orderBy(...(rank ? [rank] : []), asc(airlines.name), asc(airlines.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(airlines).where(where),
  });
}

export function findAirline(db: Db, id: number): Promise<AirlineRow | null> {
  return db
    .select()
    .from(airlines)
    .where(eq(airlines.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function listCountries(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.name));
}

export function listCustomRegions(db: Db) {
  return db.select().from(customRegions).orderBy(asc(customRegions.code));
}

export function listAircraftTypes(db: Db) {
  return db.select().from(aircraftTypes).orderBy(asc(aircraftTypes.iata));
}

export function listSpecialHandlings(db: Db) {
  return db.select().from(specialHandlings).orderBy(asc(specialHandlings.code));
}

export function listProductCodes(db: Db) {
  return db.select().from(productCodes).orderBy(asc(productCodes.code));
}

export function listChargeCodes(db: Db) {
  return db.select().from(chargeCodes).orderBy(asc(chargeCodes.code));
}

export function listCurrencies(db: Db) {
  return db.select().from(currencies).orderBy(asc(currencies.code));
}
