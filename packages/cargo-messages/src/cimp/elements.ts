/** Parsers and formatters for the small elements shared by Cargo-IMP lines. */
import { awbCheckDigit } from '@aircargo/domain/awb';
import { readDayMonth } from '../calendar';
import type { Issues } from '../issues';
import { colAt, colAt as colAtLine, type Line, parts } from './lines';
import {
  type Consignment,
  DATE_RE,
  DATE_YEAR_RE,
  type Flight,
  type Quantity,
  TIME_RE,
  type Volume,
  type Weight,
} from './schemas';

/** `DDMMM`, a day that exists in that month (29FEB allowed). */
export const isDate = (s: string): boolean => DATE_RE.test(s) && readDayMonth(s, false) !== undefined;
/** `DDMMMYY`, a day that exists in that month of that year (29FEB only in leap years). */
export const isDateYear = (s: string): boolean => DATE_YEAR_RE.test(s) && readDayMonth(s, true) !== undefined;
export const isTime = (s: string): boolean => TIME_RE.test(s);
export const isAirport = (s: string): boolean => /^[A-Z]{3}$/.test(s);
export const isCountry = (s: string): boolean => /^[A-Z]{2}$/.test(s);

const NUM_RE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const INT_RE = /^\d{1,9}$/;

export function num(s: string): number | undefined {
  return NUM_RE.test(s) ? Number(s) : undefined;
}

export function int(s: string): number | undefined {
  return INT_RE.test(s) ? Number(s) : undefined;
}

/** Decimal formatting without exponent or trailing zeros. */
export function fmtNum(n: number): string {
  const s = String(n);
  if (!s.includes('e')) return s;
  return n.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
}

const WEIGHT_RE = /^([KL])(\d+(?:\.\d*)?|\.\d+)$/;

export function weight(s: string): Weight | undefined {
  const m = WEIGHT_RE.exec(s);
  if (!m) return undefined;
  return { unit: m[1] === 'L' ? 'L' : 'K', value: Number(m[2]) };
}

export const fmtWeight = (w: Weight): string => `${w.unit}${fmtNum(w.value)}`;

const VOLUME_RE = /^(MC|CF|CI|CC)(\d+(?:\.\d*)?|\.\d+)$/;

export function volume(s: string): Volume | undefined {
  const m = VOLUME_RE.exec(s);
  if (!m) return undefined;
  return { unit: m[1] as Volume['unit'], value: Number(m[2]) };
}

export const fmtVolume = (v: Volume): string => `${v.unit}${fmtNum(v.value)}`;

const FLIGHT_RE = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4}[A-Z]?)$/;

/** Carrier (2 characters, or 3 letters for an ICAO code) and flight number with optional suffix. */
export function flight(s: string): Flight | undefined {
  const m = FLIGHT_RE.exec(s);
  if (!m) return undefined;
  return { carrier: m[1] ?? '', number: m[2] ?? '' };
}

export const fmtFlight = (f: Flight): string => `${f.carrier}${f.number}`;

const QTY_RE =
  /^([TPSDM])(\d{1,5})(?:([KL])(\d+(?:\.\d*)?|\.\d+))?(?:(MC|CF|CI|CC)(\d+(?:\.\d*)?|\.\d+))?(?:DG(\d{1,2}))?(?:T(\d{1,5}))?$/;

/** Quantity detail: `T10K350.5MC1.2T12` (code, pieces, weight, volume or density group, total). */
export function quantity(s: string, line: Line, col: number, issues: Issues): Quantity | undefined {
  const m = QTY_RE.exec(s);
  if (!m) {
    issues.error(line.no, col, 'BAD_ELEMENT', `Quantity detail not understood: ${s}`);
    return undefined;
  }
  const q: Quantity = { code: (m[1] ?? 'T') as Quantity['code'], pieces: Number(m[2]) };
  if (m[3] !== undefined) q.weight = { unit: m[3] === 'L' ? 'L' : 'K', value: Number(m[4]) };
  if (m[5] !== undefined) q.volume = { unit: m[5] as Volume['unit'], value: Number(m[6]) };
  if (m[7] !== undefined) q.densityGroup = Number(m[7]);
  if (m[8] !== undefined) q.totalPieces = Number(m[8]);
  return q;
}

