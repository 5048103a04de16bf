import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../job-handlers';
import { JobWorker } from '../../platform/jobs';
import { PASSWORD_HAS_EMAIL, PASSWORD_TOO_COMMON } from '../../platform/passwords';
import { createTestApp, DEMO } from '../../test/harness';
import { SIGN_UP_ACCEPTED } from './auth.routes';
import { EMAIL_UNCONFIRMED, RESET_LIMITS, SIGN_UP_LIMITS } from './auth.service';

/** Attacks on password reset, sign-up and the password policy (issue 8 items 5 and 9). */
const ctx = await createTestApp();
const { app } = ctx;
const PASSWORD = 'Kestrel-Harbour-1987';

/** Every log line the jobs write, with its level: mail goes to the log at debug (no mail transport yet). */
const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
const logAt =
  (level: string) =>
  (obj: object, msg: string): void => {
    lines.push({ level, obj: obj as Record<string, unknown>, msg });
  };
const log = { debug: logAt('debug'), info: logAt('info'), warn: logAt('warn'), error: logAt('error') };
const worker = new JobWorker({
  db: ctx.database.db,
  handlers: jobHandlers({ log, db: ctx.database.db, clock: ctx.app.clock, config: ctx.config }),
  log,
});
/** Runs the queued work (twice: a job may queue mail). */
async function drain() {
  await worker.drain();
  await worker.drain();
}
const mails = () =>
  lines.filter((l) => l.msg === 'mail').map((l) => l.obj.mail as { to: string; subject: string; text: string });
const mailTo = (to: string) => mails().filter((m) => m.to === to);

function post(url: string, payload: object, remoteAddress = '198.51.100.40') {
  return app.inject({ method: 'POST', url, remoteAddress, payload });
}
const requestReset = (email: string, ip?: string) => post('/api/v2/users/password', { email }, ip);
const signUp = (email: string, password = PASSWORD, ip?: string) =>
  post('/api/v2/users', { email, password, password_confirmation: password }, ip);
const signIn = (email: string, password = PASSWORD) =>
  post('/oauth/token', { grant_type: 'password', email, password });

describe('password reset requests', () => {
  it('answer the same for a registered and an unknown address, and mail only the registered one', async () => {
    const known = await requestReset(DEMO.fwdB, '198.51.100.41');
    const unknown = await requestReset('nobody.here@example.com', '198.51.100.41');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await drain();
    expect(mailTo(DEMO.fwdB).at(-1)?.text).toMatch(/\/users\/password\/edit\?reset_password_token=[\w-]{40,}/);
    expect(mailTo('nobody.here@example.com')).toHaveLength(0);
  });

  it('never put the reset link in a log line above debug level', async () => {
    await requestReset(DEMO.xxManager, '198.51.100.42');
    await drain();
    const above = lines.filter((l) => l.level !== 'debug');
    expect(JSON.stringify(above)).not.toContain('reset_password_token');
    expect(mailTo(DEMO.xxManager)).toHaveLength(1);
  });

  it('are limited per e-mail address', async () => {
    const email = DEMO.suManager;
    for (let i = 0; i < RESET_LIMITS.perEmail.max; i++) {
      expect((await requestReset(email, `198.51.100.${50 + i}`)).statusCode).toBe(200);
    }
    const over = await requestReset(email, '198.51.100.99');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are limited per address', async () => {
    for (let i = 0; i < RESET_LIMITS.perAddress.max; i++) {
      expect((await requestReset(`probe${i}@example.com`, '203.0.113.70')).statusCode).toBe(200);
    }
    expect((await requestReset('probe-last@example.com', '203.0.113.70')).statusCode).toBe(429);
  });
});

