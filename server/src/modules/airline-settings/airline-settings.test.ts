import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { airlineSettings, memberships, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;

const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
};
const id = await ctx.companyIds();

const URL = '/api/v3/airline_settings';

const call = ctx.call;

/** Switches the SU demo user to another of its SU roles. */
async function suActsAs(role: 'manager' | 'operator' | 'admin') {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(users.email, DEMO.suManager), eq(memberships.role, role)));
  const response = await call('PATCH', '/api/v3/profiles/me/current_role', token.su, { role_id: row!.id });
  expect(response.statusCode).toBe(200);
}

const DEFAULTS = {
  awb_prefix: null,
  interline_accepted_prefixes: [],
  sales_open_rules: [],
  overflow_weight_percent: 0,
  overflow_volume_percent: 0,
  pax_weights: { summer: 75, winter: 80 },
  auto_billing: false,
  auto_awb_verification: false,
  chargeable_ratio: 6000,
  minimum_charge_weight: 0,
  rounding_rule: 'up_0_5',
  billing_date_source: 'issue',
};

async function newAirline(code: string): Promise<number> {
  const response = await call('POST', '/api/v3/companies', token.platform, {
    company_type: 'airline',
    name: `Airline ${code}`,
    short_name: `AIR${code}`,
    airline_code: code,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('GET /api/v3/airline_settings', () => {
  it("answers the airline caller's own settings with numbers for numeric columns", async () => {
    const response = await call('GET', URL, token.su);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULTS,
      company_id: id.SU,
      awb_prefix: '555',
      interline_accepted_prefixes: ['465'],
      minimum_charge_weight: 5,
    });
    const kc = await call('GET', URL, token.kc);
    expect(kc.json()).toMatchObject({ company_id: id.KC, awb_prefix: '465', rounding_rule: 'up_1' });
  });

  it('answers 404 to an airline naming another company, and its own id as if omitted', async () => {
    const other = await call('GET', `${URL}?company_id=${id.SU}`, token.kc);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      error: 'NotFound',
      errors: {},
      message: 'Company not found',
      message_key: { key: 'companyUnknown', params: {} },
    });
    const own = await call('GET', `${URL}?company_id=${id.KC}`, token.kc);
    expect(own.json().company_id).toBe(id.KC);
  });

  it('needs company_id from the platform, naming an airline', async () => {
    const missing = await call('GET', URL, token.platform);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', errors: { company_id: ['required field'] } });
    for (const company of [id.FWDA, 999999]) {
      const response = await call('GET', `${URL}?company_id=${company}`, token.platform);
      expect(response.statusCode, String(company)).toBe(404);
    }
    const su = await call('GET', `${URL}?company_id=${id.SU}`, token.platform);
    expect(su.json()).toMatchObject({ company_id: id.SU, awb_prefix: '555' });
    const bad = await call('GET', `${URL}?company_id=abc`, token.platform);
    expect(bad.statusCode).toBe(422);
  });

  it('answers the defaults for an airline without stored settings', async () => {
    const airline = await newAirline('Q1');
    const response = await call('GET', `${URL}?company_id=${airline}`, token.platform);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULTS, company_id: airline });
    expect(await db.select().from(airlineSettings).where(eq(airlineSettings.company_id, airline))).toEqual([]);
  });

  it('is refused to forwarders', async () => {
    expect((await call('GET', URL, token.fwdA)).statusCode).toBe(403);
    expect((await call('PATCH', URL, token.fwdA, { auto_billing: true })).statusCode).toBe(403);
  });
});

