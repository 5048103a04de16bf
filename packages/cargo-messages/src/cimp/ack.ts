/** FMA (message acknowledgement) and FNA (error): ACK lines followed by the received message. */
import { z } from 'zod';
import { Issues } from '../issues';
import type { ParseOptions, ParseResult } from '../types';
import { readText, writeText } from './blocks';
import { groupLines, type Line, mergeParts, prepare } from './lines';
import { cimpBase, freeText } from './schemas';
import { type GenerateOptions, render, sanitize, splitMethod2 } from './writer';

function ackSchema<T extends 'FMA' | 'FNA'>(type: T) {
  return z.object({
    type: z.literal(type),
    /** FMA is often sent without a version. */
    version: z.number().int().min(1).max(99).optional(),
    ...cimpBase,
    /** ACK lines: acknowledgement text (FMA) or reasons for rejection (FNA). */
    reasons: z.array(freeText(65)).min(1),
    /** The received message (or its first lines), verbatim, one string with LF line breaks. */
    received: z.string().optional(),
  });
}

export const FmaSchema = ackSchema('FMA');
export const FnaSchema = ackSchema('FNA');
export type Fma = z.infer<typeof FmaSchema>;
export type Fna = z.infer<typeof FnaSchema>;
type Ack = Fma | Fna;

function parseAck(type: 'FMA' | 'FNA', text: string, options: ParseOptions): ParseResult<Ack> {
  const issues = new Issues(options);
  const msg: Ack = { type, reasons: [] };
  const prep = prepare(text, [type], issues);
  if (!prep) return { message: msg, issues: issues.sorted() };
  if (prep.possibleDuplicate) msg.possibleDuplicate = true;
  if (prep.smi.version !== null) msg.version = prep.smi.version;
  const groups = groupLines(mergeParts(prep.body, type, issues), issues);
  let i = 0;
  for (; i < groups.length; i++) {
    const g = groups[i];
    if (g?.id !== 'ACK') break;
    msg.reasons.push(...readText(g));
  }
  const rest: Line[] = [];
  for (const g of groups.slice(i)) rest.push(...g.lines);
  if (rest.length > 0) msg.received = rest.map((l) => l.text).join('\n');
  if (msg.reasons.length === 0) {
    const at = prep.body[0] ?? prep.smiLine;
    issues.error(at.no, 1, 'MISSING_LINE', `${type} needs an ACK line`);
  }
  return { message: msg, issues: issues.sorted() };
}

export function parseFma(text: string, options: ParseOptions = {}): ParseResult<Fma> {
  return parseAck('FMA', text, options) as ParseResult<Fma>;
}

export function parseFna(text: string, options: ParseOptions = {}): ParseResult<Fna> {
  return parseAck('FNA', text, options) as ParseResult<Fna>;
}

export function generateAckParts(model: Ack, options: GenerateOptions = {}): string[][] {
  const m = sanitize(model);
  const smi = m.version === undefined ? m.type : `${m.type}/${m.version}`;
  const units = [writeText('ACK', m.reasons)];
  if (m.received !== undefined)
    units.push(
      ...m.received
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => [l]),
    );
  const parts = splitMethod2(smi, units, options.maxLength);
  if (m.possibleDuplicate) parts[0]?.unshift('PDM');
  return parts;
}

export function generateFma(m: Fma, options: GenerateOptions = {}): string {
  return render(generateAckParts(m, options), options);
}

export function generateFna(m: Fna, options: GenerateOptions = {}): string {
  return render(generateAckParts(m, options), options);
}
