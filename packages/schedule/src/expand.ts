/**
 * Expansion of schedule definitions into dated legs: SSIM flight-leg records (period, days of operation, frequency
 * rate, times with UTC variations) and regular definitions (weekdays over a period, local times at airports with IANA
 * zones). SSIM records carry the UTC variation valid for their period, so their UTC instants follow from the record
 * (`legTimesUtc`); regular definitions are converted with the zone rules of `@aircargo/domain/time` (decision 006).
 */
import { legTimesUtc, type SsimLeg } from '@aircargo/cargo-messages';
import { localToUtc, TimeZoneError } from '@aircargo/domain/time';
import { dateToDay, dayToDate, hhmmToMinutes, instant, weekdayOfDay } from './dates';
import type { DatedLeg, Zones } from './types';

export interface DateWindow {
  /** First and last flight date (inclusive) to expand; records outside are clipped. */
  from: string;
  to: string;
}

/** The flight dates a period with days of operation and a frequency rate (every n-th week from the period start) gives. */
export function operatingDates(
  periodFrom: string,
  periodTo: string,
  days: readonly number[],
  frequencyRate = 1,
  window?: DateWindow,
): string[] {
  const start = dateToDay(periodFrom);
  let from = start;
  let to = dateToDay(periodTo);
  if (window) {
    from = Math.max(from, dateToDay(window.from));
    to = Math.min(to, dateToDay(window.to));
  }
  const mask = days.reduce((m, d) => m | (1 << d), 0);
  const out: string[] = [];
  for (let d = from; d <= to; d++) {
    if (!(mask & (1 << weekdayOfDay(d)))) continue;
    if (frequencyRate > 1 && Math.floor((d - start) / 7) % frequencyRate !== 0) continue;
    out.push(dayToDate(d));
  }
  return out;
}

/** Horizon of an open-ended period (`00XXX00`) when neither the window nor the carrier record ends it. */
export const OPEN_PERIOD_DAYS = 366;

/**
 * Dated legs of one SSIM flight-leg record. `timeMode` is the carrier record's (U or L). An open-ended period ends
 * at `openEnd` (the window's or the carrier period's end) or one year after its start.
 */
export function expandSsimLeg(
  leg: SsimLeg,
  timeMode: 'U' | 'L',
  window?: DateWindow,
  openEnd?: string | null,
): DatedLeg[] {
  const t = legTimesUtc(leg, timeMode);
  const dep = hhmmToMinutes(t.departure) + t.departureDayShift * 1440;
  const arr = hhmmToMinutes(t.arrival) + t.arrivalDayShift * 1440;
  const periodTo = leg.periodTo ?? openEnd ?? window?.to ?? dayToDate(dateToDay(leg.periodFrom) + OPEN_PERIOD_DAYS);
  const dates = operatingDates(leg.periodFrom, periodTo, leg.daysOfOperation, leg.frequencyRate, window);
  const out: DatedLeg[] = new Array(dates.length);
  const dv = { departure: leg.dateVariation.departure, arrival: leg.dateVariation.arrival };
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i] as string;
    const day = dateToDay(date);
    out[i] = {
      carrier: leg.airline,
      number: leg.flightNumber,
      suffix: leg.suffix ?? '',
      date,
      legSequence: leg.legSequence,
      origin: leg.departureStation,
      destination: leg.arrivalStation,
      std: instant(day, dep),
      sta: instant(day, arr),
      aircraftType: leg.aircraftType,
      serviceType: leg.serviceType,
      dateVariation: dv,
    };
  }
  return out;
}

/** One leg of a regular definition, in local wall-clock time of its airports. */
export interface RegularLeg {
  origin: string;
  destination: string;
  /** Local departure and arrival, `HH:mm`. */
  departure: string;
  arrival: string;
  /**
   * Days from the flight date to the local departure date of this leg (default: the previous leg's arrival date, 0
   * for the first leg).
   */
  departureDayOffset?: number;
  /** Days from the flight date to the local arrival date (default: the first local date whose arrival follows the departure). */
  arrivalDayOffset?: number;
}

export interface RegularDefinition {
  carrier: string;
  number: number;
  suffix?: string;
  serviceType: string;
  aircraftType: string;
  /** First and last flight date, inclusive. */
  from: string;
  to: string;
  /** Days of operation, 1 = Monday. */
  weekdays: readonly number[];
  frequencyRate?: number;
  legs: readonly RegularLeg[];
}

export interface RegularOptions {
  /**
   * A local time skipped by a DST change: `forward` moves it by the gap's length as Luxon does (02:30 becomes 03:30 on a
   * 02:00 -> 03:00 night) and reports it under `adjusted`; `reject` leaves that flight date out and reports it.
   * A time that occurs twice (fall-back night) is its first occurrence, reported under `adjusted` as well.
   */
  gap?: 'forward' | 'reject';
}

export interface TimeAdjustment {
  date: string;
  legSequence: number;
  point: 'departure' | 'arrival';
  /** The wall-clock time asked for, `YYYY-MM-DDTHH:mm`, and its zone. */
  local: string;
  zone: string;
  kind: 'gap' | 'overlap';
  /** What happened: moved forward by the gap, the earlier of two instants, or the flight date refused. */
  resolution: 'forward' | 'earlier' | 'rejected';
  /** The UTC instant used (absent when refused). */
  utc?: string;
}

export interface RegularExpansion {
  legs: DatedLeg[];
  adjusted: TimeAdjustment[];
  /** Flight dates left out, with why. */
  rejected: { date: string; reason: string }[];
}

