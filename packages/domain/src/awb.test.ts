import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awbCheckDigit, formatAwb, isValidAwb, parseAwb, parseBlank } from './awb';

describe('AWB numbers', () => {
  it('computes the check digit as the 7-digit serial mod 7', () => {
    expect(awbCheckDigit(1234567)).toBe(5);
    expect(awbCheckDigit('1234567')).toBe(5);
    expect(awbCheckDigit(3450272)).toBe(0);
    expect(awbCheckDigit('2240567')).toBe(0);
    expect(awbCheckDigit('0000013')).toBe(6);
  });

  it('formats PPP-SSSSSSSC and appends the check digit to a 7-digit or numeric serial', () => {
    expect(formatAwb('123', 1234567)).toBe('123-12345675');
    expect(formatAwb('123', '1234567')).toBe('123-12345675');
    expect(formatAwb('555', 13)).toBe('555-00000136');
    expect(formatAwb('933', '22405670')).toBe('933-22405670');
  });

  it('parses with hyphen, blank or nothing between prefix and serial', () => {
    expect(parseAwb('123-12345675')).toEqual({ prefix: '123', serial: '1234567', checkDigit: 5 });
    expect(parseAwb(' 123-12345675 ')).toEqual({ prefix: '123', serial: '1234567', checkDigit: 5 });
    expect(parseAwb('123 12345675')?.serial).toBe('1234567');
    expect(parseAwb('12312345675')?.checkDigit).toBe(5);
    expect(parseAwb('555-00000136')?.serial).toBe('0000013');
  });

  it('refuses a wrong check digit and a malformed number', () => {
    expect(parseAwb('123-12345676')).toBeNull();
    expect(parseAwb('12-12345675')).toBeNull();
    expect(parseAwb('123-1234567')).toBeNull();
    expect(parseAwb('123--12345675')).toBeNull();
    expect(parseAwb('123-123456750')).toBeNull();
    expect(parseAwb('abc-12345675')).toBeNull();
  });

  it('accepts a matching check digit and refuses a wrong one or a digit 7, 8 or 9', () => {
    expect(isValidAwb('123-12345675')).toBe(true);
    expect(isValidAwb('123-12345676')).toBe(false);
    expect(isValidAwb('123-12345677')).toBe(false);
    expect(isValidAwb('933-22405678')).toBe(false);
    expect(isValidAwb('933-22405679')).toBe(false);
  });

  it('rejects malformed prefixes and serials when formatting', () => {
    expect(() => formatAwb('12', '1234567')).toThrow(RangeError);
    expect(() => formatAwb('123', '123')).toThrow(RangeError);
    expect(() => formatAwb('123', '12345676')).toThrow(RangeError);
    expect(() => formatAwb('123', -1)).toThrow(RangeError);
    expect(() => formatAwb('123', 10_000_000)).toThrow(RangeError);
    expect(() => formatAwb('123', 1.5)).toThrow(RangeError);
    expect(() => awbCheckDigit('12345678')).toThrow(RangeError);
    expect(() => awbCheckDigit('12a')).toThrow(RangeError);
  });

  it('always produces a check digit 0 to 6 that validates, and parses back every number it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9_999_999 }), (p, n) => {
        const prefix = String(p).padStart(3, '0');
        const serial = String(n).padStart(7, '0');
        const digit = awbCheckDigit(serial);
        expect(digit).toBeGreaterThanOrEqual(0);
        expect(digit).toBeLessThanOrEqual(6);
        const text = formatAwb(prefix, n);
        expect(formatAwb(prefix, serial)).toBe(text);
        expect(isValidAwb(text)).toBe(true);
        expect(parseAwb(text)).toEqual({ prefix, serial, checkDigit: digit });
      }),
    );
  });

  it('accepts exactly one check digit per serial', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 9 }), (n, d) => {
        const serial = String(n).padStart(7, '0');
        expect(isValidAwb(`123-${serial}${d}`)).toBe(d === n % 7);
      }),
    );
  });

  it('reads a blank number as 7 digits or 7 digits and a matching check digit', () => {
    expect(parseBlank('1234567')).toEqual({ serial: 1_234_567 });
    expect(parseBlank(' 12345675 ')).toEqual({ serial: 1_234_567 });
    expect(parseBlank('0000013')).toEqual({ serial: 13 });
    expect(parseBlank('12345676')).toEqual({ error: 'invalidControlBit' });
    expect(parseBlank('12345679')).toEqual({ error: 'invalidControlBit' });
    expect(parseBlank('123456')).toEqual({ error: 'invalidBlankNumber' });
    expect(parseBlank('123456750')).toEqual({ error: 'invalidBlankNumber' });
    expect(parseBlank('12a4567')).toEqual({ error: 'invalidBlankNumber' });
    expect(parseBlank('')).toEqual({ error: 'invalidBlankNumber' });
  });
});
