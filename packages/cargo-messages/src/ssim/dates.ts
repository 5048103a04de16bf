/** Dates and times in SSIM form: DDMMMYY (and DDMMM in SSM/ASM), days of operation. */

export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const MONTH_INDEX: Record<string, number> = Object.fromEntries(MONTHS.map((m, i) => [m, i + 1]));
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const ISO_DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `09JUN05` to `2005-06-09` (two-digit years 70-99 are 19xx); undefined when invalid. */
export function ssimDateToIso(s: string): string | undefined {
  if (s.length !== 7) return undefined;
  const dd = s.slice(0, 2);
  const mon = MONTH_INDEX[s.slice(2, 5)];
  const yy = s.slice(5, 7);
  if (mon === undefined || !/^\d\d$/.test(dd) || !/^\d\d$/.test(yy)) return undefined;
  const day = Number(dd);
  if (day < 1 || day > (DAYS_IN_MONTH[mon - 1] ?? 31)) return undefined;
  const y = Number(yy);
  const year = y >= 70 ? 1900 + y : 2000 + y;
  return `${year}-${mon < 10 ? '0' : ''}${mon}-${dd}`;
}

/** `2005-06-09` to `09JUN05`. */
export function isoToSsimDate(iso: string): string {
  const m = ISO_DATE_RE.exec(iso);
  if (!m) return iso;
  return `${iso.slice(8, 10)}${MONTHS[Number(iso.slice(5, 7)) - 1]}${iso.slice(2, 4)}`;
}

/** Positional days of operation (`1 3 56 `) to [1, 3, 5, 6]; `ok` false when a digit is misplaced. */
export function parseDays(s: string): { days: number[]; ok: boolean } {
  const days: number[] = [];
  let ok = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) continue;
    const d = c - 48;
    if (d < 1 || d > 7) {
      ok = false;
      continue;
    }
    if (d !== i + 1) ok = false;
    if (!days.includes(d)) days.push(d);
  }
  if (!ok) days.sort((a, b) => a - b);
  return { days, ok };
}

/** [1, 3, 5, 6] to `1 3 56 `. */
export function formatDays(days: readonly number[]): string {
  let s = '';
  for (let d = 1; d <= 7; d++) s += days.includes(d) ? String(d) : ' ';
  return s;
}

/** Day of week (1 = Monday) of an ISO date. */
export function isoWeekday(iso: string): number {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
