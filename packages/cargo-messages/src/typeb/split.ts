/**
 * Splits a file or mail holding several telegrams into single telegram texts: SITATEX blocks each
 * start with `=HEADER`; Type B telegrams end with `NNNN` or start with a new `QU`/`QK`/... heading
 * (address line(s) then `.ORIGIN` line) after an empty line, `NNNN` or `ZCZC`.
 */
import { stripControl } from '../text';

export interface SplitTelegram {
  /** The telegram's own lines (leading and trailing empty lines removed), joined with LF. */
  text: string;
  /** 1-based line of the input where the telegram starts. */
  line: number;
}

const PRIORITY_ADDRESS_LINE = /^Q[A-Z] [A-Z0-9]{7,8}(?: [A-Z0-9]{7,8})*$/;
const ADDRESS_LINE = /^[A-Z0-9]{7,8}(?: [A-Z0-9]{7,8})*$/;
const ORIGIN_LINE = /^\.[A-Z0-9]{7,8}(?: .*)?$/;

function norm(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/** A Type B heading starts at line `i`: a priority + addresses line, more address lines, the origin line. */
function headingAt(lines: readonly string[], i: number): boolean {
  if (!PRIORITY_ADDRESS_LINE.test(norm(lines[i] ?? ''))) return false;
  let j = i + 1;
  while (j < lines.length && ADDRESS_LINE.test(norm(lines[j] ?? ''))) j++;
  return ORIGIN_LINE.test(norm(lines[j] ?? ''));
}

/** The telegrams in a text holding one or several of them, with their starting line numbers. */
export function splitTelegrams(input: string): SplitTelegram[] {
  const lines = stripControl(input)
    .split('\n')
    .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const out: SplitTelegram[] = [];
  let from = 0;
  let sitatex = false;
  const flush = (to: number) => {
    let a = from;
    let b = to;
    while (a < b && (lines[a] ?? '').trim() === '') a++;
    while (b > a && (lines[b - 1] ?? '').trim() === '') b--;
    if (b > a) out.push({ text: lines.slice(a, b).join('\n'), line: a + 1 });
    from = to;
  };
  const hasContent = (to: number) => {
    for (let k = from; k < to; k++) {
      const t = (lines[k] ?? '').trim();
      if (t !== '' && !/^ZCZC\b/.test(t)) return true;
    }
    return false;
  };
  for (let i = 0; i < lines.length; i++) {
    const t = norm(lines[i] ?? '').toUpperCase();
    if (t === '=HEADER') {
      if (hasContent(i)) flush(i);
      else from = Math.min(from, i);
      sitatex = true;
      continue;
    }
    if (sitatex) continue;
    if (t === 'NNNN') {
      flush(i + 1);
      continue;
    }
    if (/^ZCZC\b/.test(t) && hasContent(i)) {
      flush(i);
      continue;
    }
    if (hasContent(i) && headingAt(lines, i)) {
      const prev = norm(lines[i - 1] ?? '');
      if (prev === '' || /^ZCZC\b/.test(prev)) flush(/^ZCZC\b/.test(prev) ? i - 1 : i);
    }
  }
  flush(lines.length);
  return out;
}
