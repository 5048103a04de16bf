import { errorBody } from '@aircargo/contract/common';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIRCRAFT_TYPES } from '../../db/reference/aircraft-types';
import { AIRLINES } from '../../db/reference/airlines';
import { METRO_CITIES } from '../../db/reference/airport-cities';
import { buildAirports, isValidTimeZone } from '../../db/reference/airports';
import { CYRILLIC_AIRPORTS } from '../../db/reference/airports-cyrillic';
import { CHARGE_CODES } from '../../db/reference/charge-codes';
import { buildCountries, CUSTOM_REGIONS } from '../../db/reference/countries';
import { CURRENCIES } from '../../db/reference/currencies';
import { PRODUCT_CODES } from '../../db/reference/product-codes';
import { REFERENCE_TABLES, seedReference } from '../../db/reference/seed';
import { SPECIAL_HANDLINGS } from '../../db/reference/special-handlings';
import { queryRows } from '../../platform/db';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const token = await ctx.signIn(DEMO.fwdB);

function get(url: string, as: string | null = token) {
  return app.inject({ method: 'GET', url, headers: as ? ctx.as(as) : {} });
}

interface Page<T> {
  data: T[];
  meta: { total_count: number; total_pages: number; current_page: number; per_page: number };
}

const AIRPORT_FIELDS = [
  'iata',
  'icao',
  'name',
  'full_name',
  'cyrillic_name',
  'city_code',
  'city_name',
  'cyrillic_city_name',
  'country_code',
  'latitude',
  'longitude',
  'timezone',
  'separator',
];

/** Every list route and the exact fields of its items (seed 001 section 3, plus the ICAO designator of a type). */
const LISTS: Record<string, { fields: string[]; paginated: boolean }> = {
  '/api/v3/airports': { fields: AIRPORT_FIELDS, paginated: true },
  '/api/v3/countries': { fields: ['alpha_2', 'name', 'cyrillic_name'], paginated: false },
  '/api/v3/custom_regions': { fields: ['code', 'name', 'countries'], paginated: false },
  '/api/v3/airlines': {
    fields: ['id', 'iata', 'icao', 'awb_prefix', 'name', 'cyrillic_name', 'country_code'],
    paginated: true,
  },
  '/api/v3/aircraft_types': { fields: ['iata', 'icao', 'description'], paginated: false },
  '/api/v3/special_handlings': { fields: ['code', 'description', 'description_cyrillic'], paginated: false },
  '/api/v3/product_codes': { fields: ['code', 'description'], paginated: false },
  '/api/v3/charge_codes': { fields: ['code', 'description', 'due'], paginated: false },
  '/api/v3/currencies': { fields: ['code', 'name', 'decimals'], paginated: false },
};

const ALL_ROUTES = [...Object.keys(LISTS), '/api/v3/airports/SVO', '/api/v3/airlines/1'];