export function fmtQuantity(q: Quantity): string {
  let s = `${q.code}${q.pieces}`;
  if (q.weight) s += fmtWeight(q.weight);
  if (q.volume) s += fmtVolume(q.volume);
  if (q.densityGroup !== undefined) s += `DG${q.densityGroup}`;
  if (q.totalPieces !== undefined) s += `T${q.totalPieces}`;
  return s;
}

export interface AwbOd {
  awb: string;
  origin?: string;
  destination?: string;
}

const AWB_OD_RE = /^(\d{3})-?(\d{6,9})([A-Z]{3})?([A-Z]{3})?$/;

/** `PPP-SSSSSSSC` followed by origin and destination airports (one or none tolerated). */
export function awbOd(el: string, line: Line, col: number, issues: Issues): AwbOd | undefined {
  let s = el;
  if (s.includes(' ')) {
    s = s.replace(/ /g, '');
    issues.warn(line.no, col, 'BAD_AWB', 'Blanks inside the AWB number were ignored');
  }
  const m = AWB_OD_RE.exec(s);
  if (!m) {
    issues.error(line.no, col, 'BAD_AWB', `Not an AWB number with origin and destination: ${el}`);
    return undefined;
  }
  const prefix = m[1] ?? '';
  const serial = m[2] ?? '';
  if (!s.includes('-')) issues.warn(line.no, col, 'BAD_AWB', 'AWB number without hyphen');
  if (serial.length !== 8) {
    issues.error(line.no, col + 4, 'BAD_AWB', `AWB serial must have 7 digits and a check digit: ${prefix}-${serial}`);
  } else {
    const expected = awbCheckDigit(serial.slice(0, 7));
    if (expected !== Number(serial[7])) {
      issues.add(
        issues.checkDigitSeverity,
        line.no,
        col + 11,
        'AWB_CHECK_DIGIT',
        `Check digit of ${prefix}-${serial} should be ${expected} (serial mod 7)`,
      );
    }
  }
  const r: AwbOd = { awb: `${prefix}-${serial}` };
  if (m[4] !== undefined) {
    r.origin = m[3];
    r.destination = m[4];
  } else if (m[3] !== undefined) {
    r.destination = m[3];
  }
  return r;
}

const SHC_RE = /^[A-Z]{3}$/;
const SHC_RUN_RE = /^(?:[A-Z]{3})+$/;

/** Adds the special handling codes of one element, splitting `EAWGEN` into `EAW`, `GEN`. */
export function shcInto(el: string, out: string[], line: Line, col: number, issues: Issues): void {
  const s = el.trim();
  if (s === '') return;
  if (SHC_RE.test(s)) {
    out.push(s);
  } else if (SHC_RUN_RE.test(s)) {
    issues.warn(
      line.no,
      col,
      'BAD_CODE',
      `Special handling codes without separator read as ${s.match(/.{3}/g)?.join('/')}`,
    );
    for (let i = 0; i < s.length; i += 3) out.push(s.slice(i, i + 3));
  } else {
    issues.warn(line.no, col, 'BAD_CODE', `Not a special handling code: ${s}`);
    out.push(s);
  }
}

/** True for a continuation line made only of special handling codes (`/HEA/MAG`, `/EAWGEN`). */
export function isShcLine(line: Line): boolean {
  const t = line.text;
  if (t.length < 4 || t.charCodeAt(0) !== 47 || t.charCodeAt(1) === 47) return false;
  const els = t.slice(1).split('/');
  let any = false;
  for (const e of els) {
    if (e === '') continue;
    if (!SHC_RUN_RE.test(e.trim())) return false;
    any = true;
  }
  return any;
}

export function shcLine(line: Line, issues: Issues): string[] {
  const out: string[] = [];
  const els = parts(line);
  for (let i = 1; i < els.length; i++) shcInto(els[i] ?? '', out, line, colAt(line, i), issues);
  return out;
}

