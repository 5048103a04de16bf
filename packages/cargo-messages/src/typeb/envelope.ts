/**
 * SITA/ARINC Type B envelope: priority and addresses, the origin line (`.ORIGIN identity`,
 * optionally with a double signature `AB/identity`), the text, and an optional NNNN trailer.
 *
 * QK MOWFMSU LEDFFSU
 * .MOWRMSU 051230
 * FFM/8
 * ...
 */
import { z } from 'zod';
import { Issues } from '../issues';
import { stripControl } from '../text';
import type { Issue } from '../types';
import { isSitatexStart, unwrapSitatex, wrapSitatex } from './sitatex';

export const TypeBEnvelopeSchema = z.object({
  /** QU urgent, QK normal, QD deferred (QP, QN, QX, QS also seen). */
  priority: z
    .string()
    .regex(/^Q[A-Z]$/)
    .optional(),
  /** 7-character addresses: city (3), department (2), airline (2); 8 characters tolerated. */
  addresses: z.array(z.string().regex(/^[A-Z0-9]{7,8}$/)).min(1),
  origin: z.string().regex(/^[A-Z0-9]{7,8}$/),
  /** Message identity, usually a date-time group (DDHHMM, UTC). */
  identity: z
    .string()
    .regex(/^[A-Z0-9./ -]+$/)
    .optional(),
  doubleSignature: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** The message ended with the NNNN end-of-message line. */
  nnnn: z.literal(true).optional(),
  /** `sitatex`: the envelope was a SITATEX-style `=HEADER ... =TEXT` block; absent for a Type B heading. */
  format: z.enum(['typeb', 'sitatex']).optional(),
  /** SITATEX `=HEADER` line (e.g. `RCV,2026/11/05 12:30`), verbatim. */
  header: z.string().max(200).optional(),
  /** SITATEX `=MSGID`: the sending system's message id. */
  messageId: z.string().max(100).optional(),
  /** SITATEX `=SMI`: the standard message identifier the sender declared (FWB, MVT, ...). */
  smi: z.string().max(20).optional(),
});
export type TypeBEnvelope = z.infer<typeof TypeBEnvelopeSchema>;

const ADDRESS_LINE = /^(?:(Q[A-Z]) )?([A-Z0-9]{7,8}(?: [A-Z0-9]{7,8})*)$/;
const ORIGIN_LINE = /^\.([A-Z0-9]{7,8})(?: (.*))?$/;

export interface Unwrapped {
  envelope?: TypeBEnvelope;
  /** The text with envelope lines blanked out, so line numbers still match the input. */
  body: string;
  /** 1-based line of the first text line after the envelope (1 without envelope). */
  bodyLine: number;
  issues: Issue[];
}

function isAddressLine(t: string): boolean {
  return ADDRESS_LINE.test(t);
}

