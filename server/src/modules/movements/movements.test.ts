import { utcToLocal } from '@aircargo/domain/time';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { airports, airWaybills, awbAlerts, changeLogs } from '../../db/schema';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { flagsAfterDeactivation, flagsAfterEvent } from './movements.service';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const waybill = (values: Partial<Parameters<typeof createAirWaybill>[1]> = {}) =>
  createAirWaybill(ctx, {
    forwarder_id: id.FWDA,
    prefix: '555',
    shipper: {
      name: 'Hidden Shipper GmbH',
      address: null,
      city: null,
      state: null,
      country_code: null,
      post_code: null,
      contacts: null,
      tax_id: null,
    },
    prepaid_total: '12345.67',
    currency: 'RUB',
    ...values,
  });
const url = (w: { id: number } | string) => `/api/v3/air_waybills/${typeof w === 'string' ? w : w.id}/movements`;

async function post(w: { id: number }, body: Record<string, unknown>, bearer = token.su) {
  const response = await call('POST', url(w), bearer, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; time_utc: string; time_local: string; deactivated: boolean };
}

const flags = async (waybillId: number) => {
  const [row] = await db.select().from(airWaybills).where(eq(airWaybills.id, waybillId));
  return {
    departed: row!.departed,
    departed_at: row!.departed_at?.toISOString() ?? null,
    delivered: row!.delivered,
    delivered_at: row!.delivered_at?.toISOString() ?? null,
    warning: row!.warning,
  };
};

const alertCodesOf = async (waybillId: number) =>
  (await db.select().from(awbAlerts).where(eq(awbAlerts.air_waybill_id, waybillId))).map((a) => a.code);

