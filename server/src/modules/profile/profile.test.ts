import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, memberships, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;

async function profileOf(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v3/profiles/me', headers: ctx.as(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/v3/profiles/me', () => {
  it('carries every field of the user and session, with the role written type_role', async () => {
    const profile = await profileOf(await ctx.signIn(DEMO.suManager));
    expect(profile).toMatchObject({
      email: DEMO.suManager,
      role: 'airline_manager',
      company_business_type: 'airline',
      company_short_name: 'SU',
      airline_code: 'SU',
      system: true,
      locale: 'en',
      has_access_to_new_air_waybills_page: true,
      airline_ui_settings: [{ show_settings: true }],
    });
    for (const key of [
      'id',
      'company_id',
      'company_name',
      'company_local_name',
      'firstname',
      'lastname',
      'phone',
      'operations_type',
      'permitted_carriers',
      'permitted_external_airlines',
      'stations_allowed',
      'stations_denied',
      'locations',
      'bi_dashboard_id',
    ]) {
      expect(profile).toHaveProperty(key);
    }
    expect(profile.available_roles.map((r: { name: string }) => r.name)).toEqual([
      'manager',
      'default',
      'billing',
      'admin',
    ]);
    expect(profile.available_roles.filter((r: { current: boolean }) => r.current)).toHaveLength(1);
    expect(profile.permissions).toContain('agreements:create');
  });

  it('describes the platform user without a role', async () => {
    const profile = await profileOf(await ctx.signIn(DEMO.platform));
    expect(profile).toMatchObject({ role: 'platform', company_business_type: 'platform' });
    expect(profile.available_roles[0]).toMatchObject({ name: null, type_role: 'platform', current: true });
  });
});

describe('PATCH /api/v3/profiles/me', () => {
  it('updates the locale', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v3/profiles/me',
      headers: ctx.as(token),
      payload: { locale: 'ru' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().locale).toBe('ru');
    expect((await profileOf(token)).locale).toBe('ru');
  });

  it('refuses an unknown locale with 422', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v3/profiles/me',
      headers: ctx.as(token),
      payload: { locale: 'xx' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'ValidationFailed', errors: { locale: [expect.any(String)] } });
  });
});

