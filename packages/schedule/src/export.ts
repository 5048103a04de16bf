/**
 * Dated legs of a carrier to an SSIM chapter 7 file: legs are grouped by flight designator and itinerary (the legs of a
 * flight date with their times, stations, equipment), and each group's flight dates are compressed into periods with
 * days of operation that cover exactly those dates. Importing the export changes nothing (tested property).
 */
import { generateSsim, type Ssim, type SsimCarrier, type SsimLeg } from '@aircargo/cargo-messages';
import { utcOffsetMinutes } from '@aircargo/domain/time';
import { dateToDay, dayToDate, weekdayOfDay } from './dates';
import { type DatedLeg, flightKey, type Zones } from './types';

export interface ExportOptions {
  carrier: string;
  /** First and last flight date (inclusive). */
  from: string;
  to: string;
  /** With zones the file is in local time (L) with each station's UTC variation; without, in UTC (U). */
  zones?: Zones;
  /** Creation date written in the carrier record (default: `from`). */
  creationDate?: string;
}

/** A period with days of operation covering exactly the given (sorted, distinct) day numbers. */
export interface Period {
  from: string;
  to: string;
  days: number[];
}

/** Compresses sorted distinct day numbers into periods whose weekday patterns cover exactly those days. */
export function compressDays(days: readonly number[]): Period[] {
  const present = new Set(days);
  const out: Period[] = [];
  let i = 0;
  while (i < days.length) {
    const start = days[i] as number;
    const mask = new Set<number>();
    for (let d = start; d < start + 7; d++) if (present.has(d)) mask.add(weekdayOfDay(d));
    let last = start;
    for (let d = start + 1; ; d++) {
      const has = present.has(d);
      if (has !== mask.has(weekdayOfDay(d))) break;
      if (has) last = d;
    }
    const covered = new Set<number>();
    for (let d = start; d <= last; d++) if (present.has(d)) covered.add(weekdayOfDay(d));
    out.push({ from: dayToDate(start), to: dayToDate(last), days: [...covered].sort((a, b) => a - b) });
    while (i < days.length && (days[i] as number) <= last) i++;
  }
  return out;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const hhmm = (m: number) => `${pad2(Math.floor(m / 60))}${pad2(m % 60)}`;
const offsetText = (m: number) => `${m < 0 ? '-' : '+'}${hhmm(Math.abs(m))}`;
const minutesOf = (iso: string) => Math.round(Date.parse(iso) / 60000);

interface LegShape {
  legSequence: number;
  origin: string;
  destination: string;
  std: string;
  sta: string;
  depOffset: string;
  arrOffset: string;
  dv: [number, number];
  aircraftType: string;
  serviceType: string;
}

export class ExportError extends Error {}

/** The SSIM file text of a carrier's (not cancelled) legs with flight dates in the window. */
export function exportSsim(legs: Iterable<DatedLeg>, options: ExportOptions): string {
  return ssimFile([ssimCarrier(legs, options)]);
}

/** An SSIM file of carrier blocks. */
export function ssimFile(carriers: SsimCarrier[]): string {
  const message: Ssim = { type: 'SSIM', title: 'AIRLINE STANDARD SCHEDULE DATA SET', carriers };
  return generateSsim(message);
}

/** The carrier block (type 2 record and its flight legs) of a carrier's legs with flight dates in the window. */
export function ssimCarrier(legs: Iterable<DatedLeg>, options: ExportOptions): SsimCarrier {
  const offsetCache = new Map<string, number>();
  const offset = (instant: string, airport: string): number => {
    if (!options.zones) return 0;
    const zone = options.zones[airport];
    if (!zone) throw new ExportError(`No time zone known for airport ${airport}`);
    const k = `${zone}|${instant.slice(0, 13)}`;
    let o = offsetCache.get(k);
    if (o === undefined) {
      o = utcOffsetMinutes(instant, zone);
      offsetCache.set(k, o);
    }
    return o;
  };
  const flights = new Map<string, DatedLeg[]>();
  for (const l of legs) {
    if (l.canceled || l.carrier !== options.carrier || l.date < options.from || l.date > options.to) continue;
    const k = flightKey(l);
    const list = flights.get(k);
    if (list) list.push(l);
    else flights.set(k, [l]);
  }
  // designator -> itinerary signature -> { shapes, days }
  const groups = new Map<string, Map<string, { shapes: LegShape[]; days: number[] }>>();
  for (const list of flights.values()) {
    list.sort((a, b) => a.legSequence - b.legSequence);
    const first = list[0] as DatedLeg;
    const base = dateToDay(first.date) * 1440;
    const shapes = list.map((l): LegShape => {
      const depOff = offset(l.std, l.origin);
      const arrOff = offset(l.sta, l.destination);
      const dep = minutesOf(l.std) + depOff - base;
      const arr = minutesOf(l.sta) + arrOff - base;
      const dv: [number, number] = [Math.floor(dep / 1440), Math.floor(arr / 1440)];
      if (dv[0] < -1 || dv[1] > 9 || dv[1] < -1 || dv[0] > 9) {
        throw new ExportError(`${flightKey(l)} leg ${l.legSequence}: date variation out of SSIM's range`);
      }
      return {
        legSequence: l.legSequence,
        origin: l.origin,
        destination: l.destination,
        std: hhmm(dep - dv[0] * 1440),
        sta: hhmm(arr - dv[1] * 1440),
        depOffset: offsetText(depOff),
        arrOffset: offsetText(arrOff),
        dv,
        aircraftType: l.aircraftType,
        serviceType: l.serviceType,
      };
    });
    const designator = `${first.carrier}|${String(first.number).padStart(4, '0')}|${first.suffix}`;
    const sig = JSON.stringify(shapes);
    let byItinerary = groups.get(designator);
    if (!byItinerary) {
      byItinerary = new Map();
      groups.set(designator, byItinerary);
    }
    const g = byItinerary.get(sig);
    if (g) g.days.push(dateToDay(first.date));
    else byItinerary.set(sig, { shapes, days: [dateToDay(first.date)] });
  }
  const ssimLegs: SsimLeg[] = [];
  for (const designator of [...groups.keys()].sort()) {
    const [carrier, number, suffix] = designator.split('|') as [string, string, string];
    const itineraries = [...(groups.get(designator) as Map<string, { shapes: LegShape[]; days: number[] }>).values()];
    itineraries.sort((a, b) => Math.min(...a.days) - Math.min(...b.days));
    itineraries.forEach((it, k) => {
      if (k >= 99) throw new ExportError(`${carrier}${Number(number)}${suffix}: more than 99 itinerary variations`);
      const days = [...it.days].sort((a, b) => a - b);
      for (const p of compressDays(days)) {
        for (const s of it.shapes) {
          ssimLegs.push({
            ...(suffix ? { suffix } : {}),
            airline: carrier,
            flightNumber: Number(number),
            itineraryVariation: k + 1,
            legSequence: s.legSequence,
            serviceType: s.serviceType,
            periodFrom: p.from,
            periodTo: p.to,
            daysOfOperation: p.days,
            departureStation: s.origin,
            passengerStd: s.std,
            aircraftStd: s.std,
            departureUtcOffset: s.depOffset,
            arrivalStation: s.destination,
            aircraftSta: s.sta,
            passengerSta: s.sta,
            arrivalUtcOffset: s.arrOffset,
            aircraftType: s.aircraftType,
            dateVariation: { departure: s.dv[0], arrival: s.dv[1] },
          });
        }
      }
    });
  }
  return {
    timeMode: options.zones ? 'L' : 'U',
    airline: options.carrier,
    periodFrom: options.from,
    periodTo: options.to,
    creationDate: options.creationDate ?? options.from,
    legs: ssimLegs,
  };
}
