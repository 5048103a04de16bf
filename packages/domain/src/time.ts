import { DateTime, IANAZone } from 'luxon';

/**
 * Local wall-clock time at an airport <-> UTC instants (decision 006). Flights are entered and shown in the local time
 * of their airports, stored and compared in UTC; an airport's zone is its IANA name (`Europe/Moscow`). Both server and
 * web import these helpers, so the two sides cannot convert differently.
 *
 * Around a daylight-saving change a wall-clock time may not exist (the spring-forward gap) or exist twice (the
 * fall-back overlap). By default a time in a gap is moved forward by the gap's length, as Luxon does, and a time in an
 * overlap means its first occurrence (the earlier instant); `gap: 'reject'` and `overlap: 'later' | 'reject'` change that.
 */

/** `YYYY-MM-DDTHH:mm` or with seconds; no offset (it is the zone's to give). */
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

export class TimeZoneError extends Error {
  constructor(
    readonly reason: 'zone' | 'format' | 'gap' | 'overlap',
    message: string,
  ) {
    super(message);
    this.name = 'TimeZoneError';
  }
}

export interface LocalToUtcOptions {
  /** A wall-clock time skipped by a DST change: move it forward by the gap (default) or refuse it. */
  gap?: 'forward' | 'reject';
  /** A wall-clock time that occurs twice: the first occurrence (default), the second, or refuse it. */
  overlap?: 'earlier' | 'later' | 'reject';
}

/** Zones found valid: Luxon builds an Intl formatter on every check, which lists of hundreds of times would repeat. */
const validZones = new Set<string>();

export function isValidZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  const valid = IANAZone.isValidZone(zone);
  if (valid) validZones.add(zone);
  return valid;
}

function checkZone(zone: string): void {
  if (!isValidZone(zone)) throw new TimeZoneError('zone', `unknown time zone: ${zone}`);
}

/** How the wall-clock time falls in its zone: a plain time, in a gap, or in an overlap (with both instants). */
export function classifyLocal(
  local: string,
  zone: string,
): { kind: 'plain' | 'gap' | 'overlap'; instants: DateTime[] } {
  checkZone(zone);
  if (!LOCAL.test(local)) throw new TimeZoneError('format', `not a local date and time: ${local}`);
  const parsed = DateTime.fromISO(local, { zone });
  if (!parsed.isValid) throw new TimeZoneError('format', `not a local date and time: ${local}`);
  const wall = DateTime.fromISO(local, { zone: 'UTC' });
  const matches = parsed
    .getPossibleOffsets()
    .filter((dt) => dt.toFormat("yyyy-MM-dd'T'HH:mm:ss") === wall.toFormat("yyyy-MM-dd'T'HH:mm:ss"))
    .sort((a, b) => a.toMillis() - b.toMillis());
  if (matches.length === 0) return { kind: 'gap', instants: [parsed] };
  return { kind: matches.length > 1 ? 'overlap' : 'plain', instants: matches };
}

/** The UTC instant (ISO, `Z`) of a wall-clock time in an IANA zone. */
export function localToUtc(local: string, zone: string, options: LocalToUtcOptions = {}): string {
  const { kind, instants } = classifyLocal(local, zone);
  let chosen = instants[0]!;
  if (kind === 'gap') {
    if (options.gap === 'reject') {
      throw new TimeZoneError('gap', `${local} does not exist in ${zone} (clocks move forward)`);
    }
    // Luxon has moved a time in the gap forward by the gap's length (02:30 on a 02:00 -> 03:00 night is 03:30).
  } else if (kind === 'overlap') {
    if (options.overlap === 'reject') {
      throw new TimeZoneError('overlap', `${local} occurs twice in ${zone} (clocks move back)`);
    }
    chosen = options.overlap === 'later' ? instants[instants.length - 1]! : instants[0]!;
  }
  return chosen.toUTC().toISO({ suppressMilliseconds: true })!;
}

/** The wall-clock time (`YYYY-MM-DDTHH:mm`) of a UTC instant in an IANA zone. */
export function utcToLocal(utc: string | Date, zone: string): string {
  return inZone(utc, zone).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The local calendar date of a UTC instant in a zone: across the date line it differs from the UTC date. */
export function localDate(utc: string | Date, zone: string): string {
  return inZone(utc, zone).toFormat('yyyy-MM-dd');
}

/** The zone's offset from UTC at that instant, in minutes (Moscow +180, New York -300 or -240). */
export function utcOffsetMinutes(utc: string | Date, zone: string): number {
  return inZone(utc, zone).offset;
}

/** Whole calendar days from one local date to another (`2026-03-28` -> `2026-03-29` is 1, whatever the DST). */
export function daysBetween(fromDate: string, toDate: string): number {
  const a = DateTime.fromISO(fromDate, { zone: 'UTC' });
  const b = DateTime.fromISO(toDate, { zone: 'UTC' });
  if (!a.isValid || !b.isValid) throw new TimeZoneError('format', `not a date: ${a.isValid ? toDate : fromDate}`);
  return Math.round(b.diff(a, 'days').days);
}

function inZone(utc: string | Date, zone: string): DateTime {
  checkZone(zone);
  const instant = utc instanceof Date ? DateTime.fromJSDate(utc) : DateTime.fromISO(utc, { setZone: true });
  if (!instant.isValid || (typeof utc === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/.test(utc))) {
    throw new TimeZoneError('format', `not a UTC instant: ${String(utc)}`);
  }
  return instant.setZone(zone);
}
