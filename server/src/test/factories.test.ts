import { describe, expect, it } from 'vitest';
import { createTenant } from './factories';
import { createTestApp } from './harness';

const ctx = await createTestApp({ seed: false });

describe('test factories', () => {
  it('make a fresh company with a signed-in admin and manager for each tenant, apart from every other', async () => {
    const one = await createTenant(ctx, 'airline');
    const two = await createTenant(ctx, 'airline');
    const forwarder = await createTenant(ctx, 'forwarder');
    expect(one.airline_code).toMatch(/^[A-Z0-9]{2}$/);
    expect(one.airline_code).not.toBe(two.airline_code);
    expect(new Set([one.short_name, two.short_name, forwarder.short_name]).size).toBe(3);
    expect([one.admin.role, one.manager.role, forwarder.admin.role, forwarder.manager.role]).toEqual([
      'admin',
      'manager',
      'admin',
      'operator',
    ]);

    const profile = await ctx.call('GET', '/api/v3/profiles/me', one.manager.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: one.manager.email, company_id: one.id });

    const seen = await ctx.call('GET', '/api/v3/companies', forwarder.admin.token);
    expect(seen.json().data.map((c: { id: number }) => c.id)).toEqual([forwarder.id]);
    expect((await ctx.call('GET', `/api/v3/companies/${one.id}`, forwarder.admin.token)).statusCode).toBe(404);
  });

  it('make platform tenants whose members hold no role and see every company', async () => {
    const platform = await createTenant(ctx, 'platform');
    expect(platform.admin.role).toBeNull();
    const all = await ctx.call('GET', '/api/v3/companies?per_page=200', platform.admin.token);
    expect(all.json().meta.total_count).toBeGreaterThanOrEqual(4);
  });
});
