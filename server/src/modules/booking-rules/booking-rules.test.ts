import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLogs, segments } from '../../db/schema';
import { FrozenClock } from '../../platform/clock';
import { addUser, createBooking, createFlight, createTenant, type Tenant } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';

// Settings / booking rules (seed 001 sections 3 and 7): CRUD, the check call, tenancy, permissions and messages.
const clock = new FrozenClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let platform: string;
let su: string;
let kc: string;
let fwdA: string;
let suBilling: string;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;
/** An airline of its own, so the check call sees only the rules these tests make. */
let zz: Tenant;

const URL = '/api/v3/booking_rules';
const CHECK = '/api/v3/booking_rules/check';

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  [platform, su, kc, fwdA] = await Promise.all([
    ctx.signIn(DEMO.platform),
    ctx.signIn(DEMO.suManager),
    ctx.signIn(DEMO.xxManager),
    ctx.signIn(DEMO.fwdA),
  ]);
  ids = await ctx.companyIds();
  suBilling = (await addUser(ctx, ids.SU, 'billing')).token;
  zz = await createTenant(ctx, 'airline');
}, 120_000);

let flightNumber = 7300;
async function segmentOf(airlineId: number, origin = 'SVO', destination = 'LED', weight = 1000): Promise<number> {
  flightNumber += 1;
  const f = await createFlight(ctx, airlineId, {
    date: '2027-04-20',
    number: flightNumber,
    legs: [{ origin, destination, std: '2027-04-20T07:00:00Z', sta: '2027-04-20T09:00:00Z' }],
  });
  await ctx.database.db
    .update(segments)
    .set({ capacity_weight: weight.toFixed(3), capacity_volume: '10.000' })
    .where(inArray(segments.id, f.segmentIds));
  return f.segmentIds[0] as number;
}

describe('booking rules CRUD', () => {
  it("creates a rule for the airline's own carrier, lists, changes and deletes it with a change log", async () => {
    const created = await ctx.call('POST', URL, su, {
      origin_iata: 'SVO',
      destination_iata: 'LED',
      shcs: ['dgr', 'DGR', 'AVI'],
      min_percent: 80,
      max_weight: 2000,
      response_status: 'NN',
    });
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({
      airline_id: ids.SU,
      carrier: 'SU',
      origin_iata: 'SVO',
      destination_iata: 'LED',
      segment_id: null,
      flight_number_with_date: null,
      shcs: ['DGR', 'AVI'],
      min_percent: 80,
      max_percent: null,
      min_weight: null,
      max_weight: 2000,
      response_status: 'NN',
    });
    const listed = await ctx.call('GET', `${URL}?response_status=NN&per_page=200`, su);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((x: { id: number }) => x.id)).toContain(r.id);
    expect(listed.json().data.every((x: { response_status: string }) => x.response_status === 'NN')).toBe(true);

    const s = await segmentOf(ids.SU);
    const changed = await ctx.call('PATCH', `${URL}/${r.id}`, su, {
      segment_id: s,
      response_status: 'UU',
      max_weight: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ segment_id: s, response_status: 'UU', max_weight: null, min_percent: 80 });
    expect(changed.json().flight_number_with_date).toMatch(/^SU\d+\/20APR$/);
    const bySegment = await ctx.call('GET', `${URL}?segment_id=${s}`, su);
    expect(bySegment.json().data.map((x: { id: number }) => x.id)).toEqual([r.id]);

    expect((await ctx.call('DELETE', `${URL}/${r.id}`, su)).statusCode).toBe(204);
    const gone = await ctx.call('GET', `${URL}/${r.id}`, su);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'NotFound', message: 'Booking rule not found' });
    const logs = await ctx.database.db
      .select()
      .from(changeLogs)
      .where(inArray(changeLogs.record_id, [r.id]));
    expect(logs.filter((l) => l.record_type === 'booking_rule')).toHaveLength(3);
  });

  it('lets the platform make a rule for an airline it names, and needs it to name one', async () => {
    const none = await ctx.call('POST', URL, platform, { response_status: 'UU' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.carrier).toEqual(['required field']);
    const kcRule = await ctx.call('POST', URL, platform, { carrier: 'KC', origin_iata: 'ALA', response_status: 'UU' });
    expect(kcRule.statusCode, kcRule.body).toBe(201);
    expect(kcRule.json()).toMatchObject({ carrier: 'KC', airline_id: ids.KC });
  });
});

