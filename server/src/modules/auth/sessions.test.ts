import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema';
import { FrozenClock } from '../../platform/clock';
import { createTestApp } from '../../test/harness';
import { AuthService, NO_ACCESS } from './auth.service';
import { SIGN_IN_THROTTLE } from './auth.throttle';

/** Attacks on sessions and reset tokens (issue 8 items 4 and 5). */
const clock = new FrozenClock('2026-11-23T08:00:00Z');
const ctx = await createTestApp({ clock });
const { app, config } = ctx;
const ids = await ctx.companyIds();
const PASSWORD = 'Kestrel-Harbour-1987';
const NEW_PASSWORD = 'Osprey-Lantern-2031';

let serial = 0;
async function newUser(): Promise<{ email: string; id: number }> {
  serial += 1;
  const email = `session.user${serial}@demo.aero`;
  // Signed in afresh: the tests move the clock past earlier tokens' lifetimes.
  const platform = await ctx.signIn('platform@demo.aero');
  const response = await ctx.call('POST', `/api/v3/companies/${ids.FWDA}/user_profiles`, platform, {
    email,
    roles: ['default'],
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email, id: response.json().id };
}

function grant(payload: Record<string, unknown>, remoteAddress = '198.51.100.7') {
  return app.inject({ method: 'POST', url: '/oauth/token', remoteAddress, payload });
}
const password = (email: string, pass = PASSWORD, extra: Record<string, unknown> = {}) =>
  grant({ grant_type: 'password', email, password: pass, ...extra });
const refresh = (refreshToken: string) => grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
const me = (token: string) => ctx.call('GET', '/api/v3/profiles/me', token);
const change = (token: string, current: string, next = NEW_PASSWORD, remoteAddress = '198.51.100.7') =>
  app.inject({
    method: 'PUT',
    url: '/api/v2/users/password',
    remoteAddress,
    headers: ctx.as(token),
    payload: { current_password: current, password: next, password_confirmation: next },
  });

describe('a password change', () => {
  it("revokes the user's other sessions and keeps the caller's", async () => {
    const { email } = await newUser();
    const mine = (await password(email)).json();
    const other = (await password(email)).json();
    expect((await change(mine.access_token, PASSWORD)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    expect((await me(mine.access_token)).statusCode).toBe(200);
    expect((await refresh(mine.refresh_token)).statusCode).toBe(200);
  });

  it('throttles guesses of the current password like sign-in', async () => {
    const { email } = await newUser();
    const token = (await password(email)).json().access_token;
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++) {
      expect((await change(token, `guess-${i}`, NEW_PASSWORD, '203.0.113.31')).statusCode).toBe(422);
    }
    const held = await change(token, PASSWORD, NEW_PASSWORD, '203.0.113.31');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('refresh token lifetimes', () => {
  it('ends a sign-in without remember-me after its absolute lifetime, however often it is refreshed', async () => {
    const { email } = await newUser();
    let pair = (await password(email)).json();
    const step = (config.refreshIdleTtl - 60) * 1000;
    let elapsed = 0;
    while (elapsed + step < config.sessionTtl * 1000) {
      clock.advance(step);
      elapsed += step;
      const next = await refresh(pair.refresh_token);
      expect(next.statusCode, `after ${elapsed / 1000}s`).toBe(200);
      pair = next.json();
      // An access token never outlives its sign-in.
      expect(elapsed / 1000 + pair.expires_in).toBeLessThanOrEqual(config.sessionTtl);
    }
    clock.advance(config.sessionTtl * 1000 - elapsed);
    const late = await refresh(pair.refresh_token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_grant');
  });

  it('keeps a remember-me sign-in for 30 days at most', async () => {
    const { email } = await newUser();
    let pair = (await password(email, PASSWORD, { remember_me: true })).json();
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * 86_400_000);
      const next = await refresh(pair.refresh_token);
      expect(next.statusCode, `day ${day}`).toBe(200);
      pair = next.json();
    }
    clock.advance(6 * 86_400_000);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(400);
  });

  it('kills a refresh token left unused past its idle lifetime', async () => {
    const { email } = await newUser();
    const pair = (await password(email)).json();
    clock.advance((config.refreshIdleTtl + 1) * 1000);
    const response = await refresh(pair.refresh_token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });
});

describe('grants for a user with no live membership', () => {
  it('refuses the password grant and the refresh grant', async () => {
    const { email, id } = await newUser();
    const pair = (await password(email)).json();
    // Blocked behind the services' back: the grants themselves must check.
    await ctx.database.db.update(memberships).set({ blocked: true }).where(eq(memberships.user_id, id));
    const signIn = await password(email);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ error: 'invalid_grant', message: NO_ACCESS });
    const renewed = await refresh(pair.refresh_token);
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json().message).toBe(NO_ACCESS);
  });

  it('revokes the tokens of a user whose only membership is blocked by the company admin', async () => {
    const { email, id } = await newUser();
    const pair = (await password(email)).json();
    const platform = await ctx.signIn('platform@demo.aero');
    const blocked = await ctx.call('PATCH', `/api/v3/companies/${ids.FWDA}/user_profiles/${id}`, platform, {
      blocked: true,
    });
    expect(blocked.statusCode).toBe(200);
    expect((await me(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(400);
  });
});

describe('reset tokens', () => {
  const service = new AuthService(ctx.database.db, config, undefined, clock);
  const reset = (token: string, next: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v2/users/password',
      payload: { reset_password_token: token, password: next, password_confirmation: next },
    });

  it('all die when one of them resets the password', async () => {
    const { email } = await newUser();
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(await service.requestPasswordReset(email));
    expect((await reset(tokens[1]!, NEW_PASSWORD)).statusCode).toBe(200);
    for (const token of [tokens[0]!, tokens[2]!]) {
      const response = await reset(token, 'Another-Pass-2032');
      expect(response.json().error).toBe('TokenInvalid');
    }
  });

  it('all die when the signed-in user changes the password', async () => {
    const { email } = await newUser();
    const token = (await password(email)).json().access_token;
    const outstanding = await service.requestPasswordReset(email);
    expect((await change(token, PASSWORD)).statusCode).toBe(200);
    expect((await reset(outstanding!, 'Another-Pass-2032')).json().error).toBe('TokenInvalid');
  });
});

describe('the users table', () => {
  it('is not touched by a refused grant', async () => {
    const before = await ctx.database.db.select({ n: users.id }).from(users);
    await password('nobody@example.com', 'whatever');
    const after = await ctx.database.db.select({ n: users.id }).from(users);
    expect(after).toHaveLength(before.length);
  });
});
