import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isIsoDateTime, readNumber, zIsoDateTime, zNullableNumber, zNumber } from './parse';

describe('response parsing', () => {
  it('reads numeric strings as numbers', () => {
    expect(zNumber.parse('12.5')).toBe(12.5);
    expect(zNumber.parse(' 7 ')).toBe(7);
    expect(zNumber.parse(3)).toBe(3);
    expect(readNumber('12a')).toBe('12a');
    expect(() => zNumber.parse('abc')).toThrow();
  });

  it('keeps an ISO date-time with its own offset', () => {
    expect(zIsoDateTime.parse('2026-03-01T10:00:00+03:00')).toBe('2026-03-01T10:00:00+03:00');
    expect(isIsoDateTime('2026-03-01')).toBe(true);
    expect(isIsoDateTime('01.03.2026')).toBe(false);
    expect(isIsoDateTime('2026-03-01T10:00')).toBe(true);
  });

  it('refuses dates that do not exist', () => {
    expect(isIsoDateTime('2024-02-29')).toBe(true);
    expect(isIsoDateTime('2023-02-29')).toBe(false);
    expect(isIsoDateTime('2026-02-30T10:00:00Z')).toBe(false);
    expect(isIsoDateTime('2026-13-01')).toBe(false);
    expect(zIsoDateTime.safeParse('2026-04-31').success).toBe(false);
  });

  it('reads numeric fields of a response whatever form they arrive in', () => {
    const schema = z.object({ weight: zNumber, volume: zNullableNumber, departure: zIsoDateTime });
    expect(schema.parse({ weight: '120.5', volume: null, departure: '2026-03-01T10:00:00+03:00' })).toEqual({
      weight: 120.5,
      volume: null,
      departure: '2026-03-01T10:00:00+03:00',
    });
  });
});
