import type { UiSettings } from '@aircargo/contract/ui-settings';
import { LOCALES, type Locale } from '@aircargo/domain';

/** Preferences of a user who never saved any: the web's own defaults. */
export const DEFAULT_UI_SETTINGS = { left_drawer_open: true, utc_time: false, dark_mode: false, markup_mode: false };

export function presentUiSettings(row: {
  locale: string;
  left_drawer_open: boolean | null;
  utc_time: boolean | null;
  dark_mode: boolean | null;
  markup_mode: boolean | null;
  updated_at: Date | null;
}): UiSettings {
  return {
    left_drawer_open: row.left_drawer_open ?? DEFAULT_UI_SETTINGS.left_drawer_open,
    utc_time: row.utc_time ?? DEFAULT_UI_SETTINGS.utc_time,
    dark_mode: row.dark_mode ?? DEFAULT_UI_SETTINGS.dark_mode,
    markup_mode: row.markup_mode ?? DEFAULT_UI_SETTINGS.markup_mode,
    locale: (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en',
    updated_at: row.updated_at ? row.updated_at.toISOString() : null,
  };
}
