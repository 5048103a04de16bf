import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awbCheckDigit, formatAwb, parseAwb } from './awb';

describe('AWB numbers', () => {
  it('computes the check digit as the serial mod 7', () => {
    expect(awbCheckDigit(1234567)).toBe(5);
    expect(formatAwb('123', 1234567)).toBe('123-12345675');
  });

  it('refuses a wrong check digit and a malformed number', () => {
    expect(parseAwb('123-12345676')).toBeNull();
    expect(parseAwb('12-12345675')).toBeNull();
    expect(parseAwb('123-12345675')).toEqual({ prefix: '123', serial: '1234567', checkDigit: 5 });
  });

  it('parses back every number it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (serial) => {
        const parsed = parseAwb(formatAwb('555', serial));
        expect(parsed?.serial).toBe(String(serial).padStart(7, '0'));
      }),
    );
  });
});
