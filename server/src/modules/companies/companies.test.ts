import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreements, memberships, users } from '../../db/schema';
import { createTenant, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp } from '../../test/harness';

// No demo data: the file makes its own tenants (test/factories.ts).
const ctx = await createTestApp({ seed: false });
const { db } = ctx.database;

const tenants = {
  platform: await createTenant(ctx, 'platform', { name: 'Air Cargo Platform', short_name: 'PLATFORM' }),
  su: await createTenant(ctx, 'airline', {
    name: 'Aeroflot - Russian Airlines',
    short_name: 'SU',
    local_name: 'Аэрофлот',
    airline_code: 'SU',
    cimp_sita: 'MOWFMSU',
    ui_settings: { show_settings: true, has_access_to_new_air_waybills_page: true },
  }),
  kc: await createTenant(ctx, 'airline', {
    name: 'Air Astana',
    short_name: 'KC',
    airline_code: 'KC',
    ui_settings: { show_settings: true },
  }),
  fwdA: await createTenant(ctx, 'forwarder', {
    name: 'Demo Forwarder A',
    short_name: 'FWDA',
    tax_number: '7701234567',
    cass_codes: ['0001'],
  }),
  fwdB: await createTenant(ctx, 'forwarder', { name: 'Demo Forwarder B', short_name: 'FWDB' }),
};
const token = {
  platform: tenants.platform.admin.token,
  su: tenants.su.manager.token,
  fwdA: tenants.fwdA.admin.token,
  fwdB: tenants.fwdB.manager.token,
};
const id = {
  PLATFORM: tenants.platform.id,
  SU: tenants.su.id,
  KC: tenants.kc.id,
  FWDA: tenants.fwdA.id,
  FWDB: tenants.fwdB.id,
};

const call = ctx.call;

let created = 0;
/** A new company made by the platform through the API. */
async function createCompany(values: Record<string, unknown> = {}) {
  created += 1;
  const response = await call('POST', '/api/v3/companies', token.platform, {
    company_type: 'forwarder',
    name: `Test company ${created}`,
    short_name: `TEST${created}`,
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; short_name: string } & Record<string, unknown>;
}

const SUMMARY_FIELDS = [
  'id',
  'name',
  'short_name',
  'local_name',
  'operations_type',
  'address',
  'city',
  'country',
  'tax_number',
  'kpp',
  'post_code',
  'default_airport',
  'forwarder_iata_code',
  'cass_codes',
  'pima',
  'pima_location',
  'eori',
  'account_number',
];
const DETAIL_FIELDS = [
  'access_to_all_carriers',
  'interline_booking',
  'intl_cargo_accepted',
  'invisible',
  'permitted_carriers',
  'service_shcs',
  'shcs_accepted',
  'dg_storage',
  'latitude',
  'longitude',
  'customs_hours',
  'terminal_hours',
  'cimp_code',
  'cimp_email',
  'cimp_sita',
  'maildomain',
  'web_link',
  'notes',
  'interline_agreements',
];

describe('GET /api/v3/companies', () => {
  it('gives the platform every company, a page at a time, sorted as asked', async () => {
    const response = await call('GET', '/api/v3/companies?per_page=2&sort=short_name', token.platform);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((c: { short_name: string }) => c.short_name)).toEqual(['FWDA', 'FWDB']);
    expect(body.meta).toEqual({
      current_page: 1,
      next_page: 2,
      prev_page: null,
      total_pages: 3,
      total_count: 5,
      per_page: 2,
    });
    const last = await call('GET', '/api/v3/companies?per_page=2&page=3&sort=-short_name', token.platform);
    expect(last.json().data.map((c: { short_name: string }) => c.short_name)).toEqual(['FWDA']);
    expect(last.json().meta).toMatchObject({ current_page: 3, next_page: null, prev_page: 2 });
  });

  it('filters by company type, state and a search text', async () => {
    const airlines = await call('GET', '/api/v3/companies?company_type=airline&sort=short_name', token.platform);
    expect(airlines.json().data.map((c: { short_name: string }) => c.short_name)).toEqual(['KC', 'SU']);
    expect(airlines.json().data[0]).toMatchObject({ company_type: 'airline', airline_code: 'KC', state: 'active' });

    const searched = await call('GET', '/api/v3/companies?q=forwarder%20b', token.platform);
    expect(searched.json().data.map((c: { short_name: string }) => c.short_name)).toEqual(['FWDB']);

    const blocked = await call('GET', '/api/v3/companies?state=blocked', token.platform);
    expect(blocked.json()).toMatchObject({ data: [], meta: { total_count: 0 } });
  });

  it('matches the search text literally, wildcards included', async () => {
    const response = await call('GET', `/api/v3/companies?q=${encodeURIComponent('%')}`, token.platform);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it('shows any other caller only its own company', async () => {
    const response = await call('GET', '/api/v3/companies', token.fwdB);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((c: { id: number }) => c.id)).toEqual([id.FWDB]);
    expect(response.json().meta.total_count).toBe(1);

    const airlinesOnly = await call('GET', '/api/v3/companies?company_type=airline', token.fwdB);
    expect(airlinesOnly.json().data).toEqual([]);
  });

  it('refuses a sort field outside the whitelist with 422', async () => {
    const response = await call('GET', '/api/v3/companies?sort=password_hash', token.platform);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'ValidationFailed', errors: { sort: expect.any(Array) } });
  });
});

