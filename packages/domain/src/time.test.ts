import { describe, expect, it } from 'vitest';
import {
  classifyLocal,
  daysBetween,
  isValidZone,
  localDate,
  localToUtc,
  TimeZoneError,
  utcOffsetMinutes,
  utcToLocal,
} from './time';

describe('localToUtc and utcToLocal', () => {
  it('convert a plain time both ways', () => {
    expect(localToUtc('2026-07-01T10:15', 'Europe/Moscow')).toBe('2026-07-01T07:15:00Z');
    expect(utcToLocal('2026-07-01T07:15:00Z', 'Europe/Moscow')).toBe('2026-07-01T10:15');
    expect(utcToLocal(new Date('2026-07-01T07:15:00Z'), 'America/New_York')).toBe('2026-07-01T03:15');
    expect(localToUtc('2026-01-15T23:59:30', 'Asia/Kolkata')).toBe('2026-01-15T18:29:30Z');
  });

  it('follow the offset across the spring-forward change', () => {
    // Berlin: 2026-03-29 02:00 CET -> 03:00 CEST.
    expect(localToUtc('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00Z');
    expect(localToUtc('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00Z');
    expect(utcOffsetMinutes('2026-03-29T00:59:00Z', 'Europe/Berlin')).toBe(60);
    expect(utcOffsetMinutes('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe(120);
    // A daily 10:00 departure is 09:00Z before the change and 08:00Z after it.
    expect(localToUtc('2026-03-28T10:00', 'Europe/Berlin')).toBe('2026-03-28T09:00:00Z');
    expect(localToUtc('2026-03-30T10:00', 'Europe/Berlin')).toBe('2026-03-30T08:00:00Z');
  });

  it('move a time in the gap forward, or refuse it when told', () => {
    expect(classifyLocal('2026-03-29T02:30', 'Europe/Berlin').kind).toBe('gap');
    expect(localToUtc('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00Z');
    expect(utcToLocal('2026-03-29T01:30:00Z', 'Europe/Berlin')).toBe('2026-03-29T03:30');
    expect(() => localToUtc('2026-03-29T02:30', 'Europe/Berlin', { gap: 'reject' })).toThrow(TimeZoneError);
    // New York: 2026-03-08 02:00 EST -> 03:00 EDT.
    expect(localToUtc('2026-03-08T02:15', 'America/New_York')).toBe('2026-03-08T07:15:00Z');
  });

  it('take the first occurrence of a time in the overlap, the second or none when told', () => {
    // Berlin: 2026-10-25 03:00 CEST -> 02:00 CET; 02:30 happens at 00:30Z and again at 01:30Z.
    expect(classifyLocal('2026-10-25T02:30', 'Europe/Berlin').kind).toBe('overlap');
    expect(localToUtc('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00Z');
    expect(localToUtc('2026-10-25T02:30', 'Europe/Berlin', { overlap: 'later' })).toBe('2026-10-25T01:30:00Z');
    expect(() => localToUtc('2026-10-25T02:30', 'Europe/Berlin', { overlap: 'reject' })).toThrow('occurs twice');
    expect(utcToLocal('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30');
    expect(utcToLocal('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30');
    // Sydney falls back in April (southern hemisphere): 2026-04-05 03:00 AEDT -> 02:00 AEST.
    expect(localToUtc('2026-04-05T02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00Z');
    expect(localToUtc('2026-04-05T02:30', 'Australia/Sydney', { overlap: 'later' })).toBe('2026-04-04T16:30:00Z');
    expect(classifyLocal('2026-04-05T04:00', 'Australia/Sydney').kind).toBe('plain');
  });

  it('keep local dates apart across the date line', () => {
    // Auckland 2026-06-10 09:00 (UTC+12) is the 9th at 21:00Z; in Honolulu (UTC-10) it is the 9th, 11:00.
    const departure = localToUtc('2026-06-10T09:00', 'Pacific/Auckland');
    expect(departure).toBe('2026-06-09T21:00:00Z');
    expect(localDate(departure, 'Pacific/Honolulu')).toBe('2026-06-09');
    // An 8-hour flight lands on the local date before its departure's local date.
    const arrival = new Date(Date.parse(departure) + 8 * 3600_000).toISOString();
    expect(utcToLocal(arrival, 'Pacific/Honolulu')).toBe('2026-06-09T19:00');
    expect(daysBetween(localDate(departure, 'Pacific/Auckland'), localDate(arrival, 'Pacific/Honolulu'))).toBe(-1);
    // Kiritimati (UTC+14) and Niue (UTC-11) share the wall clock but are a day apart.
    const instant = '2026-01-01T00:00:00Z';
    expect(utcToLocal(instant, 'Pacific/Kiritimati')).toBe('2026-01-01T14:00');
    expect(utcToLocal(instant, 'Pacific/Niue')).toBe('2025-12-31T13:00');
    expect(daysBetween(localDate(instant, 'Pacific/Niue'), localDate(instant, 'Pacific/Kiritimati'))).toBe(1);
    // Samoa skipped 30 December 2011 when it crossed the line.
    expect(classifyLocal('2011-12-30T12:00', 'Pacific/Apia').kind).toBe('gap');
  });

  it('count calendar days whatever the DST change in between', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-26', '2026-10-24')).toBe(-2);
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(TimeZoneError);
  });

  it('refuse unknown zones, malformed local times and instants without an offset', () => {
    expect(isValidZone('Europe/Moscow')).toBe(true);
    expect(isValidZone('Mars/Olympus')).toBe(false);
    expect(() => localToUtc('2026-07-01T10:15', 'Mars/Olympus')).toThrow('unknown time zone');
    expect(() => localToUtc('2026-02-29T10:00', 'UTC')).toThrow('not a local date');
    expect(() => localToUtc('2026-07-01T10:15+03:00', 'Europe/Moscow')).toThrow('not a local date');
    expect(() => utcToLocal('2026-07-01T10:15', 'Europe/Moscow')).toThrow('not a UTC instant');
    expect(utcToLocal('2026-07-01T10:15:00+03:00', 'UTC')).toBe('2026-07-01T07:15');
  });
});
