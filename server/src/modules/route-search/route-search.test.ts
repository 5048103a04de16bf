import type { Route, RouteSearchResult } from '@aircargo/contract/route-search';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aircraftCapacities, airlineSettings, segments } from '../../db/schema';
import { createFlight } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const db = ctx.database.db;
const ids = await ctx.companyIds();
/** A forwarder searches on a forwarder subdomain (seed 000 section 6): the carrier header names it. */
const FWD_HOST = { 'x-carrier': 'FWDA' };

const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${day}T${time}:00Z`;

let fwdA: string;
let fwdB: string;
let platform: string;
let suManager: string;
let xxManager: string;
const flights: Record<string, number[]> = {};

async function search(token: string, params: Record<string, string>, host: Record<string, string> = FWD_HOST) {
  const qs = new URLSearchParams({ date_from: day, pieces: '2', weight: '100', volume: '0.5', ...params });
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v3/segments/trips?${qs}`,
    headers: { ...ctx.as(token), ...host },
  });
}

async function found(token: string, params: Record<string, string>): Promise<RouteSearchResult> {
  const response = await search(token, params);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RouteSearchResult;
}

const path = (r: Route) => [r.origin, ...r.transit_airports, r.destination].join('-');
const reasonsOf = (r: Route) => r.reasons.map((x) => x.reason);

beforeAll(async () => {
  [fwdA, fwdB, platform, suManager, xxManager] = await Promise.all([
    ctx.signIn(DEMO.fwdA),
    ctx.signIn(DEMO.fwdB),
    ctx.signIn(DEMO.platform),
    ctx.signIn(DEMO.suManager),
    ctx.signIn(DEMO.xxManager),
  ]);
  // The aircraft's cargo capacity: 3,000 kg and 20 m3 on every test flight.
  await db
    .insert(aircraftCapacities)
    .values([ids.SU, ids.KC].map((airline_id) => ({ airline_id, aircraft_type: '321', weight: '3000', volume: '20' })))
    .onConflictDoUpdate({
      target: [aircraftCapacities.airline_id, aircraftCapacities.aircraft_type],
      set: { weight: '3000', volume: '20' },
    });
  const fly = async (name: string, airline: number, number: number, legs: [string, string, string, string][]) => {
    const f = await createFlight(ctx, airline, {
      date: day,
      number,
      legs: legs.map(([origin, destination, std, sta]) => ({ origin, destination, std: at(std), sta: at(sta) })),
    });
    flights[name] = f.segmentIds;
  };
  await fly('dmeLed', ids.SU, 6101, [['DME', 'LED', '08:00', '09:30']]);
  await fly('svoKzn', ids.SU, 6102, [['SVO', 'KZN', '06:00', '07:30']]);
  await fly('kznOvb', ids.SU, 6103, [['KZN', 'OVB', '09:00', '13:00']]);
  await fly('ovbIkt', ids.SU, 6104, [['OVB', 'IKT', '15:00', '18:00']]);
  await fly('kznAla', ids.KC, 6105, [['KZN', 'ALA', '09:30', '13:30']]);
});