export class ScheduleError extends Error {
  constructor(
    readonly code: 'zone' | 'definition',
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleError';
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Local date and time plus the zone classification, via `@aircargo/domain/time`. */
function toUtc(
  local: string,
  zone: string,
  gap: 'forward' | 'reject',
): { utc: string; kind: 'plain' | 'gap' | 'overlap' } {
  try {
    return { utc: localToUtc(local, zone, { gap: 'reject', overlap: 'reject' }), kind: 'plain' };
  } catch (e) {
    if (!(e instanceof TimeZoneError)) throw e;
    if (e.reason === 'gap') {
      if (gap === 'reject') return { utc: '', kind: 'gap' };
      return { utc: localToUtc(local, zone, { gap: 'forward' }), kind: 'gap' };
    }
    if (e.reason === 'overlap') return { utc: localToUtc(local, zone, { overlap: 'earlier' }), kind: 'overlap' };
    throw new ScheduleError('zone', e.message);
  }
}

const toInstant = (iso: string) => `${iso.slice(0, 16)}:00Z`;

/** Dated legs of a regular definition, converted with each airport's IANA zone on each flight date. */
export function expandRegular(def: RegularDefinition, zones: Zones, options: RegularOptions = {}): RegularExpansion {
  const gap = options.gap ?? 'forward';
  if (def.legs.length === 0) throw new ScheduleError('definition', 'A flight needs at least one leg');
  def.legs.forEach((l, i) => {
    if (!HHMM.test(l.departure) || !HHMM.test(l.arrival))
      throw new ScheduleError('definition', `Leg ${i + 1}: times must be HH:mm`);
    for (const a of [l.origin, l.destination])
      if (!zones[a]) throw new ScheduleError('zone', `No time zone known for airport ${a}`);
    if (i > 0 && def.legs[i - 1]?.destination !== l.origin)
      throw new ScheduleError('definition', `Leg ${i + 1} must depart from ${def.legs[i - 1]?.destination}`);
  });
  const out: RegularExpansion = { legs: [], adjusted: [], rejected: [] };
  for (const date of operatingDates(def.from, def.to, def.weekdays, def.frequencyRate)) {
    const day = dateToDay(date);
    const legs: DatedLeg[] = [];
    const adjusted: TimeAdjustment[] = [];
    let refused: string | undefined;
    let prevArrivalOffset = 0;
    let prevSta = '';
    for (let i = 0; i < def.legs.length; i++) {
      const l = def.legs[i] as RegularLeg;
      const seq = i + 1;
      const convert = (point: 'departure' | 'arrival', offset: number, hhmm: string, zone: string) => {
        const local = `${dayToDate(day + offset)}T${hhmm}`;
        const r = toUtc(local, zone, gap);
        const adj: TimeAdjustment | undefined =
          r.kind === 'plain'
            ? undefined
            : r.utc
              ? {
                  date,
                  legSequence: seq,
                  point,
                  local,
                  zone,
                  kind: r.kind,
                  resolution: r.kind === 'gap' ? 'forward' : 'earlier',
                  utc: toInstant(r.utc),
                }
              : { date, legSequence: seq, point, local, zone, kind: 'gap', resolution: 'rejected' };
        return { utc: r.utc ? toInstant(r.utc) : '', adj, local };
      };
      const fromZone = zones[l.origin] as string;
      const toZone = zones[l.destination] as string;
      let depOffset = l.departureDayOffset ?? (i === 0 ? 0 : prevArrivalOffset);
      let dep = convert('departure', depOffset, l.departure, fromZone);
      if (i > 0 && dep.utc && dep.utc <= prevSta && l.departureDayOffset === undefined) {
        // The next leg leaves on the day after the previous arrival (a night stop).
        depOffset++;
        dep = convert('departure', depOffset, l.departure, fromZone);
      }
      if (dep.adj) adjusted.push(dep.adj);
      if (!dep.utc) {
        refused = `departure of leg ${seq} at ${dep.local} does not exist in ${fromZone} (clocks move forward)`;
        break;
      }
      let arrOffset = l.arrivalDayOffset ?? depOffset;
      let arr = convert('arrival', arrOffset, l.arrival, toZone);
      while (l.arrivalDayOffset === undefined && arr.utc && arr.utc <= dep.utc && arrOffset < depOffset + 2) {
        // Overnight: the arrival is on a later local date.
        arrOffset++;
        arr = convert('arrival', arrOffset, l.arrival, toZone);
      }
      if (arr.adj) adjusted.push(arr.adj);
      if (!arr.utc) {
        refused = `arrival of leg ${seq} at ${arr.local} does not exist in ${toZone} (clocks move forward)`;
        break;
      }
      if (arr.utc <= dep.utc) {
        refused = `leg ${seq} arrives (${arr.utc}) before it departs (${dep.utc})`;
        break;
      }
      legs.push({
        carrier: def.carrier,
        number: def.number,
        suffix: def.suffix ?? '',
        date,
        legSequence: seq,
        origin: l.origin,
        destination: l.destination,
        std: dep.utc,
        sta: arr.utc,
        aircraftType: def.aircraftType,
        serviceType: def.serviceType,
        dateVariation: { departure: depOffset, arrival: arrOffset },
      });
      prevArrivalOffset = arrOffset;
      prevSta = arr.utc;
    }
    out.adjusted.push(...adjusted);
    if (refused) out.rejected.push({ date, reason: refused });
    else out.legs.push(...legs);
  }
  return out;
}
