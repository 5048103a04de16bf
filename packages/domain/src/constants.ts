/** Business constants of seed 001 section 9. */
export const CURRENCIES = ['RUB', 'USD', 'EUR', 'KZT', 'KGS', 'CNY', 'BYN', 'AMD', 'INR', 'UZS', 'THB'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const CONTACT_NUMBER_MAX_DIGITS = 24;
export const REPORT_RANGE_MAX_DAYS = 31;
export const REFERENCE_CACHE_SECONDS = 600;

export const CARGO_LIMITS = {
  averagePieceVolume: 2.4,
  averagePieceWeight: 300,
  weight: 5000,
  volume: 40,
} as const;

export const RATE_WEIGHT_BREAKS = ['min_rate', 'n', 'q45', 'q100', 'q300', 'q500', 'q1000'] as const;

export const DATE_TYPES = ['created', 'booking', 'issue', 'report', 'billing'] as const;

export const LOCALES = ['en', 'ru', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const ROUNDING_RULES = ['up_0_5', 'up_1', 'nearest_0_5', 'nearest_1', 'none'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

export const BILLING_DATE_SOURCES = ['issue', 'departure', 'booking', 'created'] as const;

/** Default pagination of list calls. */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 200;
