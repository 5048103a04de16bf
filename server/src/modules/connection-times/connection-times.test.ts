import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';

// Minimum connection times (issue 11 item 1, decision 016): airport standards by the platform, carrier and
// connection-type exceptions by airlines; CRUD, tenancy, permissions and messages.
let ctx: TestContext;
let platform: string;
let su: string;
let kc: string;
let fwdA: string;
let suOperator: string;
let suBilling: string;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;

const URL = '/api/v3/connection_times';

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
  suBilling = (await addUser(ctx, ids.SU, 'billing')).token;
}, 120_000);

describe('connection times CRUD', () => {
  it("keeps an airport's standard (platform) and an airline's exception, each changed and removed by its owner", async () => {
    const standard = await ctx.call('POST', URL, platform, { airport: 'mrv', minutes: 90 });
    expect(standard.statusCode, standard.body).toBe(201);
    expect(standard.json()).toMatchObject({
      airline: null,
      airport: 'MRV',
      minutes: 90,
      arrival_carrier: null,
      departure_carrier: null,
      connection_type: null,
    });
    const exception = await ctx.call('POST', URL, su, {
      airport: 'MRV',
      minutes: 45,
      arrival_carrier: 'su',
      departure_carrier: 'SU',
      connection_type: 'DD',
    });
    expect(exception.statusCode, exception.body).toBe(201);
    expect(exception.json()).toMatchObject({
      airline: { id: ids.SU, short_name: 'SU' },
      arrival_carrier: 'SU',
      departure_carrier: 'SU',
      connection_type: 'DD',
      minutes: 45,
    });

    // SU reads the platform's rows and its own.
    const suList = await ctx.call('GET', `${URL}?airport=MRV`, su);
    expect(suList.statusCode).toBe(200);
    expect(
      suList
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([standard.json().id, exception.json().id].sort());
    const byCarrier = await ctx.call('GET', `${URL}?q=su&airport=MRV`, su);
    expect(byCarrier.json().data.map((r: { id: number }) => r.id)).toEqual([exception.json().id]);

    const changed = await ctx.call('PATCH', `${URL}/${exception.json().id}`, su, {
      minutes: 50,
      connection_type: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ minutes: 50, connection_type: null, arrival_carrier: 'SU' });
    const std = await ctx.call('PATCH', `${URL}/${standard.json().id}`, platform, { minutes: 100 });
    expect(std.json().minutes).toBe(100);

    expect((await ctx.call('DELETE', `${URL}/${exception.json().id}`, su)).statusCode).toBe(204);
    const gone = await ctx.call('GET', `${URL}/${exception.json().id}`, su);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'NotFound', message: 'Connection time not found' });
    expect((await ctx.call('DELETE', `${URL}/${standard.json().id}`, platform)).statusCode).toBe(204);
  });

  it("lets the platform write an airline's exception and filter by airline", async () => {
    const kcRow = await ctx.call('POST', URL, platform, {
      airline_id: ids.KC,
      airport: 'ALA',
      minutes: 60,
      departure_carrier: 'KC',
    });
    expect(kcRow.statusCode, kcRow.body).toBe(201);
    expect(kcRow.json().airline).toMatchObject({ id: ids.KC });
    const onlyKc = await ctx.call('GET', `${URL}?airline_id=${ids.KC}&per_page=200`, platform);
    expect(onlyKc.json().data.map((r: { id: number }) => r.id)).toContain(kcRow.json().id);
    expect(onlyKc.json().data.every((r: { airline: { id: number } | null }) => r.airline?.id === ids.KC)).toBe(true);
  });
});

describe('connection time rules and messages', () => {
  it('refuses an unknown airport, an exception without its own carrier, bad values and a duplicate', async () => {
    const unknown = await ctx.call('POST', URL, platform, { airport: 'QQQ', minutes: 60 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: 'Airport not found', errors: { airport: ['Airport not found'] } });
    const notOwn = await ctx.call('POST', URL, su, { airport: 'LED', minutes: 60, departure_carrier: 'KC' });
    expect(notOwn.statusCode).toBe(422);
    expect(notOwn.json().errors.departure_carrier).toEqual(["An airline's exception must name its own carrier"]);
    const tooLong = await ctx.call('POST', URL, platform, { airport: 'LED', minutes: 24 * 60 + 1 });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['minutes']);
    const badType = await ctx.call('POST', URL, platform, { airport: 'LED', minutes: 60, connection_type: 'XX' });
    expect(badType.json().errors.connection_type).toEqual(['must be one of DD, DI, ID, II']);
    const missing = await ctx.call('POST', URL, platform, {});
    expect(missing.json().errors).toMatchObject({ airport: ['required field'], minutes: ['required field'] });

    const first = await ctx.call('POST', URL, platform, { airport: 'AER', minutes: 70 });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.call('POST', URL, platform, { airport: 'AER', minutes: 80 });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'This connection time already exists' });
  });
});

describe('connection time permissions and tenancy', () => {
  it('refuses a forwarder every call; airline readers read, only managers write', async () => {
    const row = (await ctx.call('POST', URL, platform, { airport: 'KGD', minutes: 60 })).json();
    expect((await ctx.call('GET', URL, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('GET', `${URL}/${row.id}`, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('POST', URL, fwdA, { airport: 'KGD', minutes: 10 })).statusCode).toBe(403);
    expect((await ctx.call('DELETE', `${URL}/${row.id}`, fwdA)).statusCode).toBe(403);
    for (const reader of [suOperator, suBilling]) {
      expect((await ctx.call('GET', `${URL}/${row.id}`, reader)).statusCode).toBe(200);
      const write = await ctx.call('POST', URL, reader, { airport: 'KGD', minutes: 30, departure_carrier: 'SU' });
      expect(write.statusCode).toBe(403);
    }
  });

  it("keeps the platform's rows read-only for airlines and SU's rows from KC", async () => {
    const standard = (await ctx.call('POST', URL, platform, { airport: 'UFA', minutes: 60 })).json();
    expect((await ctx.call('PATCH', `${URL}/${standard.id}`, su, { minutes: 5 })).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `${URL}/${standard.id}`, su)).statusCode).toBe(404);

    const mine = (await ctx.call('POST', URL, su, { airport: 'UFA', minutes: 40, departure_carrier: 'SU' })).json();
    const kcList = await ctx.call('GET', `${URL}?airport=UFA`, kc);
    expect(kcList.json().data.map((r: { id: number }) => r.id)).toEqual([standard.id]);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { minutes: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.call(method, `${URL}/${mine.id}`, kc, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Connection time not found');
    }
    expect((await ctx.call('GET', `${URL}/${mine.id}`, su)).json().minutes).toBe(40);
    const forSu = await ctx.call('POST', URL, kc, { airline_id: ids.SU, airport: 'UFA', minutes: 30 });
    expect(forSu.statusCode).toBe(404);
    expect(forSu.json().message).toBe('Company not found');
  });
});
