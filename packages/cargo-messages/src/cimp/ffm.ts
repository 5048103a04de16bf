/** FFM — airline flight manifest (versions 5 and 8), multi-part with CONT/LAST. */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import { readDims, readOci, readText, writeDims, writeOci, writeText } from './blocks';
import { checkDate, consignment, fmtConsignment, isShcLine, shcLine } from './elements';
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
  ConsignmentSchema,
  cimpBase,
  DateSchema,
  DimensionSchema,
  freeText,
  OciSchema,
  RawLinesSchema,
  text,
  UldIdSchema,
} from './schemas';
import { type GenerateOptions, render, sanitize } from './writer';

export const FFM_VERSIONS = [5, 8] as const;

export const OnwardSchema = z.object({
  airport: AirportSchema,
  carrier: z.string().regex(/^[A-Z0-9]{2}$/),
  number: z
    .string()
    .regex(/^\d{1,4}[A-Z]?$/)
    .optional(),
  date: DateSchema.optional(),
});
export type Onward = z.infer<typeof OnwardSchema>;

export const FfmConsignmentSchema = ConsignmentSchema.extend({
  onward: z.array(OnwardSchema).min(1).optional(),
  dims: z.array(DimensionSchema).min(1).optional(),
  osi: z.array(freeText(65)).min(1).optional(),
  customsOrigin: z
    .string()
    .regex(/^[A-Z0-9]{1,2}$/)
    .optional(),
  oci: z.array(OciSchema).min(1).optional(),
  raw: RawLinesSchema.optional(),
});
export type FfmConsignment = z.infer<typeof FfmConsignmentSchema>;

export const FfmUldSchema = z.object({
  id: UldIdSchema,
  loadingIndicator: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
  remarks: text(60).optional(),
  onward: z.array(OnwardSchema).min(1).optional(),
  consignments: z.array(FfmConsignmentSchema),
  raw: RawLinesSchema.optional(),
});
export type FfmUld = z.infer<typeof FfmUldSchema>;

export const FfmUnloadingSchema = UnloadingBaseSchema.extend({
  /** Bulk-loaded consignments. */
  consignments: z.array(FfmConsignmentSchema),
  ulds: z.array(FfmUldSchema),
  raw: RawLinesSchema.optional(),
});
export type FfmUnloading = z.infer<typeof FfmUnloadingSchema>;

export const FfmSchema = z.object({
  type: z.literal('FFM'),
  version: z.number().int().min(1).max(99),
  ...cimpBase,
  header: ManifestHeaderSchema,
  unloading: z.array(FfmUnloadingSchema).min(1),
});
export type Ffm = z.infer<typeof FfmSchema>;

const ONWARD_RE = /^([A-Z]{3})([A-Z0-9]{2})(\d{1,4}[A-Z]?)?$/;

function onward(line: Line, issues: Issues): Onward | undefined {
  const els = tail(line).map((e) => e.trim());
  const m = ONWARD_RE.exec(els[0] ?? '');
  if (!m) return undefined;
  const o: Onward = { airport: m[1] ?? '', carrier: m[2] ?? '' };
  if (m[3] !== undefined) o.number = m[3];
  const date = els[1] ?? '';
  if (date !== '') {
    checkDate(date, line, line.col + 1 + (els[0]?.length ?? 0) + 1, issues);
    o.date = date;
  }
  return o;
}

function writeOnward(o: Onward): string {
  return `/${o.airport}${o.carrier}${o.number ?? ''}${o.date !== undefined ? `/${o.date}` : ''}`;
}

const ULD_RE = /^([A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2})(?:-([A-Z]))?$/;

function pushRaw(target: { raw?: string[] }, g: Group): void {
  if (!target.raw) target.raw = [];
  const r = target.raw;
  for (const l of g.lines) r.push(l.text);
}

