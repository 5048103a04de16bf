import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from '../platform/errors';
import { createTestApp, DEMO } from './harness';

/** Issue 8 item 7: input PostgreSQL cannot store, or too deep to serialise, is refused with 422 before the database. */
const ctx = await createTestApp();
const platform = await ctx.signIn(DEMO.platform);
const ids = await ctx.companyIds();

/** The JSON text of `{"note": {"a": {"a": ... 1}}}`, written out (a client-side stringify would overflow too). */
const nested = (depth: number) => `{"note":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL byte in the sign-in e-mail with 422', async () => {
    const response = await ctx.call('POST', '/oauth/token', undefined, {
      grant_type: 'password',
      email: 'platform@demo.aero\u0000',
      password: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('ValidationFailed');
  });

  it('refuses NUL bytes in first and last names with 422, naming the field', async () => {
    const response = await ctx.call('POST', `/api/v3/companies/${ids.FWDA}/user_profiles`, platform, {
      email: 'nul.names@demo.aero',
      roles: ['default'],
      firstname: 'Ann\u0000',
      lastname: 'Lee',
      password: 'Kestrel-Harbour-1987',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ firstname: ['contains a character that is not allowed'] });
  });

  it('refuses a NUL byte or an unpaired surrogate in a free ui_settings value, and in a key', async () => {
    for (const payload of [{ note: 'a\u0000b' }, { note: 'half \ud83d pair' }, { 'k\u0000': 1 }]) {
      const response = await ctx.call('PATCH', `/api/v3/companies/${ids.FWDA}/ui_settings`, platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const ok = await ctx.call('PATCH', `/api/v3/companies/${ids.FWDA}/ui_settings`, platform, { note: 'emoji 🛫 ok' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses deeply nested ui_settings with 422 instead of overflowing the stack', async () => {
    for (const depth of [8, 40, 100_000]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v3/companies/${ids.FWDA}/ui_settings`,
        headers: { ...ctx.as(platform), 'content-type': 'application/json' },
        payload: nested(depth),
      });
      expect(response.statusCode, `depth ${depth}`).toBe(422);
    }
  });

  it('refuses a NUL in a query string and in a path parameter', async () => {
    const list = await ctx.call('GET', `/api/v3/companies/${ids.FWDA}/user_profiles?q=a%00b`, platform);
    expect(list.statusCode).toBe(422);
    const path = await ctx.call('GET', '/api/v3/companies/1%00/user_profiles', platform);
    expect(path.statusCode).toBeLessThan(500);
  });
});

describe('failed queries in the log', () => {
  it('keeps the SQLSTATE and the statement but never the parameters or the quoting message', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$secret-hash';
    const error = await ctx.database.db.execute(sql`select ${secret}::int`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('22P02');
    expect(logged).toContain('select $1::int');
    expect(logged).not.toContain('secret-hash');
  });
});
