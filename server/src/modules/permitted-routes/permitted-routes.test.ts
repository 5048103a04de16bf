import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';

// Settings / permitted routes (seed 001 section 7 permitted_routes): CRUD, tenancy, permissions and messages.
let ctx: TestContext;
let platform: string;
let su: string;
let kc: string;
let fwdA: string;
let suOperator: string;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;

const URL = '/api/v3/permitted_routes';

beforeAll(async () => {
  ctx = await createTestApp();
  [platform, su, kc, fwdA] = await Promise.all([
    ctx.signIn(DEMO.platform),
    ctx.signIn(DEMO.suManager),
    ctx.signIn(DEMO.xxManager),
    ctx.signIn(DEMO.fwdA),
  ]);
  ids = await ctx.companyIds();
  suOperator = (await addUser(ctx, ids.SU, 'operator')).token;
}, 120_000);

describe('permitted routes CRUD', () => {
  it("adds a route for the airline's own carrier, lists, filters, changes and removes it", async () => {
    const created = await ctx.call('POST', URL, su, {
      origin: 'mow',
      destination: 'OVB',
      via: ['KZN'],
      notes: ' via Kazan only ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({
      airline: { id: ids.SU, short_name: 'SU' },
      carrier: 'SU',
      origin: 'MOW',
      destination: 'OVB',
      via: ['KZN'],
      notes: 'via Kazan only',
    });

    const listed = await ctx.call('GET', `${URL}?origin=MOW&destination=OVB`, su);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((x: { id: number }) => x.id)).toEqual([r.id]);
    const searched = await ctx.call('GET', `${URL}?q=Kazan`, su);
    expect(searched.json().data.map((x: { id: number }) => x.id)).toContain(r.id);

    const changed = await ctx.call('PATCH', `${URL}/${r.id}`, su, { via: [], notes: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ origin: 'MOW', destination: 'OVB', via: [], notes: null });
    const anyTransit = await ctx.call('PATCH', `${URL}/${r.id}`, su, { via: null });
    expect(anyTransit.json().via).toBeNull();

    expect((await ctx.call('DELETE', `${URL}/${r.id}`, su)).statusCode).toBe(204);
    const gone = await ctx.call('GET', `${URL}/${r.id}`, su);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'NotFound', message: 'Permitted route not found' });
  });

  it('lets the platform add one for the airline it names, list every airline and filter by one', async () => {
    const none = await ctx.call('POST', URL, platform, { origin: 'ALA', destination: 'NQZ' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ error: 'EmptyFields', errors: { airline_id: ['required field'] } });
    const kcRoute = await ctx.call('POST', URL, platform, { airline_id: ids.KC, origin: 'ALA', destination: 'NQZ' });
    expect(kcRoute.statusCode, kcRoute.body).toBe(201);
    expect(kcRoute.json()).toMatchObject({ carrier: 'KC', airline: { id: ids.KC } });
    await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'KJA' });
    const all = await ctx.call('GET', `${URL}?per_page=200`, platform);
    const carriers = new Set(all.json().data.map((x: { carrier: string }) => x.carrier));
    expect(carriers.has('KC') && carriers.has('SU')).toBe(true);
    const onlyKc = await ctx.call('GET', `${URL}?airline_id=${ids.KC}&per_page=200`, platform);
    expect(onlyKc.json().data.every((x: { carrier: string }) => x.carrier === 'KC')).toBe(true);
    const notAirline = await ctx.call('POST', URL, platform, {
      airline_id: ids.FWDA,
      origin: 'ALA',
      destination: 'TSE',
    });
    expect(notAirline.statusCode).toBe(404);
    expect(notAirline.json().message).toBe('Company not found');
  });
});

describe('permitted route rules and messages', () => {
  it('refuses unknown places, equal ends, repeated transit and a duplicate', async () => {
    const unknown = await ctx.call('POST', URL, su, { origin: 'QQQ', destination: 'LED', via: ['QQX'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toMatchObject({ origin: ['Airport not found'], via: ['Airport not found'] });
    const same = await ctx.call('POST', URL, su, { origin: 'LED', destination: 'LED' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.destination).toEqual(['Origin and destination must differ']);
    const twice = await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'KHV', via: ['OVB', 'OVB'] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.via).toEqual(['invalid format']);
    const tooMany = await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'KHV', via: ['OVB', 'KJA', 'IKT'] });
    expect(tooMany.statusCode).toBe(422);
    const badCode = await ctx.call('POST', URL, su, { origin: 'SV', destination: 'KHV' });
    expect(badCode.json().errors.origin).toEqual(['invalid format']);

    const first = await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'MRV' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'MRV' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'This permitted route already exists' });
    const other = (await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'MRV', via: ['ROV'] })).json();
    const clash = await ctx.call('PATCH', `${URL}/${other.id}`, su, { via: null });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error).toBe('Exists');
  });
});

describe('permitted route permissions and tenancy', () => {
  it('refuses a forwarder and an airline operator (the seed gives the screen to managers)', async () => {
    const r = (await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'AAQ' })).json();
    for (const token of [fwdA, suOperator]) {
      expect((await ctx.call('GET', URL, token)).statusCode).toBe(403);
      expect((await ctx.call('GET', `${URL}/${r.id}`, token)).statusCode).toBe(403);
      expect((await ctx.call('POST', URL, token, { origin: 'SVO', destination: 'GOJ' })).statusCode).toBe(403);
      expect((await ctx.call('PATCH', `${URL}/${r.id}`, token, { notes: 'x' })).statusCode).toBe(403);
      expect((await ctx.call('DELETE', `${URL}/${r.id}`, token)).statusCode).toBe(403);
    }
  });

  it("keeps SU's routes from KC: not listed, not found to read, change or delete, and not creatable for SU", async () => {
    const r = (await ctx.call('POST', URL, su, { origin: 'SVO', destination: 'CEK' })).json();
    const kcList = await ctx.call('GET', `${URL}?per_page=200&airline_id=${ids.SU}`, kc);
    expect(kcList.json().data.some((x: { carrier: string }) => x.carrier === 'SU')).toBe(false);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { notes: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.call(method, `${URL}/${r.id}`, kc, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Permitted route not found');
    }
    expect((await ctx.call('GET', `${URL}/${r.id}`, su)).json().notes).toBeNull();
    const forSu = await ctx.call('POST', URL, kc, { airline_id: ids.SU, origin: 'SVO', destination: 'CEK' });
    expect(forSu.statusCode).toBe(404);
    expect(forSu.json().message).toBe('Company not found');
  });
});
