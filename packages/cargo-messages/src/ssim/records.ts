/**
 * SSIM chapter 7 record layouts (200 columns, 1-based): a table per record type drives both
 * reading and writing, so the two cannot drift apart.
 */
import type { Issues } from '../issues';
import { formatDays, isoToSsimDate, parseDays, ssimDateToIso } from './dates';

export const RECORD_LENGTH = 200;

type Kind = 'str' | 'int' | 'date' | 'dateOpen' | 'days' | 'dv';

export interface Field {
  key: string;
  start: number;
  end: number;
  kind: Kind;
  required?: boolean;
  /** Right-justify on output (flight numbers). */
  right?: boolean;
  /** Pad integers with zeros on output (itinerary variation, leg sequence, DEI). */
  zero?: boolean;
}

const f = (key: string, start: number, end: number, kind: Kind = 'str', opts: Partial<Field> = {}): Field => ({
  key,
  start,
  end,
  kind,
  ...opts,
});

export const HEADER_FIELDS: Field[] = [
  f('title', 2, 35, 'str', { required: true }),
  f('seasons', 41, 41, 'int'),
  f('dataSetSerial', 192, 194),
];

export const CARRIER_FIELDS: Field[] = [
  f('timeMode', 2, 2, 'str', { required: true }),
  f('airline', 3, 5, 'str', { required: true }),
  f('season', 11, 13),
  f('periodFrom', 15, 21, 'date', { required: true }),
  f('periodTo', 22, 28, 'dateOpen', { required: true }),
  f('creationDate', 29, 35, 'date', { required: true }),
  f('title', 36, 64),
  f('releaseDate', 65, 71, 'date'),
  f('scheduleStatus', 72, 72),
  f('creatorReference', 73, 107),
  f('duplicateMarker', 108, 108),
  f('generalInfo', 109, 168),
  f('secureFlight', 169, 169),
  f('inflightServiceInfo', 170, 188),
  f('eticketing', 189, 190),
  f('creationTime', 191, 194),
];

const FLIGHT_ID: Field[] = [
  f('suffix', 2, 2),
  f('airline', 3, 5, 'str', { required: true }),
  f('flightNumber', 6, 9, 'int', { required: true, right: true }),
  f('itineraryVariation', 10, 11, 'int', { required: true, zero: true }),
  f('legSequence', 12, 13, 'int', { required: true, zero: true }),
  f('serviceType', 14, 14, 'str', { required: true }),
];

export const LEG_FIELDS: Field[] = [
  ...FLIGHT_ID,
  f('periodFrom', 15, 21, 'date', { required: true }),
  f('periodTo', 22, 28, 'dateOpen', { required: true }),
  f('daysOfOperation', 29, 35, 'days', { required: true }),
  f('frequencyRate', 36, 36, 'int'),
  f('departureStation', 37, 39, 'str', { required: true }),
  f('passengerStd', 40, 43, 'str', { required: true }),
  f('aircraftStd', 44, 47, 'str', { required: true }),
  f('departureUtcOffset', 48, 52, 'str', { required: true }),
  f('departureTerminal', 53, 54),
  f('arrivalStation', 55, 57, 'str', { required: true }),
  f('aircraftSta', 58, 61, 'str', { required: true }),
  f('passengerSta', 62, 65, 'str', { required: true }),
  f('arrivalUtcOffset', 66, 70, 'str', { required: true }),
  f('arrivalTerminal', 71, 72),
  f('aircraftType', 73, 75, 'str', { required: true }),
  f('prbd', 76, 95),
  f('prbm', 96, 100),
  f('mealServiceNote', 101, 110),
  f('jointOperation', 111, 119),
  f('mctStatus', 120, 121),
  f('secureFlight', 122, 122),
  f('itineraryVariationOverflow', 128, 128),
  f('aircraftOwner', 129, 131),
  f('cockpitCrewEmployer', 132, 134),
  f('cabinCrewEmployer', 135, 137),
  f('onwardAirline', 138, 140),
  f('onwardFlightNumber', 141, 144, 'str', { right: true }),
  f('aircraftRotationLayover', 145, 145),
  f('onwardSuffix', 146, 146),
  f('flightTransitLayover', 148, 148),
  f('operatingAirlineDisclosure', 149, 149),
  f('trafficRestrictionCode', 150, 160),
  f('trafficRestrictionOverflow', 161, 161),
  f('aircraftConfiguration', 173, 192),
  f('dateVariation', 193, 194, 'dv'),
];