describe('route search', () => {
  it('answers "Fill in required fields" when the query is incomplete', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v3/segments/trips?origin=SVO&destination=LED&date_from=${day}`,
      headers: { ...ctx.as(fwdA), ...FWD_HOST },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'EmptyFields', message: 'Fill in required fields' });
    expect(Object.keys(response.json().errors).sort()).toEqual(['pieces', 'weight']);
  });

  it('finds a direct flight from a city code (MOW covers DME)', async () => {
    const result = await found(fwdA, { origin: 'MOW', destination: 'LED' });
    expect(result.query.origin_airports).toEqual(expect.arrayContaining(['DME', 'SVO', 'VKO']));
    const direct = result.routes.find((r) => r.transfers === 0);
    expect(direct).toMatchObject({
      available: true,
      origin: 'DME',
      destination: 'LED',
      carriers: ['SU'],
      trip_time: { hours: 1, minutes: 30 },
      cost: null,
    });
    expect(direct!.segments[0]).toMatchObject({
      segment_id: flights.dmeLed![0],
      number_with_date: expect.stringMatching(/^SU6101\/\d{2}[A-Z]{3}$/),
      aircraft_type: '321',
    });
    expect(direct!.available_weight).toBeGreaterThanOrEqual(0);
  });

  it('finds one and two transfers, with transit airports and connections', async () => {
    const one = await found(fwdA, { origin: 'SVO', destination: 'OVB' });
    expect(one.routes.map(path)).toEqual(['SVO-KZN-OVB']);
    expect(one.routes[0]!.connections).toEqual([{ airport: 'KZN', minutes: 90, minimum_minutes: 60 }]);
    expect(one.routes[0]!.trip_minutes).toBe(7 * 60);
    const two = await found(fwdA, { origin: 'SVO', destination: 'IKT' });
    expect(two.routes.map(path)).toEqual(['SVO-KZN-OVB-IKT']);
    expect(two.routes[0]!.transfers).toBe(2);
    const direct = await found(fwdA, { origin: 'SVO', destination: 'IKT', direct_only: 'true' });
    expect(direct.routes).toEqual([]);
  });

  it('explains a candidate without capacity for the shipment', async () => {
    const result = await found(fwdA, {
      origin: 'SVO',
      destination: 'OVB',
      weight: '4000',
      pieces: '20',
      explain: 'true',
    });
    expect(result.routes).toEqual([]);
    const candidate = result.rejected.find((r) => path(r) === 'SVO-KZN-OVB');
    expect(candidate).toBeDefined();
    expect(reasonsOf(candidate!)).toContain('no_capacity');
  });

  it('offers an SU-KC interline route to a forwarder with both agreements, and explains it to one without KC', async () => {
    const a = await found(fwdA, { origin: 'SVO', destination: 'ALA' });
    expect(a.routes.map((r) => r.carriers)).toEqual([['SU', 'KC']]);
    const b = await found(fwdB, { origin: 'SVO', destination: 'ALA', explain: 'true' });
    expect(b.routes).toEqual([]);
    const refused = b.rejected.find((r) => path(r) === 'SVO-KZN-ALA');
    expect(refused?.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'no_agreement', carrier: 'KC' })]),
    );
  });

  it('refuses the interline route once SU no longer accepts KC', async () => {
    await db
      .update(airlineSettings)
      .set({ interline_accepted_prefixes: [] })
      .where(eq(airlineSettings.company_id, ids.SU));
    await expect
      .poll(async () => (await found(fwdA, { origin: 'SVO', destination: 'ALA' })).routes.length, { timeout: 15_000 })
      .toBe(0);
    const explained = await found(fwdA, { origin: 'SVO', destination: 'ALA', explain: 'true' });
    expect(explained.rejected[0]?.reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'interline_not_allowed', carrier: 'SU', other_carrier: 'KC' }),
      ]),
    );
    await db
      .update(airlineSettings)
      .set({ interline_accepted_prefixes: ['465'] })
      .where(eq(airlineSettings.company_id, ids.SU));
  });

  it('applies a minimum connection time set at the airport and explains the refusal', async () => {
    const created = await ctx.call('POST', '/api/v3/connection_times', platform, { airport: 'KZN', minutes: 120 });
    expect(created.statusCode, created.body).toBe(201);
    await expect
      .poll(async () => (await found(fwdA, { origin: 'SVO', destination: 'OVB' })).routes.length, { timeout: 15_000 })
      .toBe(0);
    const explained = await found(fwdA, { origin: 'SVO', destination: 'OVB', explain: 'true' });
    const candidate = explained.rejected.find((r) => path(r) === 'SVO-KZN-OVB');
    expect(candidate?.reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reason: 'connection_not_workable',
          airport: 'KZN',
          connection_minutes: 90,
          minimum_minutes: 120,
        }),
      ]),
    );
    // An SU exception for SU-to-SU connections at KZN brings it back (the most specific row wins).
    const exception = await ctx.call('POST', '/api/v3/connection_times', suManager, {
      airport: 'KZN',
      minutes: 45,
      arrival_carrier: 'SU',
      departure_carrier: 'SU',
    });
    expect(exception.statusCode, exception.body).toBe(201);
    await expect
      .poll(async () => (await found(fwdA, { origin: 'SVO', destination: 'OVB' })).routes.map(path), {
        timeout: 15_000,
      })
      .toEqual(['SVO-KZN-OVB']);
  });

  it('keeps the index in step: a new flight is found, a cancelled one is explained', async () => {
    expect((await found(fwdA, { origin: 'LED', destination: 'KZN' })).routes).toEqual([]);
    const f = await createFlight(ctx, ids.SU, {
      date: day,
      number: 6106,
      legs: [{ origin: 'LED', destination: 'KZN', std: at('11:00'), sta: at('13:00') }],
    });
    await expect
      .poll(async () => (await found(fwdA, { origin: 'LED', destination: 'KZN' })).routes.map((r) => r.key), {
        timeout: 15_000,
      })
      .toEqual([String(f.segmentIds[0])]);
    await db.update(segments).set({ canceled: true }).where(inArray(segments.id, f.segmentIds));
    await expect
      .poll(async () => (await found(fwdA, { origin: 'LED', destination: 'KZN' })).routes.length, { timeout: 15_000 })
      .toBe(0);
    const explained = await found(fwdA, { origin: 'LED', destination: 'KZN', explain: 'true' });
    expect(explained.rejected.map(reasonsOf)).toEqual([expect.arrayContaining(['cancelled'])]);
  });

  it('shows what is left to sell: a booking lowers the available weight and volume', async () => {
    const before = (await found(fwdA, { origin: 'DME', destination: 'LED' })).routes[0]!;
    expect(before.available_weight).toBe(3000);
    const booking = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/bookings',
      headers: { ...ctx.as(fwdA), ...FWD_HOST },
      payload: { segment_ids: flights.dmeLed, pieces: 4, weight: 1200, volume: 5 },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    await expect
      .poll(async () => (await found(fwdA, { origin: 'DME', destination: 'LED' })).routes[0]?.available_weight, {
        timeout: 15_000,
      })
      .toBe(1800);
    const after = (await found(fwdA, { origin: 'DME', destination: 'LED' })).routes[0]!;
    expect(after.available_volume).toBe(15);
    // A shipment above what is left is explained as lacking capacity.
    const big = await found(fwdA, { origin: 'DME', destination: 'LED', weight: '2000', pieces: '10', explain: 'true' });
    expect(big.routes).toEqual([]);
    expect(reasonsOf(big.rejected[0]!)).toContain('no_capacity');
  });

  it("restricts an airline's legs to its permitted routes", async () => {
    const created = await ctx.call('POST', '/api/v3/permitted_routes', suManager, {
      origin: 'MOW',
      destination: 'LED',
      via: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ carrier: 'SU', origin: 'MOW', destination: 'LED', via: [] });
    await expect
      .poll(async () => (await found(fwdA, { origin: 'SVO', destination: 'OVB' })).routes.length, { timeout: 15_000 })
      .toBe(0);
    const explained = await found(fwdA, { origin: 'SVO', destination: 'OVB', explain: 'true' });
    expect(explained.rejected.map(reasonsOf)).toEqual([expect.arrayContaining(['route_not_permitted'])]);
    expect((await found(fwdA, { origin: 'MOW', destination: 'LED' })).routes).toHaveLength(1);
    const removed = await ctx.call('DELETE', `/api/v3/permitted_routes/${created.json().id}`, suManager);
    expect(removed.statusCode).toBe(204);
  });

  it('explains cargo over the limits', async () => {
    const result = await found(fwdA, {
      origin: 'MOW',
      destination: 'LED',
      weight: '900',
      pieces: '1',
      explain: 'true',
    });
    expect(result.routes).toEqual([]);
    expect(result.rejected[0]?.reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'cargo_limits', details: ['average piece weight > 300 kg'] }),
      ]),
    );
  });

  it('lists the segments of the routes for the segments tab', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v3/segments/flight_routes?origin=SVO&destination=IKT&date_from=${day}&pieces=1&weight=10`,
      headers: { ...ctx.as(fwdA), ...FWD_HOST },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((s: { origin: string }) => s.origin)).toEqual(['SVO', 'KZN', 'OVB']);
  });
});