describe('PATCH /api/v3/airline_settings', () => {
  it('creates the missing row with the column defaults, the same values GET answered', async () => {
    const airline = await newAirline('Q2');
    const before = await call('GET', `${URL}?company_id=${airline}`, token.platform);
    const response = await call('PATCH', `${URL}?company_id=${airline}`, token.platform, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before.json());
    expect(await db.select().from(airlineSettings).where(eq(airlineSettings.company_id, airline))).toHaveLength(1);
  });

  it('stores the fields given, answers them as numbers and keeps the rest', async () => {
    const response = await call('PATCH', URL, token.kc, {
      interline_accepted_prefixes: ['555', '421', '555'],
      sales_open_rules: [
        { open_days_before_std: 30, close_hours_before_std: 2 },
        { open_days_before_std: 1, close_hours_before_std: 23 },
      ],
      overflow_weight_percent: 12.5,
      overflow_volume_percent: 7.25,
      pax_weights: { summer: 77.5, winter: 84 },
      auto_billing: true,
      chargeable_ratio: 5000,
      minimum_charge_weight: 10.75,
      billing_date_source: 'departure',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      company_id: id.KC,
      awb_prefix: '465',
      interline_accepted_prefixes: ['555', '421'],
      sales_open_rules: [
        { open_days_before_std: 30, close_hours_before_std: 2 },
        { open_days_before_std: 1, close_hours_before_std: 23 },
      ],
      overflow_weight_percent: 12.5,
      overflow_volume_percent: 7.25,
      pax_weights: { summer: 77.5, winter: 84 },
      auto_billing: true,
      auto_awb_verification: false,
      chargeable_ratio: 5000,
      minimum_charge_weight: 10.75,
      rounding_rule: 'up_1',
      billing_date_source: 'departure',
    };
    expect(response.json()).toEqual(expected);
    expect((await call('GET', URL, token.kc)).json()).toEqual(expected);
  });

  it('lets the platform change the settings of the airline it names', async () => {
    const response = await call('PATCH', `${URL}?company_id=${id.SU}`, token.platform, { auto_awb_verification: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ company_id: id.SU, auto_awb_verification: true, awb_prefix: '555' });
  });

  it('refuses an AWB prefix another airline uses with 422 Exists', async () => {
    const response = await call('PATCH', URL, token.kc, { awb_prefix: '555' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'Exists', errors: { awb_prefix: expect.any(Array) } });
    const same = await call('PATCH', URL, token.kc, { awb_prefix: '465' });
    expect(same.statusCode).toBe(200);
  });

  it('is for airline managers and admins, not other airline roles', async () => {
    await suActsAs('operator');
    expect((await call('GET', URL, token.su)).statusCode).toBe(200);
    expect((await call('PATCH', URL, token.su, { auto_billing: true })).statusCode).toBe(403);
    await suActsAs('admin');
    expect((await call('PATCH', URL, token.su, { auto_billing: true })).statusCode).toBe(200);
    await suActsAs('manager');
  });

  it('answers 404 to an airline naming another airline', async () => {
    const response = await call('PATCH', `${URL}?company_id=${id.SU}`, token.kc, { auto_billing: false });
    expect(response.statusCode).toBe(404);
    expect((await call('GET', URL, token.su)).json().auto_billing).toBe(true);
  });

  it('refuses out-of-range values, wrong types and unknown choices with 422', async () => {
    for (const [field, payload] of [
      ['awb_prefix', { awb_prefix: '55A' }],
      ['interline_accepted_prefixes.0', { interline_accepted_prefixes: ['5555'] }],
      ['overflow_weight_percent', { overflow_weight_percent: 150 }],
      ['overflow_volume_percent', { overflow_volume_percent: -1 }],
      ['overflow_volume_percent', { overflow_volume_percent: 1.005 }],
      ['pax_weights.winter', { pax_weights: { summer: 75 } }],
      [
        'sales_open_rules.0.close_hours_before_std',
        { sales_open_rules: [{ open_days_before_std: 1, close_hours_before_std: 48 }] },
      ],
      [
        'sales_open_rules.0.open_days_before_std',
        { sales_open_rules: [{ open_days_before_std: 'soon', close_hours_before_std: 1 }] },
      ],
      ['chargeable_ratio', { chargeable_ratio: 0 }],
      ['chargeable_ratio', { chargeable_ratio: 6000.5 }],
      ['minimum_charge_weight', { minimum_charge_weight: '5' }],
      ['rounding_rule', { rounding_rule: 'banker' }],
      ['billing_date_source', { billing_date_source: 'tomorrow' }],
      ['auto_billing', { auto_billing: 'yes' }],
    ] as const) {
      const response = await call('PATCH', URL, token.kc, payload);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().error, field).toBe('ValidationFailed');
      expect(Object.keys(response.json().errors), field).toContain(field);
    }
  });

  it('never answers random bodies with a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
    );
    const key = fc.constantFrom(
      'awb_prefix',
      'overflow_weight_percent',
      'minimum_charge_weight',
      'chargeable_ratio',
      'sales_open_rules',
      'pax_weights',
      'rounding_rule',
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 5 }), async (payload) => {
        const response = await call('PATCH', `${URL}?company_id=${id.KC}`, token.platform, payload);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().error).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});