describe('movements', () => {
  it("records a movement in the airport's local time with its UTC instant, and lists it to every reader", async () => {
    const w = await waybill();
    const created = await post(w, {
      location_iata: 'SVO',
      status_code: 'RCS',
      time_local: '2026-06-15T10:30',
      pieces: 2,
      weight: 100,
      volume: 1.25,
      uld: 'ake12345su',
    });
    expect(created).toMatchObject({
      location_iata: 'SVO',
      status_code: 'RCS',
      time_local: '2026-06-15T10:30',
      // Moscow is UTC+3 all year.
      time_utc: '2026-06-15T07:30:00.000Z',
      timezone: 'Europe/Moscow',
      pieces: 2,
      weight: 100,
      volume: 1.25,
      uld: 'AKE12345SU',
      deactivated: false,
    });
    const [ala] = await db.select().from(airports).where(eq(airports.iata, 'ALA'));
    const arrival = await post(w, { location_iata: 'ALA', status_code: 'ARR', time_local: '2026-06-15T18:05:00' });
    expect(arrival.time_local).toBe('2026-06-15T18:05');
    expect(utcToLocal(arrival.time_utc, ala!.timezone)).toBe('2026-06-15T18:05');
    for (const bearer of [token.fwdA, token.su, token.platform]) {
      const list = await call('GET', url(w.mawb), bearer);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((m: { status_code: string }) => m.status_code)).toEqual(['RCS', 'ARR']);
    }
  });

  it('keeps the flags true to the events: DEP departed, DLV delivered, DIS warning; deactivation takes them back', async () => {
    const w = await waybill();
    const dep = await post(w, { location_iata: 'SVO', status_code: 'DEP', time_local: '2026-06-15T12:00' });
    expect(await flags(w.id)).toMatchObject({ departed: true, departed_at: '2026-06-15T09:00:00.000Z' });
    // An earlier departure reported later is the first departure.
    const early = await post(w, { location_iata: 'SVO', status_code: 'DEP', time_local: '2026-06-15T11:00' });
    expect((await flags(w.id)).departed_at).toBe('2026-06-15T08:00:00.000Z');
    const dis = await post(w, { location_iata: 'ALA', status_code: 'DIS', time_local: '2026-06-15T20:00' });
    const dlv = await post(w, { location_iata: 'ALA', status_code: 'DLV', time_local: '2026-06-16T09:00' });
    const delivered = await flags(w.id);
    expect(delivered).toMatchObject({ delivered: true, warning: true });
    expect(await alertCodesOf(w.id)).toContain('dis_status');
    expect(delivered.delivered_at).toBe(dlv.time_utc);

    const off = await call('DELETE', `${url(w)}/${early.id}`, token.su);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: early.id, deactivated: true });
    expect((await flags(w.id)).departed_at).toBe(dep.time_utc);
    await call('DELETE', `${url(w)}/${dep.id}`, token.su);
    await call('DELETE', `${url(w)}/${dis.id}`, token.su);
    await call('DELETE', `${url(w)}/${dlv.id}`, token.platform);
    // The DIS alert is gone with its movement; the warning flag is true exactly while other alerts remain.
    const others = await alertCodesOf(w.id);
    expect(others).not.toContain('dis_status');
    expect(await flags(w.id)).toEqual({
      departed: false,
      departed_at: null,
      delivered: false,
      delivered_at: null,
      warning: others.length > 0,
    });
    // Deactivated movements stay in the history.
    const list = (await call('GET', url(w), token.fwdA)).json().data as { deactivated: boolean }[];
    expect(list).toHaveLength(4);
    expect(list.every((m) => m.deactivated)).toBe(true);
    const log = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, w.id)))
      .orderBy(changeLogs.id);
    expect(log[0]?.change_set).toMatchObject({ departed: [false, true] });
    expect(log.at(-1)?.change_set).toMatchObject({ delivered: [true, false] });
  });

  it('leaves the warning to the alerts: a DIS event changes no flag itself', () => {
    const base = { departed: false, departed_at: null, delivered: false, delivered_at: null, warning: false };
    const at = new Date('2026-06-15T10:00:00Z');
    expect(flagsAfterEvent(base, 'DIS', at)).toEqual(base);
    // A delivery recorded by the lifecycle (another time) is not taken back by a DLV movement's deactivation.
    const delivered = { ...base, delivered: true, delivered_at: new Date('2026-06-10T00:00:00Z') };
    expect(flagsAfterDeactivation(delivered, { status_code: 'DLV', time_utc: at }, []).delivered).toBe(true);
  });

  it('refuses a forwarder (403), a voided waybill, an unknown airport, a time the clocks skip and a bad date', async () => {
    const w = await waybill();
    const body = { location_iata: 'SVO', status_code: 'DEP', time_local: '2026-06-15T12:00' };
    const forwarder = await call('POST', url(w), token.fwdA, body);
    expect(forwarder.statusCode).toBe(403);
    expect(forwarder.json().message).toBe('Movements are recorded by the airline or the platform');
    const airport = await call('POST', url(w), token.su, { ...body, location_iata: 'QQQ' });
    expect(airport.statusCode).toBe(422);
    expect(airport.json().message).toBe('Airport not found');
    const gap = await call('POST', url(w), token.su, {
      ...body,
      location_iata: 'LHR',
      time_local: '2026-03-29T01:30',
    });
    expect(gap.statusCode).toBe(422);
    expect(gap.json().message_key.key).toBe('localTimeInGap');
    const date = await call('POST', url(w), token.su, { ...body, time_local: '2026-02-30T10:00' });
    expect(date.statusCode).toBe(422);
    const code = await call('POST', url(w), token.su, { ...body, status_code: 'XYZ' });
    expect(code.statusCode).toBe(422);
    const m = await post(w, body);
    expect((await call('DELETE', `${url(w)}/${m.id}`, token.fwdA)).statusCode).toBe(403);
    await db.update(airWaybills).set({ voided: true }).where(eq(airWaybills.id, w.id));
    const voided = await call('POST', url(w), token.su, body);
    expect(voided.statusCode).toBe(422);
    expect(voided.json().message).toBe('The shipment is voided and cannot change');
    expect((await call('GET', url(w), token.fwdA)).json().data).toHaveLength(1);
  });

  it("keeps forwarder B and another airline away from A's movements", async () => {
    const w = await waybill();
    const m = await post(w, { location_iata: 'SVO', status_code: 'RCS', time_local: '2026-06-15T10:30' });
    expect((await call('GET', url(w), token.fwdB)).statusCode).toBe(404);
    // The other airline does not own prefix 555: the waybill is not found for it.
    expect((await call('GET', url(w), token.kc)).statusCode).toBe(404);
    expect((await call('DELETE', `${url(w)}/${m.id}`, token.kc)).statusCode).toBe(404);
    expect(
      (
        await call('POST', url(w), token.kc, {
          location_iata: 'SVO',
          status_code: 'DEP',
          time_local: '2026-06-15T12:00',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', url(w), token.fwdA)).json().data).toMatchObject([{ id: m.id, deactivated: false }]);
  });
});

describe('public tracking', () => {
  it('shows the number, route, figures and active movements to anyone, and nothing about parties, money or companies', async () => {
    const w = await waybill({ pieces: 4, weight: '250.000' });
    await post(w, { location_iata: 'SVO', status_code: 'RCS', time_local: '2026-06-15T10:30', pieces: 4 });
    const dep = await post(w, { location_iata: 'SVO', status_code: 'DEP', time_local: '2026-06-15T12:00' });
    const wrong = await post(w, { location_iata: 'ALA', status_code: 'ARR', time_local: '2026-06-15T19:00' });
    await call('DELETE', `${url(w)}/${wrong.id}`, token.su);
    const response = await call('GET', `/api/v3/tracking/${w.mawb}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'mawb',
        'origin_iata',
        'destination_iata',
        'pieces',
        'weight',
        'weight_code',
        'latest_status',
        'departed',
        'delivered',
        'movements',
      ].sort(),
    );
    expect(body).toMatchObject({
      mawb: w.mawb,
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      pieces: 4,
      weight: 250,
      latest_status: 'DEP',
      departed: true,
      delivered: false,
    });
    expect(body.movements).toEqual([
      {
        location_iata: 'SVO',
        status_code: 'RCS',
        time_local: '2026-06-15T10:30',
        time_utc: '2026-06-15T07:30:00.000Z',
        pieces: 4,
        weight: null,
      },
      {
        location_iata: 'SVO',
        status_code: 'DEP',
        time_local: '2026-06-15T12:00',
        time_utc: dep.time_utc,
        pieces: null,
        weight: null,
      },
    ]);
    for (const secret of ['Hidden Shipper', 'Factory Consignee', '12345.67', 'FWDA', 'Demo Forwarder', 'forwarder']) {
      expect(response.body).not.toContain(secret);
    }
    const compact = await call('GET', `/api/v3/tracking/${w.mawb.replace('-', '')}`);
    expect(compact.statusCode).toBe(200);
    expect(compact.json().mawb).toBe(w.mawb);
  });

  it('answers 404 "Shipment not found" for an unknown or voided number, and 422 for a malformed one', async () => {
    const unknown = await call('GET', '/api/v3/tracking/555-99999995');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NotFound', message: 'Shipment not found' });
    const w = await waybill();
    await db.update(airWaybills).set({ voided: true }).where(eq(airWaybills.id, w.id));
    const voided = await call('GET', `/api/v3/tracking/${w.mawb}`);
    expect(voided.statusCode).toBe(404);
    expect(voided.json().message).toBe('Shipment not found');
    expect(await call('GET', '/api/v3/tracking/55512')).toMatchObject({ statusCode: 422 });
  });

  it('counts tracking calls per address: over the limit it answers 429 with Retry-After', async () => {
    const w = await waybill();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 62; i++) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v3/tracking/${w.mawb}`,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
    }
    expect(statuses.filter((s) => s === 200).length).toBe(60);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
