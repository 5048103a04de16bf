/**
 * Shared parts of the IATA AHM load-control telegrams (MVT, LDM, CPM, UCM): the identifier line
 * (optionally with `COR` for a correction), the flight line `flight/day.registration.station...`,
 * times (HHMM or DDHHMM), station codes, ULD ids and the `SI` supplementary information at the end.
 */
import { z } from 'zod';
import { isDate } from '../cimp/elements';
import { type Line, splitLines } from '../cimp/lines';
import { AirportSchema, DateSchema, FlightSchema, freeText } from '../cimp/schemas';
import type { Issues } from '../issues';

/** The flight of an AHM telegram: carrier, number and the day of month (or DDMMM date) it left. */
export const AhmFlightSchema = FlightSchema.extend({
  /** Day of the month of the scheduled departure (`/05`). */
  day: z.number().int().min(1).max(31).optional(),
  /** `DDMMM` when the telegram gives the month too (`/05NOV`). */
  date: DateSchema.optional(),
});
export type AhmFlight = z.infer<typeof AhmFlightSchema>;

export const AhmTimeSchema = z.object({
  /** Day of the month when the time is given as DDHHMM. */
  day: z.number().int().min(1).max(31).optional(),
  /** HHMM, UTC. */
  time: z.string().regex(/^([01]\d|2[0-3])[0-5]\d$/),
});
export type AhmTime = z.infer<typeof AhmTimeSchema>;

export const RegistrationSchema = z.string().regex(/^[A-Z0-9]{2,10}$/, 'aircraft registration without hyphen');

/** Fields every AHM telegram has. */
export const ahmBase = {
  /** `COR`: the telegram corrects one sent before. */
  correction: z.literal(true).optional(),
  flight: AhmFlightSchema,
  registration: RegistrationSchema.optional(),
  /** SI: supplementary information, verbatim. */
  si: z.array(freeText(69)).min(1).optional(),
  /** Lines not understood, verbatim. */
  raw: z.array(z.string()).min(1).optional(),
};

export const AHM_TYPES = ['MVT', 'LDM', 'CPM', 'UCM'] as const;
export type AhmType = (typeof AHM_TYPES)[number];

export const StationSchema = AirportSchema;

const FLIGHT_RE = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4}[A-Z]?)(?:\/\d{1,4}[A-Z]?)?\/(\d{2})([A-Z]{3})?(?:\d{2})?$/;

/**
 * Reads `SU1234/05` or `SU1234/05NOV`; tolerated: a second (return) flight number before the date
 * (`PK719/720/26JUN`) and a year after the month (`26JUN05`), both not kept.
 */
export function readAhmFlight(el: string): AhmFlight | undefined {
  const m = FLIGHT_RE.exec(el);
  if (!m) return undefined;
  const day = Number(m[3]);
  if (day < 1 || day > 31) return undefined;
  const f: AhmFlight = { carrier: m[1] ?? '', number: m[2] ?? '', day };
  if (m[4] !== undefined) {
    const date = `${m[3]}${m[4]}`;
    if (!isDate(date)) return undefined;
    f.date = date;
  }
  return f;
}

/** Reads HHMM or DDHHMM. */
export function readAhmTime(s: string): AhmTime | undefined {
  const m = /^(\d{2})?(([01]\d|2[0-3])[0-5]\d)$/.exec(s);
  if (!m) return undefined;
  if (m[1] === undefined) return { time: m[2] ?? '' };
  const day = Number(m[1]);
  if (day < 1 || day > 31) return undefined;
  return { day, time: m[2] ?? '' };
}

export const isStation = (s: string): boolean => /^[A-Z]{3}$/.test(s);
export const isUldId = (s: string): boolean => /^[A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2}$/.test(s);

export interface AhmStart {
  correction: boolean;
  /** MVA: the aircraft-initiated form of MVT. */
  aircraftInitiated: boolean;
  /** Lines after the identifier (and COR) line. */
  body: Line[];
  /** The identifier line (or line 1). */
  head: Line;
}

/** Reads the identifier line (`MVT`, or `COR` before or after it). Null with EMPTY for an empty text. */
export function ahmStart(text: string, type: AhmType, issues: Issues): AhmStart | null {
  const lines = splitLines(text.toUpperCase());
  const first = lines[0];
  if (!first) {
    issues.error(1, 1, 'EMPTY', 'The message is empty');
    return null;
  }
  let i = 0;
  let correction = false;
  if (first.text === 'COR') {
    correction = true;
    i = 1;
  }
  const head = lines[i] ?? first;
  const id = head.text.split(/\s+/)[0];
  const aircraftInitiated = type === 'MVT' && id === 'MVA';
  if (id !== type && !aircraftInitiated) issues.error(head.no, head.col, 'BAD_HEADER', `First line must be ${type}`);
  else i++;
  if (lines[i]?.text === 'COR') {
    correction = true;
    i++;
  }
  return { correction, aircraftInitiated, body: lines.slice(i), head };
}

export interface FlightLine {
  flight: AhmFlight;
  /** The `.`-separated elements after `flight/day`. */
  rest: string[];
  line: Line;
}

/**
 * Registration and station of a flight line `flight/day.registration.station`; a line with only
 * the station (`CX893/12.HKG`) has no registration.
 */
export function regAndStation(rest: readonly string[]): { registration?: string; station?: string } {
  const [a, b] = rest;
  if (rest.length === 1 && a !== undefined && isStation(a)) return { station: a };
  const out: { registration?: string; station?: string } = {};
  if (a) out.registration = a.replace(/-/g, '');
  if (b !== undefined) out.station = b;
  return out;
}

/** Reads the flight line `flight/day.element.element...`; an error when missing or unreadable. */
export function ahmFlightLine(start: AhmStart, issues: Issues, layout: string): FlightLine | null {
  const line = start.body[0];
  if (!line) {
    issues.error(start.head.no + 1, 1, 'MISSING_LINE', `Flight line (${layout}) missing`);
    return null;
  }
  const els = line.text.split('.').map((e) => e.trim());
  const f = readAhmFlight(els[0] ?? '');
  if (!f) {
    issues.error(line.no, line.col, 'BAD_ELEMENT', `Flight line not understood (${layout}): ${line.text.slice(0, 30)}`);
    return null;
  }
  return { flight: f, rest: els.slice(1), line };
}

/** Column of the `.`-separated element at `index` in a line. */
export function dotCol(line: Line, index: number): number {
  let col = line.col;
  let k = 0;
  for (let i = 0; i < line.text.length && k < index; i++) {
    if (line.text[i] === '.') {
      k++;
      col = line.col + i + 1;
    }
  }
  return col;
}

/** True for the line that opens the SI section (`SI` or `SI text`). */
export function isSi(text: string): boolean {
  return text === 'SI' || text.startsWith('SI ');
}

/** Reads the SI section: the SI line's text and every line after it. */
export function readSi(lines: readonly Line[], from: number): string[] {
  const out: string[] = [];
  const first = (lines[from]?.text ?? '').slice(2).trim();
  if (first) out.push(first.slice(0, 69));
  for (const l of lines.slice(from + 1)) out.push(l.text.slice(0, 69));
  return out;
}