export interface ConsignmentOptions {
  quantity: 'required' | 'optional';
  /** Warn when the AWB line has fewer than two airports. */
  airports: 'required' | 'optional';
}

/** The AWB consignment line: AWB+origin+destination / quantity / description [/ SHC tolerated]. */
export function consignment(line: Line, issues: Issues, opt: ConsignmentOptions, offset = 0): Consignment | undefined {
  const els = parts(line).slice(offset);
  const colAt = (l: Line, i: number) => colAtLine(l, i + offset);
  const od = awbOd(els[0] ?? '', line, colAt(line, 0), issues);
  if (!od) return undefined;
  const c: Consignment = { ...od };
  if (opt.airports === 'required' && c.origin === undefined) {
    issues.warn(line.no, line.col + 12, 'MISSING_ELEMENT', 'AWB origin and destination expected');
  }
  const q = els[1];
  if (q !== undefined && q !== '') {
    const qty = quantity(q, line, colAt(line, 1), issues);
    if (qty) c.quantity = qty;
  } else if (opt.quantity === 'required') {
    issues.error(line.no, colAt(line, 1), 'MISSING_ELEMENT', 'Quantity detail missing');
  }
  const d = els[2]?.trim();
  if (d) {
    c.description = d;
    if (d.length > 15) issues.warn(line.no, colAt(line, 2), 'BAD_ELEMENT', 'Description of goods over 15 characters');
  }
  if (els.length > 3) {
    const shc: string[] = [];
    for (let i = 3; i < els.length; i++) shcInto(els[i] ?? '', shc, line, colAt(line, i), issues);
    if (shc.length > 0) c.shc = shc;
  }
  return c;
}

export function fmtConsignment(c: Consignment): string[] {
  let main = `${c.awb}${c.origin ?? ''}${c.destination ?? ''}`;
  if (c.quantity || c.description !== undefined) main += `/${c.quantity ? fmtQuantity(c.quantity) : ''}`;
  if (c.description !== undefined) main += `/${c.description}`;
  const out = [main];
  if (c.shc && c.shc.length > 0) out.push(`/${c.shc.join('/')}`);
  return out;
}

/** Joins elements with `/`, dropping empty trailing elements. */
export function joinEls(head: string, els: readonly (string | undefined)[]): string {
  let n = els.length;
  while (n > 0 && (els[n - 1] === undefined || els[n - 1] === '')) n--;
  let s = head;
  for (let i = 0; i < n; i++) s += `/${els[i] ?? ''}`;
  return s;
}

const DATETIME_RE = /^(\d{2}[A-Z]{3})(\d{4})?(?:-([A-Z]))?$/;

export interface DateTime {
  date: string;
  time?: string;
  dayChange?: string;
}

/** `DDMMM[HHMM][-X]` as used by status lines. */
export function dateTime(s: string, line: Line, col: number, issues: Issues): DateTime | undefined {
  const m = DATETIME_RE.exec(s);
  if (!m || !isDate(m[1] ?? '')) {
    issues.error(line.no, col, 'BAD_DATE', `Date not understood (DDMMM[HHMM]): ${s}`);
    return undefined;
  }
  const r: DateTime = { date: m[1] ?? '' };
  if (m[2] !== undefined) {
    if (!isTime(m[2])) issues.error(line.no, col + 5, 'BAD_TIME', `Time not understood: ${m[2]}`);
    r.time = m[2];
  }
  if (m[3] !== undefined) r.dayChange = m[3];
  return r;
}

export function checkDate(s: string, line: Line, col: number, issues: Issues, withYear = false): void {
  if (!(withYear ? isDateYear(s) : isDate(s))) {
    issues.error(line.no, col, 'BAD_DATE', `Date not understood (${withYear ? 'DDMMMYY' : 'DDMMM'}): ${s}`);
  }
}

export function checkAirport(s: string, line: Line, col: number, issues: Issues): void {
  if (!isAirport(s)) issues.error(line.no, col, 'BAD_CODE', `Not an airport code: ${s}`);
}
