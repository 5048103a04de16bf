import { type UiSettings, type UiSettingsUpdate, uiSettingsApi } from '@aircargo/contract/ui-settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi, requestApi } from '@/lib/api/endpoint';
import { changeLocale } from '@/lib/i18n/i18n';
import { getPreferences, onPreferencesChanged, type Preferences, setPreferences } from '@/lib/preferences';

/** How long changes gather before they are saved: a burst of toggles makes one call. */
export const SAVE_DELAY_MS = 400;

const FIELDS = {
  leftDrawerOpen: 'left_drawer_open',
  utcTime: 'utc_time',
  darkMode: 'dark_mode',
  markupMode: 'markup_mode',
  locale: 'locale',
} as const satisfies Record<keyof Preferences, keyof UiSettingsUpdate>;

/** The server's field names for a preferences patch. */
export function toServer(patch: Partial<Preferences>): UiSettingsUpdate {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(FIELDS)) {
    const value = patch[key as keyof Preferences];
    if (value !== undefined) out[field] = value;
  }
  return out as UiSettingsUpdate;
}

export function fromServer(settings: UiSettings): Preferences {
  return {
    leftDrawerOpen: settings.left_drawer_open,
    utcTime: settings.utc_time,
    darkMode: settings.dark_mode,
    markupMode: settings.markup_mode,
    locale: settings.locale,
  };
}

/** Applies the user's saved preferences; a user who never saved any gets this browser's saved for them instead. */
export async function applyServerPreferences(settings: UiSettings): Promise<void> {
  if (settings.updated_at === null) {
    await requestApi(uiSettingsApi.update, { body: toServer(getPreferences()) });
    return;
  }
  const { locale, ...rest } = fromServer(settings);
  setPreferences(rest, { fromServer: true });
  if (locale !== getPreferences().locale) await changeLocale(locale, { fromServer: true });
}

/**
 * Keeps the interface preferences (left drawer, UTC time, dark mode, markup mode, locale) with the user on the server
 * (seed 000 section 4): loads them once per signed-in user and saves the user's changes.
 */
export function useServerPreferences(userId: number | null) {
  const saved = useQuery({
    queryKey: ['ui-settings', userId],
    queryFn: ({ signal }) => callApi(uiSettingsApi.get, { signal }),
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (saved.data) void applyServerPreferences(saved.data);
  }, [saved.data]);

  useEffect(() => {
    if (userId === null) return;
    let pending: UiSettingsUpdate = {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      const body = pending;
      pending = {};
      timer = undefined;
      if (Object.keys(body).length) void requestApi(uiSettingsApi.update, { body });
    };
    const off = onPreferencesChanged((patch) => {
      pending = { ...pending, ...toServer(patch) };
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DELAY_MS);
    });
    return () => {
      off();
      if (timer !== undefined) {
        clearTimeout(timer);
        flush();
      }
    };
  }, [userId]);
}
