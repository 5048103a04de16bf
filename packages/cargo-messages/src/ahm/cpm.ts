/**
 * CPM — container/pallet distribution message (IATA AHM 587). Parse only.
 *
 * CPM
 * SU1234/05.VPBWA.SVO
 * -11P/PMC12345SU/LED/2310/C
 * -21L/AKE23456SU/LED/650/B
 * -22R/AKE34567SU/KJA/0/X
 * -41/N
 * -51/LED/320/BY
 * SI NO DGR
 *
 * One element per position: `-position/ULD id/destination/weight/load category[/more]`;
 * `N` for a position with nothing, a bulk position without ULD id. Several positions may share a
 * line, separated by blanks.
 */
import { z } from 'zod';
import type { Line } from '../cimp/lines';
import { UldIdSchema } from '../cimp/schemas';
import { Issues } from '../issues';
import type { ParseOptions, ParseResult } from '../types';
import {
  ahmBase,
  ahmFlightLine,
  ahmStart,
  dotCol,
  isSi,
  isStation,
  isUldId,
  readSi,
  regAndStation,
  StationSchema,
} from './common';

export const CpmPositionSchema = z.object({
  /** Loading position (`11P`, `21L`, `41`, `52`). */
  position: z.string().regex(/^[0-9A-Z]{1,4}$/),
  /** `N`: nothing loaded in the position. */
  empty: z.literal(true).optional(),
  uld: UldIdSchema.optional(),
  destination: StationSchema.optional(),
  /** Gross weight in kg. */
  weight: z.number().nonnegative().optional(),
  /** Load category: C cargo, M mail, B baggage, BY bags of a connection, E/X empty ULD, ... */
  category: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .optional(),
  /** Further elements (special load codes, contour), verbatim. */
  remarks: z.array(z.string()).min(1).optional(),
  line: z.number().int().min(1),
});
export type CpmPosition = z.infer<typeof CpmPositionSchema>;

export const CpmSchema = z.object({
  type: z.literal('CPM'),
  ...ahmBase,
  /** Station where the load was built (departure). */
  station: StationSchema,
  /** Further flight-line elements (loading configuration), verbatim. */
  configuration: z.string().max(30).optional(),
  positions: z.array(CpmPositionSchema),
});
export type Cpm = z.infer<typeof CpmSchema>;

function readPosition(item: string, line: Line, col: number, issues: Issues): CpmPosition | undefined {
  const els = item.split('/');
  const position = els[0] ?? '';
  if (!/^[0-9A-Z]{1,4}$/.test(position)) {
    issues.error(line.no, col, 'BAD_ELEMENT', `Loading position not understood: ${position}`);
    return undefined;
  }
  const p: CpmPosition = { position, line: line.no };
  const rest = els.slice(1);
  if (rest.length === 1 && rest[0] === 'N') {
    p.empty = true;
    return p;
  }
  let k = 0;
  const colOf = (i: number) => col + els.slice(0, i + 1).join('/').length + 1;
  if (rest[0] !== undefined && isUldId(rest[0])) {
    p.uld = rest[0];
    k = 1;
  } else if (rest[0] !== undefined && !isStation(rest[0])) {
    issues.error(line.no, colOf(0), 'BAD_ELEMENT', `ULD id not understood: ${rest[0]}`);
    k = 1;
  }
  const dest = rest[k];
  if (dest !== undefined && dest !== '') {
    if (isStation(dest)) p.destination = dest;
    else issues.error(line.no, colOf(k), 'BAD_CODE', `Destination not an airport code: ${dest}`);
  } else {
    issues.error(line.no, col, 'MISSING_ELEMENT', `Destination missing for position ${position}`);
  }
  const w = rest[k + 1];
  if (w !== undefined && w !== '') {
    if (/^\d{1,6}$/.test(w)) p.weight = Number(w);
    else issues.error(line.no, colOf(k + 1), 'BAD_NUMBER', `Weight not a number: ${w}`);
  }
  const cat = rest[k + 2];
  if (cat !== undefined && cat !== '') {
    if (/^[A-Z0-9]{1,3}$/.test(cat)) p.category = cat;
    else issues.error(line.no, colOf(k + 2), 'BAD_CODE', `Load category not understood: ${cat}`);
  }
  const remarks = rest.slice(k + 3).filter((e) => e !== '');
  if (remarks.length > 0) p.remarks = remarks;
  return p;
}

export function parseCpm(text: string, options: ParseOptions = {}): ParseResult<Cpm> {
  const issues = new Issues(options);
  const msg: Cpm = { type: 'CPM', flight: { carrier: '', number: '' }, station: '', positions: [] };
  const start = ahmStart(text, 'CPM', issues);
  if (!start) return { message: msg, issues: issues.sorted() };
  if (start.correction) msg.correction = true;
  const fl = ahmFlightLine(start, issues, 'flight/day.registration.station');
  if (fl) {
    msg.flight = fl.flight;
    const { registration: reg, station } = regAndStation(fl.rest);
    const more = fl.rest.slice(reg ? 2 : 1);
    if (reg) msg.registration = reg;
    if (station && isStation(station)) msg.station = station;
    else issues.error(fl.line.no, dotCol(fl.line, 2), 'MISSING_ELEMENT', 'Station missing on the flight line');
    if (more.length > 0) msg.configuration = more.join('.').slice(0, 30);
  }
  const lines = start.body;
  for (let i = start.body[0] && (fl || !start.body[0].text.startsWith('-')) ? 1 : 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const t = line.text;
    if (isSi(t)) {
      const si = readSi(lines, i);
      if (si.length > 0) msg.si = si;
      break;
    }
    if (t.startsWith('-')) {
      let col = line.col;
      for (const tok of t.split(' ')) {
        if (tok.startsWith('-')) {
          const p = readPosition(tok.slice(1), line, col + 1, issues);
          if (p) msg.positions.push(p);
        } else if (tok !== '') {
          issues.warn(line.no, col, 'UNKNOWN_LINE', `Element outside a position ignored: ${tok}`);
        }
        col += tok.length + 1;
      }
      continue;
    }
    issues.warn(line.no, line.col, 'UNKNOWN_LINE', `Line not part of CPM kept as raw: ${t.slice(0, 20)}`);
    if (msg.raw) msg.raw.push(t);
    else msg.raw = [t];
  }
  if (msg.positions.length === 0)
    issues.error(start.head.no, 1, 'MISSING_LINE', 'No position line (-POS/ULD/DEST/...)');
  return { message: msg, issues: issues.sorted() };
}
