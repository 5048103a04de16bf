import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const URL = '/api/v3/ui_settings';

describe('GET and PATCH /api/v3/ui_settings', () => {
  it('answers the defaults and the profile locale for a user who never saved any', async () => {
    const token = await ctx.signIn(DEMO.fwdA);
    const response = await call('GET', URL, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      left_drawer_open: true,
      utc_time: false,
      dark_mode: false,
      markup_mode: false,
      locale: 'en',
      updated_at: null,
    });
  });

  it('keeps what one session saves for the next session of the same user, and for no other user', async () => {
    const first = await ctx.signIn(DEMO.suManager);
    const saved = await call('PATCH', URL, first, { utc_time: true, dark_mode: true, locale: 'ru' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      left_drawer_open: true,
      utc_time: true,
      dark_mode: true,
      markup_mode: false,
      locale: 'ru',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const second = await ctx.signIn(DEMO.suManager);
    expect((await call('GET', URL, second)).json()).toEqual(saved.json());
    const [user] = await db.select().from(users).where(eq(users.email, DEMO.suManager));
    expect(user!.locale).toBe('ru');
    expect((await call('GET', '/api/v3/profiles/me', second)).json().locale).toBe('ru');
    const other = await ctx.signIn(DEMO.xxManager);
    expect((await call('GET', URL, other)).json()).toMatchObject({ utc_time: false, dark_mode: false, locale: 'en' });
  });

  it('changes only the fields given', async () => {
    const token = await ctx.signIn(DEMO.suManager);
    const response = await call('PATCH', URL, token, { left_drawer_open: false });
    expect(response.json()).toMatchObject({ left_drawer_open: false, utc_time: true, dark_mode: true, locale: 'ru' });
  });

  it('refuses unknown keys, wrong types and unknown locales with 422', async () => {
    const token = await ctx.signIn(DEMO.fwdB);
    for (const payload of [{ theme: 'dark' }, { utc_time: 'yes' }, { locale: 'de' }, { updated_at: null }]) {
      const response = await call('PATCH', URL, token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', URL)).statusCode).toBe(401);
  });
});
