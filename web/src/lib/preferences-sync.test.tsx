import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale, i18n } from '@/lib/i18n/i18n';
import { getPreferences, resetPreferences, setPreferences } from '@/lib/preferences';
import { Providers } from '@/testing/render';
import { useServerPreferences } from './preferences-sync';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));

let calls: { method: string; url: string; body: unknown }[] = [];
let stored: Record<string, unknown>;

beforeEach(() => {
  calls = [];
  localStorage.clear();
  resetPreferences();
  resetApiClient();
  resetSessionCache();
  setSession(
    {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 7200,
      created_at: Math.floor(Date.now() / 1000),
      scope: 'public',
      token_type: 'Bearer',
      email: 'user@demo.aero',
    },
    false,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(input), body });
      if (method === 'PATCH') stored = { ...stored, ...body, updated_at: '2026-11-23T10:00:00.000Z' };
      return Response.json(stored);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en', { fromServer: true });
});

const patches = () => calls.filter((c) => c.method === 'PATCH' && c.url === '/api/v3/ui_settings');

describe('preferences that follow the user', () => {
  it("applies the user's saved preferences, the locale too, without saving them back", async () => {
    stored = {
      left_drawer_open: false,
      utc_time: true,
      dark_mode: true,
      markup_mode: false,
      locale: 'ru',
      updated_at: '2026-11-20T08:00:00.000Z',
    };
    renderHook(() => useServerPreferences(7), { wrapper: Providers });
    await waitFor(() => expect(getPreferences()).toMatchObject({ utcTime: true, darkMode: true, locale: 'ru' }));
    await waitFor(() => expect(i18n.language).toBe('ru'));
    expect(getPreferences().leftDrawerOpen).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(patches()).toEqual([]);
  });

  it("saves this browser's preferences for a user who never saved any", async () => {
    stored = {
      left_drawer_open: true,
      utc_time: false,
      dark_mode: false,
      markup_mode: false,
      locale: 'en',
      updated_at: null,
    };
    setPreferences({ utcTime: true, locale: 'es' });
    renderHook(() => useServerPreferences(7), { wrapper: Providers });
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({
      left_drawer_open: true,
      utc_time: true,
      dark_mode: false,
      markup_mode: false,
      locale: 'es',
    });
    expect(getPreferences().utcTime).toBe(true);
  });

  it("saves the user's changes, a burst of them in one call, and nothing when signed out", async () => {
    stored = {
      left_drawer_open: true,
      utc_time: false,
      dark_mode: false,
      markup_mode: false,
      locale: 'en',
      updated_at: '2026-11-20T08:00:00.000Z',
    };
    const { unmount } = renderHook(() => useServerPreferences(7), { wrapper: Providers });
    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true));
    setPreferences({ darkMode: true });
    setPreferences({ utcTime: true });
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ dark_mode: true, utc_time: true });
    unmount();
    renderHook(() => useServerPreferences(null), { wrapper: Providers });
    setPreferences({ markupMode: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(patches()).toHaveLength(1);
  });
});
