import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, isIsoDate, isLeapYear, MONTHS, readDayMonth } from '../src/calendar';
import { DateSchema, DateYearSchema, isoToSsimDate, parseAsm, parseFsu, parseSsm, ssimDateToIso } from '../src/index';
import { PeriodSchema } from '../src/ssim/ssm';
import { codes, errors } from './helpers';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The reference: what the JavaScript calendar says about day/month/year (a day that overflows rolls into the next month). */
function exists(day: number, month: number, year: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

describe('calendar of DDMMM[YY] dates', () => {
  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2023, 2024, 2100].map(isLeapYear)).toEqual([false, true, false, true, false]);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2)).toBe(29);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(13, 2023)).toBe(0);
  });

  it('refuses 29 February of a non-leap year and accepts it in a leap year', () => {
    expect(ssimDateToIso('29FEB23')).toBeUndefined();
    expect(ssimDateToIso('29FEB24')).toBe('2024-02-29');
    expect(ssimDateToIso('29FEB00')).toBe('2000-02-29');
    expect(ssimDateToIso('29FEB99')).toBeUndefined();
    expect(ssimDateToIso('28FEB23')).toBe('2023-02-28');
    expect(ssimDateToIso('31APR24')).toBeUndefined();
    expect(ssimDateToIso('00JAN24')).toBeUndefined();
    expect(ssimDateToIso('01XYZ24')).toBeUndefined();
    expect(ssimDateToIso('1JAN245')).toBeUndefined();
    expect(isoToSsimDate('2023-02-29')).toBe('2023-02-29');
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('allows 29FEB without a year, never 30FEB or 31APR', () => {
    expect(readDayMonth('29FEB', false)).toEqual({ day: 29, month: 2 });
    expect(readDayMonth('30FEB', false)).toBeUndefined();
    expect(readDayMonth('31APR', false)).toBeUndefined();
    expect(readDayMonth('29FEB24', false)).toBeUndefined();
    expect(readDayMonth('29FEB', true)).toBeUndefined();
  });

  it('agrees with the JavaScript calendar on every DDMMMYY text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        (day, month, yy) => {
          const text = `${pad(day)}${MONTHS[month - 1]}${pad(yy)}`;
          const year = yy >= 70 ? 1900 + yy : 2000 + yy;
          const iso = ssimDateToIso(text);
          if (day >= 1 && exists(day, month, year)) expect(iso).toBe(`${year}-${pad(month)}-${pad(day)}`);
          else expect(iso).toBeUndefined();
          expect(DateYearSchema.safeParse(text).success).toBe(iso !== undefined);
          expect(readDayMonth(text.slice(0, 5), false) !== undefined).toBe(day >= 1 && exists(day, month, 2024));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('converts every day from 1970 to 2069 to DDMMMYY and back', () => {
    const first = Date.UTC(1970, 0, 1);
    const last = Date.UTC(2069, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (last - first) / DAY_MS }), (offset) => {
        const iso = new Date(first + offset * DAY_MS).toISOString().slice(0, 10);
        expect(isIsoDate(iso)).toBe(true);
        const ssim = isoToSsimDate(iso);
        expect(ssim).toMatch(/^\d\d[A-Z]{3}\d\d$/);
        expect(ssimDateToIso(ssim)).toBe(iso);
      }),
      { numRuns: 5000 },
    );
    // And exhaustively over the leap days of the window.
    for (let year = 1970; year < 2070; year++) {
      expect(ssimDateToIso(`29FEB${String(year).slice(2)}`) !== undefined).toBe(isLeapYear(year));
    }
  });
});

describe('dates that do not exist in messages', () => {
  it('SSM and ASM report a period or flight date that does not exist', () => {
    const ssm = (period: string) => parseSsm(`SSM\nUTC\nNEW\nSU1234\n${period} 135\nF 77X\nSVO0600 LED0730\n`);
    expect(errors(ssm('01FEB24 29FEB24').issues)).toEqual([]);
    const bad = ssm('01FEB23 29FEB23');
    expect(codes(errors(bad.issues))).toEqual(['BAD_DATE']);
    expect(bad.issues[0]).toMatchObject({ line: 5, column: 9 });
    expect(codes(errors(ssm('31APR 01MAY').issues))).toEqual(['BAD_DATE']);
    expect(errors(ssm('29FEB 01MAR').issues)).toEqual([]);
    const asm = parseAsm('ASM\nUTC\nCNL\nSU1234/29FEB23\n');
    expect(codes(errors(asm.issues))).toEqual(['BAD_DATE']);
    expect(PeriodSchema.safeParse({ from: '29FEB23', to: '01MAR23', days: [1] }).success).toBe(false);
    expect(PeriodSchema.safeParse({ from: '29FEB24', to: '01MAR24', days: [1] }).success).toBe(true);
  });

  it('Cargo-IMP refuses 30FEB and 31APR, and 29FEB only in a non-leap year', () => {
    expect(DateSchema.safeParse('29FEB').success).toBe(true);
    expect(DateSchema.safeParse('30FEB').success).toBe(false);
    expect(DateSchema.safeParse('31APR').success).toBe(false);
    expect(DateYearSchema.safeParse('29FEB23').success).toBe(false);
    expect(DateYearSchema.safeParse('29FEB24').success).toBe(true);
    const fsu = (line: string) => parseFsu(`FSU/15\n555-12345675SVOLED/T10K350\n${line}\n`);
    expect(codes(fsu('RCS/31APR1615/SVO/T10').issues)).toEqual(['BAD_DATE']);
    expect(codes(fsu('RCS/29FEB1615/SVO/T10').issues)).toEqual([]);
  });
});
