import type { CompanyType, Role } from '@aircargo/domain';
import { hasPermission, type Permission, PUBLIC } from '@aircargo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { companies, memberships, users } from '../db/schema';
import { createTestApp, DEMO } from './harness';
import { fillUrl, PARAM_SAMPLES, paramsOf } from './route-params';

/**
 * The generated route x role matrix: every registered route, called by an anonymous caller and by every company type
 * and role, answers exactly as the permission matrix says: 401 without a token, 403 without the permission, and
 * otherwise anything but 401/403 (the handler may still answer 404 or 422 for the made-up ids and bodies).
 */
const ctx = await createTestApp();
const { app, database } = ctx;

const PRINCIPALS: { type: CompanyType; role: Role | null; company: string }[] = [
  { type: 'platform', role: null, company: 'PLATFORM' },
  { type: 'airline', role: 'admin', company: 'SU' },
  { type: 'airline', role: 'operator', company: 'SU' },
  { type: 'airline', role: 'manager', company: 'SU' },
  { type: 'airline', role: 'billing', company: 'SU' },
  { type: 'airline', role: 'ics_inspector', company: 'SU' },
  { type: 'forwarder', role: 'admin', company: 'FWDA' },
  { type: 'forwarder', role: 'operator', company: 'FWDA' },
  { type: 'visitor', role: null, company: 'visitors' },
];

async function tokenFor(principal: (typeof PRINCIPALS)[number]): Promise<string> {
  const [template] = await database.db.select().from(users).where(eq(users.email, DEMO.platform));
  const [company] = await database.db.select().from(companies).where(eq(companies.short_name, principal.company));
  let companyId = company?.id;
  if (!companyId) {
    const [created] = await database.db
      .insert(companies)
      .values({ company_type: principal.type, name: principal.company, short_name: principal.company })
      .returning();
    companyId = created!.id;
  }
  const email = `matrix.${principal.type}.${principal.role ?? 'none'}@example.com`;
  const [user] = await database.db.insert(users).values({ email, password_hash: template!.password_hash }).returning();
  const [membership] = await database.db
    .insert(memberships)
    .values({ user_id: user!.id, company_id: companyId, role: principal.role })
    .returning();
  await database.db.update(users).set({ current_membership_id: membership!.id }).where(eq(users.id, user!.id));
  return ctx.signIn(email);
}

/** The route with each parameter replaced by its well-formed sample (route-params.ts); null when one has none. */
function concreteUrl(url: string): string | null {
  const [filled] = fillUrl(url, (p) => (PARAM_SAMPLES[p] === undefined ? [] : [PARAM_SAMPLES[p]]));
  return filled ?? null;
}

const routes: RouteEntry[] = app.routeTable.filter((r) => r.permission && r.permission !== PUBLIC);
const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

/**
 * Guarded routes that no principal below may call, each with the reason. Any other route must be allowed to at least
 * one principal, so that the matrix sees it answer past the permission check.
 */
const NOBODY_ALLOWED: Record<string, string> = {
  'POST /api/v3/air_waybills':
    'only on the su subdomain (seed 000 section 2, /air-waybills/create); permission-hosts.test.ts calls it from there',
};

function call(route: RouteEntry, headers: Record<string, string> = {}) {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE' && route.method !== 'HEAD';
  const url = concreteUrl(route.url);
  if (!url) throw new Error(`${keyOf(route)}: a parameter has no sample in route-params.ts`);
  return app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('route x role matrix', () => {
  it('covers the guarded routes of every module', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it('has a sample for every path parameter', () => {
    const missing = routes.flatMap((r) =>
      paramsOf(r.url)
        .filter((p) => PARAM_SAMPLES[p] === undefined)
        .map((p) => `${keyOf(r)}: :${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('lets some principal past the permission check of every guarded route, or names why nobody may', () => {
    const unreachable = routes
      .filter((r) => !PRINCIPALS.some((p) => hasPermission(p.type, p.role, r.permission as Permission)))
      .map(keyOf)
      .filter((key) => !NOBODY_ALLOWED[key]);
    expect(unreachable).toEqual([]);
    const stale = Object.keys(NOBODY_ALLOWED).filter((key) => !routes.some((r) => keyOf(r) === key));
    expect(stale).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every guarded route', async () => {
    for (const route of routes) {
      const response = await call(route);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(response.json().error).toBe('Unauthorized');
    }
  });

  for (const principal of PRINCIPALS) {
    const label = principal.role ? `${principal.type} ${principal.role}` : principal.type;
    it(`gives ${label} exactly what the matrix allows`, async () => {
      const token = await tokenFor(principal);
      const mismatches: string[] = [];
      for (const route of routes) {
        const airline = principal.type === 'airline' ? principal.company : null;
        const allowed = hasPermission(principal.type, principal.role, route.permission as Permission, { airline });
        const response = await call(route, ctx.as(token));
        const status = response.statusCode;
        const ok = allowed ? status !== 401 && status !== 403 && status < 500 : status === 403;
        if (!ok)
          mismatches.push(
            `${route.method} ${route.url} (${route.permission}): ${status} ${response.body.slice(0, 120)}`,
          );
      }
      expect(mismatches).toEqual([]);
    });
  }
});
