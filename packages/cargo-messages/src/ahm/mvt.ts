/**
 * MVT — aircraft movement message (IATA AHM 780). Parse only.
 *
 * MVT
 * SU1234/05.VPBWA.SVO
 * AD0910/0925 EA1245 LED
 * DL72/15/0010/0005
 * PX12/136
 * SI CREW LATE
 *
 * The flight line gives the flight, the day of departure, the registration and the station that
 * sends the movement (the departure station for AD/ED/EO/NI, the arrival station for AA/EB).
 */
import { z } from 'zod';
import type { Line } from '../cimp/lines';
import { Issues } from '../issues';
import type { ParseOptions, ParseResult } from '../types';
import {
  AhmTimeSchema,
  ahmBase,
  ahmFlightLine,
  ahmStart,
  dotCol,
  isSi,
  isStation,
  readAhmTime,
  readSi,
  regAndStation,
  StationSchema,
} from './common';

/** Movement codes of AHM 780 read by the parser. */
export const MVT_MOVEMENT_CODES = {
  AD: 'Actual departure (off-block/airborne)',
  AA: 'Actual arrival (touchdown/on-block)',
  ED: 'Estimated departure',
  EA: 'Estimated arrival',
  EB: 'Estimated on-block',
  EO: 'Estimated off-block',
  NI: 'Next information',
  FR: 'Forced return (airborne/on-block)',
  RR: 'Return to ramp',
} as const;
export type MvtMovementCode = keyof typeof MVT_MOVEMENT_CODES;

export const MvtMovementSchema = z.object({
  code: z.enum(Object.keys(MVT_MOVEMENT_CODES) as [MvtMovementCode, ...MvtMovementCode[]]),
  /** One or two times (AD: off-block/airborne; AA: touchdown/on-block). */
  times: z.array(AhmTimeSchema).min(1).max(2),
  /** The station after the time (EA destination, AD/ED next station). */
  station: StationSchema.optional(),
  line: z.number().int().min(1),
});
export type MvtMovement = z.infer<typeof MvtMovementSchema>;

export const MvtDelaySchema = z.object({
  /** Delay codes (2 digits with an optional sub-code letter, or 2 letters). */
  codes: z
    .array(z.string().regex(/^(\d{2}[A-Z]?|[A-Z]{2})$/))
    .min(1)
    .max(2),
  /** Durations HHMM, one per code when given. */
  durations: z.array(z.string().regex(/^\d{4}$/)).max(2),
  line: z.number().int().min(1),
});
export type MvtDelay = z.infer<typeof MvtDelaySchema>;

export const MvtSchema = z.object({
  type: z.literal('MVT'),
  ...ahmBase,
  /** MVA: sent by the aircraft (ACARS) rather than by the station. */
  aircraftInitiated: z.literal(true).optional(),
  /** The station of the flight line. */
  station: StationSchema,
  /** Departure station (the flight-line station of an AD/ED/EO/NI movement). */
  origin: StationSchema.optional(),
  /** Arrival station (EA/AD station, or the flight-line station of an AA/EB movement). */
  destination: StationSchema.optional(),
  movements: z.array(MvtMovementSchema),
  delays: z.array(MvtDelaySchema).min(1).optional(),
  /** PX: passengers as given (per class or one total), and their sum. */
  pax: z.object({ figures: z.array(z.number().int().min(0)).min(1), total: z.number().int().min(0) }).optional(),
});
export type Mvt = z.infer<typeof MvtSchema>;

const MOVEMENT_TOKEN = /^(AD|AA|ED|EA|EB|EO|NI|FR|RR)(\d+(?:\/\d+)?)$/;
const DEPARTURE_CODES = new Set(['AD', 'ED', 'EO', 'NI', 'RR']);
const ARRIVAL_CODES = new Set(['AA', 'EB']);

function colOf(line: Line, token: string): number {
  const i = line.text.indexOf(token);
  return line.col + Math.max(0, i);
}

function readMovements(line: Line, msg: Mvt, issues: Issues): boolean {
  const tokens = line.text.split(/\s+/);
  if (!MOVEMENT_TOKEN.test(tokens[0] ?? '')) return false;
  let last: MvtMovement | undefined;
  for (const tok of tokens) {
    const m = MOVEMENT_TOKEN.exec(tok);
    if (m) {
      const times = (m[2] ?? '').split('/').map((t) => readAhmTime(t));
      if (times.some((t) => t === undefined)) {
        issues.error(line.no, colOf(line, tok) + 2, 'BAD_TIME', `Time not understood (HHMM or DDHHMM): ${tok}`);
        last = undefined;
        continue;
      }
      last = {
        code: m[1] as MvtMovementCode,
        times: times as MvtMovement['times'],
        line: line.no,
      };
      msg.movements.push(last);
    } else if (isStation(tok) && last && last.station === undefined) {
      last.station = tok;
    } else {
      issues.warn(line.no, colOf(line, tok), 'UNKNOWN_LINE', `Element of the movement line not understood: ${tok}`);
    }
  }
  return true;
}