describe('booking rule rules and messages', () => {
  it('refuses the same rule twice with Exists, on create and on change', async () => {
    const body = { origin_iata: 'SVO', destination_iata: 'AER', response_status: 'UU' };
    const first = await ctx.call('POST', URL, su, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.call('POST', URL, su, body);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'Booking rule already exists' });
    const other = await ctx.call('POST', URL, su, { ...body, response_status: 'NN' });
    expect(other.statusCode).toBe(201);
    const clash = await ctx.call('PATCH', `${URL}/${other.json().id}`, su, { response_status: 'UU' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error).toBe('Exists');
  });

  it('validates the body: answer, codes, bounds in order', async () => {
    const missing = await ctx.call('POST', URL, su, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.response_status).toEqual(['must be one of KK, NN, UU']);
    const badAnswer = await ctx.call('POST', URL, su, { response_status: 'XX' });
    expect(badAnswer.statusCode).toBe(422);
    expect(Object.keys(badAnswer.json().errors)).toEqual(['response_status']);
    const badShc = await ctx.call('POST', URL, su, { shcs: ['TOOLONG'], response_status: 'UU' });
    expect(badShc.json().errors['shcs.0']).toEqual(['invalid format']);
    const reversed = await ctx.call('POST', URL, su, { min_percent: 90, max_percent: 50, response_status: 'UU' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.max_percent).toEqual(['must not be before min']);

    const r = (
      await ctx.call('POST', URL, su, { min_weight: 100, destination_iata: 'KJA', response_status: 'NN' })
    ).json();
    const reversedOnChange = await ctx.call('PATCH', `${URL}/${r.id}`, su, { max_weight: 50 });
    expect(reversedOnChange.statusCode).toBe(422);
    expect(reversedOnChange.json().errors.max_weight).toEqual(['must not be before min_weight']);
  });

  it('refuses a flight of another airline as not found', async () => {
    const kcSegment = await segmentOf(ids.KC, 'ALA', 'NQZ');
    const r = await ctx.call('POST', URL, su, { segment_id: kcSegment, response_status: 'UU' });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Flight not found');
  });
});

describe('the check call', () => {
  it('answers KK without a matching rule, the strictest matching rule otherwise, and books nothing', async () => {
    const s = await segmentOf(zz.id, 'SVO', 'LED', 1000);
    const cargo = { segment_ids: [s], pieces: 2, weight: 100, volume: 1 };
    const free = await ctx.call('POST', CHECK, zz.manager.token, cargo);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toEqual({
      response_status: 'KK',
      segments: [{ segment_id: s, response_status: 'KK', rule_id: null, load_percent: 10 }],
    });

    const wait = (
      await ctx.call('POST', URL, zz.manager.token, { origin_iata: 'SVO', min_percent: 50, response_status: 'NN' })
    ).json();
    const dgr = (await ctx.call('POST', URL, zz.manager.token, { shcs: ['DGR'], response_status: 'UU' })).json();
    const light = await ctx.call('POST', CHECK, zz.manager.token, cargo);
    expect(light.json().response_status).toBe('KK');
    const heavy = await ctx.call('POST', CHECK, zz.manager.token, { ...cargo, weight: 600, volume: 2 });
    expect(heavy.json()).toEqual({
      response_status: 'NN',
      segments: [{ segment_id: s, response_status: 'NN', rule_id: wait.id, load_percent: 60 }],
    });
    const dangerous = await ctx.call('POST', CHECK, zz.manager.token, { ...cargo, weight: 600, shcs: ['DGR'] });
    expect(dangerous.json().segments[0]).toMatchObject({ response_status: 'UU', rule_id: dgr.id });

    // The platform checks any airline's flight; a deleted rule no longer decides.
    await ctx.call('DELETE', `${URL}/${dgr.id}`, zz.manager.token);
    const platformCheck = await ctx.call('POST', CHECK, platform, { ...cargo, shcs: ['DGR'] });
    expect(platformCheck.json().segments[0]).toMatchObject({ response_status: 'KK', rule_id: null, load_percent: 10 });
    const load = await ctx.call('GET', `/api/v3/bookings/availability?segment_ids=${s}`, platform);
    expect(load.json().data[0]).toMatchObject({ booked_weight: 0, booked_volume: 0 });
  });

  it('counts what is booked on the flight in the load percent', async () => {
    const s = await segmentOf(ids.SU, 'SVO', 'LED', 1000);
    const before = await ctx.call('POST', CHECK, su, { segment_ids: [s], pieces: 1, weight: 100, volume: 1 });
    expect(before.json().segments[0].load_percent).toBe(10);
    await createBooking(ctx, fwdA, [s], { weight: 300, volume: 2 }, { weight: 1000, volume: 10 });
    const after = await ctx.call('POST', CHECK, su, { segment_ids: [s], pieces: 1, weight: 100, volume: 1 });
    expect(after.json().segments[0].load_percent).toBe(40);
  });

  it("refuses another airline's flight, an empty segment list, and a forwarder", async () => {
    const s = await segmentOf(ids.SU);
    const cargo = { segment_ids: [s], pieces: 1, weight: 10, volume: 0.1 };
    const notOwn = await ctx.call('POST', CHECK, kc, cargo);
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json().message).toBe('Flight not found');
    const empty = await ctx.call('POST', CHECK, su, { ...cargo, segment_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.segment_ids).toEqual(['required field']);
    expect((await ctx.call('POST', CHECK, fwdA, cargo)).statusCode).toBe(403);
  });
});

describe('booking rule permissions and tenancy', () => {
  it('refuses a forwarder every call and an airline billing user the writes', async () => {
    const r = (await ctx.call('POST', URL, su, { destination_iata: 'OVB', response_status: 'UU' })).json();
    expect((await ctx.call('GET', URL, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('GET', `${URL}/${r.id}`, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('POST', URL, fwdA, { response_status: 'UU' })).statusCode).toBe(403);
    expect((await ctx.call('PATCH', `${URL}/${r.id}`, fwdA, { response_status: 'KK' })).statusCode).toBe(403);
    expect((await ctx.call('DELETE', `${URL}/${r.id}`, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('GET', URL, suBilling)).statusCode).toBe(200);
    expect(
      (await ctx.call('POST', URL, suBilling, { destination_iata: 'UFA', response_status: 'UU' })).statusCode,
    ).toBe(403);
  });

  it("keeps SU's rules from KC: not listed, and not found to read, change or delete", async () => {
    const r = (await ctx.call('POST', URL, su, { destination_iata: 'KRR', response_status: 'NN' })).json();
    const kcList = await ctx.call('GET', `${URL}?per_page=200`, kc);
    expect(kcList.json().data.some((x: { carrier: string }) => x.carrier === 'SU')).toBe(false);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { response_status: 'KK' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.call(method, `${URL}/${r.id}`, kc, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Booking rule not found');
    }
    expect((await ctx.call('GET', `${URL}/${r.id}`, su)).json().response_status).toBe('NN');
    const kcCreate = await ctx.call('POST', URL, kc, { carrier: 'SU', response_status: 'UU' });
    expect(kcCreate.statusCode).toBe(422);
    expect(kcCreate.json().errors.carrier).toEqual(['must be one of KC']);
  });
});