export function parseFfm(text: string, options: ParseOptions = {}): ParseResult<Ffm> {
  const issues = new Issues(options);
  const msg: Ffm = {
    type: 'FFM',
    version: 8,
    header: { flight: { carrier: '', number: '' }, date: '', loadingAirport: '' },
    unloading: [],
  };
  const prep = prepare(text, ['FFM'], issues, FFM_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? 8;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', 'FFM version missing; 8 assumed');
  const groups = groupLines(prep.body, issues);
  let seq = 0;
  let headerSeen = false;
  let expectHeader = true;
  let resumeAirport = false;
  let resumeUld = false;
  let unloading: FfmUnloading | undefined;
  let uld: FfmUld | undefined;
  let cons: FfmConsignment | undefined;
  let end: Line | undefined;
  let ended = false;
  const container = (): { raw?: string[] } => cons ?? uld ?? unloading ?? msg;
  for (const g of groups) {
    const head = g.lines[0] as Line;
    const t = head.text;
    if (ended && !isNextPart(t, 'FFM')) {
      issues.warn(head.no, head.col, 'UNKNOWN_LINE', 'Text after LAST ignored');
      continue;
    }
    if (expectHeader && isHeaderLine(t)) {
      const h = readHeader(head, issues);
      if (h.seq !== seq + 1)
        issues.warn(head.no, head.col, 'PART_SEQUENCE', `Part ${h.seq} found where ${seq + 1} was expected`);
      seq = h.seq;
      if (!headerSeen) msg.header = h.header;
      headerSeen = true;
      expectHeader = false;
      continue;
    }
    if (t === 'CONT' || t === 'LAST') {
      end = head;
      ended = t === 'LAST';
      continue;
    }
    if (isNextPart(t, 'FFM')) {
      if (end?.text !== 'CONT') issues.warn(head.no, head.col, 'PART_SEQUENCE', 'New part without CONT before it');
      ended = false;
      end = undefined;
      expectHeader = true;
      resumeAirport = true;
      continue;
    }
    expectHeader = false;
    if (/^\d{3}[- ]?\d/.test(t)) {
      const c = consignment(head, issues, { quantity: 'required', airports: 'required' });
      if (!c) {
        pushRaw(container(), g);
        continue;
      }
      cons = c;
      resumeAirport = false;
      resumeUld = false;
      if (!unloading) {
        issues.error(head.no, head.col, 'MISSING_LINE', 'Consignment before any point of unloading');
        unloading = { airport: '', consignments: [], ulds: [] };
        msg.unloading.push(unloading);
      }
      (uld ? uld.consignments : unloading.consignments).push(cons);
      for (const l of g.lines.slice(1)) {
        const o = isShcLine(l) ? undefined : onward(l, issues);
        if (isShcLine(l)) append(cons, 'shc', ...shcLine(l, issues));
        else if (o) append(cons, 'onward', o);
        else append(cons, 'raw', l.text);
      }
      continue;
    }
    const bareAirport = t.length === 3 || /^[A-Z]{3}\/NIL(\/|$)/.test(t);
    if (g.id === 'ULD' && !bareAirport) {
      const els = tail(head).map((e) => e.trim());
      const m = ULD_RE.exec(els[0] ?? '');
      if (!m) issues.error(head.no, head.col + 4, 'BAD_ELEMENT', `ULD identification not understood: ${els[0] ?? ''}`);
      const id = m?.[1] ?? els[0] ?? '';
      if (!unloading) {
        issues.error(head.no, head.col, 'MISSING_LINE', 'ULD before any point of unloading');
        unloading = { airport: '', consignments: [], ulds: [] };
        msg.unloading.push(unloading);
      }
      const last = unloading.ulds[unloading.ulds.length - 1];
      cons = undefined;
      if (resumeUld && last && last.id === id) {
        uld = last;
      } else {
        uld = { id, consignments: [] };
        if (m?.[2] !== undefined) uld.loadingIndicator = m[2];
        const remarks = els.slice(1).join('/').trim();
        if (remarks) uld.remarks = remarks;
        unloading.ulds.push(uld);
        for (const l of g.lines.slice(1)) {
          const o = onward(l, issues);
          if (o) append(uld, 'onward', o);
          else append(uld, 'raw', l.text);
        }
      }
      resumeUld = false;
      resumeAirport = false;
      continue;
    }
    if (
      !bareAirport &&
      (g.id === 'DIM' || g.id === 'OSI' || g.id === 'OCI' || (g.id === 'COR' && /^COR\/[A-Z0-9]{1,2}$/.test(t)))
    ) {
      if (!cons) {
        issues.warn(head.no, head.col, 'UNKNOWN_LINE', `${g.id} line outside a consignment kept as raw`);
        pushRaw(container(), g);
        continue;
      }
      if (g.id === 'DIM') append(cons, 'dims', ...readDims(g, issues));
      else if (g.id === 'OSI') append(cons, 'osi', ...readText(g));
      else if (g.id === 'OCI') append(cons, 'oci', ...readOci(g, issues));
      else cons.customsOrigin = t.slice(4);
      continue;
    }
    if (isUnloadingLine(t)) {
      const base = readUnloading(head, issues);
      const last = msg.unloading[msg.unloading.length - 1];
      cons = undefined;
      if (resumeAirport && last && last.airport === base.airport) {
        unloading = last;
        uld = undefined;
        resumeUld = true;
      } else {
        unloading = { ...base, consignments: [], ulds: [] };
        uld = undefined;
        msg.unloading.push(unloading);
        for (const l of g.lines.slice(1)) append(unloading, 'raw', l.text);
      }
      resumeAirport = false;
      continue;
    }
    issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of FFM kept as raw: ${t.slice(0, 20)}`);
    pushRaw(container(), g);
  }
  const lastNo = groups[groups.length - 1]?.lines[0]?.no ?? prep.smiLine.no;
  if (!headerSeen)
    issues.error(prep.smiLine.no + 1, 1, 'MISSING_LINE', 'Flight line (sequence/flight/date/airport) missing');
  if (msg.unloading.length === 0) issues.error(lastNo, 1, 'MISSING_LINE', 'No point of unloading');
  if (!end) issues.error(lastNo, 1, 'MISSING_END', 'Message must end with LAST (or CONT)');
  else if (end.text === 'CONT') issues.warn(end.no, end.col, 'INCOMPLETE', 'Message ends with CONT: more parts follow');
  return { message: msg, issues: issues.sorted() };
}

function consignmentLines(c: FfmConsignment): string[] {
  const out = fmtConsignment(c);
  if (c.onward) out.push(...c.onward.map(writeOnward));
  if (c.raw) out.push(...c.raw);
  if (c.dims) out.push(...writeDims(c.dims));
  if (c.osi) out.push(...writeText('OSI', c.osi));
  if (c.customsOrigin !== undefined) out.push(`COR/${c.customsOrigin}`);
  if (c.oci) out.push(...writeOci(c.oci));
  return out;
}

function uldLine(u: FfmUld): string {
  const id = u.loadingIndicator !== undefined ? `${u.id}-${u.loadingIndicator}` : u.id;
  return `ULD/${id}${u.remarks !== undefined ? `/${u.remarks}` : ''}`;
}

export function ffmUnits(m: Ffm): ManifestUnit[] {
  const units: ManifestUnit[] = [];
  for (const u of m.unloading) {
    const unloading = writeUnloading(u);
    units.push({ kind: 'unloading', unloading, lines: [unloading, ...(u.raw ?? [])] });
    for (const c of u.consignments) units.push({ kind: 'item', unloading, lines: consignmentLines(c) });
    for (const d of u.ulds) {
      const uld = uldLine(d);
      units.push({ kind: 'uld', unloading, uld, lines: [uld, ...(d.onward ?? []).map(writeOnward), ...(d.raw ?? [])] });
      for (const c of d.consignments) units.push({ kind: 'item', unloading, uld, lines: consignmentLines(c) });
    }
  }
  return units;
}

export function generateFfmParts(model: Ffm, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const parts = packMethod1(
    `FFM/${m.version}`,
    (seq) => writeHeader(seq, m.header),
    m.raw ?? [],
    ffmUnits(m),
    options.maxLength,
  );
  if (m.possibleDuplicate) parts[0]?.unshift('PDM');
  return parts;
}

export function generateFfm(m: Ffm, options: GenerateOptions = {}): string {
  return render(generateFfmParts(m, options), options);
}
