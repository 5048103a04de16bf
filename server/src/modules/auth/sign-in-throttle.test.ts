import { describe, expect, it } from 'vitest';
import { FrozenClock } from '../../platform/clock';
import { createTestApp, DEMO } from '../../test/harness';
import { SIGN_IN_THROTTLE, waitSeconds } from './auth.throttle';

/** Attacks on sign-in throttling (issue 8 items 1, 2 and 10); the parallel ones matter on PostgreSQL (`npm run test:pg`). */
const clock = new FrozenClock('2026-11-23T09:00:00Z');
const ctx = await createTestApp({ clock });
const { app } = ctx;
const platform = await ctx.signIn(DEMO.platform);
const ids = await ctx.companyIds();
const PASSWORD = 'Kestrel-Harbour-1987';

let serial = 0;
/** A fresh account with an `i` in its address (a Turkish capital İ lower-cases differently in JavaScript and SQL). */
async function newUser(): Promise<string> {
  serial += 1;
  const email = `victim.ivanova${serial}@demo.aero`;
  const response = await ctx.call('POST', `/api/v3/companies/${ids.FWDA}/user_profiles`, platform, {
    email,
    roles: ['default'],
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return email;
}

function signIn(email: string, password: string, remoteAddress = '198.51.100.1') {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress,
    payload: { grant_type: 'password', email, password },
  });
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

describe('one normal form of an e-mail address (item 1)', () => {
  it('refuses an address with a Turkish capital İ instead of letting it dodge the account counter', async () => {
    const email = await newUser();
    const dotted = email.toUpperCase().replace('I', '\u0130');
    const response = await signIn(dotted, 'wrong-password-0');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'ValidationFailed' });
    // Every refused İ attempt does nothing; five wrong passwords in any letter case still hold the account back.
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++) {
      const variant = i % 2 ? email.toUpperCase() : ` ${email} `;
      expect((await signIn(variant, `wrong-${i}`, '198.51.100.2')).statusCode).toBe(400);
    }
    const held = await signIn(email, PASSWORD, '198.51.100.3');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses at sign-in the addresses sign-up refuses', async () => {
    for (const email of ['no-at-sign', 'a@b', 'nul\u0000@demo.aero', `${'a'.repeat(250)}@demo.aero`]) {
      const response = await signIn(email, 'whatever-1');
      expect(response.statusCode, email).toBe(422);
    }
  });
});

describe('check and record in one step (item 2)', () => {
  it('checks at most the allowed number of passwords when 24 wrong ones arrive at once', async () => {
    const email = await newUser();
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => signIn(email, `wrong-${i}`, `198.51.100.${10 + (i % 8)}`)),
    );
    expect(statuses(responses)).toEqual({ 400: SIGN_IN_THROTTLE.perAccount, 429: 24 - SIGN_IN_THROTTLE.perAccount });
  });

  it('checks at most the allowed number per address when 60 failures from one address arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(`nobody${i}@example.com`, 'wrong-password', '192.0.2.60')),
    );
    expect(statuses(responses)).toEqual({ 400: SIGN_IN_THROTTLE.perAddress, 429: 60 - SIGN_IN_THROTTLE.perAddress });
  });
});

describe('lock-out is no denial of service (item 10)', () => {
  it('lets the owner in from an address the account signed in from before while an attacker is held back', async () => {
    const email = await newUser();
    expect((await signIn(email, PASSWORD, '198.51.100.200')).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++) {
      expect((await signIn(email, `guess-${i}`, '203.0.113.66')).statusCode).toBe(400);
    }
    // The attacker, and any new address, now waits; platform staff get no special lock either.
    expect((await signIn(email, PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, '203.0.113.67')).statusCode).toBe(429);
    // The owner's usual address is not locked out.
    expect((await signIn(email, PASSWORD, '198.51.100.200')).statusCode).toBe(200);
  });

  it('holds back guesses from the trusted address itself after its own free attempts', async () => {
    const email = await newUser();
    expect((await signIn(email, PASSWORD, '198.51.100.201')).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++) {
      expect((await signIn(email, `guess-${i}`, '198.51.100.201')).statusCode).toBe(400);
    }
    expect((await signIn(email, PASSWORD, '198.51.100.201')).statusCode).toBe(429);
  });

  it('makes the next attempt wait progressively longer, then lets the right password in', async () => {
    const email = await newUser();
    const ip = '203.0.113.90';
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++)
      expect((await signIn(email, `g-${i}`, ip)).statusCode).toBe(400);
    const first = await signIn(email, PASSWORD, ip);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBe(SIGN_IN_THROTTLE.firstDelaySeconds);
    clock.advance(SIGN_IN_THROTTLE.firstDelaySeconds * 1000);
    expect((await signIn(email, 'g-late', ip)).statusCode).toBe(400);
    const second = await signIn(email, PASSWORD, ip);
    expect(Number(second.headers['retry-after'])).toBe(SIGN_IN_THROTTLE.firstDelaySeconds * 2);
    clock.advance(SIGN_IN_THROTTLE.firstDelaySeconds * 2 * 1000);
    expect((await signIn(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('delays progressively instead of locking for a fixed time', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const last = new Date(now);
    const { perAccount, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_THROTTLE;
    expect(waitSeconds(perAccount - 1, perAccount, last, now)).toBe(0);
    expect(waitSeconds(perAccount, perAccount, last, now)).toBe(firstDelaySeconds);
    expect(waitSeconds(perAccount + 1, perAccount, last, now)).toBe(firstDelaySeconds * 2);
    expect(waitSeconds(perAccount + 2, perAccount, last, now + 10_000)).toBe(firstDelaySeconds * 4 - 10);
    expect(waitSeconds(perAccount + 40, perAccount, last, now)).toBe(maxDelaySeconds);
    expect(waitSeconds(perAccount, perAccount, last, now + firstDelaySeconds * 1000)).toBe(0);
  });
});
