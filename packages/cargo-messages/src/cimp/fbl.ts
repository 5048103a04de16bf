/** FBL — freight booked list (versions 3 and 4), multi-part with CONT/LAST. */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import {
  dimension,
  fmtDimension,
  readBookedUlds,
  readOci,
  readText,
  writeBookedUlds,
  writeOci,
  writeText,
} from './blocks';
import { checkDate, consignment, flight, fmtConsignment, fmtFlight, isShcLine, joinEls, shcLine } from './elements';
import { type Group, groupLines, type Line, prepare, tail } from './lines';
import {
  isHeaderLine,
  isNextPart,
  isUnloadingLine,
  ManifestHeaderSchema,
  type ManifestUnit,
  packMethod1,
  readHeader,
  readUnloading,
  UnloadingBaseSchema,
  writeHeader,
  writeUnloading,
} from './manifest';
import {
  AirportSchema,
  BookedUldsSchema,
  ConsignmentSchema,
  cimpBase,
  DateSchema,
  DimensionSchema,
  FlightSchema,
  freeText,
  OciSchema,
  RawLinesSchema,
  text,
} from './schemas';
import { type GenerateOptions, render, sanitize } from './writer';

export const FBL_VERSIONS = [3, 4] as const;

/** Consignment origin information: forwarding agent, inward flight, movement priority. */
export const BookingOriginSchema = z.object({
  agent: text(17).optional(),
  inboundFlight: FlightSchema.optional(),
  inboundDate: DateSchema.optional(),
  inboundAirport: AirportSchema.optional(),
  priority: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
});
export type BookingOrigin = z.infer<typeof BookingOriginSchema>;

export const FblConsignmentSchema = ConsignmentSchema.extend({
  dims: z.array(DimensionSchema).min(1).optional(),
  bookingOrigin: BookingOriginSchema.optional(),
  ulds: BookedUldsSchema.optional(),
  ssr: z.array(freeText(65)).min(1).optional(),
  osi: z.array(freeText(65)).min(1).optional(),
  oci: z.array(OciSchema).min(1).optional(),
  raw: RawLinesSchema.optional(),
});
export type FblConsignment = z.infer<typeof FblConsignmentSchema>;

export const FblUnloadingSchema = UnloadingBaseSchema.omit({ arrival: true, departure: true }).extend({
  consignments: z.array(FblConsignmentSchema),
  raw: RawLinesSchema.optional(),
});
export type FblUnloading = z.infer<typeof FblUnloadingSchema>;

