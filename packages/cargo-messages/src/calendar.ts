/** Calendar rules shared by Cargo-IMP and SSIM dates (`DDMMM`, `DDMMMYY`) and the ISO dates of the models. */

export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const MONTH_INDEX: Record<string, number> = Object.fromEntries(MONTHS.map((m, i) => [m, i + 1]));
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in month 1..12 of `year`; without a year (a `DDMMM` date) February may have 29. */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || isLeapYear(year) ? 29 : 28;
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

/** The month number (1..12) of `JAN`..`DEC`, undefined otherwise. */
export function monthNumber(mon: string): number | undefined {
  return MONTH_INDEX[mon];
}

/** The year of a two-digit year: 70-99 are 19xx, 00-69 are 20xx. */
export function fullYear(yy: number): number {
  return yy >= 70 ? 1900 + yy : 2000 + yy;
}

export interface DayMonthYear {
  day: number;
  month: number;
  /** Four-digit year; absent for `DDMMM`. */
  year?: number;
}

const DDMMM_RE = /^(\d\d)([A-Z]{3})(\d\d)?$/;

/**
 * Reads `DDMMM` or `DDMMMYY` (`withYear` says which is expected); undefined unless the day exists in that month of that
 * year (29FEB only in leap years; 29FEB without a year is allowed).
 */
export function readDayMonth(s: string, withYear: boolean): DayMonthYear | undefined {
  const m = DDMMM_RE.exec(s);
  if (!m || (m[3] !== undefined) !== withYear) return undefined;
  const month = monthNumber(m[2] ?? '');
  if (month === undefined) return undefined;
  const day = Number(m[1]);
  const year = m[3] === undefined ? undefined : fullYear(Number(m[3]));
  if (day < 1 || day > daysInMonth(month, year)) return undefined;
  return year === undefined ? { day, month } : { day, month, year };
}

const ISO_DATE_RE = /^(\d{4})-(\d\d)-(\d\d)$/;

/** True for `YYYY-MM-DD` naming a day that exists. */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE_RE.exec(s);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(month, Number(m[1]));
}
