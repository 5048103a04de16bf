import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentHost, languagesFor } from '@/lib/gating/subdomain';
import { getPreferences, type Locale, setPreferences } from '@/lib/preferences';
import { en } from './locales/en';

export const i18n = i18next.createInstance();

/** English is bundled (it is the fallback); Russian and Spanish load when first chosen. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Record<string, unknown>>> = {
  ru: async () => (await import('./locales/ru')).ru,
  es: async () => (await import('./locales/es')).es,
};

/** The saved locale if this host offers it, else English. */
export function initialLocale(): Locale {
  const saved = getPreferences().locale;
  return (languagesFor(currentHost()) as readonly string[]).includes(saved) ? saved : 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await LOADERS[locale]());
}

/** Switches the interface language (and remembers it). */
export async function changeLocale(locale: Locale, options: { fromServer?: boolean } = {}): Promise<void> {
  setPreferences({ locale }, options);
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** At start-up: the remembered language, loaded before the first render. */
export async function startI18n(): Promise<void> {
  const locale = initialLocale();
  if (locale !== 'en') await changeLocale(locale);
  else if (typeof document !== 'undefined') document.documentElement.lang = 'en';
}