describe('PATCH /api/v3/profiles/me/current_role', () => {
  it('switches the role and the permissions follow at once on the same token', async () => {
    const token = await ctx.signIn(DEMO.suManager);
    const before = await profileOf(token);
    const billing = before.available_roles.find((r: { name: string }) => r.name === 'billing');
    const switched = await app.inject({
      method: 'PATCH',
      url: '/api/v3/profiles/me/current_role',
      headers: ctx.as(token),
      payload: { role_id: billing.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().role).toBe('airline_billing');
    expect(switched.json().permissions).not.toContain('agreements:create');
    const create = await app.inject({
      method: 'POST',
      url: '/api/v3/agreements',
      headers: ctx.as(token),
      payload: {},
    });
    expect(create.statusCode).toBe(403);
    const manager = before.available_roles.find((r: { name: string }) => r.name === 'manager');
    await app.inject({
      method: 'PATCH',
      url: '/api/v3/profiles/me/current_role',
      headers: ctx.as(token),
      payload: { role_id: manager.id },
    });
    expect((await profileOf(token)).role).toBe('airline_manager');
  });

  it("refuses another user's role as not found", async () => {
    const other = await profileOf(await ctx.signIn(DEMO.fwdA));
    const token = await ctx.signIn(DEMO.fwdB);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v3/profiles/me/current_role',
      headers: ctx.as(token),
      payload: { role_id: other.available_roles[0].id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NotFound',
      errors: {},
      message: 'Role not found',
      message_key: { key: 'roleNotFound', params: {} },
    });
  });
});

describe('a company without access', () => {
  /** A user acting for forwarder A (current) who is also a manager of KC. */
  async function twoCompanyUser(email: string) {
    const ids = await ctx.companyIds();
    const [template] = await ctx.database.db.select().from(users).where(eq(users.email, DEMO.platform));
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email, password_hash: template!.password_hash })
      .returning();
    const [fwd, kc] = await ctx.database.db
      .insert(memberships)
      .values([
        { user_id: user!.id, company_id: ids.FWDA, role: 'operator' },
        { user_id: user!.id, company_id: ids.KC, role: 'manager' },
      ])
      .returning();
    await ctx.database.db.update(users).set({ current_membership_id: fwd!.id }).where(eq(users.id, user!.id));
    return { token: await ctx.signIn(email), fwd: fwd!.id, kc: kc!.id };
  }

  it('answers every call but the profile and the role switch with 403 and the landing paths still open', async () => {
    const { token, fwd, kc } = await twoCompanyUser('two.blocked@example.com');
    await ctx.database.db.update(memberships).set({ blocked: true }).where(eq(memberships.id, fwd));

    const refused = await ctx.call('GET', '/api/v3/agent/agreements', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'Forbidden', available_urls: [`/air-waybills?role_id=${kc}`] });
    expect((await ctx.call('PATCH', '/api/v3/profiles/me', token, { locale: 'ru' })).statusCode).toBe(403);

    const profile = await profileOf(token);
    expect(profile).toMatchObject({
      company_short_name: 'FWDA',
      access_denied: true,
      available_urls: [`/air-waybills?role_id=${kc}`],
      permissions: ['profile:read', 'profile:switch_role'],
    });
    expect(profile.available_roles.map((r: { id: number }) => r.id)).toEqual([kc]);

    const blockedSwitch = await ctx.call('PATCH', '/api/v3/profiles/me/current_role', token, { role_id: fwd });
    expect(blockedSwitch.statusCode).toBe(422);
    const switched = await ctx.call('PATCH', '/api/v3/profiles/me/current_role', token, { role_id: kc });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ company_short_name: 'KC', access_denied: false, available_urls: [] });
    expect((await ctx.call('GET', '/api/v3/agreements', token)).statusCode).toBe(200);
  });

  it('names the landing path of the host: a forwarder on the su subdomain lands on air waybill creation', async () => {
    const { token, fwd, kc } = await twoCompanyUser('two.su@example.com');
    await ctx.call('PATCH', '/api/v3/profiles/me/current_role', token, { role_id: kc });
    await ctx.database.db.update(companies).set({ state: 'blocked' }).where(eq(companies.short_name, 'KC'));
    const response = await app.inject({
      method: 'GET',
      url: '/api/v3/agreements',
      headers: { ...ctx.as(token), 'x-carrier': 'SU' },
    });
    await ctx.database.db.update(companies).set({ state: 'active' }).where(eq(companies.short_name, 'KC'));
    expect(response.statusCode).toBe(403);
    expect(response.json().available_urls).toEqual([`/air-waybills/create?role_id=${fwd}`]);
  });

  it('answers 403 with an empty list when no other company is usable', async () => {
    const token = await ctx.signIn(DEMO.xxManager);
    await ctx.database.db.update(companies).set({ state: 'blocked' }).where(eq(companies.short_name, 'KC'));
    const response = await ctx.call('GET', '/api/v3/agreements', token);
    const profile = await profileOf(token);
    await ctx.database.db.update(companies).set({ state: 'active' }).where(eq(companies.short_name, 'KC'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'Forbidden', available_urls: [] });
    expect(profile).toMatchObject({ access_denied: true, available_urls: [] });
  });
});

describe('permissions on a host', () => {
  it('follow the carrier header: feature requests only on the su subdomain', async () => {
    const token = await ctx.signIn(DEMO.suManager);
    const plain = await profileOf(token);
    const onSu = (
      await app.inject({ method: 'GET', url: '/api/v3/profiles/me', headers: { ...ctx.as(token), 'x-carrier': 'su' } })
    ).json();
    expect(plain.permissions).not.toContain('feature_requests:read');
    expect(onSu.permissions).toContain('feature_requests:read');
    // General settings are closed to airline staff on the su subdomain, open on the default host.
    expect(plain.permissions).toContain('agreements:read');
    expect(onSu.permissions).not.toContain('agreements:read');
  });
});
