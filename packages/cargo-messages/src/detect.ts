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

/** Detects the type of a text without envelope. */
export function detectText(text: string): Omit<Detected, 'envelope'> {
  let from = 0;
  let seenPdm = false;
  while (from < text.length) {
    let end = text.indexOf('\n', from);
    if (end === -1) end = text.length;
    const line = text.slice(from, end).trim();
    from = end + 1;
    if (line === '') continue;
    const upper = line.toUpperCase();
    if (upper === 'PDM' && !seenPdm) {
      seenPdm = true;
      continue;
    }
    if (
      upper.startsWith('1AIRLINE STANDARD SCHEDULE') ||
      (upper[0] === '1' && line.length >= 195 && /\d{6}$/.test(line.slice(0, 200)))
    ) {
      return { type: 'SSIM', version: null };
    }
    const m = SMI_RE.exec(upper);
    if (m && isMessageType(m[1] ?? '') && m[1] !== 'SSIM') {
      return { type: m[1] as MessageType, version: m[2] === undefined ? null : Number(m[2]) };
    }
    return { type: null, version: null };
  }
  return { type: null, version: null };
}

export function detect(text: string): Detected {
  const un = unwrap(text);
  return { ...detectText(un.body), envelope: un.envelope !== undefined };
}