describe('prices', () => {
  it("prices routes with the forwarder's tariffs and sorts cheaper first", async () => {
    await createFlight(ctx, ids.SU, {
      date: day,
      number: 6107,
      legs: [{ origin: 'SVO', destination: 'LED', std: at('12:00'), sta: at('13:30') }],
    });
    const priced = async () => (await found(fwdA, { origin: 'MOW', destination: 'LED', sort: 'cheaper' })).routes;
    await expect.poll(async () => (await priced()).length, { timeout: 15_000 }).toBe(2);
    const routes = await priced();
    // SVO-LED has a demo tariff (forwarder A's contract price in RUB); DME-LED has none and comes last.
    expect(routes.map((r) => [r.origin, r.currency])).toEqual([
      ['SVO', 'RUB'],
      ['DME', null],
    ]);
    expect(Number(routes[0]!.cost)).toBeGreaterThan(0);
    const explained = await found(fwdA, { origin: 'DME', destination: 'LED', explain: 'true' });
    expect(explained.routes[0]?.reasons.map((r) => r.reason)).toEqual(['no_tariff']);
    expect(explained.routes[0]?.available).toBe(true);
  });
});

describe('who searches', () => {
  it('refuses a forwarder outside a forwarder subdomain', async () => {
    expect((await search(fwdA, { origin: 'MOW', destination: 'LED' }, {})).statusCode).toBe(403);
  });

  it('lets an airline search its own carrier only, and the platform every carrier', async () => {
    const su = await search(suManager, { origin: 'SVO', destination: 'ALA' }, {});
    expect(su.statusCode).toBe(200);
    expect(su.json().routes).toEqual([]);
    const kc = await search(xxManager, { origin: 'KZN', destination: 'ALA' }, {});
    expect(kc.json().routes.map((r: Route) => r.carriers)).toEqual([['KC']]);
    const all = await search(platform, { origin: 'SVO', destination: 'ALA' }, {});
    expect(all.json().routes.map((r: Route) => r.carriers)).toEqual([['SU', 'KC']]);
  });
});

