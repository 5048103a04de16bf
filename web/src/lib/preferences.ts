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
const changeListeners = new Set<(patch: Partial<Preferences>) => void>();

export function getPreferences(): Preferences {
  if (!state) state = { ...DEFAULTS, ...(readJson<Partial<Preferences>>(localStorage, KEY) ?? {}) };
  return state;
}

/**
 * Changes preferences. A change the user makes is also reported to `onPreferencesChanged` subscribers (which save it
 * on the server, so it follows the user across browsers); one applied from the server (`fromServer`) is not.
 */
export function setPreferences(patch: Partial<Preferences>, options: { fromServer?: boolean } = {}): void {
  state = { ...getPreferences(), ...patch };
  writeJson(localStorage, KEY, state);
  for (const listener of listeners) listener();
  if (!options.fromServer) for (const listener of changeListeners) listener(patch);
}

/** Subscribes to the user's own preference changes; returns the unsubscribe function. */
export function onPreferencesChanged(listener: (patch: Partial<Preferences>) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
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