describe('reference routes', () => {
  it('refuses an anonymous caller on every route with 401 in the error model', async () => {
    for (const url of ALL_ROUTES) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
      expect(() => errorBody.parse(response.json()), url).not.toThrow();
    }
  });

  it('answers every list with items of exactly the specified fields, cacheable for 600 s', async () => {
    for (const [url, { fields, paginated }] of Object.entries(LISTS)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, max-age=600');
      const body = response.json();
      const items = (paginated ? body.data : body) as Record<string, unknown>[];
      if (paginated) expect(Object.keys(body).sort(), url).toEqual(['data', 'meta']);
      else expect(Array.isArray(body), url).toBe(true);
      expect(items.length, url).toBeGreaterThan(0);
      for (const item of items) expect(Object.keys(item).sort(), url).toEqual([...fields].sort());
    }
  });

  it('refuses a bad page size with 422 in the error model', async () => {
    for (const url of [
      '/api/v3/airports?per_page=0',
      '/api/v3/airports?per_page=abc',
      '/api/v3/airports?per_page=201',
      '/api/v3/airports?page=0',
      '/api/v3/airlines?per_page=0',
      '/api/v3/airlines?per_page=abc',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
      const body = errorBody.parse(response.json());
      expect(body.error, url).toBe('ValidationFailed');
      expect(Object.keys(body.errors).length, url).toBeGreaterThan(0);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const path of ['/api/v3/airports', '/api/v3/airports/{iata}', '/api/v3/airlines/{id}', '/api/v3/currencies'])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});

describe('GET /api/v3/airports', () => {
  it('covers the world', async () => {
    const response = await get('/api/v3/airports?per_page=1');
    const body = response.json() as Page<unknown>;
    expect(body.meta.total_count).toBeGreaterThan(5000);
    expect(body.meta.total_pages).toBe(body.meta.total_count);
    expect(body.data).toHaveLength(1);
  });

  it('answers Sheremetyevo with its ICAO code, zone, Moscow city code and Russian names', async () => {
    const response = await get('/api/v3/airports/SVO');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      iata: 'SVO',
      icao: 'UUEE',
      name: 'Sheremetyevo International Airport',
      full_name: 'Sheremetyevo International Airport, Moscow',
      cyrillic_name: 'Шереметьево',
      city_code: 'MOW',
      city_name: 'Moscow',
      cyrillic_city_name: 'Москва',
      country_code: 'RU',
      timezone: 'Europe/Moscow',
      separator: false,
    });
  });

  it('groups the New York airports under NYC and leaves a single-airport city under its own code', async () => {
    for (const iata of ['JFK', 'LGA', 'EWR'])
      expect((await get(`/api/v3/airports/${iata}`)).json().city_code).toBe('NYC');
    expect((await get('/api/v3/airports/LED')).json()).toMatchObject({ city_code: 'LED', cyrillic_name: 'Пулково' });
    expect((await get('/api/v3/airports/FRA')).json()).toMatchObject({ city_code: 'FRA', cyrillic_name: null });
  });

  it('always holds the Moscow city entry, marked as a separator', async () => {
    const response = await get('/api/v3/airports/mow');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      iata: 'MOW',
      name: 'Moscow',
      city_code: 'MOW',
      country_code: 'RU',
      timezone: 'Europe/Moscow',
      cyrillic_name: 'Москва',
      separator: true,
    });
  });

  it('finds an airport by its Cyrillic name, whatever the case', async () => {
    for (const q of ['шереметьево', 'ШЕРЕМЕТЬЕВО', 'Шерем']) {
      const body = (await get(`/api/v3/airports?q=${encodeURIComponent(q)}`)).json() as Page<{ iata: string }>;
      expect(
        body.data.map((a) => a.iata),
        q,
      ).toContain('SVO');
    }
  });

  it('puts the city entry first and its airports next when searching by city', async () => {
    const body = (await get(`/api/v3/airports?q=${encodeURIComponent('москва')}`)).json() as Page<{
      iata: string;
    }>;
    expect(body.data[0]?.iata).toBe('MOW');
    expect(body.data.slice(1, 5).map((a) => a.iata)).toEqual(expect.arrayContaining(['SVO', 'DME', 'VKO']));
  });

  it('matches IATA and ICAO codes case-insensitively, the exact code first', async () => {
    expect((await get('/api/v3/airports?q=svo')).json().data[0].iata).toBe('SVO');
    expect((await get('/api/v3/airports?q=uuee')).json().data[0].iata).toBe('SVO');
    expect((await get('/api/v3/airports?q=Heathrow')).json().data[0].iata).toBe('LHR');
  });

  it('filters by country and pages through the result', async () => {
    type Item = { iata: string; country_code: string };
    const first = (await get('/api/v3/airports?country=kz&per_page=5')).json() as Page<Item>;
    expect(first.data).toHaveLength(5);
    expect(first.data.every((a) => a.country_code === 'KZ')).toBe(true);
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 5 });
    const second = (await get('/api/v3/airports?country=KZ&per_page=5&page=2')).json() as Page<Item>;
    expect(second.meta.total_count).toBe(first.meta.total_count);
    const firstCodes = new Set(first.data.map((a) => a.iata));
    expect(second.data.some((a) => firstCodes.has(a.iata))).toBe(false);
  });

  it('treats wildcard characters in a search as text', async () => {
    const body = (await get(`/api/v3/airports?q=${encodeURIComponent('%_%')}`)).json() as Page<unknown>;
    expect(body.meta.total_count).toBe(0);
  });

  it('answers any search text up to 200 characters without a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (q) => {
        const response = await get(`/api/v3/airports?q=${encodeURIComponent(q)}&per_page=1`);
        expect([200, 422]).toContain(response.statusCode);
      }),
      { numRuns: 30 },
    );
  });

  it('answers an unknown airport with 404 in the error model', async () => {
    const response = await get('/api/v3/airports/QQQ');
    expect(response.statusCode).toBe(404);
    expect(errorBody.parse(response.json())).toMatchObject({
      error: 'NotFound',
      message: 'Airport not found',
      message_key: { key: 'airportNotFound', params: {} },
    });
    // Errors are never cached (every API answer without its own caching is no-store).
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a code that is not three letters with 422', async () => {
    for (const code of ['SVOO', 'S1O']) {
      const response = await get(`/api/v3/airports/${code}`);
      expect(response.statusCode, code).toBe(422);
      expect(errorBody.parse(response.json()).error).toBe('ValidationFailed');
    }
  });
});

