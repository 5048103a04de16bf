/**
 * LDM — load message (IATA AHM 583). Parse only.
 *
 * LDM
 * SU1234/05.VPBWA.C12Y146.2/4
 * -LED.100/2/1.T1250.1/500.2/600.3/150.PAX/12/91.PAD/0/0
 * -KJA.20/0/0.T300.4/300
 * SI SVO FRE 950 POS 300 BAG 300 TRA 0
 *
 * Flight line: flight/day, registration, configuration (cabin versions), crew (cockpit/cabin).
 * One line per destination: passengers (adults/children/infants or male/female/children/infants),
 * `T` total deadload weight, `compartment/weight` pairs, then `PAX/` (per class), `PAD/` and other
 * elements, kept as given. A line starting with `.` continues the destination line before it.
 */
import { z } from 'zod';
import type { Line } from '../cimp/lines';
import { Issues } from '../issues';
import type { ParseOptions, ParseResult } from '../types';
import { ahmBase, ahmFlightLine, ahmStart, dotCol, isSi, isStation, readSi, StationSchema } from './common';

export const LdmDestinationSchema = z.object({
  destination: StationSchema,
  /** Passenger figures as given (adults/children/infants, ...). */
  pax: z.array(z.number().int().min(0)),
  /** `T`: total deadload weight in kg. */
  totalWeight: z.number().nonnegative().optional(),
  /** Weight per hold compartment. */
  compartments: z.array(z.object({ compartment: z.string().regex(/^[0-9A-Z]{1,3}$/), weight: z.number() })),
  /** `PAX/`: passengers per class. */
  paxByClass: z.array(z.number().int().min(0)).min(1).optional(),
  /** `PAD/`: passengers on duty (non-revenue) per class. */
  padByClass: z.array(z.number().int().min(0)).min(1).optional(),
  /** Further elements (B/, C/, M/, E/ weights, ...), verbatim. */
  other: z.array(z.string()).min(1).optional(),
  line: z.number().int().min(1),
});
export type LdmDestination = z.infer<typeof LdmDestinationSchema>;

export const LdmSchema = z.object({
  type: z.literal('LDM'),
  ...ahmBase,
  /** Cabin configuration (`C12Y146`). */
  configuration: z.string().max(30).optional(),
  /** Crew (`2/4`: cockpit/cabin). */
  crew: z.string().max(20).optional(),
  /** Departure station, when the flight line names one. */
  origin: StationSchema.optional(),
  destinations: z.array(LdmDestinationSchema),
});
export type Ldm = z.infer<typeof LdmSchema>;

function numbers(s: string): number[] | undefined {
  const p = s.split('/');
  if (!p.every((x) => /^\d{1,5}$/.test(x))) return undefined;
  return p.map(Number);
}

