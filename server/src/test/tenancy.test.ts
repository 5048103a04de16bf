import { PUBLIC } from '@aircargo/domain';
import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agreements, companies, memberships, users } from '../db/schema';
import { createTestApp, DEMO } from './harness';

/**
 * Generated over every guarded route: forwarder B (in each of its roles) never reads or changes forwarder A's data.
 * Routes with ids are called with every id of A's records; lists must not mention A; afterwards A's rows are unchanged.
 */
const ctx = await createTestApp();
const { app, database } = ctx;
const db = database.db;

const [fwdA] = await db.select().from(companies).where(eq(companies.short_name, 'FWDA'));
const [fwdB] = await db.select().from(companies).where(eq(companies.short_name, 'FWDB'));
const aUsers = await db
  .select({ id: users.id })
  .from(users)
  .innerJoin(memberships, eq(memberships.user_id, users.id))
  .where(eq(memberships.company_id, fwdA!.id));
const aAgreements = await db.select({ id: agreements.id }).from(agreements).where(eq(agreements.client_id, fwdA!.id));

async function snapshotOfA() {
  return {
    company: await db.select().from(companies).where(eq(companies.id, fwdA!.id)),
    memberships: await db
      .select()
      .from(memberships)
      .where(eq(memberships.company_id, fwdA!.id))
      .orderBy(memberships.id),
    agreements: await db
      .select()
      .from(agreements)
      .where(
        or(
          eq(agreements.client_id, fwdA!.id),
          inArray(
            agreements.id,
            aAgreements.map((a) => a.id),
          ),
        ),
      )
      .orderBy(agreements.id),
  };
}

/** Every way to fill a route's parameters with A's ids. */
function urlsWithIdsOfA(url: string): string[] {
  const params = url.match(/:[a-z_]+/g) ?? [];
  if (params.length === 0) return [url];
  const candidates: Record<string, number[]> = {
    ':id': [fwdA!.id, ...aAgreements.map((a) => a.id)],
    ':user_id': aUsers.map((u) => u.id),
  };
  let out = [url];
  for (const p of params) {
    const values = candidates[p] ?? [];
    out = out.flatMap((u) => values.map((v) => u.replace(p, String(v))));
  }
  return out;
}

// Reference data (airports, airlines ...) is shared by everyone: its ids are not A's records.
const guarded = app.routeTable.filter(
  (r) => r.permission && r.permission !== PUBLIC && r.permission !== 'reference:read' && r.url !== '/*',
);
const MARKERS = ['FWDA', 'Demo Forwarder A', DEMO.fwdA, '1234567'];

describe("forwarder B and forwarder A's data", () => {
  it('has A records to aim at', () => {
    expect(aUsers.length).toBeGreaterThan(0);
    expect(aAgreements.length).toBeGreaterThan(0);
    expect(fwdB).toBeDefined();
  });

  for (const role of ['operator', 'admin'] as const) {
    it(`refuses B's ${role} every read and write of A's records, and lists show none of them`, async () => {
      const email = `tenancy.${role}@example.com`;
      const [template] = await db.select().from(users).where(eq(users.email, DEMO.fwdB));
      const [user] = await db.insert(users).values({ email, password_hash: template!.password_hash }).returning();
      const [m] = await db.insert(memberships).values({ user_id: user!.id, company_id: fwdB!.id, role }).returning();
      await db.update(users).set({ current_membership_id: m!.id }).where(eq(users.id, user!.id));
      const token = await ctx.signIn(email);
      const before = await snapshotOfA();
      const leaks: string[] = [];
      for (const route of guarded) {
        const hasParams = route.url.includes(':');
        for (const url of urlsWithIdsOfA(route.url)) {
          const body = ['POST', 'PATCH', 'PUT'].includes(route.method)
            ? {
                state: 'blocked',
                blocked: true,
                description: 'taken over',
                name: 'Taken',
                roles: ['admin'],
                locale: 'en',
              }
            : undefined;
          const response = await app.inject({
            method: route.method as 'GET',
            url,
            headers: ctx.as(token),
            ...(body ? { payload: body } : {}),
          });
          const status = response.statusCode;
          if (hasParams && status < 400) leaks.push(`${route.method} ${url}: ${status}`);
          if (route.method === 'GET' && status === 200 && MARKERS.some((mark) => response.body.includes(mark))) {
            leaks.push(`${route.method} ${url} mentions forwarder A`);
          }
          if (status >= 500) leaks.push(`${route.method} ${url}: ${status}`);
        }
      }
      expect(leaks).toEqual([]);
      expect(await snapshotOfA()).toEqual(before);
    });
  }
});
