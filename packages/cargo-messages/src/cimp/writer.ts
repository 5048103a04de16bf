/**
 * Output side of Cargo-IMP: character set, 69-character lines with `/` continuation lines and
 * the split of messages over 3,500 characters.
 */

export const MAX_LINE = 69;
export const MAX_MESSAGE = 3500;

export interface GenerateOptions {
  /** Line separator of the output. Default '\n'. */
  newline?: '\n' | '\r\n';
  /** Maximum characters per message part. Default 3500. */
  maxLength?: number;
  /** Restrict text to A-Z, 0-9, space, `.` and `-` (pre-32nd edition receivers). Default false. */
  strictCharset?: boolean;
}

const COMBINING = /[\u0300-\u036f]/g;

/**
 * Upper-cases, strips accents and replaces characters outside printable 7-bit ASCII by a blank
 * (`/` too, unless `keepSlash`); with `strict`, only A-Z 0-9 space `.` `-` are kept.
 */
export function clean(s: string, keepSlash = false, strict = false): string {
  let t = s.toUpperCase();
  let plain = true;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 32 || c > 126 || (c === 47 && !keepSlash) || (strict && !isStrict(c))) {
      plain = false;
      break;
    }
  }
  if (plain) return t.trim();
  t = t.normalize('NFD').replace(COMBINING, '');
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    const ok = c >= 32 && c <= 126 && (c !== 47 || keepSlash) && (!strict || isStrict(c));
    out += ok ? t[i] : ' ';
  }
  return out.trim();
}

function isStrict(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 32 || c === 46 || c === 45 || c === 47;
}

/** Splits a line over 69 characters at element boundaries into `/` continuation lines. */
export function fitLine(line: string, max = MAX_LINE): string[] {
  if (line.length <= max) return [line];
  const out: string[] = [];
  let rest = line;
  while (rest.length > max) {
    let cut = rest.lastIndexOf('/', max);
    if (cut <= 0) cut = max;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  out.push(rest);
  return out;
}

/** A unit is a line with its continuation lines: parts never split a unit. */
export type Unit = string[];

const size = (lines: readonly string[]): number => lines.reduce((n, l) => n + l.length + 1, 0);

/**
 * Method 2 split (every type but FFM, FBL): each part ends with PART/n/CONT or PART/n/LAST and
 * each following part repeats the SMI and the first text line.
 */
export function splitMethod2(smi: string, units: readonly Unit[], maxLength = MAX_MESSAGE): string[][] {
  const all = [smi, ...units.flat()];
  if (size(all) <= maxLength) return [all];
  const first = units[0] ?? [];
  const repeat = first.slice(0, 1);
  const parts: string[][] = [];
  let current = [smi, ...first];
  const partLine = 12;
  for (const unit of units.slice(1)) {
    if (size(current) + size(unit) + partLine > maxLength && current.length > 1 + first.length) {
      parts.push(current);
      current = [smi, ...repeat];
    }
    current.push(...unit);
  }
  parts.push(current);
  return parts.map((p, k) => [...p, `PART/${k + 1}/${k === parts.length - 1 ? 'LAST' : 'CONT'}`]);
}

/** Joins the lines of each part; parts are separated by an empty line. */
export function render(parts: readonly (readonly string[])[], options: GenerateOptions = {}): string {
  const nl = options.newline ?? '\n';
  const strict = options.strictCharset === true;
  const lines = (p: readonly string[]) => (strict ? p.map((l) => l.replace(/[^A-Z0-9 ./-]/g, ' ')) : p);
  return parts.map((p) => lines(p).join(nl)).join(nl + nl) + nl;
}

/** Fits every line of every unit to 69 characters. */
export function fitUnits(units: readonly Unit[]): Unit[] {
  return units.map((u) => u.flatMap((l) => fitLine(l)));
}

/** Keys whose text may contain `/` (whole-line free text). */
const FREE_KEYS = new Set(['osi', 'ssr', 'freeText', 'reasons', 'si']);
/** Keys copied verbatim. */
const VERBATIM_KEYS = new Set(['raw', 'received']);

/**
 * Returns a copy of a model with every text value upper-cased and kept to printable ASCII
 * (and without `/` except in free text), so the output stays in the Cargo-IMP character set.
 */
export function sanitize<T>(model: T): T {
  return walk(model, false) as T;
}

function walk(value: unknown, keepSlash: boolean): unknown {
  if (typeof value === 'string') return clean(value, keepSlash);
  if (Array.isArray(value)) return value.map((v) => walk(v, keepSlash));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = VERBATIM_KEYS.has(k) ? v : walk(v, keepSlash || FREE_KEYS.has(k));
    }
    return out;
  }
  return value;
}
