import { createRequire } from 'node:module';
import { CUSTOM_REGIONS as DOMAIN_CUSTOM_REGIONS } from '@aircargo/domain';
import type { countries, customRegions } from '../schema';

export type CountryRow = typeof countries.$inferInsert;
export type CustomRegionRow = typeof customRegions.$inferInsert;

type Library = typeof import('i18n-iso-countries');
type LocaleData = Parameters<Library['registerLocale']>[0];

const require = createRequire(import.meta.url);
// The package's main entry registers all of its ~80 locales; the product speaks English and Russian only.
const library = require('i18n-iso-countries/index.js') as Library;
library.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);
library.registerLocale(require('i18n-iso-countries/langs/ru.json') as LocaleData);

/** Short names people use on a booking screen where the library gives the formal one ("Russian Federation"). */
const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  CN: 'China',
  FM: 'Micronesia',
  GM: 'The Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
};
const RUSSIAN_NAMES: Readonly<Record<string, string>> = {
  CN: 'Китай',
  KP: 'КНДР',
  PS: 'Палестина',
  RU: 'Россия',
};

/** OpenFlights country names the library does not resolve. */
const OPENFLIGHTS_COUNTRIES: Readonly<Record<string, string>> = {
  'British Virgin Islands': 'VG',
  Brunei: 'BN',
  Burma: 'MM',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  'East Timor': 'TL',
  'Falkland Islands': 'FK',
  'Johnston Atoll': 'UM',
  Laos: 'LA',
  Macau: 'MO',
  Macedonia: 'MK',
  Micronesia: 'FM',
  'Midway Islands': 'UM',
  Moldova: 'MD',
  Svalbard: 'SJ',
  Swaziland: 'SZ',
  Syria: 'SY',
  'Virgin Islands': 'VI',
  'Wake Island': 'UM',
  'West Bank': 'PS',
};

const KNOWN = new Set(Object.keys(library.getAlpha2Codes()));

export function isKnownCountry(alpha2: string): boolean {
  return KNOWN.has(alpha2);
}

/** The alpha-2 code of an English country name, or null when it names no single country. */
export function countryCodeOfName(name: string): string | null {
  return OPENFLIGHTS_COUNTRIES[name] ?? library.getAlpha2Code(name, 'en') ?? null;
}

/** Every ISO 3166-1 country with its English and Russian name, sorted by English name. */
export function buildCountries(): CountryRow[] {
  return [...KNOWN]
    .map((alpha2) => ({
      alpha_2: alpha2,
      name: ENGLISH_NAMES[alpha2] ?? library.getName(alpha2, 'en') ?? alpha2,
      cyrillic_name: RUSSIAN_NAMES[alpha2] ?? library.getName(alpha2, 'ru') ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Customs regions whose addresses need a post code: the table lives in packages/domain, the reference book copies it. */
export const CUSTOM_REGIONS: readonly CustomRegionRow[] = DOMAIN_CUSTOM_REGIONS.map((r) => ({
  code: r.code,
  name: r.name,
  countries: [...r.countries],
}));
