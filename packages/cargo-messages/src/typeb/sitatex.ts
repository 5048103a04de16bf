/**
 * SITATEX-style envelope, as SITATEX and compatible desktop gateways write telegram files: keyword
 * lines starting with `=`, each followed by its value lines, the telegram text after `=TEXT`.
 *
 * =HEADER
 * RCV,2026/11/05 12:30
 * =PRIORITY
 * QK
 * =DESTINATION TYPE B
 * STX,LEDFFSU
 * STX,MOWFMSU
 * =ORIGIN
 * MOWRMSU
 * =DBLSIG
 * JS
 * =MSGID
 * 051230
 * =SMI
 * FSU
 * =TEXT
 * FSU/15
 * ...
 */
import { Issues } from '../issues';
import type { TypeBEnvelope, Unwrapped } from './envelope';

const KEYWORDS = ['HEADER', 'PRIORITY', 'DESTINATION TYPE B', 'ORIGIN', 'DBLSIG', 'MSGID', 'SMI', 'TEXT'] as const;
type Keyword = (typeof KEYWORDS)[number];

const KEYWORD_LINE = /^=([A-Z][A-Z ]*[A-Z])\s*$/;
const ADDRESS = /^[A-Z0-9]{7,8}$/;

function keywordOf(line: string): string | null {
  const m = KEYWORD_LINE.exec(line.trim().toUpperCase());
  return m ? (m[1] ?? '').replace(/\s+/g, ' ') : null;
}

/** True when the line opens a SITATEX envelope (`=HEADER`, `=PRIORITY`, `=DESTINATION TYPE B`, ...). */
export function isSitatexStart(line: string): boolean {
  const k = keywordOf(line);
  return k !== null && (KEYWORDS as readonly string[]).includes(k) && k !== 'TEXT';
}

/** Reads the SITATEX keyword block starting at line index `start`; the body is the text after `=TEXT`. */
export function unwrapSitatex(lines: readonly string[], start: number): Unwrapped {
  const issues = new Issues();
  const values = new Map<Keyword, { no: number; text: string }[]>();
  let current: Keyword | null = null;
  let i = start;
  let textAt = -1;
  for (; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const k = keywordOf(raw);
    if (k !== null) {
      if (k === 'TEXT') {
        textAt = i;
        break;
      }
      if ((KEYWORDS as readonly string[]).includes(k)) {
        current = k as Keyword;
        if (!values.has(current)) values.set(current, []);
      } else {
        current = null;
        issues.warn(i + 1, 1, 'BAD_ENVELOPE', `SITATEX section =${k} not understood; its lines are ignored`);
      }
      continue;
    }
    const t = raw.trim();
    if (t === '' || current === null) continue;
    values.get(current)?.push({ no: i + 1, text: t.toUpperCase() });
  }
  const env: TypeBEnvelope = { format: 'sitatex', addresses: [], origin: '' };
  const first = (k: Keyword) => values.get(k)?.[0];
  const header = first('HEADER');
  if (header) env.header = header.text;
  const priority = first('PRIORITY');
  if (priority) {
    if (/^Q[A-Z]$/.test(priority.text)) env.priority = priority.text;
    else issues.warn(priority.no, 1, 'BAD_ENVELOPE', `Priority should be QU, QK, QD, ...: ${priority.text}`);
  }
  for (const v of values.get('DESTINATION TYPE B') ?? []) {
    for (const item of v.text.split(/\s+/)) {
      // `STX,LEDFFSU` (channel, address) or a bare address.
      const address = item.includes(',') ? (item.split(',').pop() ?? '') : item;
      if (ADDRESS.test(address)) {
        env.addresses.push(address);
        if (address.length !== 7)
          issues.warn(v.no, 1, 'BAD_ADDRESS', `Type B address should have 7 characters: ${address}`);
      } else if (address !== '') {
        issues.error(v.no, 1, 'BAD_ADDRESS', `Not a Type B address: ${address}`);
      }
    }
  }
  if (env.addresses.length === 0)
    issues.error(start + 1, 1, 'BAD_ENVELOPE', 'SITATEX envelope without a =DESTINATION TYPE B address');
  const origin = first('ORIGIN');
  if (origin && ADDRESS.test(origin.text)) env.origin = origin.text;
  else if (origin) issues.error(origin.no, 1, 'BAD_ADDRESS', `Origin is not a Type B address: ${origin.text}`);
  else issues.error(start + 1, 1, 'BAD_ENVELOPE', 'SITATEX envelope without =ORIGIN');
  const dblsig = first('DBLSIG');
  if (dblsig) {
    if (/^[A-Z]{2}$/.test(dblsig.text)) env.doubleSignature = dblsig.text;
    else issues.warn(dblsig.no, 1, 'BAD_ENVELOPE', `Double signature should be 2 letters: ${dblsig.text}`);
  }
  const msgid = first('MSGID');
  if (msgid) env.messageId = msgid.text.slice(0, 100);
  const smi = first('SMI');
  if (smi) env.smi = smi.text.slice(0, 20);
  if (textAt === -1) {
    issues.error(start + 1, 1, 'BAD_ENVELOPE', 'SITATEX envelope without =TEXT');
    const out = lines.map(() => '');
    return { envelope: env, body: out.join('\n'), bodyLine: lines.length + 1, issues: issues.sorted() };
  }
  const out = lines.slice();
  for (let k = 0; k <= textAt; k++) out[k] = '';
  for (let k = out.length - 1; k > textAt; k--) {
    const t = (out[k] ?? '').trim();
    if (t === '') continue;
    if (t === 'NNNN') {
      env.nnnn = true;
      out[k] = '';
    }
    break;
  }
  return { envelope: env, body: out.join('\n'), bodyLine: textAt + 2, issues: issues.sorted() };
}

/** Puts a message text into a SITATEX envelope. */
export function wrapSitatex(body: string, env: TypeBEnvelope, newline: '\n' | '\r\n' = '\n'): string {
  const lines: string[] = ['=HEADER'];
  if (env.header) lines.push(env.header);
  if (env.priority) lines.push('=PRIORITY', env.priority);
  lines.push('=DESTINATION TYPE B', ...env.addresses.map((a) => `STX,${a}`));
  lines.push('=ORIGIN', env.origin);
  if (env.doubleSignature) lines.push('=DBLSIG', env.doubleSignature);
  if (env.messageId) lines.push('=MSGID', env.messageId);
  if (env.smi) lines.push('=SMI', env.smi);
  lines.push('=TEXT');
  if (env.identity) {
    // The identity (date-time group) belongs to a Type B heading: written at the start of the text.
    lines.push(`${env.priority ? `${env.priority} ` : ''}${env.addresses.slice(0, 8).join(' ')}`);
    lines.push(`.${env.origin} ${env.doubleSignature ? `${env.doubleSignature}/` : ''}${env.identity}`);
  }
  const text = body.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  lines.push(...text.split('\n'));
  if (env.nnnn) lines.push('NNNN');
  return lines.join(newline) + newline;
}