describe('sign-up', () => {
  it('answers the same for a registered address and tells its owner by mail', async () => {
    const fresh = await signUp('fresh.visitor@example.com', PASSWORD, '198.51.100.60');
    const taken = await signUp(DEMO.fwdA, PASSWORD, '198.51.100.60');
    expect(fresh.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body);
    expect(fresh.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    await drain();
    expect(mailTo(DEMO.fwdA).at(-1)?.subject).toBe('Someone tried to sign up with your address');
    // The existing account is untouched: its owner still signs in with the old password.
    expect((await signIn(DEMO.fwdA, 'demo-pass-2026')).statusCode).toBe(200);
  });

  it('keeps an account from signing in until the mailed link is followed', async () => {
    const email = 'confirm.me@example.com';
    expect((await signUp(email, PASSWORD, '198.51.100.61')).statusCode).toBe(202);
    await drain();
    const early = await signIn(email);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'invalid_grant', message: EMAIL_UNCONFIRMED });
    // The wrong password still gets the usual answer: the unconfirmed state shows only to the owner.
    expect((await signIn(email, 'Wrong-Pass-2030')).json().message).toBe('Incorrect login or password');

    const token = /confirmation_token=([\w-]+)/.exec(mailTo(email).at(-1)?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await post('/api/v2/users/confirmation', { confirmation_token: 'forged' })).statusCode).toBe(422);
    expect((await post('/api/v2/users/confirmation', { confirmation_token: token })).statusCode).toBe(200);
    expect((await post('/api/v2/users/confirmation', { confirmation_token: token })).statusCode).toBe(422);
    expect((await signIn(email)).statusCode).toBe(200);
  });

  it('is limited per e-mail address', async () => {
    const email = 'hammered@example.com';
    for (let i = 0; i < SIGN_UP_LIMITS.perEmail.max; i++) {
      expect((await signUp(email, PASSWORD, `198.51.100.${70 + i}`)).statusCode).toBe(202);
    }
    expect((await signUp(email, PASSWORD, '198.51.100.79')).statusCode).toBe(429);
  });

  it('is limited per address', async () => {
    for (let i = 0; i < SIGN_UP_LIMITS.perAddress.max; i++) {
      expect((await signUp(`many${i}@example.com`, PASSWORD, '203.0.113.80')).statusCode).toBe(202);
    }
    expect((await signUp('many-last@example.com', PASSWORD, '203.0.113.80')).statusCode).toBe(429);
  });
});

describe('the password policy', () => {
  it('refuses a common or breached password, in any letter case', async () => {
    for (const password of ['password1', 'Qwerty123', 'iloveyou', '12345678']) {
      const response = await signUp('policy.one@example.com', password, '198.51.100.90');
      expect(response.statusCode, password).toBe(422);
      expect(response.json().errors.password).toEqual([PASSWORD_TOO_COMMON]);
    }
  });

  it('refuses a password equal to or containing the e-mail address or its local part', async () => {
    for (const password of ['anna.lee@example.com', 'anna.lee2026!', 'xxANNA.LEE@EXAMPLE.COMxx']) {
      const response = await signUp('anna.lee@example.com', password, '198.51.100.91');
      expect(response.statusCode, password).toBe(422);
      expect(response.json().errors.password).toEqual([PASSWORD_HAS_EMAIL]);
    }
  });

  it('keeps the 8-character minimum and takes long passphrases', async () => {
    expect((await signUp('short.pass@example.com', 'Ab1!xyz', '198.51.100.92')).json().error).toBe('PasswordTooShort');
    const long = 'correct horse battery staple on a long winter night by the river 2026';
    expect(long.length).toBeGreaterThan(64);
    expect((await signUp('long.pass@example.com', long, '198.51.100.92')).statusCode).toBe(202);
  });

  it('applies to a reset, a change and a user an administrator creates', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    const change = await ctx.call('PUT', '/api/v2/users/password', token, {
      current_password: 'demo-pass-2026',
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.password).toEqual([PASSWORD_TOO_COMMON]);
    const platform = await ctx.signIn(DEMO.platform);
    const ids = await ctx.companyIds();
    const created = await ctx.call('POST', `/api/v3/companies/${ids.FWDA}/user_profiles`, platform, {
      email: 'new.colleague@demo.aero',
      roles: ['default'],
      password: 'new.colleague-1',
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.password).toEqual([PASSWORD_HAS_EMAIL]);
  });
});
