import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, memberships, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

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

async function suActsAs(role: 'manager' | 'operator' | 'billing' | 'admin') {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(users.email, DEMO.suManager), eq(memberships.role, role)));
  expect((await call('PATCH', '/api/v3/profiles/me/current_role', token.su, { role_id: row!.id })).statusCode).toBe(
    200,
  );
}

describe('GET and PATCH /api/v3/airlines/{id}/ui_setting', () => {
  it("answers a list whose first item carries show_settings, to the airline's staff and the platform", async () => {
    const own = await call('GET', `/api/v3/airlines/${id.SU}/ui_setting`, token.su);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([{ airline_id: id.SU, show_settings: true }]);
    const platform = await call('GET', `/api/v3/airlines/${id.SU}/ui_setting`, token.platform);
    expect(platform.json()).toEqual(own.json());
  });

  it('answers 404 to another airline and to a company that is not an airline', async () => {
    expect((await call('GET', `/api/v3/airlines/${id.SU}/ui_setting`, token.kc)).statusCode).toBe(404);
    const forwarder = await call('GET', `/api/v3/airlines/${id.FWDA}/ui_setting`, token.platform);
    expect(forwarder.statusCode).toBe(404);
    expect(forwarder.json().message).toBe('Airline not found');
    expect((await call('GET', `/api/v3/airlines/${id.SU}/ui_setting`, token.fwdA)).statusCode).toBe(403);
  });

  it('lets only the platform switch show_settings, keeping the other UI settings and the profile in step', async () => {
    expect(
      (await call('PATCH', `/api/v3/airlines/${id.SU}/ui_setting`, token.su, { show_settings: false })).statusCode,
    ).toBe(403);
    const off = await call('PATCH', `/api/v3/airlines/${id.SU}/ui_setting`, token.platform, { show_settings: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual([{ airline_id: id.SU, show_settings: false }]);
    const [su] = await db.select().from(companies).where(eq(companies.id, id.SU));
    expect(su!.ui_settings).toMatchObject({ show_settings: false, has_access_to_new_air_waybills_page: true });
    const profile = await call('GET', '/api/v3/profiles/me', token.su);
    expect(profile.json().airline_ui_settings).toEqual([{ show_settings: false }]);
    await call('PATCH', `/api/v3/airlines/${id.SU}/ui_setting`, token.platform, { show_settings: true });
    const bad = await call('PATCH', `/api/v3/airlines/${id.SU}/ui_setting`, token.platform, { show_settings: 'yes' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET /api/v3/airlines/{id}/rules', () => {
  it("answers the airline's booking rules from its settings, with the cargo limits", async () => {
    const response = await call('GET', `/api/v3/airlines/${id.SU}/rules`, token.su);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      airline_id: id.SU,
      airline_code: 'SU',
      awb_prefix: '555',
      interline_accepted_prefixes: ['465'],
      sales_open_rules: [],
      overflow_weight_percent: 0,
      overflow_volume_percent: 0,
      chargeable_ratio: 6000,
      minimum_charge_weight: 5,
      rounding_rule: 'up_0_5',
      cargo_limits: { average_piece_volume: 2.4, average_piece_weight: 300, weight: 5000, volume: 40 },
    });
  });

  it('follows a change of the airline settings', async () => {
    await call('PATCH', '/api/v3/airline_settings', token.kc, { chargeable_ratio: 5000 });
    const rules = await call('GET', `/api/v3/airlines/${id.KC}/rules`, token.kc);
    expect(rules.json()).toMatchObject({ chargeable_ratio: 5000, rounding_rule: 'up_1', awb_prefix: '465' });
  });

  it('is open to forwarders holding an agreement with the airline, 404 to the others', async () => {
    expect((await call('GET', `/api/v3/airlines/${id.KC}/rules`, token.fwdA)).statusCode).toBe(200);
    expect((await call('GET', `/api/v3/airlines/${id.KC}/rules`, token.fwdB)).statusCode).toBe(404);
    expect((await call('GET', `/api/v3/airlines/${id.SU}/rules`, token.fwdB)).statusCode).toBe(200);
    expect((await call('GET', `/api/v3/airlines/${id.SU}/rules`, token.kc)).statusCode).toBe(404);
  });
});

describe('GET and PUT /api/v3/airlines/{id}/airports', () => {
  it('starts empty and takes the full list, deduplicated and in code order', async () => {
    expect((await call('GET', `/api/v3/airlines/${id.SU}/airports`, token.su)).json()).toEqual([]);
    const put = await call('PUT', `/api/v3/airlines/${id.SU}/airports`, token.su, { airports: ['led', 'SVO', 'LED'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().map((a: { iata: string }) => a.iata)).toEqual(['LED', 'SVO']);
    expect(put.json()[1]).toMatchObject({ iata: 'SVO', city_code: 'MOW', timezone: 'Europe/Moscow', separator: false });
    const partner = await call('GET', `/api/v3/airlines/${id.SU}/airports`, token.fwdB);
    expect(partner.json().map((a: { iata: string }) => a.iata)).toEqual(['LED', 'SVO']);
  });

  it('refuses unknown airports, changing nothing', async () => {
    const response = await call('PUT', `/api/v3/airlines/${id.SU}/airports`, token.su, { airports: ['SVO', 'QQQ'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ airports: ['QQQ: unknown airport'] });
    const after = await call('GET', `/api/v3/airlines/${id.SU}/airports`, token.su);
    expect(after.json().map((a: { iata: string }) => a.iata)).toEqual(['LED', 'SVO']);
  });

  it("is changed by the airline's managers and admins and the platform only", async () => {
    expect((await call('PUT', `/api/v3/airlines/${id.SU}/airports`, token.kc, { airports: [] })).statusCode).toBe(404);
    expect((await call('PUT', `/api/v3/airlines/${id.SU}/airports`, token.fwdA, { airports: [] })).statusCode).toBe(
      403,
    );
    await suActsAs('operator');
    expect((await call('PUT', `/api/v3/airlines/${id.SU}/airports`, token.su, { airports: [] })).statusCode).toBe(403);
    await suActsAs('manager');
    const platform = await call('PUT', `/api/v3/airlines/${id.SU}/airports`, token.platform, { airports: ['VKO'] });
    expect(platform.json().map((a: { iata: string }) => a.iata)).toEqual(['VKO']);
  });
});