describe('GET /api/v3/companies/{id}', () => {
  it('answers every field of the company summary and detail with type, code, state and UI settings', async () => {
    const response = await call('GET', `/api/v3/companies/${id.SU}`, token.platform);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [...SUMMARY_FIELDS, ...DETAIL_FIELDS, 'company_type', 'airline_code', 'state', 'ui_settings'].sort(),
    );
    expect(body).toMatchObject({
      id: id.SU,
      short_name: 'SU',
      local_name: 'Аэрофлот',
      company_type: 'airline',
      airline_code: 'SU',
      state: 'active',
      cimp_sita: 'MOWFMSU',
      latitude: null,
      ui_settings: { show_settings: true, has_access_to_new_air_waybills_page: true },
    });
  });

  it('lets a forwarder read its own company and its detail block', async () => {
    const own = await call('GET', `/api/v3/companies/${id.FWDA}`, token.fwdA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ short_name: 'FWDA', cass_codes: ['0001'], tax_number: '7701234567' });

    const details = await call('GET', `/api/v3/companies/${id.FWDA}/details`, token.fwdA);
    expect(details.statusCode).toBe(200);
    expect(Object.keys(details.json()).sort()).toEqual([...DETAIL_FIELDS].sort());
  });

  it("never shows forwarder B anything of forwarder A's company: 404 as if it did not exist", async () => {
    for (const path of ['', '/details', '/ui_settings']) {
      const response = await call('GET', `/api/v3/companies/${id.FWDA}${path}`, token.fwdB);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({
        error: 'NotFound',
        errors: {},
        message: 'Company not found',
        message_key: { key: 'companyUnknown', params: {} },
      });
    }
    const missing = await call('GET', '/api/v3/companies/999999', token.fwdB);
    expect(missing.json()).toEqual((await call('GET', `/api/v3/companies/${id.FWDA}`, token.fwdB)).json());
  });

  it('answers 404 to the platform for a company that does not exist', async () => {
    const response = await call('GET', '/api/v3/companies/999999', token.platform);
    expect(response.statusCode).toBe(404);
  });

  it('refuses an id that is not a number with 422', async () => {
    const response = await call('GET', '/api/v3/companies/abc', token.platform);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('ValidationFailed');
  });
});

