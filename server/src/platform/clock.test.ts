import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agreements } from '../db/schema';
import { createTestApp, DEMO } from '../test/harness';
import { FrozenClock, systemClock } from './clock';

const clock = new FrozenClock('2026-03-01T10:00:00Z');
const ctx = await createTestApp({ clock, config: { authCacheTtlMs: 0 } });

describe('the clock', () => {
  it('stands still until moved', () => {
    const frozen = new FrozenClock('2026-01-01T00:00:00Z');
    expect(frozen.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    frozen.advance(90_000);
    expect(frozen.now().toISOString()).toBe('2026-01-01T00:01:30.000Z');
    frozen.set('2027-05-05T05:05:05Z');
    expect(frozen.now().toISOString()).toBe('2027-05-05T05:05:05.000Z');
    expect(() => frozen.set('not a date')).toThrow(RangeError);
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("issues tokens at the app clock's time and expires them by it", async () => {
    const issued = await ctx.call('POST', '/oauth/token', undefined, {
      grant_type: 'password',
      email: DEMO.fwdA,
      password: 'demo-pass-2026',
    });
    expect(issued.statusCode).toBe(200);
    const { access_token: token, created_at, expires_in } = issued.json();
    expect(created_at).toBe(Date.parse('2026-03-01T10:00:00Z') / 1000);
    expect((await ctx.call('GET', '/api/v3/profiles/me', token)).statusCode).toBe(200);

    clock.advance((expires_in - 60) * 1000);
    const info = await ctx.call('GET', '/oauth/token/info', token);
    expect(info.json().expires_in).toBe(60);

    clock.advance(61_000);
    expect((await ctx.call('GET', '/api/v3/profiles/me', token)).statusCode).toBe(401);
  });

  it("judges an agreement active on the app clock's date", async () => {
    clock.set('2026-03-01T10:00:00Z');
    const token = await ctx.signIn(DEMO.platform);
    const [row] = await ctx.database.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.contract_number, 'SU-2026-001'));
    const activeAt = async (at: string) => {
      clock.set(at);
      const one = await ctx.call('GET', `/api/v3/agreements/${row!.id}`, token);
      const listed = await ctx.call('GET', '/api/v3/agreements?active=true', token);
      return {
        flag: one.json().active,
        listed: listed.json().data.some((a: { id: number }) => a.id === row!.id),
      };
    };
    // The demo agreement runs from 2026-01-01 to 2027-12-31; the token lives 2 hours, so each step stays inside it.
    expect(await activeAt('2026-03-01T11:00:00Z')).toEqual({ flag: true, listed: true });
    clock.set('2027-12-31T23:00:00Z');
    const late = await ctx.signIn(DEMO.platform);
    const lateCheck = async (at: string) => {
      clock.set(at);
      return (await ctx.call('GET', `/api/v3/agreements/${row!.id}`, late)).json().active;
    };
    expect(await lateCheck('2027-12-31T23:59:00Z')).toBe(true);
    expect(await lateCheck('2028-01-01T00:01:00Z')).toBe(false);
  });
});
