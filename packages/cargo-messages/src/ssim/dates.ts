/** Dates and times in SSIM form: DDMMMYY (and DDMMM in SSM/ASM), days of operation. */
import { isIsoDate, MONTHS, readDayMonth } from '../calendar';

export { MONTHS };

/** `09JUN05` to `2005-06-09` (two-digit years 70-99 are 19xx); undefined when invalid, `29FEB23` included. */
export function ssimDateToIso(s: string): string | undefined {
  const d = readDayMonth(s, true);
  if (d?.year === undefined) return undefined;
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** `2005-06-09` to `09JUN05`; text that is not an existing ISO date comes back unchanged. */
export function isoToSsimDate(iso: string): string {
  if (!isIsoDate(iso)) return iso;
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