describe('POST /api/v3/companies', () => {
  it('creates a forwarder with its fields and default state', async () => {
    const company = await createCompany({
      name: 'Cargo Express',
      short_name: 'CEX',
      country: 'kz',
      default_airport: 'ala',
      cass_codes: ['0042'],
      latitude: 43.352,
      longitude: 77.0405,
      service_shcs: ['dgr', 'DGR', 'PER'],
      ui_settings: { show_settings: true, theme: 'dark' },
    });
    expect(company).toMatchObject({
      company_type: 'forwarder',
      state: 'active',
      airline_code: null,
      country: 'KZ',
      default_airport: 'ALA',
      latitude: 43.352,
      longitude: 77.0405,
      service_shcs: ['DGR', 'PER'],
      ui_settings: { show_settings: true, has_access_to_new_air_waybills_page: false, theme: 'dark' },
    });
    const read = await call('GET', `/api/v3/companies/${company.id}`, token.platform);
    expect(read.json()).toEqual(company);
  });

  it('creates an airline only with a two-character airline code', async () => {
    const missing = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'airline',
      name: 'No Code Air',
      short_name: 'NOCODE',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', errors: { airline_code: ['required field'] } });

    const tooLong = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'airline',
      name: 'Long Code Air',
      short_name: 'LONGCODE',
      airline_code: 'ABC',
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.airline_code).toBeDefined();

    const airline = await createCompany({
      company_type: 'airline',
      name: 'Zed Air',
      short_name: 'ZED',
      airline_code: 'z9',
    });
    expect(airline).toMatchObject({ company_type: 'airline', airline_code: 'Z9' });
  });

  it('refuses an airline code on a company that is not an airline', async () => {
    const response = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'forwarder',
      name: 'Coded Forwarder',
      short_name: 'CODEDFWD',
      airline_code: 'QQ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.airline_code).toEqual(['only airline companies have an airline code']);
  });

  it('refuses a short name taken by another company, whatever its case, with 422 Exists', async () => {
    const response = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'forwarder',
      name: 'Another A',
      short_name: 'fwda',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Exists',
      errors: { short_name: ['Company with this short name already exists'] },
      message: 'Company with this short name already exists',
    });
  });

  it('refuses an airline code another airline has with 422 Exists', async () => {
    const response = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'airline',
      name: 'Copy of Aeroflot',
      short_name: 'SU2',
      airline_code: 'SU',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'Exists', errors: { airline_code: expect.any(Array) } });
  });

  it('does not create a platform company', async () => {
    const response = await call('POST', '/api/v3/companies', token.platform, {
      company_type: 'platform',
      name: 'Second platform',
      short_name: 'PLATFORM2',
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers wrong types and missing fields with 422 in the error model', async () => {
    for (const payload of [
      {},
      { company_type: 'forwarder', name: 'X' },
      { company_type: 'forwarder', name: 42, short_name: 'X42' },
      { company_type: 'forwarder', name: '   ', short_name: 'BLANK' },
      { company_type: 'forwarder', name: 'Lat', short_name: 'LAT', latitude: 'north' },
      { company_type: 'forwarder', name: 'Lat', short_name: 'LAT', latitude: 91 },
      { company_type: 'forwarder', name: 'Nul', short_name: 'NUL\u0000' },
      { company_type: 'forwarder', name: 'Ui', short_name: 'UI', ui_settings: { 'Bad Key': 1 } },
    ]) {
      const response = await call('POST', '/api/v3/companies', token.platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toMatchObject({ error: 'ValidationFailed', errors: expect.any(Object) });
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('never answers random bodies with a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
    );
    const key = fc.constantFrom(
      'company_type',
      'name',
      'short_name',
      'airline_code',
      'latitude',
      'cass_codes',
      'country',
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 6 }), async (payload) => {
        const response = await call('POST', '/api/v3/companies', token.platform, payload);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().error).toBe('string');
      }),
      { numRuns: 60 },
    );
  });

  it('is for the platform only', async () => {
    const response = await call('POST', '/api/v3/companies', token.su, {
      company_type: 'forwarder',
      name: 'Made by SU',
      short_name: 'BYSU',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/v3/companies/{id}', () => {
  it('updates the fields given, clears a text sent empty and keeps the company type', async () => {
    const company = await createCompany({ city: 'Almaty', notes: 'first' });
    const response = await call('PATCH', `/api/v3/companies/${company.id}`, token.platform, {
      name: 'Renamed',
      city: '',
      latitude: -12.5,
      invisible: true,
      company_type: 'airline',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed',
      city: null,
      notes: 'first',
      latitude: -12.5,
      invisible: true,
      company_type: 'forwarder',
    });
  });

  it("refuses another company's short name and an airline without its code", async () => {
    const company = await createCompany();
    const taken = await call('PATCH', `/api/v3/companies/${company.id}`, token.platform, { short_name: 'Fwdb' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error).toBe('Exists');

    const same = await call('PATCH', `/api/v3/companies/${company.id}`, token.platform, {
      short_name: company.short_name.toLowerCase(),
    });
    expect(same.statusCode).toBe(200);

    const noCode = await call('PATCH', `/api/v3/companies/${id.KC}`, token.platform, { airline_code: null });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().error).toBe('EmptyFields');
  });

  it('is refused to anyone but the platform, even on the own company', async () => {
    const response = await call('PATCH', `/api/v3/companies/${id.FWDA}`, token.fwdA, { name: 'Mine' });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a company that does not exist', async () => {
    const response = await call('PATCH', '/api/v3/companies/999999', token.platform, { name: 'Ghost' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/v3/companies/{id}', () => {
  it('deletes a company nothing refers to', async () => {
    const company = await createCompany();
    const response = await call('DELETE', `/api/v3/companies/${company.id}`, token.platform);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/api/v3/companies/${company.id}`, token.platform)).statusCode).toBe(404);
  });

  it('refuses a company that still has users with 422 Exists', async () => {
    const response = await call('DELETE', `/api/v3/companies/${id.FWDB}`, token.platform);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'Exists', message: expect.stringContaining('users') });
    expect((await call('GET', `/api/v3/companies/${id.FWDB}`, token.platform)).statusCode).toBe(200);
  });

  it('refuses a company that still has agreements with 422 Exists', async () => {
    const company = await createCompany();
    await db.insert(agreements).values({
      supplier_id: id.SU,
      client_id: company.id,
      currency: 'RUB',
      effective_from: '2030-01-01',
    });
    const response = await call('DELETE', `/api/v3/companies/${company.id}`, token.platform);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'Exists', message: expect.stringContaining('agreements') });
  });

  it('is for the platform only', async () => {
    const company = await createCompany();
    const response = await call('DELETE', `/api/v3/companies/${company.id}`, token.fwdA);
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/v3/companies/{id}/state', () => {
  it('blocks a company, which revokes the tokens of users left with no access and refuses their sign-in, and unblocks it', async () => {
    const blocked = await call('PATCH', `/api/v3/companies/${id.FWDB}/state`, token.platform, { state: 'blocked' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().state).toBe('blocked');

    expect((await call('GET', '/api/v3/profiles/me', token.fwdB)).statusCode).toBe(401);
    const signIn = await call('POST', '/oauth/token', undefined, {
      grant_type: 'password',
      email: tenants.fwdB.manager.email,
      password: FACTORY_PASSWORD,
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error).toBe('invalid_grant');

    const unblocked = await call('PATCH', `/api/v3/companies/${id.FWDB}/state`, token.platform, { state: 'active' });
    expect(unblocked.json().state).toBe('active');
    token.fwdB = await ctx.signIn(tenants.fwdB.manager.email, FACTORY_PASSWORD);
    expect((await call('GET', '/api/v3/profiles/me', token.fwdB)).statusCode).toBe(200);
  });

  it('leaves a user acting in the blocked company there, listing the other live membership', async () => {
    const company = await createCompany();
    const [user] = await db.select().from(users).where(eq(users.id, tenants.fwdB.manager.id));
    const [there] = await db
      .insert(memberships)
      .values({ user_id: user!.id, company_id: company.id, role: 'operator' })
      .returning();
    await db.update(users).set({ current_membership_id: there!.id }).where(eq(users.id, user!.id));

    await call('PATCH', `/api/v3/companies/${company.id}/state`, token.platform, { state: 'blocked' });
    const profile = await call('GET', '/api/v3/profiles/me', token.fwdB);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ company_id: company.id, access_denied: true });
    const live = await db.select().from(memberships).where(eq(memberships.user_id, user!.id));
    const fwdB = live.find((m) => m.company_id === id.FWDB);
    expect(profile.json().available_urls).toEqual([`/bookings?role_id=${fwdB!.id}`]);
    await db.update(users).set({ current_membership_id: fwdB!.id }).where(eq(users.id, user!.id));
  });

  it('refuses to let the platform block its own company', async () => {
    const response = await call('PATCH', `/api/v3/companies/${id.PLATFORM}/state`, token.platform, {
      state: 'blocked',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('You cannot block your own company');
  });

  it('refuses an unknown state and non-platform callers', async () => {
    const bad = await call('PATCH', `/api/v3/companies/${id.FWDB}/state`, token.platform, { state: 'frozen' });
    expect(bad.statusCode).toBe(422);
    const forbidden = await call('PATCH', `/api/v3/companies/${id.FWDB}/state`, token.fwdB, { state: 'active' });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('/api/v3/companies/{id}/ui_settings', () => {
  it('answers both named flags even when they were never set', async () => {
    const response = await call('GET', `/api/v3/companies/${id.FWDA}/ui_settings`, token.fwdA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ has_access_to_new_air_waybills_page: false, show_settings: false });
  });

  it('merges keys in, removes free keys sent as null and keeps the rest', async () => {
    const first = await call('PATCH', `/api/v3/companies/${id.KC}/ui_settings`, token.platform, {
      has_access_to_new_air_waybills_page: true,
      default_tab: 'current',
      columns: ['awb', 'route'],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      show_settings: true,
      has_access_to_new_air_waybills_page: true,
      default_tab: 'current',
      columns: ['awb', 'route'],
    });

    const second = await call('PATCH', `/api/v3/companies/${id.KC}/ui_settings`, token.platform, { default_tab: null });
    expect(second.json()).toEqual({
      show_settings: true,
      has_access_to_new_air_waybills_page: true,
      columns: ['awb', 'route'],
    });
    const company = await call('GET', `/api/v3/companies/${id.KC}`, token.platform);
    expect(company.json().ui_settings).toEqual(second.json());
  });

  it('refuses a non-boolean named flag and a key that is not snake_case', async () => {
    for (const payload of [{ show_settings: 'yes' }, { 'Has Spaces': true }, { show_settings: null }]) {
      const response = await call('PATCH', `/api/v3/companies/${id.KC}/ui_settings`, token.platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('is changed by the platform only', async () => {
    const response = await call('PATCH', `/api/v3/companies/${id.FWDA}/ui_settings`, token.fwdA, {
      show_settings: true,
    });
    expect(response.statusCode).toBe(403);
  });
});
