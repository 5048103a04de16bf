/**
 * Line tokenizer shared by every Cargo-IMP type: splits text into trimmed lines (keeping the
 * physical line number), groups a line with the `/` continuation lines that follow it, splits
 * elements and merges multi-part messages (PART/n/CONT|LAST).
 */
import type { Issues } from '../issues';
import { stripControl } from '../text';
import { clean } from './writer';

export interface Line {
  /** 1-based physical line number in the original text. */
  no: number;
  /** Trimmed text. */
  text: string;
  /** 1-based column where `text` starts in the physical line. */
  col: number;
  /** Start offsets of the `/`-separated elements, computed on first use. */
  starts?: number[];
}

export interface Group {
  /** Three-letter line identifier, or '' when the line has none (AWB line, flight line, ...). */
  id: string;
  lines: Line[];
  /** Number of joined elements before each line, computed on first use. */
  before?: number[];
}

/** Splits on LF (CR, trailing and leading blanks dropped); empty lines are skipped. */
export function splitLines(text: string): Line[] {
  const src = stripControl(text);
  const out: Line[] = [];
  const n = src.length;
  let start = 0;
  let no = 0;
  while (start < n) {
    let end = src.indexOf('\n', start);
    if (end === -1) end = n;
    no++;
    const raw = src.slice(start, end);
    const t = raw.trim();
    if (t.length > 0) out.push({ no, text: t, col: raw.length - raw.trimStart().length + 1 });
    start = end + 1;
  }
  return out;
}

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

/** The 3-letter identifier that starts a line (`SHP`, `RTD/...`), or ''. */
export function lineId(text: string): string {
  if (text.length < 3) return '';
  if (!isUpper(text.charCodeAt(0)) || !isUpper(text.charCodeAt(1)) || !isUpper(text.charCodeAt(2))) return '';
  if (text.length > 3 && text.charCodeAt(3) !== 47) return '';
  return text.slice(0, 3);
}

/** Groups lines: a line starting with `/` continues the previous one. */
export function groupLines(lines: readonly Line[], issues: Issues): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  for (const line of lines) {
    if (line.text.charCodeAt(0) === 47) {
      if (current) current.lines.push(line);
      else issues.warn(line.no, line.col, 'ORPHAN_CONTINUATION', 'Continuation line with no line to continue; ignored');
      continue;
    }
    current = { id: lineId(line.text), lines: [line] };
    groups.push(current);
  }
  return groups;
}

/** Elements of a line split on `/`. For a continuation line the first element is ''. */
export function parts(line: Line): string[] {
  return line.text.split('/');
}

/** Elements after the line identifier (head) or after the leading slash (continuation). */
export function tail(line: Line): string[] {
  const p = line.text.split('/');
  p.shift();
  return p;
}

/** Text after the first `/` (free text keeps any further slashes). */
export function after(line: Line): string {
  const i = line.text.indexOf('/');
  return i === -1 ? '' : line.text.slice(i + 1);
}

/** All elements of a group as one logical line (head elements after the id, then continuations). */
export function joined(group: Group): string[] {
  const out: string[] = [];
  for (const line of group.lines) {
    const p = line.text.split('/');
    for (let i = 1; i < p.length; i++) out.push(p[i] ?? '');
  }
  return out;
}

function starts(line: Line): number[] {
  if (line.starts) return line.starts;
  const out = [0];
  const t = line.text;
  for (let i = t.indexOf('/'); i !== -1; i = t.indexOf('/', i + 1)) out.push(i + 1);
  line.starts = out;
  return out;
}

/** 1-based column of the element at `index` within a line. */
export function colAt(line: Line, index: number): number {
  const s = starts(line);
  return line.col + (s[index] ?? line.text.length);
}

/** Line and column of the n-th element of a joined group. */
export function joinedAt(group: Group, index: number): { line: Line; col: number } {
  if (!group.before) {
    const before: number[] = [];
    let n = 0;
    for (const line of group.lines) {
      before.push(n);
      n += starts(line).length - 1;
    }
    group.before = before;
  }
  const before = group.before;
  let lo = 0;
  let hi = before.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((before[mid] ?? 0) <= index) lo = mid;
    else hi = mid - 1;
  }
  const line = group.lines[lo] ?? { no: 1, text: '', col: 1 };
  return { line, col: colAt(line, index - (before[lo] ?? 0) + 1) };
}

export interface Smi {
  type: string;
  version: number | null;
}

const SMI_RE = /^([A-Z]{3})(?:\/(\d{1,3}))?$/;

