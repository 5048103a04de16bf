/** Names the type and version of a message, also inside a Type B envelope. */

import { unwrap } from './typeb/envelope';
import { isMessageType, type MessageType } from './types';

export interface Detected {
  type: MessageType | null;
  version: number | null;
  /** The text starts with a Type B envelope. */
  envelope: boolean;
}

const SMI_RE = /^([A-Z]{3})(?:\/(\d{1,3}))?$/;
/** A flight leg record (type 3) of an SSIM file: airline, flight number, period DDMMMYY twice. */
const SSIM_LEG_RE = /^3[ A-Z][A-Z0-9]{2}[A-Z ][ \d]{4}\d{2}\d{2}[A-Z ](\d{2}[A-Z]{3}\d{2}|00XXX00){2}/;
/** A carrier record (type 2): time mode, airline. */
const SSIM_CARRIER_RE = /^2[UL][A-Z0-9]{2}[A-Z ]/;

function isSsimRecord(line: string): boolean {
  if (line.startsWith('1AIRLINE STANDARD SCHEDULE')) return true;
  if (line[0] === '1') return line.length >= 195 && /\d{6}$/.test(line.slice(0, 200));
  if (line.length < 72) return false;
  return SSIM_LEG_RE.test(line) || (SSIM_CARRIER_RE.test(line) && /\d{2}[A-Z]{3}\d{2}/.test(line.slice(14, 21)));
}

/** Detects the type of a text without envelope. */
export function detectText(text: string): Omit<Detected, 'envelope'> {
  const d = locateType(text);
  return { type: d.type, version: d.version };
}

/** `detectText` plus the 1-based line of the message identifier (SMI, first SSIM record). */
export function locateType(text: string): Omit<Detected, 'envelope'> & { line?: number } {
  let from = 0;
  let no = 0;
  let seenPdm = false;
  let seenCor = false;
  while (from < text.length) {
    let end = text.indexOf('\n', from);
    if (end === -1) end = text.length;
    const line = text.slice(from, end).trim();
    from = end + 1;
    no++;
    if (line === '') continue;
    const upper = line.toUpperCase();
    if (upper === 'PDM' && !seenPdm) {
      seenPdm = true;
      continue;
    }
    // AHM corrections may put COR before the identifier line.
    if (upper === 'COR' && !seenCor) {
      seenCor = true;
      continue;
    }
    if (isSsimRecord(upper)) {
      return { type: 'SSIM', version: null, line: no };
    }
    // MVA: the aircraft-initiated (ACARS) form of MVT, same layout (AHM 780).
    if (upper === 'MVA') return { type: 'MVT', version: null, line: no };
    const m = SMI_RE.exec(upper);
    if (m && isMessageType(m[1] ?? '') && m[1] !== 'SSIM') {
      return { type: m[1] as MessageType, version: m[2] === undefined ? null : Number(m[2]), line: no };
    }
    return { type: null, version: null };
  }
  return { type: null, version: null };
}

export function detect(text: string): Detected {
  const un = unwrap(text);
  return { ...detectText(un.body), envelope: un.envelope !== undefined };
}
