/** Calendar arithmetic on ISO dates (`YYYY-MM-DD`) in UTC: no time zones here, those are `@aircargo/domain/time`'s. */
const DAY_MS = 86_400_000;

export function dateToDay(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

const dateCache = new Map<number, string>();

export function dayToDate(day: number): string {
  let s = dateCache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dateCache.size < 100_000) dateCache.set(day, s);
  }
  return s;
}

export function addDays(iso: string, n: number): string {
  return dayToDate(dateToDay(iso) + n);
}

/** 1 = Monday ... 7 = Sunday. */
export function weekdayOfDay(day: number): number {
  // 1970-01-01 (day 0) was a Thursday (4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** `YYYY-MM-DDTHH:mm:00Z` of a day number and minutes after its midnight (minutes may exceed a day or be negative). */
export function instant(day: number, minutes: number): string {
  const d = day + Math.floor(minutes / 1440);
  const m = minutes - (d - day) * 1440;
  const h = Math.floor(m / 60);
  const mm = m % 60;
  return `${dayToDate(d)}T${h < 10 ? '0' : ''}${h}:${mm < 10 ? '0' : ''}${mm}:00Z`;
}

export function hhmmToMinutes(t: string): number {
  return Number(t.slice(0, 2)) * 60 + Number(t.slice(2, 4));
}