function readDestination(lines: Line[], issues: Issues): LdmDestination | undefined {
  const head = lines[0] as Line;
  // Elements of the line and its continuations, each with the line and column it came from.
  const els: { text: string; line: Line; col: number }[] = [];
  for (const [k, l] of lines.entries()) {
    const body = k === 0 ? l.text.slice(1) : l.text.replace(/^\./, '');
    const parts = body.split('.');
    const base = k === 0 ? 1 : l.text.startsWith('.') ? 1 : 0;
    let col = l.col + base;
    for (const p of parts) {
      if (p !== '') els.push({ text: p.trim(), line: l, col });
      col += p.length + 1;
    }
  }
  const dest = els[0]?.text ?? '';
  if (!isStation(dest)) {
    issues.error(head.no, head.col + 1, 'BAD_CODE', `Destination not an airport code: ${dest}`);
    return undefined;
  }
  const d: LdmDestination = { destination: dest, pax: [], compartments: [], line: head.no };
  let k = 1;
  const paxEl = els[1];
  if (paxEl && paxEl.text !== 'NIL' && !/^T\d/.test(paxEl.text)) {
    const pax = numbers(paxEl.text);
    if (pax) d.pax = pax;
    else issues.error(paxEl.line.no, paxEl.col, 'BAD_NUMBER', `Passenger figures not understood: ${paxEl.text}`);
    k = 2;
  } else if (paxEl?.text === 'NIL') {
    k = 2;
  }
  for (const el of els.slice(k)) {
    const t = el.text;
    let m = /^T(\d{1,6})$/.exec(t);
    if (m) {
      d.totalWeight = Number(m[1]);
      continue;
    }
    m = /^(PAX|PAD)\/(.*)$/.exec(t);
    if (m) {
      const figs = numbers(m[2] ?? '');
      if (!figs) issues.error(el.line.no, el.col, 'BAD_NUMBER', `${m[1]} figures not understood: ${t}`);
      else if (m[1] === 'PAX') d.paxByClass = figs;
      else d.padByClass = figs;
      continue;
    }
    m = /^(\d{1,2}[A-Z]?)\/(\d{1,6})$/.exec(t);
    if (m) {
      d.compartments.push({ compartment: m[1] ?? '', weight: Number(m[2]) });
      continue;
    }
    if (/^(\d{1,2}[A-Z]?)\/\D/.test(t)) {
      issues.error(el.line.no, el.col, 'BAD_NUMBER', `Compartment weight not a number: ${t}`);
      continue;
    }
    if (d.other) d.other.push(t);
    else d.other = [t];
  }
  if (d.totalWeight !== undefined && d.compartments.length > 0) {
    const sum = d.compartments.reduce((a, c) => a + c.weight, 0);
    if (sum !== d.totalWeight)
      issues.warn(
        head.no,
        head.col,
        'BAD_NUMBER',
        `Compartment weights (${sum}) do not add up to the total T${d.totalWeight}`,
      );
  }
  return d;
}

export function parseLdm(text: string, options: ParseOptions = {}): ParseResult<Ldm> {
  const issues = new Issues(options);
  const msg: Ldm = { type: 'LDM', flight: { carrier: '', number: '' }, destinations: [] };
  const start = ahmStart(text, 'LDM', issues);
  if (!start) return { message: msg, issues: issues.sorted() };
  if (start.correction) msg.correction = true;
  const fl = ahmFlightLine(start, issues, 'flight/day.registration.configuration.crew');
  if (fl) {
    msg.flight = fl.flight;
    const rest = [...fl.rest];
    if (rest[0] && isStation(rest[0]) && rest.length >= 2 && /^[A-Z0-9]{4,}$/.test(rest[1] ?? '')) {
      // Variant with the departure station before the registration.
      msg.origin = rest.shift();
    }
    if (rest[0]) msg.registration = rest[0].replace(/-/g, '');
    else issues.warn(fl.line.no, dotCol(fl.line, 1), 'MISSING_ELEMENT', 'Registration missing on the flight line');
    if (rest[1]) msg.configuration = rest[1].slice(0, 30);
    if (rest[2]) msg.crew = rest[2].slice(0, 20);
  }
  const lines = start.body;
  let i = start.body[0] && (fl || !start.body[0].text.startsWith('-')) ? 1 : 0;
  while (i < lines.length) {
    const line = lines[i] as Line;
    const t = line.text;
    if (isSi(t)) {
      const si = readSi(lines, i);
      if (si.length > 0) msg.si = si;
      break;
    }
    if (t.startsWith('-')) {
      const group = [line];
      while (lines[i + 1]?.text.startsWith('.')) {
        group.push(lines[i + 1] as Line);
        i++;
      }
      const d = readDestination(group, issues);
      if (d) msg.destinations.push(d);
      i++;
      continue;
    }
    issues.warn(line.no, line.col, 'UNKNOWN_LINE', `Line not part of LDM kept as raw: ${t.slice(0, 20)}`);
    if (msg.raw) msg.raw.push(t);
    else msg.raw = [t];
    i++;
  }
  if (msg.destinations.length === 0)
    issues.error(start.head.no, 1, 'MISSING_LINE', 'No destination line (-DEST.pax.Tweight...)');
  return { message: msg, issues: issues.sorted() };
}
