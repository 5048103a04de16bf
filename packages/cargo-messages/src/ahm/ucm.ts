/**
 * UCM — ULD control message (IATA AHM 388). Parse only.
 *
 * UCM
 * SU1234/05.VPBWA.LED
 * IN
 * .PMC12345SU/SVO.AKE23456SU/SVO/X
 * OUT
 * .PMC54321SU/KJA/C.AKE11111SU/KJA
 * SI NIL
 *
 * `IN` lists the ULDs unloaded at the station, `OUT` those loaded; each `.ULD id[/station][/code]`
 * (the station the ULD came from or goes to, then a status such as `X` empty or a load category).
 * `IN.N` / `OUT.N`: none. Items may follow `IN`/`OUT` on the same line.
 */
import { z } from 'zod';
import type { Line } from '../cimp/lines';
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

export const UcmUldSchema = z.object({
  /** Type, serial and owner; some stations leave the owner out (`PAJ3425`), which is warned about. */
  id: z.string().regex(/^[A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}(?:[A-Z0-9]{2})?$/),
  /** The station the ULD came from (IN) or is going to (OUT). */
  station: StationSchema.optional(),
  /** Further codes (X empty, C cargo, ...), verbatim. */
  codes: z.array(z.string()).min(1).optional(),
  line: z.number().int().min(1),
});
export type UcmUld = z.infer<typeof UcmUldSchema>;

export const UcmSchema = z.object({
  type: z.literal('UCM'),
  ...ahmBase,
  /** The station sending the UCM. */
  station: StationSchema,
  in: z.array(UcmUldSchema),
  out: z.array(UcmUldSchema),
});
export type Ucm = z.infer<typeof UcmSchema>;

export function parseUcm(text: string, options: ParseOptions = {}): ParseResult<Ucm> {
  const issues = new Issues(options);
  const msg: Ucm = { type: 'UCM', flight: { carrier: '', number: '' }, station: '', in: [], out: [] };
  const start = ahmStart(text, 'UCM', issues);
  if (!start) return { message: msg, issues: issues.sorted() };
  if (start.correction) msg.correction = true;
  const fl = ahmFlightLine(start, issues, 'flight/day.registration.station');
  if (fl) {
    msg.flight = fl.flight;
    const { registration: reg, station } = regAndStation(fl.rest);
    if (reg) msg.registration = reg;
    if (station && isStation(station)) msg.station = station;
    else issues.error(fl.line.no, dotCol(fl.line, 2), 'MISSING_ELEMENT', 'Station missing on the flight line');
  }
  let section: 'in' | 'out' | undefined;
  const seen = { in: false, out: false };
  const lines = start.body;
  for (let i = start.body[0] && (fl || !/^(IN|OUT)\b/.test(start.body[0].text)) ? 1 : 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    let t = line.text;
    if (isSi(t)) {
      const si = readSi(lines, i);
      if (si.length > 0) msg.si = si;
      break;
    }
    let col = line.col;
    const head = /^(IN|OUT)(?=$|[.\s])/.exec(t);
    if (head) {
      section = head[1] === 'IN' ? 'in' : 'out';
      seen[section] = true;
      t = t.slice(head[0].length);
      col += head[0].length;
    } else if (!t.startsWith('.')) {
      issues.warn(line.no, line.col, 'UNKNOWN_LINE', `Line not part of UCM kept as raw: ${t.slice(0, 20)}`);
      if (msg.raw) msg.raw.push(t);
      else msg.raw = [t];
      continue;
    }
    if (!section) {
      issues.error(line.no, line.col, 'MISSING_LINE', 'ULD list before IN or OUT');
      continue;
    }
    for (const item of t.split('.')) {
      const at = col;
      col += item.length + 1;
      const s = item.trim();
      if (s === '' || s === 'N' || s === 'NIL') continue;
      const els = s.split('/');
      const id = els[0] ?? '';
      if (!isUldId(id)) {
        if (/^[A-Z][A-Z0-9]{2}\d{4,5}$/.test(id)) {
          issues.warn(line.no, at, 'MISSING_ELEMENT', `ULD owner missing: ${id}`);
        } else {
          issues.error(line.no, at, 'BAD_ELEMENT', `ULD id not understood: ${id}`);
          continue;
        }
      }
      const u: UcmUld = { id, line: line.no };
      const rest = els.slice(1).filter((e) => e !== '');
      if (rest[0] && isStation(rest[0])) u.station = rest.shift();
      if (rest.length > 0) u.codes = rest;
      msg[section].push(u);
    }
  }
  const headNo = start.head.no;
  if (!seen.in) issues.warn(headNo, 1, 'MISSING_LINE', 'IN section missing (IN.N when none)');
  if (!seen.out) issues.warn(headNo, 1, 'MISSING_LINE', 'OUT section missing (OUT.N when none)');
  return { message: msg, issues: issues.sorted() };
}
