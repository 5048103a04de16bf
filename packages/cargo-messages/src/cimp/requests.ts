/**
 * Cargo-IMP requests and advices an airline mailbox receives. Parse only.
 *
 * FWR waybill request, FHR house waybill request, FSR status request: one or more AWB consignment
 * lines (FHR: `HBS/` house numbers after its AWB). FBR booking list request: flight lines
 * `carrier+number/DDMMM/airport[airport]`. FAD advice of discrepancy, FDA discrepancy advice, FVR:
 * AWB consignment line, flight lines, `DIS/` discrepancy lines read as in FSU.
 *
 * The parser reads the standard header line, AWB consignment lines, flight lines, REF, OSI and
 * (FHR) HBS lines; any other line is kept verbatim in `raw` with an UNKNOWN_LINE warning.
 *
 * FSR/1
 * 555-12345675
 * 555-23456782SVOLED
 */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import { readText } from './blocks';
import { consignment, flight, isAirport, isDate } from './elements';
import { groupLines, type Line, mergeParts, parts, prepare } from './lines';
import { AirportSchema, ConsignmentSchema, cimpBase, DateSchema, FlightSchema, freeText, text } from './schemas';
import { isStatusCode, readStatus, StatusEventSchema } from './status';

export const REQUEST_TYPES = ['FWR', 'FHR', 'FBR', 'FAD', 'FDA', 'FSR', 'FVR'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const REQUEST_NAMES: Record<RequestType, string> = {
  FWR: 'Waybill request',
  FHR: 'House waybill request',
  FBR: 'Booking list request',
  FAD: 'Advice of discrepancy',
  FDA: 'Discrepancy advice',
  FSR: 'Status request',
  FVR: 'Verification request',
};

export const RequestFlightSchema = z.object({
  flight: FlightSchema,
  date: DateSchema.optional(),
  /** Airport of the request (FBR: the boarding point), or the flight's origin. */
  origin: AirportSchema.optional(),
  destination: AirportSchema.optional(),
  line: z.number().int().min(1),
});
export type RequestFlight = z.infer<typeof RequestFlightSchema>;

export const RequestConsignmentSchema = ConsignmentSchema.extend({
  /** FHR: house waybill numbers requested. */
  houses: z.array(text(12)).min(1).optional(),
  /** FAD/FDA: discrepancy and status lines about this consignment. */
  events: z.array(StatusEventSchema).min(1).optional(),
});
export type RequestConsignment = z.infer<typeof RequestConsignmentSchema>;

export const CimpRequestSchema = z.object({
  type: z.enum(REQUEST_TYPES),
  version: z.number().int().min(1).max(99).nullable(),
  ...cimpBase,
  consignments: z.array(RequestConsignmentSchema),
  flights: z.array(RequestFlightSchema),
  /** REF lines (sender reference, office address), verbatim after `REF/`. */
  references: z.array(z.string()).min(1).optional(),
  osi: z.array(freeText(65)).min(1).optional(),
});
export type CimpRequest = z.infer<typeof CimpRequestSchema>;
export type Fwr = CimpRequest & { type: 'FWR' };
export type Fhr = CimpRequest & { type: 'FHR' };
export type Fbr = CimpRequest & { type: 'FBR' };
export type Fad = CimpRequest & { type: 'FAD' };
export type Fda = CimpRequest & { type: 'FDA' };
export type Fsr = CimpRequest & { type: 'FSR' };
export type Fvr = CimpRequest & { type: 'FVR' };

const FLIGHT_FIRST = /^[A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?$/;

/** `SU1234/05NOV/SVOLED`, `SU1234/05NOV/SVO` or `FLT/SU1234/05NOV...`. */
function readFlightLine(line: Line, issues: Issues): RequestFlight | undefined {
  let els = parts(line);
  if (els[0] === 'FLT') els = els.slice(1);
  const f = flight(els[0] ?? '');
  if (!f) return undefined;
  const r: RequestFlight = { flight: f, line: line.no };
  const date = els[1];
  if (date !== undefined && date !== '') {
    const d = date.slice(0, 5);
    if (isDate(d)) r.date = d;
    else issues.error(line.no, line.col, 'BAD_DATE', `Flight date not understood: ${date}`);
  }
  const airports = els[2] ?? '';
  if (airports !== '') {
    const a = airports.slice(0, 3);
    const b = airports.slice(3, 6);
    if (isAirport(a)) r.origin = a;
    else issues.error(line.no, line.col, 'BAD_CODE', `Airport code not understood: ${airports}`);
    if (b !== '') {
      if (isAirport(b)) r.destination = b;
      else issues.error(line.no, line.col, 'BAD_CODE', `Airport code not understood: ${airports}`);
    }
  }
  return r;
}

function needsAwb(type: RequestType): boolean {
  return type !== 'FBR';
}

export function parseRequest(type: RequestType, textIn: string, options: ParseOptions = {}): ParseResult<CimpRequest> {
  const issues = new Issues(options);
  const msg: CimpRequest = { type, version: null, consignments: [], flights: [] };
  const prep = prepare(textIn, [type], issues);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version;
  const groups = groupLines(mergeParts(prep.body, type, issues), issues);
  let current: RequestConsignment | undefined;
  for (const g of groups) {
    const head = g.lines[0] as Line;
    if (g.id === '' && /^\d{3}[- ]?\d/.test(head.text)) {
      const c = consignment(head, issues, { quantity: 'optional', airports: 'optional' });
      if (c) {
        current = c;
        msg.consignments.push(c);
      } else {
        append(msg, 'raw', ...g.lines.map((l) => l.text));
      }
      continue;
    }
    if ((g.id === '' || g.id === 'FLT') && FLIGHT_FIRST.test(parts(head)[g.id === 'FLT' ? 1 : 0] ?? '')) {
      const f = readFlightLine(head, issues);
      if (f) {
        msg.flights.push(f);
        continue;
      }
    }
    if (g.id === 'HBS' && type === 'FHR') {
      const houses = g.lines.flatMap((l) => parts(l).slice(1)).filter((h) => h.trim() !== '');
      if (!current) issues.error(head.no, head.col, 'MISSING_LINE', 'House numbers before any AWB line');
      else if (houses.length > 0) append(current, 'houses', ...houses.map((h) => h.trim().slice(0, 12)));
      continue;
    }
    if (isStatusCode(g.id) && (type === 'FAD' || type === 'FDA' || type === 'FVR')) {
      const ev = readStatus(g, issues);
      if (current) append(current, 'events', ev);
      else issues.error(head.no, head.col, 'MISSING_LINE', `${g.id} line before any AWB line`);
      continue;
    }
    if (g.id === 'REF') {
      append(msg, 'references', ...g.lines.map((l) => l.text.slice(l.text.indexOf('/') + 1)));
      continue;
    }
    if (g.id === 'OSI') {
      const t = readText(g);
      if (t.length > 0) append(msg, 'osi', ...t);
      continue;
    }
    issues.warn(
      head.no,
      head.col,
      'UNKNOWN_LINE',
      `Line not modelled in ${type} kept as raw: ${head.text.slice(0, 20)}`,
    );
    append(msg, 'raw', ...g.lines.map((l) => l.text));
  }
  const smiNo = prep.smiLine.no;
  if (needsAwb(type) && msg.consignments.length === 0)
    issues.error(smiNo, 1, 'MISSING_LINE', `${type} needs at least one AWB consignment line`);
  if (type === 'FBR' && msg.flights.length === 0)
    issues.error(smiNo, 1, 'MISSING_LINE', 'FBR needs a flight line (carrier+number/DDMMM/airport)');
  return { message: msg, issues: issues.sorted() };
}

export const parseFwr = (t: string, o?: ParseOptions) => parseRequest('FWR', t, o) as ParseResult<Fwr>;
export const parseFhr = (t: string, o?: ParseOptions) => parseRequest('FHR', t, o) as ParseResult<Fhr>;
export const parseFbr = (t: string, o?: ParseOptions) => parseRequest('FBR', t, o) as ParseResult<Fbr>;
export const parseFad = (t: string, o?: ParseOptions) => parseRequest('FAD', t, o) as ParseResult<Fad>;
export const parseFda = (t: string, o?: ParseOptions) => parseRequest('FDA', t, o) as ParseResult<Fda>;
export const parseFsr = (t: string, o?: ParseOptions) => parseRequest('FSR', t, o) as ParseResult<Fsr>;
export const parseFvr = (t: string, o?: ParseOptions) => parseRequest('FVR', t, o) as ParseResult<Fvr>;
