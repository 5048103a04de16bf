import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

export const DATE_FORMAT = 'DD.MM.YYYY';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

/** A calendar date without a time (zod's ISO date validator: a real day). */
const DATE_ONLY = z.iso.date();

export interface TimeDisplay {
  /** Show UTC (the header toggle); otherwise local time. */
  utc: boolean;
  /** IANA zone of the airport the time belongs to; local time is then the airport's, not the viewer's. */
  timeZone?: string | null;
}

/** Reads an ISO value keeping its own offset ("10:00+03:00" stays 10:00 +03:00). */
export function parseKeepingOffset(value: string): Dayjs {
  const offset = /(Z|([+-])(\d{2}):?(\d{2}))$/.exec(value);
  if (!offset) return dayjs(value);
  const minutes = offset[1] === 'Z' ? 0 : (offset[2] === '-' ? -1 : 1) * (Number(offset[3]) * 60 + Number(offset[4]));
  return dayjs(value).utcOffset(minutes);
}

/** Moves an instant into the zone the user asked for. */
export function inDisplayZone(value: string | number | Date | Dayjs, display: TimeDisplay): Dayjs {
  const instant = dayjs(value);
  if (display.utc) return instant.utc();
  if (display.timeZone) {
    try {
      return instant.tz(display.timeZone);
    } catch {
      return instant.local();
    }
  }
  return instant.local();
}

/** Formats a date or date-time; a date without a time is never shifted between zones. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  display: TimeDisplay,
  format = DATE_TIME_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.safeParse(value).success) return dayjs(value).format(DATE_FORMAT);
  const moment = inDisplayZone(value, display);
  return moment.isValid() ? moment.format(format) : String(value);
}

/** The zone label shown next to a time: "UTC", or the offset of the local zone ("UTC+03:00"). */
export function zoneLabel(value: string | number | Date, display: TimeDisplay): string {
  if (display.utc) return 'UTC';
  const offset = inDisplayZone(value, display).format('Z');
  return offset === '+00:00' ? 'UTC+00:00' : `UTC${offset}`;
}
