import type { CompanyType, Role } from '@aircargo/domain';
import { hasPermission, hostScopeOf, type Permission, PUBLIC } from '@aircargo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { companies, memberships, users } from '../db/schema';
import { createTestApp, DEMO } from './harness';

/**
 * The carrier and subdomain rules in the guard (decision 014), generated: every guarded route, called by principals of
 * airlines with and without the listed features, from the default host and from subdomains named by the carrier
 * header, answers exactly as the shared permission check (packages/domain) says: 403 where it refuses, and otherwise
 * anything but 401/403. The web's gates read the same check, so a screen it opens is never refused here.
 */
const ctx = await createTestApp();
const { app, database } = ctx;

const PRINCIPALS: { type: CompanyType; role: Role | null; company: string; airline?: string }[] = [
  { type: 'platform', role: null, company: 'PLATFORM' },
  { type: 'airline', role: 'admin', company: 'SU', airline: 'SU' },
  { type: 'airline', role: 'manager', company: 'SU', airline: 'SU' },
  { type: 'airline', role: 'admin', company: 'FV', airline: 'FV' },
  { type: 'airline', role: 'manager', company: 'FV', airline: 'FV' },
  { type: 'airline', role: 'operator', company: 'KC', airline: 'KC' },
  { type: 'forwarder', role: 'admin', company: 'FWDA' },
  { type: 'forwarder', role: 'operator', company: 'FWDA' },
];
const CARRIERS = [null, 'su', 'kc', 'cargoline', 'not a code'];

async function tokenFor(principal: (typeof PRINCIPALS)[number]): Promise<string> {
  const [template] = await database.db.select().from(users).where(eq(users.email, DEMO.platform));
  const [company] = await database.db.select().from(companies).where(eq(companies.short_name, principal.company));
  let companyId = company?.id;
  if (!companyId) {
    const [created] = await database.db
      .insert(companies)
      .values({
        company_type: principal.type,
        name: principal.company,
        short_name: principal.company,
        airline_code: principal.airline ?? null,
      })
      .returning();
    companyId = created!.id;
  }
  const email = `hosts.${principal.company}.${principal.role ?? 'none'}@example.com`.toLowerCase();
  const [user] = await database.db.insert(users).values({ email, password_hash: template!.password_hash }).returning();
  const [membership] = await database.db
    .insert(memberships)
    .values({ user_id: user!.id, company_id: companyId, role: principal.role })
    .returning();
  await database.db.update(users).set({ current_membership_id: membership!.id }).where(eq(users.id, user!.id));
  return ctx.signIn(email);
}

const routes: RouteEntry[] = app.routeTable.filter((r) => r.permission && r.permission !== PUBLIC);

function call(route: RouteEntry, headers: Record<string, string>) {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE' && route.method !== 'HEAD';
  return app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:iata/g, 'SVO').replace(/:[a-z_]+/g, '999999'),
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('carrier and subdomain rules in the guard', () => {
  it('has routes whose answer depends on the host or the airline', () => {
    const dependent = routes.filter((route) =>
      PRINCIPALS.some((p) =>
        CARRIERS.some(
          (carrier) =>
            hasPermission(p.type, p.role, route.permission as Permission, {
              airline: p.airline,
              scope: hostScopeOf(carrier),
            }) !== hasPermission(p.type, p.role, route.permission as Permission, { airline: p.airline }),
        ),
      ),
    );
    expect(dependent.length).toBeGreaterThan(3);
  });

  for (const principal of PRINCIPALS) {
    const label = `${principal.type} ${principal.role ?? ''} of ${principal.company}`;
    it(`answers ${label} as the shared check says, on every host`, async () => {
      const token = await tokenFor(principal);
      const mismatches: string[] = [];
      for (const carrier of CARRIERS) {
        const scope = hostScopeOf(carrier);
        const headers: Record<string, string> = { ...ctx.as(token), ...(carrier ? { 'x-carrier': carrier } : {}) };
        for (const route of routes) {
          const permission = route.permission as Permission;
          const allowed = hasPermission(principal.type, principal.role, permission, {
            airline: principal.airline,
            scope,
          });
          const status = (await call(route, headers)).statusCode;
          const ok = allowed ? status !== 401 && status !== 403 && status < 500 : status === 403;
          if (!ok) mismatches.push(`${carrier ?? '-'} ${route.method} ${route.url} (${permission}): ${status}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('refuses the users page to an admin of an airline without it, and serves it to one with it', async () => {
    const ids = await ctx.companyIds();
    const fv = await database.db.select().from(companies).where(eq(companies.short_name, 'FV'));
    const fvAdmin = await ctx.signIn('hosts.fv.admin@example.com');
    const suAdmin = await ctx.signIn('hosts.su.admin@example.com');
    expect((await ctx.call('GET', `/api/v3/companies/${fv[0]!.id}/user_profiles`, fvAdmin)).statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/v3/companies/${ids.SU}/user_profiles`, suAdmin)).statusCode).toBe(200);
  });

  it('closes the general settings calls to airline staff on the su subdomain only', async () => {
    const manager = await ctx.signIn('hosts.su.manager@example.com');
    const onSu = await app.inject({
      method: 'GET',
      url: '/api/v3/agreements',
      headers: { ...ctx.as(manager), 'x-carrier': 'SU' },
    });
    expect(onSu.statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/v3/agreements', manager)).statusCode).toBe(200);
  });
});
