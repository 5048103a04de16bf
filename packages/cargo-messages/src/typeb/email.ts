/**
 * Messages that travel by e-mail: find the telegram inside the body (after greetings, quoted
 * text or a Type B envelope), whatever type the subject names.
 */
import type { Issue, MessageType } from '../types';
import { MESSAGE_TYPES } from '../types';
import { isSitatexStart } from './sitatex';

export interface EmailInput {
  subject?: string;
  body: string;
}

export interface EmailExtract {
  /** The telegram text (envelope included when there is one). */
  text: string;
  /** Number of body lines before the telegram (add to a line number to point into the body). */
  lineOffset: number;
  /** The type the subject names, if any. */
  subjectType?: MessageType;
  issues: Issue[];
}

const SMI_LINE = /^([A-Z]{3})(?:\/\d{1,3})?$/;
/** Every type whose text opens with a standard message identifier line (an SSIM file does not). */
const CIMP_SMI = new Set<string>(MESSAGE_TYPES.filter((t) => t !== 'SSIM'));
const ADDRESS_LINE = /^(?:Q[A-Z] )?[A-Z0-9]{7,8}(?: [A-Z0-9]{7,8})*$/;

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** Splits a raw RFC 822 message into subject and body; a text without headers is all body. */
export function splitEmail(raw: string): EmailInput {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  if (end === -1 || !/^[A-Za-z-]+: /.test(text)) return { body: text };
  const head = text.slice(0, end).replace(/\n[ \t]+/g, ' ');
  let body = text.slice(end + 2);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1];
  if (/^Content-Transfer-Encoding: *quoted-printable/im.test(head)) body = decodeQuotedPrintable(body);
  return subject === undefined ? { body } : { subject, body };
}

/** The first message type named in a subject line (`FW: FWB 555-12345675`). */
export function subjectType(subject: string): MessageType | undefined {
  for (const word of subject.toUpperCase().split(/[^A-Z]+/)) {
    if ((MESSAGE_TYPES as readonly string[]).includes(word)) return word as MessageType;
  }
  return undefined;
}

function isStart(lines: readonly string[], i: number): boolean {
  const t = (lines[i] ?? '').trim().toUpperCase();
  const m = SMI_LINE.exec(t);
  if (m && CIMP_SMI.has(m[1] ?? '')) return true;
  if (t === 'PDM' && SMI_LINE.test((lines[i + 1] ?? '').trim().toUpperCase())) return true;
  if (t.startsWith('1AIRLINE STANDARD SCHEDULE')) return true;
  if (isSitatexStart(t)) return true;
  if (t === 'MVA') return true;
  if (t === 'COR' && /^(MVT|MVA|LDM|CPM|UCM)$/.test((lines[i + 1] ?? '').trim().toUpperCase())) return true;
  if (ADDRESS_LINE.test(t.replace(/\s+/g, ' '))) return /^\.[A-Z0-9]{7,8}\b/.test((lines[i + 1] ?? '').trim());
  return false;
}

/**
 * Finds the telegram in an e-mail body. The subject may name another type than the body holds
 * (a forwarded FWB thread carrying an FSU): the body wins and a SUBJECT_MISMATCH warning says so
 * once the caller knows the detected type (see `parseEmail`).
 */
export function extractFromEmail(input: EmailInput | string): EmailExtract {
  const mail = typeof input === 'string' ? splitEmail(input) : input;
  const lines = mail.body
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.replace(/^(?:> ?)+/, ''));
  const issues: Issue[] = [];
  let start = lines.findIndex((_, i) => isStart(lines, i));
  if (start === -1) start = 0;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const t = lines[i] ?? '';
    if (t === '-- ' || t.trim() === 'NNNN' || /^-{2,} ?Original Message/i.test(t.trim())) {
      end = t.trim() === 'NNNN' ? i + 1 : i;
      break;
    }
  }
  const result: EmailExtract = { text: lines.slice(start, end).join('\n'), lineOffset: start, issues };
  const named = mail.subject === undefined ? undefined : subjectType(mail.subject);
  if (named !== undefined) result.subjectType = named;
  return result;
}
