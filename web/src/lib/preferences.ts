import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '@/lib/storage';

export type Locale = 'en' | 'ru' | 'es';

export interface Preferences {
  leftDrawerOpen: boolean;
  utcTime: boolean;
  darkMode: boolean;
  markupMode: boolean;
  locale: Locale;
}

const KEY = 'aircargo.preferences';
const DEFAULTS: Preferences = {
  leftDrawerOpen: true,
  utcTime: false,
  darkMode: false,
  markupMode: false,
  locale: 'en',
};

let state: Preferences | null = null;
const listeners = new Set<() => void>();

export function getPreferences(): Preferences {
  if (!state) state = { ...DEFAULTS, ...(readJson<Partial<Preferences>>(localStorage, KEY) ?? {}) };
  return state;
}

export function setPreferences(patch: Partial<Preferences>): void {
  state = { ...getPreferences(), ...patch };
  writeJson(localStorage, KEY, state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Interface preferences persisted in localStorage: left drawer, UTC time, dark mode, markup mode, locale. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}

/** Test hook. */
export function resetPreferences(): void {
  state = null;
}