export const SEGMENT_FIELDS: Field[] = [
  ...FLIGHT_ID,
  f('itineraryVariationOverflow', 28, 28),
  f('boardPointIndicator', 29, 29, 'str', { required: true }),
  f('offPointIndicator', 30, 30, 'str', { required: true }),
  f('dei', 31, 33, 'int', { required: true, zero: true }),
  f('boardPoint', 34, 36, 'str', { required: true }),
  f('offPoint', 37, 39, 'str', { required: true }),
  f('data', 40, 194),
];

export const TRAILER_FIELDS: Field[] = [
  f('airline', 3, 5),
  f('serialCheckReference', 188, 193, 'int', { zero: true }),
  f('endCode', 194, 194),
];

function isBlank(rec: string, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (rec.charCodeAt(i) !== 32) return false;
  return true;
}

/** Date variation: `0`-`9`, or `A` for the day before; blank is 0. */
function dv(c: string): number | undefined {
  if (c === ' ' || c === '') return 0;
  if (c === 'A') return -1;
  const n = c.charCodeAt(0) - 48;
  return n >= 0 && n <= 9 ? n : undefined;
}

/** Reads the fields of one record into a plain object; issues carry the record's line number. */
export function readFields(
  rec: string,
  fields: readonly Field[],
  line: number,
  issues: Issues,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const fd of fields) {
    const s = fd.start - 1;
    if (isBlank(rec, s, fd.end)) {
      if (fd.kind === 'dv') out[fd.key] = { departure: 0, arrival: 0 };
      else if (fd.kind === 'days') out[fd.key] = [];
      else if (fd.required) {
        issues.error(line, fd.start, 'MISSING_ELEMENT', `${fd.key} (columns ${fd.start}-${fd.end}) is blank`);
        out[fd.key] = fd.kind === 'int' ? 0 : '';
      }
      continue;
    }
    const raw = rec.slice(s, fd.end);
    switch (fd.kind) {
      case 'str':
        out[fd.key] = raw.trim();
        break;
      case 'int': {
        const t = raw.trim();
        if (!/^\d+$/.test(t)) issues.error(line, fd.start, 'BAD_NUMBER', `${fd.key} is not a number: ${t}`);
        out[fd.key] = /^\d+$/.test(t) ? Number(t) : 0;
        break;
      }
      case 'date':
      case 'dateOpen': {
        if (fd.kind === 'dateOpen' && raw === '00XXX00') {
          out[fd.key] = null;
          break;
        }
        const iso = ssimDateToIso(raw);
        if (iso === undefined) issues.error(line, fd.start, 'BAD_DATE', `${fd.key} is not a date (DDMMMYY): ${raw}`);
        out[fd.key] = iso ?? raw.trim();
        break;
      }
      case 'days': {
        const d = parseDays(raw);
        if (!d.ok) issues.warn(line, fd.start, 'BAD_ELEMENT', `Days of operation not positional: ${raw}`);
        if (d.days.length === 0) issues.error(line, fd.start, 'BAD_ELEMENT', 'No day of operation');
        out[fd.key] = d.days;
        break;
      }
      case 'dv': {
        const a = dv(raw[0] ?? ' ');
        const b = dv(raw[1] ?? ' ');
        if (a === undefined || b === undefined)
          issues.error(line, fd.start, 'BAD_ELEMENT', `Date variation not understood: ${raw}`);
        out[fd.key] = { departure: a ?? 0, arrival: b ?? 0 };
        break;
      }
    }
  }
  return out;
}

function fmtDv(n: number): string {
  return n === -1 ? 'A' : String(n);
}

/** Writes a record (without its serial number) from an object and a layout. */
export function writeFields(type: string, obj: Record<string, unknown>, fields: readonly Field[]): string {
  let s = type;
  let pos = 2;
  for (const fd of fields) {
    if (fd.start > pos) s += ' '.repeat(fd.start - pos);
    const width = fd.end - fd.start + 1;
    const v = obj[fd.key];
    let t = '';
    if (v !== undefined) {
      switch (fd.kind) {
        case 'str':
          t = String(v);
          break;
        case 'int':
          t = fd.zero ? String(v).padStart(width, '0') : String(v);
          break;
        case 'date':
          t = isoToSsimDate(String(v));
          break;
        case 'dateOpen':
          t = v === null ? '00XXX00' : isoToSsimDate(String(v));
          break;
        case 'days':
          t = formatDays(v as number[]);
          break;
        case 'dv': {
          const d = v as { departure: number; arrival: number };
          t = fmtDv(d.departure) + fmtDv(d.arrival);
          break;
        }
      }
    }
    if (t.length > width) t = t.slice(0, width);
    s += fd.right ? t.padStart(width) : t.padEnd(width);
    pos = fd.end + 1;
  }
  if (pos <= 194) s += ' '.repeat(195 - pos);
  return s;
}

export function serial(n: number): string {
  return String(n % 1000000).padStart(6, '0');
}
