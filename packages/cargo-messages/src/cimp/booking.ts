/** FFR (space allocation request, version 8) and FFA (space allocation answer, version 4). */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import {
  readAgent,
  readBookedUlds,
  readDims,
  readParty,
  readReference,
  readSri,
  readText,
  writeAgent,
  writeBookedUlds,
  writeDims,
  writeParty,
  writeReference,
  writeSri,
  writeText,
} from './blocks';
import { checkDate, consignment, flight, fmtConsignment, fmtFlight, isShcLine, joinEls, shcLine } from './elements';
import { colAt, type Group, groupLines, type Line, mergeParts, parts, prepare } from './lines';
import {
  AgentSchema,
  AirportSchema,
  BookedUldsSchema,
  ConsignmentSchema,
  cimpBase,
  DateSchema,
  DimensionSchema,
  FlightSchema,
  freeText,
  PartySchema,
  ReferenceSchema,
  ShipmentReferenceSchema,
} from './schemas';
import { checkAgent } from './semantic';
import { fitUnits, type GenerateOptions, render, sanitize, splitMethod2, type Unit } from './writer';

export const FFR_VERSIONS = [8] as const;
export const FFA_VERSIONS = [4] as const;

/** Space allocation codes: FFR action codes, FFA advice codes and status codes (code list 1.7). */
export const SPACE_ALLOCATION_CODES = {
  XX: 'Cancel any previous space allocation',
  SS: 'Reporting sale',
  NA: 'Requesting space, will accept alternative',
  NL: 'Requesting space for wait list',
  NN: 'Requesting space, will not accept alternative',
  CA: 'Selling space against allotment',
  CN: 'Cancellation noted',
  KK: 'Confirming',
  UU: 'Unable',
  UN: 'Unable, flight does not operate',
  LL: 'Wait list',
  HN: 'Have requested space allocation',
  HK: 'Holding confirmed',
  HL: 'Holding wait list',
} as const;

export const BookingFlightSchema = z.object({
  flight: FlightSchema,
  date: DateSchema,
  origin: AirportSchema,
  destination: AirportSchema,
  /** Space allocation code (NN, KK, UU, ...). */
  status: z.string().regex(/^[A-Z]{2}$/),
  allotment: z
    .string()
    .regex(/^[A-Z0-9]{1,14}$/)
    .optional(),
});
export type BookingFlight = z.infer<typeof BookingFlightSchema>;

/** In FFR an empty list (a bare `SSR`, `OSI`, `DIM` line) deletes what the booking had. */
const textLines = z.array(freeText(65)).max(2).optional();

