/** UTC and local time mode of SSIM legs. */
import type { SsimLeg } from './file';

export interface LegUtcTimes {
  /** Aircraft departure time in UTC (HHMM) and days relative to the period date. */
  departure: string;
  departureDayShift: number;
  arrival: string;
  arrivalDayShift: number;
}

function toUtc(time: string, offset: string, variation: number, mode: 'U' | 'L'): { time: string; shift: number } {
  let minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(2, 4));
  if (mode === 'L') {
    const sign = offset.startsWith('-') ? -1 : 1;
    minutes -= sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  }
  const shift = Math.floor(minutes / 1440);
  const m = minutes - shift * 1440;
  const hh = String(Math.floor(m / 60)).padStart(2, '0');
  const mm = String(m % 60).padStart(2, '0');
  return { time: `${hh}${mm}`, shift: shift + variation };
}

/**
 * The aircraft departure and arrival of a leg in UTC. In UTC mode (`U`) the record times already
 * are UTC; in local mode (`L`) the UTC offsets of the stations are applied. Day shifts include the
 * leg's date variation.
 */
export function legTimesUtc(leg: SsimLeg, timeMode: 'U' | 'L'): LegUtcTimes {
  const d = toUtc(leg.aircraftStd, leg.departureUtcOffset, leg.dateVariation.departure, timeMode);
  const a = toUtc(leg.aircraftSta, leg.arrivalUtcOffset, leg.dateVariation.arrival, timeMode);
  return { departure: d.time, departureDayShift: d.shift, arrival: a.time, arrivalDayShift: a.shift };
}
