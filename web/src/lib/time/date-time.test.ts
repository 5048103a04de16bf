import { describe, expect, it } from 'vitest';
import { formatDateTime, parseKeepingOffset, zoneLabel } from './date-time';

describe('date and time display', () => {
  const departure = '2026-03-01T10:00:00+03:00';

  it('shows UTC when the UTC toggle is on', () => {
    expect(formatDateTime(departure, { utc: true })).toBe('01.03.2026 07:00');
    expect(zoneLabel(departure, { utc: true })).toBe('UTC');
  });

  it('shows the airport time in its IANA zone', () => {
    expect(formatDateTime(departure, { utc: false, timeZone: 'Asia/Novosibirsk' })).toBe('01.03.2026 14:00');
    expect(formatDateTime(departure, { utc: false, timeZone: 'Europe/London' })).toBe('01.03.2026 07:00');
    expect(zoneLabel(departure, { utc: false, timeZone: 'Asia/Novosibirsk' })).toBe('UTC+07:00');
  });

  it('never shifts a date without a time', () => {
    expect(formatDateTime('2026-03-01', { utc: true })).toBe('01.03.2026');
    expect(formatDateTime('2026-03-01', { utc: false, timeZone: 'America/New_York' })).toBe('01.03.2026');
  });

  it('keeps the offset a value was sent with', () => {
    const moment = parseKeepingOffset(departure);
    expect(moment.format('HH:mm Z')).toBe('10:00 +03:00');
  });

  it('returns empty text for no value', () => {
    expect(formatDateTime(null, { utc: true })).toBe('');
  });
});
