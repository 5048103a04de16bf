/**
 * Shared by FFM and FBL: the flight header line, the point-of-unloading line, the CONT/LAST
 * trailer and the method-1 split (sequence number on line 2, every part ending CONT or LAST).
 */
import { z } from 'zod';
import type { Issues } from '../issues';
import { checkAirport, dateTime, flight, fmtFlight, int, isAirport, isCountry } from './elements';
import { colAt, type Line, tail } from './lines';
import { AirportSchema, CountrySchema, DateSchema, FlightSchema, TimeSchema, text } from './schemas';
import { MAX_MESSAGE } from './writer';

export const DateTimeSchema = z.object({ date: DateSchema, time: TimeSchema.optional() });
export type DateTimeValue = z.infer<typeof DateTimeSchema>;

export const ManifestHeaderSchema = z.object({
  flight: FlightSchema,
  date: DateSchema,
  time: TimeSchema.optional(),
  loadingAirport: AirportSchema,
  registration: text(10).optional(),
  /** FFM only: first point of arrival (country, scheduled arrival, airport). */
  firstArrival: z
    .object({ country: CountrySchema, date: DateSchema, time: TimeSchema.optional(), airport: AirportSchema })
    .optional(),
});
export type ManifestHeader = z.infer<typeof ManifestHeaderSchema>;

export const UnloadingBaseSchema = z.object({
  airport: AirportSchema,
  nil: z.literal(true).optional(),
  arrival: DateTimeSchema.optional(),
  departure: DateTimeSchema.optional(),
});
export type UnloadingBase = z.infer<typeof UnloadingBaseSchema>;

const HEADER_RE = /^\d{1,2}\//;

/** The identifier line of a following part: `FFM/8` (with version: a bare `FFM` may be an airport). */
export function isNextPart(text: string, type: 'FFM' | 'FBL'): boolean {
  return text.startsWith(`${type}/`) && /^[A-Z]{3}\/\d{1,3}$/.test(text);
}

export function isHeaderLine(text: string): boolean {
  return HEADER_RE.test(text);
}

function dt(s: string, line: Line, col: number, issues: Issues): DateTimeValue | undefined {
  const d = dateTime(s, line, col, issues);
  if (!d) return undefined;
  return d.time === undefined ? { date: d.date } : { date: d.date, time: d.time };
}

/** `seq/carrier+flight/DDMMM[HHMM]/airport[/registration][/country/DDMMMHHMM/airport]`. */
export function readHeader(line: Line, issues: Issues): { seq: number; header: ManifestHeader } {
  const els = line.text.split('/').map((e) => e.trim());
  const header: ManifestHeader = { flight: { carrier: '', number: '' }, date: '', loadingAirport: '' };
  const seq = int(els[0] ?? '') ?? 1;
  const f = flight(els[1] ?? '');
  if (f) header.flight = f;
  else issues.error(line.no, colAt(line, 1), 'BAD_ELEMENT', `Flight not understood: ${els[1] ?? ''}`);
  const d = dt(els[2] ?? '', line, colAt(line, 2), issues);
  if (d) {
    header.date = d.date;
    if (d.time !== undefined) header.time = d.time;
  }
  header.loadingAirport = els[3] ?? '';
  checkAirport(header.loadingAirport, line, colAt(line, 3), issues);
  if (els[4]) header.registration = els[4];
  if (els[5] || els[6] || els[7]) {
    const a = dt(els[6] ?? '', line, colAt(line, 6), issues);
    const country = els[5] ?? '';
    const airport = els[7] ?? '';
    if (!isCountry(country) || !isAirport(airport)) {
      issues.error(line.no, colAt(line, 5), 'BAD_ELEMENT', 'First point of arrival needs country, date and airport');
    }
    if (a) header.firstArrival = { country, date: a.date, ...(a.time !== undefined ? { time: a.time } : {}), airport };
  }
  return { seq, header };
}

const fmtDt = (d: DateTimeValue | undefined): string => (d ? `${d.date}${d.time ?? ''}` : '');

export function writeHeader(seq: number, h: ManifestHeader): string {
  const els = [String(seq), fmtFlight(h.flight), `${h.date}${h.time ?? ''}`, h.loadingAirport];
  if (h.registration !== undefined || h.firstArrival) els.push(h.registration ?? '');
  if (h.firstArrival) els.push(h.firstArrival.country, fmtDt(h.firstArrival), h.firstArrival.airport);
  return els.join('/');
}

const DT_RE = /^\d{2}[A-Z]{3}(\d{4})?$/;

/** `AAA[/NIL][/arrival][/departure]`: only these shapes count as a point of unloading. */
export function isUnloadingLine(text: string): boolean {
  if (!/^[A-Z]{3}(\/|$)/.test(text)) return false;
  const els = text.split('/');
  if (els.length > 4) return false;
  for (let i = 1; i < els.length; i++) {
    const e = (els[i] ?? '').trim();
    if (e !== '' && e !== 'NIL' && !DT_RE.test(e)) return false;
  }
  return true;
}

export function readUnloading(line: Line, issues: Issues): UnloadingBase {
  const els = tail(line).map((e) => e.trim());
  const u: UnloadingBase = { airport: line.text.slice(0, 3) };
  let i = 0;
  if (els[0] === 'NIL') {
    u.nil = true;
    i = 1;
  }
  const arr = els[i] ?? '';
  if (arr !== '') {
    const a = dt(arr, line, colAt(line, i + 1), issues);
    if (a) u.arrival = a;
  }
  const dep = els[i + 1] ?? '';
  if (dep !== '') {
    const d = dt(dep, line, colAt(line, i + 2), issues);
    if (d) u.departure = d;
  }
  return u;
}

export function writeUnloading(u: UnloadingBase): string {
  const els = [u.airport];
  if (u.nil) els.push('NIL');
  const arr = fmtDt(u.arrival);
  const dep = fmtDt(u.departure);
  if (arr !== '' || dep !== '') els.push(arr);
  if (dep !== '') els.push(dep);
  return els.join('/');
}

export interface ManifestUnit {
  lines: string[];
  /** The unloading line this unit belongs to (repeated at the top of a new part). */
  unloading: string;
  /** The ULD line this unit belongs to, if any (repeated after the unloading line). */
  uld?: string;
  /** The unit is the unloading line (or the ULD line) itself. */
  kind: 'unloading' | 'uld' | 'item';
}

const size = (lines: readonly string[]): number => lines.reduce((n, l) => n + l.length + 1, 0);

/** Method 1: a sequence number on line 2 of every part, which ends CONT (more follow) or LAST. */
export function packMethod1(
  smi: string,
  header: (seq: number) => string,
  lead: readonly string[],
  units: readonly ManifestUnit[],
  maxLength = MAX_MESSAGE,
): string[][] {
  const parts: string[][] = [];
  let seq = 1;
  let current = [smi, header(seq), ...lead];
  let fixed = current.length;
  for (const unit of units) {
    if (size(current) + size(unit.lines) + 5 > maxLength && current.length > fixed) {
      current.push('CONT');
      parts.push(current);
      seq++;
      current = [smi, header(seq)];
      if (unit.kind !== 'unloading') {
        current.push(unit.unloading);
        if (unit.uld !== undefined && unit.kind === 'item') current.push(unit.uld);
      }
      fixed = current.length;
    }
    current.push(...unit.lines);
  }
  current.push('LAST');
  parts.push(current);
  return parts;
}