export const FblSchema = z.object({
  type: z.literal('FBL'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  header: ManifestHeaderSchema.omit({ firstArrival: true }),
  unloading: z.array(FblUnloadingSchema).min(1),
});
export type Fbl = z.infer<typeof FblSchema>;

function bookingOrigin(line: Line, issues: Issues): BookingOrigin {
  const els = tail(line).map((e) => e.trim());
  const o: BookingOrigin = {};
  if (els[0]) o.agent = els[0];
  const f = els[1] ? flight(els[1]) : undefined;
  if (f) o.inboundFlight = f;
  else if (els[1]) issues.warn(line.no, line.col, 'BAD_ELEMENT', `Inward flight not understood: ${els[1]}`);
  if (els[2]) {
    checkDate(els[2], line, line.col, issues);
    o.inboundDate = els[2];
  }
  if (els[3]) o.inboundAirport = els[3];
  if (els[4]) o.priority = els[4];
  return o;
}

function writeBookingOrigin(o: BookingOrigin): string {
  return joinEls('', [
    o.agent ?? '',
    o.inboundFlight ? fmtFlight(o.inboundFlight) : '',
    o.inboundDate,
    o.inboundAirport,
    o.priority,
  ]);
}

const DIM_LIKE = /^\/(?:[KL]\d+(?:\.\d*)?)?\/(?:[A-Z]{3}\d+-\d+-\d+|NDA)(?:\/|$)|^\/[A-Z]{3}\d+-\d+-\d+(?:\/|$)/;

export function parseFbl(text: string, options: ParseOptions = {}): ParseResult<Fbl> {
  const issues = new Issues(options);
  const msg: Fbl = {
    type: 'FBL',
    version: 4,
    header: { flight: { carrier: '', number: '' }, date: '', loadingAirport: '' },
    unloading: [],
  };
  const prep = prepare(text, ['FBL'], issues, FBL_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? 4;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', 'FBL version missing; 4 assumed');
  const groups = groupLines(prep.body, issues);
  let seq = 0;
  let headerSeen = false;
  let expectHeader = true;
  let resume = false;
  let unloading: FblUnloading | undefined;
  let cons: FblConsignment | undefined;
  let end: Line | undefined;
  let ended = false;
  const rawInto = (g: Group) => {
    const target: { raw?: string[] } = cons ?? unloading ?? msg;
    if (!target.raw) target.raw = [];
    const r = target.raw;
    for (const l of g.lines) r.push(l.text);
  };
  for (const g of groups) {
    const head = g.lines[0] as Line;
    const t = head.text;
    if (ended && !isNextPart(t, 'FBL')) {
      issues.warn(head.no, head.col, 'UNKNOWN_LINE', 'Text after LAST ignored');
      continue;
    }
    if (expectHeader && isHeaderLine(t)) {
      const h = readHeader(head, issues);
      if (h.seq !== seq + 1)
        issues.warn(head.no, head.col, 'PART_SEQUENCE', `Part ${h.seq} found where ${seq + 1} was expected`);
      seq = h.seq;
      if (!headerSeen) {
        const header = h.header;
        delete header.firstArrival;
        msg.header = header;
      }
      headerSeen = true;
      expectHeader = false;
      continue;
    }
    if (t === 'CONT' || t === 'LAST') {
      end = head;
      ended = t === 'LAST';
      continue;
    }
    if (isNextPart(t, 'FBL')) {
      if (end?.text !== 'CONT') issues.warn(head.no, head.col, 'PART_SEQUENCE', 'New part without CONT before it');
      ended = false;
      end = undefined;
      expectHeader = true;
      resume = true;
      continue;
    }
    expectHeader = false;
    if (/^\d{3}[- ]?\d/.test(t)) {
      const c = consignment(head, issues, { quantity: 'required', airports: 'optional' });
      if (!c) {
        rawInto(g);
        continue;
      }
      cons = c;
      resume = false;
      if (!unloading) {
        issues.error(head.no, head.col, 'MISSING_LINE', 'Consignment before any point of unloading');
        unloading = { airport: '', consignments: [] };
        msg.unloading.push(unloading);
      }
      unloading.consignments.push(cons);
      for (const l of g.lines.slice(1)) {
        if (isShcLine(l) && !cons.bookingOrigin) append(cons, 'shc', ...shcLine(l, issues));
        else cons.bookingOrigin = bookingOrigin(l, issues);
      }
      continue;
    }
    const bareAirport = t.length === 3 || /^[A-Z]{3}\/NIL(\/|$)/.test(t);
    if (
      cons &&
      !bareAirport &&
      (g.id === 'DIM' || g.id === 'ULD' || g.id === 'SSR' || g.id === 'OSI' || g.id === 'OCI')
    ) {
      if (g.id === 'DIM') {
        for (const l of g.lines) {
          if (l === head || DIM_LIKE.test(l.text)) append(cons, 'dims', dimension(tail(l), l, 1, issues));
          else cons.bookingOrigin = bookingOrigin(l, issues);
        }
      } else if (g.id === 'ULD') cons.ulds = readBookedUlds(g, issues);
      else if (g.id === 'SSR') append(cons, 'ssr', ...readText(g));
      else if (g.id === 'OSI') append(cons, 'osi', ...readText(g));
      else append(cons, 'oci', ...readOci(g, issues));
      continue;
    }
    if (isUnloadingLine(t)) {
      const base = readUnloading(head, issues);
      const last = msg.unloading[msg.unloading.length - 1];
      cons = undefined;
      if (resume && last && last.airport === base.airport) {
        unloading = last;
      } else {
        unloading = { airport: base.airport, consignments: [] };
        if (base.nil) unloading.nil = true;
        msg.unloading.push(unloading);
        for (const l of g.lines.slice(1)) append(unloading, 'raw', l.text);
      }
      resume = false;
      continue;
    }
    issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of FBL kept as raw: ${t.slice(0, 20)}`);
    rawInto(g);
  }
  const lastNo = groups[groups.length - 1]?.lines[0]?.no ?? prep.smiLine.no;
  if (!headerSeen)
    issues.error(prep.smiLine.no + 1, 1, 'MISSING_LINE', 'Flight line (sequence/flight/date/airport) missing');
  if (msg.unloading.length === 0) issues.error(lastNo, 1, 'MISSING_LINE', 'No point of unloading');
  if (!end) issues.error(lastNo, 1, 'MISSING_END', 'Message must end with LAST (or CONT)');
  else if (end.text === 'CONT') issues.warn(end.no, end.col, 'INCOMPLETE', 'Message ends with CONT: more parts follow');
  return { message: msg, issues: issues.sorted() };
}

function consignmentLines(c: FblConsignment): string[] {
  const out = fmtConsignment(c);
  if (c.dims) out.push(...c.dims.map((d, k) => joinEls(k === 0 ? 'DIM' : '', fmtDimension(d))));
  if (c.bookingOrigin) out.push(writeBookingOrigin(c.bookingOrigin));
  if (c.ulds) out.push(...writeBookedUlds(c.ulds));
  if (c.ssr) out.push(...writeText('SSR', c.ssr));
  if (c.osi) out.push(...writeText('OSI', c.osi));
  if (c.oci) out.push(...writeOci(c.oci));
  if (c.raw) out.push(...c.raw);
  return out;
}

export function fblUnits(m: Fbl): ManifestUnit[] {
  const units: ManifestUnit[] = [];
  for (const u of m.unloading) {
    const unloading = writeUnloading(u);
    units.push({ kind: 'unloading', unloading, lines: [unloading, ...(u.raw ?? [])] });
    for (const c of u.consignments) units.push({ kind: 'item', unloading, lines: consignmentLines(c) });
  }
  return units;
}

export function generateFblParts(model: Fbl, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const parts = packMethod1(
    `FBL/${m.version}`,
    (seq) => writeHeader(seq, m.header),
    m.raw ?? [],
    fblUnits(m),
    options.maxLength,
  );
  if (m.possibleDuplicate) parts[0]?.unshift('PDM');
  return parts;
}

export function generateFbl(m: Fbl, options: GenerateOptions = {}): string {
  return render(generateFblParts(m, options), options);
}
