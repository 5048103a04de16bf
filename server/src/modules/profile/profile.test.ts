import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
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
    expect(response.json().error).toBe('NotFound');
  });
});

describe('a company without access', () => {
  it('answers 403 with the URLs the user may still reach', async () => {
    const token = await ctx.signIn(DEMO.xxManager);
    await ctx.database.db.update(companies).set({ state: 'blocked' }).where(eq(companies.short_name, 'KC'));
    const response = await app.inject({ method: 'GET', url: '/api/v3/profiles/me', headers: ctx.as(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'Forbidden', available_urls: expect.any(Array) });
    await ctx.database.db.update(companies).set({ state: 'active' }).where(eq(companies.short_name, 'KC'));
  });
});