/** Finds a Type B envelope at the start of the text (after blank lines and ZCZC). */
export function unwrap(text: string): Unwrapped {
  const issues = new Issues();
  const lines = stripControl(text).split('\n');
  let i = 0;
  while (i < lines.length && ((lines[i] ?? '').trim() === '' || /^ZCZC\b/.test((lines[i] ?? '').trim()))) i++;
  if (isSitatexStart(lines[i] ?? '')) {
    const sx = unwrapSitatex(lines, i);
    // A received SITATEX file often keeps the original Type B heading at the start of its text:
    // its identity (and double signature) are taken over, its lines blanked like the envelope's.
    const inner = unwrap(sx.body);
    if (!sx.envelope || !inner.envelope) return sx;
    const env = sx.envelope;
    if (inner.envelope.identity !== undefined) env.identity = inner.envelope.identity;
    if (env.doubleSignature === undefined && inner.envelope.doubleSignature !== undefined)
      env.doubleSignature = inner.envelope.doubleSignature;
    if (inner.envelope.nnnn) env.nnnn = true;
    return {
      envelope: env,
      body: inner.body,
      bodyLine: inner.bodyLine,
      issues: [...sx.issues, ...inner.issues].sort((a, b) => a.line - b.line || a.column - b.column),
    };
  }
  const start = i;
  const addresses: string[] = [];
  let priority: string | undefined;
  while (i < lines.length) {
    const t = (lines[i] ?? '').trim().replace(/\s+/g, ' ');
    const m = ADDRESS_LINE.exec(t);
    if (!m || (i > start && m[1] !== undefined)) break;
    if (i === start && m[1] !== undefined) priority = m[1];
    addresses.push(...(m[2] ?? '').split(' '));
    i++;
  }
  const originText = (lines[i] ?? '').trim().replace(/\s+/g, ' ');
  const om = ORIGIN_LINE.exec(originText);
  if (addresses.length === 0 || !om) return { body: text, bodyLine: 1, issues: [] };
  const env: TypeBEnvelope = { addresses, origin: om[1] ?? '' };
  if (priority !== undefined) env.priority = priority;
  const rest = (om[2] ?? '').trim();
  const ds = /^([A-Z]{2})\/(.*)$/.exec(rest);
  if (ds) {
    env.doubleSignature = ds[1] ?? '';
    if (ds[2]) env.identity = ds[2];
  } else if (rest) {
    env.identity = rest;
  }
  for (const a of addresses) {
    if (a.length !== 7) issues.warn(start + 1, 1, 'BAD_ADDRESS', `Type B address should have 7 characters: ${a}`);
  }
  const out = lines.slice();
  for (let k = 0; k <= i; k++) out[k] = '';
  for (let k = out.length - 1; k > i; k--) {
    const t = (out[k] ?? '').trim();
    if (t === '') continue;
    if (t === 'NNNN') {
      env.nnnn = true;
      out[k] = '';
    }
    break;
  }
  return { envelope: env, body: out.join('\n'), bodyLine: i + 2, issues: issues.sorted() };
}

/** True when the text starts with a Type B envelope. */
export function hasEnvelope(text: string): boolean {
  return unwrap(text).envelope !== undefined;
}

/** Puts a message text into a Type B envelope. */
export function wrap(body: string, env: TypeBEnvelope, newline: '\n' | '\r\n' = '\n'): string {
  if (env.format === 'sitatex') return wrapSitatex(body, env, newline);
  const lines: string[] = [];
  const per = 8;
  for (let k = 0; k < env.addresses.length; k += per) {
    const chunk = env.addresses.slice(k, k + per).join(' ');
    lines.push(k === 0 && env.priority ? `${env.priority} ${chunk}` : chunk);
  }
  let origin = `.${env.origin}`;
  const id = env.doubleSignature ? `${env.doubleSignature}/${env.identity ?? ''}` : (env.identity ?? '');
  if (id) origin += ` ${id}`;
  lines.push(origin);
  const text = body.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  lines.push(...text.split('\n'));
  if (env.nnnn) lines.push('NNNN');
  return lines.join(newline) + newline;
}

/** Wraps every part of a split message in the same envelope. */
export function wrapParts(parts: readonly string[], env: TypeBEnvelope, newline: '\n' | '\r\n' = '\n'): string[] {
  return parts.map((p) => wrap(p, env, newline));
}

/** Removes further envelopes inside a text holding several telegrams (parts), keeping line numbers. */
export function stripEnvelopes(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    const t = (lines[i] ?? '').trim().replace(/\s+/g, ' ');
    if (t === 'NNNN') {
      lines[i] = '';
      continue;
    }
    if (!isAddressLine(t)) continue;
    let j = i + 1;
    while (j < lines.length && isAddressLine((lines[j] ?? '').trim().replace(/\s+/g, ' '))) j++;
    if (ORIGIN_LINE.test((lines[j] ?? '').trim())) {
      for (let k = i; k <= j; k++) lines[k] = '';
      i = j;
    }
  }
  return lines.join('\n');
}
