import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awbCheckDigit, formatAwb, isValidAwb, parseAwb } from '../src/index';

describe('AWB numbers', () => {
  it('computes the check digit as the 7-digit serial mod 7', () => {
    expect(awbCheckDigit('1234567')).toBe(5);
    expect(awbCheckDigit(3450272)).toBe(0);
    expect(awbCheckDigit('2240567')).toBe(0);
  });

  it('formats PPP-SSSSSSSC and appends the check digit to a 7-digit serial', () => {
    expect(formatAwb('123', '1234567')).toBe('123-12345675');
    expect(formatAwb('933', '22405670')).toBe('933-22405670');
  });

  it('parses with hyphen, blank or nothing between prefix and serial', () => {
    expect(parseAwb('123-12345675')).toEqual({ prefix: '123', serial: '1234567', checkDigit: 5 });
    expect(parseAwb('123 12345675')?.serial).toBe('1234567');
    expect(parseAwb('12312345675')?.checkDigit).toBe(5);
    expect(parseAwb('12-12345675')).toBeNull();
  });

  it('accepts a matching check digit and refuses a wrong one or a digit 7, 8 or 9', () => {
    expect(isValidAwb('123-12345675')).toBe(true);
    expect(isValidAwb('123-12345676')).toBe(false);
    expect(isValidAwb('123-12345677')).toBe(false);
  });

  it('always produces a check digit 0 to 6 that validates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999999 }), (n) => {
        const serial = String(n).padStart(7, '0');
        const d = awbCheckDigit(serial);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(6);
        expect(isValidAwb(formatAwb('555', serial))).toBe(true);
      }),
    );
  });

  it('rejects malformed prefixes and serials when formatting', () => {
    expect(() => formatAwb('12', '1234567')).toThrow(RangeError);
    expect(() => formatAwb('123', '123')).toThrow(RangeError);
    expect(() => awbCheckDigit('12345678')).toThrow(RangeError);
  });
});