export const FfrSchema = z.object({
  type: z.literal('FFR'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  consignment: ConsignmentSchema,
  flights: z.array(BookingFlightSchema).min(1),
  ulds: BookedUldsSchema.optional(),
  ssr: textLines,
  osi: textLines,
  reference: ReferenceSchema.optional(),
  dims: z.array(DimensionSchema).optional(),
  shipper: PartySchema.optional(),
  consignee: PartySchema.optional(),
  /** CUS: customer identification (account, IATA code, CASS address, name, place). */
  customer: AgentSchema.optional(),
  shipmentReference: ShipmentReferenceSchema.optional(),
});
export type Ffr = z.infer<typeof FfrSchema>;

export const FfaSchema = z.object({
  type: z.literal('FFA'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  consignment: ConsignmentSchema,
  flights: z.array(BookingFlightSchema).min(1),
  ssr: textLines,
  osi: textLines,
  reference: ReferenceSchema.optional(),
  shipmentReference: ShipmentReferenceSchema.optional(),
});
export type Ffa = z.infer<typeof FfaSchema>;

const FLIGHT_LINE = /^[A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?\//;

function readFlightLine(line: Line, issues: Issues): BookingFlight | undefined {
  const els = parts(line).map((e) => e.trim());
  const f = flight(els[0] ?? '');
  if (!f) {
    issues.error(line.no, line.col, 'BAD_ELEMENT', `Flight not understood: ${els[0] ?? ''}`);
    return undefined;
  }
  const date = els[1] ?? '';
  checkDate(date, line, colAt(line, 1), issues);
  const pair = els[2] ?? '';
  if (!/^[A-Z]{6}$/.test(pair))
    issues.error(line.no, colAt(line, 2), 'BAD_CODE', `Departure and arrival airports expected: ${pair}`);
  const status = els[3] ?? '';
  if (!(status in SPACE_ALLOCATION_CODES)) {
    issues.error(line.no, colAt(line, 3), 'BAD_CODE', `Unknown space allocation code: ${status}`);
  }
  const b: BookingFlight = { flight: f, date, origin: pair.slice(0, 3), destination: pair.slice(3, 6), status };
  if (els[4]) b.allotment = els[4];
  return b;
}

function writeFlightLine(b: BookingFlight): string {
  return joinEls(fmtFlight(b.flight), [b.date, `${b.origin}${b.destination}`, b.status, b.allotment]);
}

type Booking = Ffr | Ffa;

function parseBooking(type: 'FFR' | 'FFA', text: string, options: ParseOptions): ParseResult<Booking> {
  const issues = new Issues(options);
  const base = { consignment: { awb: '' }, flights: [] };
  const msg: Booking = type === 'FFR' ? { type, version: 8, ...base } : { type, version: 4, ...base };
  const prep = prepare(text, [type], issues, type === 'FFR' ? FFR_VERSIONS : FFA_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? msg.version;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', `${type} version missing`);
  const groups = groupLines(mergeParts(prep.body, type, issues), issues);
  const first = groups[0];
  let start = 0;
  if (first && first.id === '' && /^\d{3}/.test(first.lines[0]?.text ?? '')) {
    start = 1;
    const head = first.lines[0] as Line;
    const c = consignment(head, issues, { quantity: 'required', airports: 'required' });
    if (c) msg.consignment = c;
    for (const l of first.lines.slice(1)) {
      if (isShcLine(l)) append(msg.consignment, 'shc', ...shcLine(l, issues));
      else issues.warn(l.no, l.col, 'UNKNOWN_LINE', 'Unexpected continuation of the AWB line; ignored');
    }
  } else {
    issues.error(prep.smiLine.no + 1, 1, 'MISSING_LINE', 'AWB consignment line missing');
  }
  const ffr = msg.type === 'FFR' ? msg : undefined;
  for (let i = start; i < groups.length; i++) {
    const g = groups[i] as Group;
    const head = g.lines[0] as Line;
    if (g.id === '' && FLIGHT_LINE.test(head.text)) {
      const b = readFlightLine(head, issues);
      if (b) msg.flights.push(b);
      continue;
    }
    switch (g.id) {
      case 'SSR':
      case 'OSI':
        msg[g.id === 'SSR' ? 'ssr' : 'osi'] = readText(g);
        continue;
      case 'REF':
        msg.reference = readReference(g);
        continue;
      case 'SRI':
        msg.shipmentReference = readSri(g);
        continue;
    }
    if (ffr) {
      if (g.id === 'ULD') {
        ffr.ulds = readBookedUlds(g, issues);
        continue;
      }
      if (g.id === 'DIM') {
        ffr.dims = head.text === 'DIM' && g.lines.length === 1 ? [] : readDims(g, issues);
        continue;
      }
      if (g.id === 'CUS') {
        ffr.customer = readAgent(g);
        checkAgent(ffr.customer, g, issues);
        continue;
      }
      if (g.id === 'SHP' || g.id === 'CNE') {
        const r = readParty(groups, i, issues);
        if (g.id === 'SHP') ffr.shipper = r.party;
        else ffr.consignee = r.party;
        i = r.next - 1;
        continue;
      }
    }
    issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of ${type} kept as raw: ${head.text.slice(0, 20)}`);
    append(msg, 'raw', ...g.lines.map((l) => l.text));
  }
  if (msg.flights.length === 0)
    issues.error(prep.smiLine.no, 1, 'MISSING_LINE', 'No flight line (flight/date/airports/code)');
  return { message: msg, issues: issues.sorted() };
}

export function parseFfr(text: string, options: ParseOptions = {}): ParseResult<Ffr> {
  return parseBooking('FFR', text, options) as ParseResult<Ffr>;
}

export function parseFfa(text: string, options: ParseOptions = {}): ParseResult<Ffa> {
  return parseBooking('FFA', text, options) as ParseResult<Ffa>;
}

export function bookingUnits(m: Booking): Unit[] {
  const u: Unit[] = [fmtConsignment(m.consignment)];
  for (const f of m.flights) u.push([writeFlightLine(f)]);
  if (m.type === 'FFR' && m.ulds) u.push(writeBookedUlds(m.ulds));
  if (m.ssr) u.push(writeText('SSR', m.ssr));
  if (m.osi) u.push(writeText('OSI', m.osi));
  if (m.reference) u.push([writeReference(m.reference)]);
  if (m.type === 'FFR') {
    if (m.dims) u.push(m.dims.length === 0 ? ['DIM'] : writeDims(m.dims));
    if (m.shipper) u.push(writeParty('SHP', m.shipper));
    if (m.consignee) u.push(writeParty('CNE', m.consignee));
    if (m.customer) u.push(writeAgent('CUS', m.customer));
  }
  if (m.shipmentReference) u.push([writeSri(m.shipmentReference)]);
  if (m.raw) u.push(m.raw);
  return u;
}

export function generateBookingParts(model: Booking, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const head = m.possibleDuplicate ? ['PDM'] : [];
  return splitMethod2(`${m.type}/${m.version}`, fitUnits(bookingUnits(m)), options.maxLength).map((p, k) =>
    k === 0 ? [...head, ...p] : p,
  );
}

export function generateFfr(m: Ffr, options: GenerateOptions = {}): string {
  return render(generateBookingParts(m, options), options);
}

export function generateFfa(m: Ffa, options: GenerateOptions = {}): string {
  return render(generateBookingParts(m, options), options);
}