function readDelay(line: Line, msg: Mvt, issues: Issues): void {
  const els = line.text.slice(2).split('/');
  const codes: string[] = [];
  const durations: string[] = [];
  for (const e of els) {
    if (/^\d{4}$/.test(e)) durations.push(e);
    else if (/^(\d{2}[A-Z]?|[A-Z]{2})$/.test(e) && durations.length === 0) codes.push(e);
    else issues.error(line.no, colOf(line, e), 'BAD_CODE', `Delay code or duration not understood: ${e}`);
  }
  if (codes.length === 0) {
    issues.error(line.no, line.col + 2, 'MISSING_ELEMENT', 'Delay line without a delay code');
    return;
  }
  if (codes.length > 2) issues.warn(line.no, line.col, 'EXTRA_ELEMENT', 'More than two delay codes on one line');
  if (durations.length > 0 && durations.length !== codes.length)
    issues.warn(line.no, line.col, 'BAD_ELEMENT', 'Number of delay durations differs from the number of codes');
  const d: MvtDelay = { codes: codes.slice(0, 2), durations: durations.slice(0, 2), line: line.no };
  if (msg.delays) msg.delays.push(d);
  else msg.delays = [d];
}

function readPax(line: Line, msg: Mvt, issues: Issues): void {
  const els = line.text.slice(2).split('/');
  const figures: number[] = [];
  for (const e of els) {
    if (/^\d{1,4}$/.test(e)) figures.push(Number(e));
    else issues.error(line.no, colOf(line, e), 'BAD_NUMBER', `Passenger figure not a number: ${e}`);
  }
  if (figures.length > 0) msg.pax = { figures, total: figures.reduce((a, b) => a + b, 0) };
}

export function parseMvt(text: string, options: ParseOptions = {}): ParseResult<Mvt> {
  const issues = new Issues(options);
  const msg: Mvt = { type: 'MVT', flight: { carrier: '', number: '' }, station: '', movements: [] };
  const start = ahmStart(text, 'MVT', issues);
  if (!start) return { message: msg, issues: issues.sorted() };
  if (start.correction) msg.correction = true;
  if (start.aircraftInitiated) msg.aircraftInitiated = true;
  const fl = ahmFlightLine(start, issues, 'flight/day.registration.station');
  let from = 0;
  if (fl) {
    from = 1;
    msg.flight = fl.flight;
    const { registration: reg, station } = regAndStation(fl.rest);
    if (reg) msg.registration = reg;
    if (station && isStation(station)) msg.station = station;
    else
      issues.error(
        fl.line.no,
        dotCol(fl.line, 2),
        'MISSING_ELEMENT',
        `Station missing on the flight line: ${station ?? ''}`,
      );
  } else if (start.body[0] && !MOVEMENT_TOKEN.test(start.body[0].text.split(/\s+/)[0] ?? '')) {
    from = 1;
  }
  const lines = start.body;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] as Line;
    const t = line.text;
    if (isSi(t)) {
      const si = readSi(lines, i);
      if (si.length > 0) msg.si = si;
      break;
    }
    if (readMovements(line, msg, issues)) continue;
    if (t.startsWith('DL')) readDelay(line, msg, issues);
    else if (t.startsWith('PX')) readPax(line, msg, issues);
    else {
      issues.warn(line.no, line.col, 'UNKNOWN_LINE', `Line not part of MVT kept as raw: ${t.slice(0, 20)}`);
      if (msg.raw) msg.raw.push(t);
      else msg.raw = [t];
    }
  }
  if (msg.movements.length === 0)
    issues.error(start.head.no, 1, 'MISSING_LINE', 'No movement line (AD, AA, ED, EA, NI, ...)');
  if (msg.station) {
    if (msg.movements.some((m) => DEPARTURE_CODES.has(m.code))) msg.origin = msg.station;
    else if (msg.movements.some((m) => ARRIVAL_CODES.has(m.code))) msg.destination = msg.station;
  }
  const onward = msg.movements.find((m) => (m.code === 'EA' || m.code === 'AD') && m.station);
  if (onward?.station && msg.destination === undefined) msg.destination = onward.station;
  return { message: msg, issues: issues.sorted() };
}
