import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oauthTokens, users } from '../../db/schema';
import { jobHandlers } from '../../job-handlers';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, DEMO } from '../../test/harness';
import { AuthService } from './auth.service';
import { SIGN_IN_THROTTLE as THROTTLE } from './auth.throttle';

const ctx = await createTestApp();
const { app } = ctx;

function passwordGrant(email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', email, password, ...extra },
  });
}

function refresh(refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
}

function me(token: string) {
  return app.inject({ method: 'GET', url: '/api/v3/profiles/me', headers: ctx.as(token) });
}

describe('POST /oauth/token with the password grant', () => {
  it('issues an opaque bearer pair with its lifetime', async () => {
    const response = await passwordGrant(DEMO.fwdA, 'demo-pass-2026');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'public', expires_in: 7200, email: DEMO.fwdA });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(60);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  it('stores only hashes of the tokens', async () => {
    const body = (await passwordGrant(DEMO.fwdB, 'demo-pass-2026')).json();
    const rows = await ctx.database.db
      .select()
      .from(oauthTokens)
      .where(
        sql`${oauthTokens.access_token_hash} = ${body.access_token} or ${oauthTokens.refresh_token_hash} = ${body.refresh_token}`,
      );
    expect(rows).toHaveLength(0);
  });

  it('gives a short-lived access token with or without remember_me (decision 009)', async () => {
    const response = await passwordGrant(DEMO.fwdB, 'demo-pass-2026', { remember_me: true });
    expect(response.json().expires_in).toBe(7200);
  });

  it('accepts a form-encoded body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&email=${encodeURIComponent(DEMO.fwdB)}&password=demo-pass-2026`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers wrong credentials with invalid_grant, whether the account exists or not', async () => {
    for (const email of [DEMO.xxManager, 'nobody@demo.aero']) {
      const response = await passwordGrant(email, 'wrong-password', {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_grant', message: 'Incorrect login or password' });
    }
  });

  it('throttles an account after repeated failures with 429 and Retry-After', async () => {
    const email = DEMO.platform;
    for (let i = 0; i < THROTTLE.perAccount; i++) await passwordGrant(email, `wrong-${i}`);
    const response = await passwordGrant(email, 'demo-pass-2026');
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({
      error: 'TooManyRequests',
      message: 'Too many sign-in attempts, try again later',
      message_key: { key: 'tooManySignInAttempts', params: {} },
    });
  });

  it('throttles an address that tries many accounts', async () => {
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      await app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress,
        payload: { grant_type: 'password', email: `probe${i}@example.com`, password: 'x' },
      });
    }
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      payload: { grant_type: 'password', email: DEMO.fwdA, password: 'demo-pass-2026' },
    });
    expect(response.statusCode).toBe(429);
  });

  it('does not let a caller pick its address through X-Forwarded-For unless proxies are trusted', async () => {
    const remoteAddress = '203.0.113.9';
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: { 'x-forwarded-for': '192.0.2.77' },
      payload: { grant_type: 'password', email: DEMO.fwdA, password: 'demo-pass-2026' },
    });
    expect(response.statusCode).toBe(429);
  });

  it('refuses an unknown grant type with 422', async () => {
    const response = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'magic' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('ValidationFailed');
  });
});

describe('refresh token rotation', () => {
  it('rotates the pair and retires the old access token', async () => {
    const first = (await passwordGrant(DEMO.suManager, 'demo-pass-2026')).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await me(next.access_token)).statusCode).toBe(200);
    expect((await me(first.access_token)).statusCode).toBe(401);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = (await passwordGrant(DEMO.suManager, 'demo-pass-2026')).json();
    const second = (await refresh(first.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(400);
  });
});