describe('routing settings', () => {
  it("keeps an airline's permitted routes and connection times to itself", async () => {
    const mine = await ctx.call('POST', '/api/v3/permitted_routes', suManager, { origin: 'SVO', destination: 'AER' });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id;
    expect((await ctx.call('GET', `/api/v3/permitted_routes/${id}`, xxManager)).statusCode).toBe(404);
    expect((await ctx.call('PATCH', `/api/v3/permitted_routes/${id}`, xxManager, { notes: 'x' })).statusCode).toBe(404);
    const again = await ctx.call('POST', '/api/v3/permitted_routes', suManager, { origin: 'SVO', destination: 'AER' });
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'This permitted route already exists' });
    const unknown = await ctx.call('POST', '/api/v3/permitted_routes', suManager, {
      origin: 'QQQ',
      destination: 'AER',
    });
    expect(unknown.statusCode).toBe(422);
    const listed = await ctx.call('GET', '/api/v3/permitted_routes', platform);
    expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await ctx.call('DELETE', `/api/v3/permitted_routes/${id}`, suManager)).statusCode).toBe(204);

    // KC sees the platform's KZN standard (not SU's exception) and cannot change it.
    const times = await ctx.call('GET', '/api/v3/connection_times?airport=KZN', xxManager);
    expect(times.json().data).toHaveLength(1);
    expect(times.json().data[0]).toMatchObject({ airline: null, minutes: 120 });
    const standard = times.json().data[0].id;
    expect(
      (await ctx.call('PATCH', `/api/v3/connection_times/${standard}`, xxManager, { minutes: 10 })).statusCode,
    ).toBe(404);
    const notOwn = await ctx.call('POST', '/api/v3/connection_times', xxManager, {
      airport: 'KZN',
      minutes: 30,
      arrival_carrier: 'SU',
    });
    expect(notOwn.json()).toMatchObject({ message: "An airline's exception must name its own carrier" });
  });
});
