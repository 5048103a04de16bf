/** FSU (status update) and FSA (status answer), versions 12 to 15. */
import { z } from 'zod';
import { Issues } from '../issues';
import { append } from '../text';
import type { ParseOptions, ParseResult } from '../types';
import { readOci, readText, writeOci, writeText } from './blocks';
import { consignment, fmtConsignment } from './elements';
import { groupLines, type Line, mergeParts, prepare } from './lines';
import { ConsignmentSchema, cimpBase, freeText, OciSchema } from './schemas';
import { isStatusCode, readStatus, readStatusUlds, type StatusEvent, StatusEventSchema, writeStatus } from './status';
import { fitUnits, type GenerateOptions, render, sanitize, splitMethod2, type Unit } from './writer';

export const FSU_VERSIONS = [12, 13, 14, 15] as const;

export const StatusConsignmentSchema = ConsignmentSchema.omit({ description: true, shc: true });

export const StatusEntrySchema = z.object({
  consignment: StatusConsignmentSchema,
  events: z.array(StatusEventSchema),
  /** OCI lines before any status line. */
  oci: z.array(OciSchema).min(1).optional(),
});
export type StatusEntry = z.infer<typeof StatusEntrySchema>;

function statusSchema<T extends 'FSU' | 'FSA'>(type: T) {
  return StatusEntrySchema.extend({
    type: z.literal(type),
    version: z.number().int().min(1).max(99),
    ...cimpBase,
    /** Further consignment lines with their own statuses (multi-carrier answers). */
    additional: z.array(StatusEntrySchema).min(1).optional(),
    osi: z.array(freeText(65)).min(1).max(2).optional(),
  });
}

export const FsuSchema = statusSchema('FSU');
export const FsaSchema = statusSchema('FSA');
export type Fsu = z.infer<typeof FsuSchema>;
export type Fsa = z.infer<typeof FsaSchema>;

export type StatusMessage = Fsu | Fsa;

function parseStatusMessage(type: 'FSU' | 'FSA', text: string, options: ParseOptions): ParseResult<StatusMessage> {
  const issues = new Issues(options);
  const msg: StatusMessage = {
    type,
    version: 15,
    consignment: { awb: '' },
    events: [],
  };
  const prep = prepare(text, [type], issues, FSU_VERSIONS);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  msg.version = prep.smi.version ?? 15;
  if (prep.smi.version === null) issues.warn(prep.smiLine.no, 4, 'BAD_HEADER', `${type} version missing; 15 assumed`);
  const groups = groupLines(mergeParts(prep.body, type, issues), issues);
  let entry: StatusEntry | undefined;
  let last: StatusEvent | undefined;
  let any = false;
  for (const g of groups) {
    const head = g.lines[0] as Line;
    if (g.id === '' && /^\d{3}[- ]?\d/.test(head.text)) {
      const c = consignment(head, issues, { quantity: 'optional', airports: 'optional' });
      if (!c) {
        append(msg, 'raw', ...g.lines.map((l) => l.text));
        continue;
      }
      delete c.description;
      delete c.shc;
      if (!entry) {
        msg.consignment = c;
        entry = msg;
      } else {
        entry = { consignment: c, events: [] };
        append(msg, 'additional', entry);
      }
      last = undefined;
      for (const l of g.lines.slice(1))
        issues.warn(l.no, l.col, 'UNKNOWN_LINE', 'Unexpected continuation of the AWB line; ignored');
      continue;
    }
    if (!entry) {
      issues.error(head.no, head.col, 'MISSING_LINE', 'AWB consignment line expected after the message identifier');
      entry = msg;
    }
    if (isStatusCode(g.id)) {
      last = readStatus(g, issues);
      entry.events.push(last);
      any = true;
    } else if (g.id === 'ULD') {
      const ulds = readStatusUlds(g, issues);
      if (last && ulds.length > 0) append(last, 'ulds', ...ulds);
      else if (!last) issues.warn(head.no, head.col, 'UNKNOWN_LINE', 'ULD line before any status line ignored');
    } else if (g.id === 'OCI') {
      const oci = readOci(g, issues);
      if (oci.length > 0) {
        if (last) append(last, 'oci', ...oci);
        else append(entry, 'oci', ...oci);
        // An FSU/FSA may carry only customs information (OCI) about the consignment.
        any = true;
      }
    } else if (g.id === 'OSI') {
      const t = readText(g);
      if (t.length > 0) append(msg, 'osi', ...t);
      any = true;
    } else {
      issues.warn(head.no, head.col, 'UNKNOWN_LINE', `Line not part of ${type} kept as raw: ${head.text.slice(0, 20)}`);
      append(msg, 'raw', ...g.lines.map((l: Line) => l.text));
    }
  }
  const smiNo = prep.smiLine.no;
  if (!entry) issues.error(smiNo, 1, 'MISSING_LINE', 'AWB consignment line missing');
  else if (!any) issues.error(smiNo, 1, 'MISSING_LINE', 'No status line (or OCI, OSI) after the AWB line');
  return { message: msg, issues: issues.sorted() };
}

export function parseFsu(text: string, options: ParseOptions = {}): ParseResult<Fsu> {
  return parseStatusMessage('FSU', text, options) as ParseResult<Fsu>;
}

export function parseFsa(text: string, options: ParseOptions = {}): ParseResult<Fsa> {
  return parseStatusMessage('FSA', text, options) as ParseResult<Fsa>;
}

function entryUnits(e: StatusEntry): Unit[] {
  const u: Unit[] = [fmtConsignment(e.consignment)];
  if (e.oci) u.push(writeOci(e.oci));
  for (const ev of e.events) {
    const lines = writeStatus(ev);
    if (ev.oci) lines.push(...writeOci(ev.oci));
    u.push(lines);
  }
  return u;
}

export function statusUnits(m: StatusMessage): Unit[] {
  const u = entryUnits(m);
  for (const e of m.additional ?? []) u.push(...entryUnits(e));
  if (m.osi) u.push(writeText('OSI', m.osi));
  if (m.raw) u.push(m.raw);
  return u;
}

export function generateStatusParts(model: StatusMessage, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const head = m.possibleDuplicate ? ['PDM'] : [];
  return splitMethod2(`${m.type}/${m.version}`, fitUnits(statusUnits(m)), options.maxLength).map((p, k) =>
    k === 0 ? [...head, ...p] : p,
  );
}

export function generateFsu(m: Fsu, options: GenerateOptions = {}): string {
  return render(generateStatusParts(m, options), options);
}

export function generateFsa(m: Fsa, options: GenerateOptions = {}): string {
  return render(generateStatusParts(m, options), options);
}