describe('revocation, expiry and token info', () => {
  it('revokes an access token', async () => {
    const token = await ctx.signIn(DEMO.fwdA);
    const response = await app.inject({ method: 'POST', url: '/oauth/revoke', payload: { token } });
    expect(response.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('answers 401 once the token has expired', async () => {
    const token = await ctx.signIn(DEMO.fwdA);
    await ctx.database.db.update(oauthTokens).set({ created_at: sql`now() - interval '3 hours'` }).where(sql`true`);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'Unauthorized', message: 'Not authorized' });
  });

  it('describes a live token and refuses a dead one', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    const info = await app.inject({ method: 'GET', url: '/oauth/token/info', headers: ctx.as(token) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ scope: 'public', expires_in: expect.any(Number) });
    const none = await app.inject({ method: 'GET', url: '/oauth/token/info' });
    expect(none.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v3/profiles/me' })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  const service = new AuthService(ctx.database.db, ctx.config);

  it('resets a password by token, once, and signs every session out', async () => {
    const session = await ctx.signIn(DEMO.xxManager);
    const token = await service.requestPasswordReset(DEMO.xxManager);
    expect(token).toBeTruthy();
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/v2/users/password', payload });
    const short = await put({ reset_password_token: token, password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toBe('PasswordTooShort');
    const mismatch = await put({
      reset_password_token: token,
      password: 'new-pass-2026',
      password_confirmation: 'other-2026',
    });
    expect(mismatch.json().error).toBe('ConfirmationNotMatch');
    const ok = await put({
      reset_password_token: token,
      password: 'new-pass-2026',
      password_confirmation: 'new-pass-2026',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    const again = await put({
      reset_password_token: token,
      password: 'new-pass-2027',
      password_confirmation: 'new-pass-2027',
    });
    expect(again.json().error).toBe('TokenInvalid');
    expect((await passwordGrant(DEMO.xxManager, 'new-pass-2026')).statusCode).toBe(200);
  });

  it('answers a reset request the same for known and unknown addresses', async () => {
    for (const email of [DEMO.fwdB, 'nobody@example.com']) {
      const response = await app.inject({ method: 'POST', url: '/api/v2/users/password', payload: { email } });
      expect(response.statusCode).toBe(200);
    }
  });

  it('changes the password of a signed-in user who gives the current one', async () => {
    await registerVisitor('changer@example.com', 'first-pass-1');
    const token = await ctx.signIn('changer@example.com', 'first-pass-1');
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/v2/users/password',
      headers: ctx.as(token),
      payload: { current_password: 'nope', password: 'second-pass-2', password_confirmation: 'second-pass-2' },
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/v2/users/password',
      headers: ctx.as(token),
      payload: { current_password: 'first-pass-1', password: 'second-pass-2', password_confirmation: 'second-pass-2' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await passwordGrant('changer@example.com', 'second-pass-2')).statusCode).toBe(200);
  });

  it('refuses a change without a token', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v2/users/password',
      payload: { current_password: 'x', password: 'second-pass-2', password_confirmation: 'second-pass-2' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/v2/users (sign-up)', () => {
  it('creates a visitor whose profile says so, once the address is confirmed', async () => {
    await registerVisitor('Visitor@Example.com', 'harbour-lantern-9');
    const token = await ctx.signIn('visitor@example.com', 'harbour-lantern-9');
    const profile = (await me(token)).json();
    expect(profile).toMatchObject({ role: 'visitor', company_business_type: 'visitor', email: 'visitor@example.com' });
  });

  it('answers a taken e-mail like a new one (no Exists), and refuses a short password with PasswordTooShort', async () => {
    const taken = await app.inject({
      method: 'POST',
      url: '/api/v2/users',
      payload: { email: DEMO.fwdA, password: 'long-enough-1', password_confirmation: 'long-enough-1' },
    });
    expect(taken.statusCode).toBe(202);
    const short = await app.inject({
      method: 'POST',
      url: '/api/v2/users',
      payload: { email: 'short@example.com', password: 'abc', password_confirmation: 'abc' },
    });
    expect(short.json().error).toBe('PasswordTooShort');
  });
});

/** Signs a visitor up through the API, runs the queued work and confirms the address as the mailed link would. */
async function registerVisitor(email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/users',
    payload: { email, password, password_confirmation: password },
  });
  expect(response.statusCode).toBe(202);
  const quiet = { debug: () => undefined };
  const handlers = jobHandlers({ log: quiet, db: ctx.database.db, clock: app.clock, config: ctx.config });
  await new JobWorker({ db: ctx.database.db, handlers }).drain();
  await ctx.database.db
    .update(users)
    .set({ email_confirmed_at: new Date() })
    .where(eq(users.email, email.toLowerCase()));
}
