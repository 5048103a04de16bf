import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, oauthTokens } from '../db/schema';
import { createTestApp, DEMO } from '../test/harness';
import { AuthCache } from './auth-cache';

describe('AuthCache', () => {
  it('serves nothing until its listener is live, and nothing past the TTL', async () => {
    const cache = new AuthCache(20);
    cache.setToken('h', 1, { a: 1 });
    expect(cache.getToken('h')).toBeUndefined();
    cache.setLive(true);
    cache.setToken('h', 1, { a: 1 });
    expect(cache.getToken('h')).toEqual({ a: 1 });
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.getToken('h')).toBeUndefined();
  });

  it('drops one user on u:<id> and everything on *', () => {
    const cache = new AuthCache(60_000);
    cache.setLive(true);
    cache.setToken('a', 1, 'one');
    cache.setToken('b', 2, 'two');
    cache.setProfile(1, 'p1');
    cache.onNotification('u:1');
    expect(cache.getToken('a')).toBeUndefined();
    expect(cache.getProfile(1)).toBeUndefined();
    expect(cache.getToken('b')).toBe('two');
    cache.onNotification('*');
    expect(cache.getToken('b')).toBeUndefined();
  });
});

describe('the auth cache against the database', async () => {
  // Enabled on both databases here: on PostgreSQL the notification arrives asynchronously, so poll for it.
  const ctx = await createTestApp({ config: { authCacheTtlMs: 60_000 } });
  // A guarded call other than the profile, which still answers while the company is blocked (decision 014).
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v3/companies', headers: ctx.as(token) }).then((r) => r.statusCode);
  async function eventually(token: string, status: number) {
    const deadline = Date.now() + 5000;
    let last = await me(token);
    while (last !== status && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      last = await me(token);
    }
    return last;
  }

  it('forgets a token revoked straight in the database, through the trigger notification', async () => {
    const token = await ctx.signIn(DEMO.fwdA);
    expect(await me(token)).toBe(200);
    await ctx.database.db.update(oauthTokens).set({ revoked_at: sql`now()` }).where(sql`revoked_at is null`);
    expect(await eventually(token, 401)).toBe(401);
  });

  it('refuses a cached token once its company is blocked', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    expect(await me(token)).toBe(200);
    await ctx.database.db.update(companies).set({ state: 'blocked' }).where(eq(companies.short_name, 'FWDB'));
    expect(await eventually(token, 403)).toBe(403);
    await ctx.database.db.update(companies).set({ state: 'active' }).where(eq(companies.short_name, 'FWDB'));
  });
});