describe('GET /api/v3/airlines', () => {
  it('finds an airline by Cyrillic name, code or AWB prefix and answers it by id', async () => {
    for (const q of ['аэрофлот', 'su', 'AFL', '555']) {
      const body = (await get(`/api/v3/airlines?q=${encodeURIComponent(q)}`)).json() as Page<{
        id: number;
        iata: string;
      }>;
      expect(body.data[0]?.iata, q).toBe('SU');
    }
    const su = (await get('/api/v3/airlines?q=SU')).json().data[0];
    const response = await get(`/api/v3/airlines/${su.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: su.id,
      iata: 'SU',
      icao: 'AFL',
      awb_prefix: '555',
      name: 'Aeroflot',
      cyrillic_name: 'Аэрофлот',
      country_code: 'RU',
    });
  });

  it('lists more than 80 airlines', async () => {
    expect((await get('/api/v3/airlines?per_page=1')).json().meta.total_count).toBeGreaterThanOrEqual(80);
  });

  it('answers an unknown airline with 404 and a malformed id with 422', async () => {
    const missing = await get('/api/v3/airlines/999999');
    expect(missing.statusCode).toBe(404);
    expect(errorBody.parse(missing.json())).toMatchObject({
      error: 'NotFound',
      message: 'Airline not found',
      message_key: { key: 'airlineNotFound', params: {} },
    });
    expect((await get('/api/v3/airlines/abc')).statusCode).toBe(422);
  });
});

describe('the small reference books', () => {
  it('lists aircraft types as a plain array, freighters included', async () => {
    const types = (await get('/api/v3/aircraft_types')).json() as { iata: string; icao: string | null }[];
    expect(types.length).toBeGreaterThanOrEqual(80);
    const codes = types.map((t) => t.iata);
    expect(codes).toEqual(expect.arrayContaining(['74N', '77F', '33F', 'M1F', '738', '320', 'SU9']));
    expect(types.find((t) => t.iata === '74N')?.icao).toBe('B748');
  });

  it('lists every special handling code of the domain primer in English and Russian', async () => {
    const shcs = (await get('/api/v3/special_handlings')).json() as { code: string; description_cyrillic: string }[];
    const primer =
      'GEN EAW EAP ECC DGR RCL RFL RFG RNG RPB ROX RCM RRY RRW RMD ICE ELI ELM MAG AVI PER PEF PEM PES PEP PIL HUM VAL VUN HEA BIG OHG COL FRO CRT CAO SPX SPF XPS SCR';
    expect(shcs.map((s) => s.code)).toEqual(expect.arrayContaining(primer.split(' ')));
    expect(shcs.find((s) => s.code === 'DGR')?.description_cyrillic).toBe('Опасные грузы');
  });

  it('lists the common other-charge codes with whom they are due', async () => {
    const codes = (await get('/api/v3/charge_codes')).json() as { code: string; due: string }[];
    const due = Object.fromEntries(codes.map((c) => [c.code, c.due]));
    expect(due).toMatchObject({ AW: 'C', MY: 'C', SC: 'C', RA: 'C', CH: 'A' });
  });

  it('lists exactly the currencies of the specification, with 2 decimals', async () => {
    const list = (await get('/api/v3/currencies')).json() as { code: string; decimals: number }[];
    expect(list.map((c) => c.code).sort()).toEqual(
      ['RUB', 'USD', 'EUR', 'KZT', 'KGS', 'CNY', 'BYN', 'AMD', 'INR', 'UZS', 'THB'].sort(),
    );
    expect(list.every((c) => c.decimals === 2)).toBe(true);
  });

  it('lists countries with Russian names and the GB and EU customs regions', async () => {
    const countries = (await get('/api/v3/countries')).json() as { alpha_2: string; cyrillic_name: string }[];
    expect(countries.find((c) => c.alpha_2 === 'RU')).toEqual({
      alpha_2: 'RU',
      name: 'Russia',
      cyrillic_name: 'Россия',
    });
    const regions = (await get('/api/v3/custom_regions')).json() as { code: string; countries: string[] }[];
    expect(regions.map((r) => r.code)).toEqual(['EU', 'GB']);
    expect(regions.find((r) => r.code === 'EU')?.countries).toHaveLength(27);
  });

  it('lists the cargo products', async () => {
    const products = (await get('/api/v3/product_codes')).json() as { code: string }[];
    expect(products.map((p) => p.code)).toEqual(expect.arrayContaining(['GCR', 'XPS', 'PIL', 'DGR', 'AVI', 'PER']));
  });
});

describe('seedReference', () => {
  it('changes nothing on a database that already holds the reference data', async () => {
    const { db } = ctx.database;
    const counts = () =>
      queryRows<Record<string, number>>(
        db,
        sql.raw(`select ${REFERENCE_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`),
      );
    const before = await counts();
    expect(await seedReference(db)).toEqual({});
    expect(await counts()).toEqual(before);
    expect(before[0]?.currencies).toBe(11);
  });
});

describe('reference data builders', () => {
  const airports = buildAirports();
  const countryCodes = new Set(buildCountries().map((c) => c.alpha_2));
  const airportCodes = new Set(airports.map((a) => a.iata));

  it('builds each airport once, with a 3-letter code, a valid time zone and a known country', () => {
    expect(airportCodes.size).toBe(airports.length);
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    for (const a of airports) {
      expect(a.iata).toMatch(/^[A-Z]{3}$/);
      expect(a.city_code).toMatch(/^[A-Z]{3}$/);
      if (a.icao !== null && a.icao !== undefined) expect(a.icao, a.iata).toMatch(/^[A-Z]{4}$/);
      expect(zones.has(a.timezone) || isValidTimeZone(a.timezone), `${a.iata} ${a.timezone}`).toBe(true);
      expect(countryCodes.has(a.country_code), `${a.iata} ${a.country_code}`).toBe(true);
    }
  });

  it('points every metropolitan code and every Russian name at an airport that exists', () => {
    for (const [city, members] of Object.entries(METRO_CITIES))
      for (const iata of members) expect(airportCodes.has(iata), `${city}: ${iata}`).toBe(true);
    for (const { iata } of CYRILLIC_AIRPORTS) expect(airportCodes.has(iata), iata).toBe(true);
    expect(CYRILLIC_AIRPORTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CYRILLIC_AIRPORTS.map((c) => c.iata)).size).toBe(CYRILLIC_AIRPORTS.length);
  });

  it('keeps the other books free of duplicate codes and unknown countries', () => {
    const unique = (codes: string[]) => expect(new Set(codes).size).toBe(codes.length);
    unique(AIRLINES.map((a) => a.iata));
    unique(AIRLINES.flatMap((a) => (a.awb_prefix ? [a.awb_prefix] : [])));
    unique(AIRCRAFT_TYPES.map((t) => t.iata));
    unique(SPECIAL_HANDLINGS.map((s) => s.code));
    unique(PRODUCT_CODES.map((p) => p.code));
    unique(CHARGE_CODES.map((c) => c.code));
    unique(CURRENCIES.map((c) => c.code));
    for (const a of AIRLINES) {
      expect(a.awb_prefix ?? '000', a.iata).toMatch(/^\d{3}$/);
      expect(countryCodes.has(a.country_code ?? ''), a.iata).toBe(true);
    }
    for (const region of CUSTOM_REGIONS) for (const c of region.countries) expect(countryCodes.has(c), c).toBe(true);
  });
});