export function parseSmi(text: string): Smi | null {
  const m = SMI_RE.exec(text);
  if (!m) return null;
  return { type: m[1] ?? '', version: m[2] === undefined ? null : Number(m[2]) };
}

/** Warns about lines over 69 characters and characters outside printable 7-bit ASCII. */
export function checkLines(lines: readonly Line[], issues: Issues, maxLength = 69): void {
  let lowerReported = false;
  for (const line of lines) {
    const t = line.text;
    if (t.length > maxLength) {
      issues.warn(
        line.no,
        line.col + maxLength,
        'LINE_TOO_LONG',
        `Line has ${t.length} characters (at most ${maxLength})`,
      );
    }
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c < 32 || c > 126) {
        issues.warn(line.no, line.col + i, 'BAD_CHARACTER', `Character outside the Cargo-IMP set: U+${c.toString(16)}`);
        break;
      }
      if (c >= 97 && c <= 122 && !lowerReported) {
        lowerReported = true;
        issues.warn(line.no, line.col + i, 'BAD_CHARACTER', 'Lower-case letters read as upper case');
      }
    }
  }
}

export interface Prepared {
  smi: Smi;
  smiLine: Line;
  /** Lines after the SMI (PDM removed, upper-cased). */
  body: Line[];
  possibleDuplicate: boolean;
}

/**
 * Common start of every Cargo-IMP parser: lines, optional PDM, the SMI line and its version.
 * Returns null (with an EMPTY error) for a text without any line.
 */
export function prepare(
  text: string,
  types: readonly string[],
  issues: Issues,
  known: readonly number[] = [],
): Prepared | null {
  const all = splitLines(text);
  checkLines(all, issues);
  for (const line of all) {
    if (/[^\x20-\x60\x7b-\x7e]/.test(line.text)) line.text = clean(line.text, true);
  }
  if (all.length === 0) {
    issues.error(1, 1, 'EMPTY', 'The message is empty');
    return null;
  }
  let i = 0;
  let possibleDuplicate = false;
  if (all[0]?.text === 'PDM') {
    possibleDuplicate = true;
    i = 1;
  }
  const first = all[i];
  if (!first) {
    issues.error(1, 1, 'EMPTY', 'The message has no text after PDM');
    return null;
  }
  const smi = parseSmi(first.text);
  const wanted = types.join(' or ');
  if (!smi) {
    issues.error(first.no, first.col, 'BAD_HEADER', `First line must be the message identifier (${wanted})`);
    return { smi: { type: types[0] ?? '', version: null }, smiLine: first, body: all.slice(i), possibleDuplicate };
  }
  if (!types.includes(smi.type)) {
    issues.error(first.no, first.col, 'BAD_HEADER', `Expected ${wanted}, found ${smi.type}`);
  }
  const newest = Math.max(...known);
  if (smi.version !== null && known.length > 0 && smi.version > newest) {
    issues.warn(first.no, first.col + 4, 'UNSUPPORTED_VERSION', `${smi.type}/${smi.version} read as version ${newest}`);
  }
  return { smi, smiLine: first, body: all.slice(i + 1), possibleDuplicate };
}

const PART_RE = /^PART\/(\d{1,3})\/(CONT|LAST)$/;

/**
 * Merges a message split with method 2: each part ends with PART/n/CONT (or PART/n/LAST) and
 * each following part repeats the SMI and the first text line, which are dropped here.
 */
export function mergeParts(body: readonly Line[], smiType: string, issues: Issues): Line[] {
  const out: Line[] = [];
  let expected = 1;
  let pendingCont: Line | undefined;
  let sawPart = false;
  for (let i = 0; i < body.length; i++) {
    const line = body[i] as Line;
    const m = PART_RE.exec(line.text);
    if (!m) {
      out.push(line);
      continue;
    }
    sawPart = true;
    const n = Number(m[1]);
    if (n !== expected) {
      issues.warn(line.no, line.col + 5, 'PART_SEQUENCE', `Part ${n} found where part ${expected} was expected`);
    }
    expected = n + 1;
    if (m[2] === 'LAST') {
      pendingCont = undefined;
      continue;
    }
    pendingCont = line;
    const next = body[i + 1];
    if (next && parseSmi(next.text)?.type === smiType) {
      i += 2;
      // The repeated first text line, with any continuation lines it has.
      while (body[i + 1]?.text.charCodeAt(0) === 47) i++;
      pendingCont = next;
    }
  }
  if (sawPart && pendingCont) {
    issues.warn(pendingCont.no, pendingCont.col, 'INCOMPLETE', 'The message continues in a part that is missing');
  }
  return out;
}
