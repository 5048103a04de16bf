/**
 * Schedule generators, deterministic for a given start date: the demo schedule of the two demo airlines (SU hub SVO, KC
 * hubs ALA and NQZ) as an SSIM file, and the benchmark schedule (20 airlines, about 10,000 legs a day for a year) as SSIM
 * records produced one at a time.
 */
import type { SsimLeg } from '@aircargo/cargo-messages';
import {
  CARRIER_FIELDS,
  HEADER_FIELDS,
  LEG_FIELDS,
  serial,
  TRAILER_FIELDS,
  writeFields,
} from '@aircargo/cargo-messages/ssim/records';
import { localDate, localToUtc } from '@aircargo/domain/time';
import { addDays, dateToDay, dayToDate } from './dates';
import { ssimCarrier, ssimFile } from './export';
import type { DatedLeg, Zones } from './types';

/** Demo airports and their IANA zones (Kazakhstan is one zone, UTC+5, since 2024: Asia/Almaty in current tzdata). */
export const DEMO_ZONES: Zones = {
  SVO: 'Europe/Moscow',
  LED: 'Europe/Moscow',
  KZN: 'Europe/Moscow',
  SVX: 'Asia/Yekaterinburg',
  OVB: 'Asia/Novosibirsk',
  ALA: 'Asia/Almaty',
  NQZ: 'Asia/Almaty',
  CIT: 'Asia/Almaty',
  GUW: 'Asia/Atyrau',
  FRA: 'Europe/Berlin',
  IST: 'Europe/Istanbul',
  DXB: 'Asia/Dubai',
  PEK: 'Asia/Shanghai',
};

interface DemoRoute {
  carrier: 'SU' | 'KC';
  /** Stations of the flight, two or more (a multi-leg flight when more). */
  via: string[];
  /** Block minutes of each leg. */
  blocks: number[];
  /** Rotations a day in each direction. */
  daily: number;
  /** First local departure of the day (minutes) and the spacing between rotations. */
  first: number;
  every: number;
  serviceType: 'J' | 'F';
  aircraftType: string;
  /** Days of operation (default every day). */
  days?: number[];
}

const DEMO_ROUTES: DemoRoute[] = [
  // SU belly flights from the SVO hub.
  {
    carrier: 'SU',
    via: ['SVO', 'LED'],
    blocks: [85],
    daily: 14,
    first: 360,
    every: 70,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'KZN'],
    blocks: [95],
    daily: 8,
    first: 400,
    every: 120,
    serviceType: 'J',
    aircraftType: '320',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'SVX'],
    blocks: [145],
    daily: 8,
    first: 420,
    every: 120,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'OVB'],
    blocks: [245],
    daily: 6,
    first: 450,
    every: 150,
    serviceType: 'J',
    aircraftType: '333',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'ALA'],
    blocks: [280],
    daily: 4,
    first: 540,
    every: 240,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'NQZ'],
    blocks: [230],
    daily: 3,
    first: 600,
    every: 300,
    serviceType: 'J',
    aircraftType: '320',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'IST'],
    blocks: [215],
    daily: 5,
    first: 480,
    every: 180,
    serviceType: 'J',
    aircraftType: '333',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'DXB'],
    blocks: [320],
    daily: 4,
    first: 500,
    every: 240,
    serviceType: 'J',
    aircraftType: '77W',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'PEK'],
    blocks: [450],
    daily: 3,
    first: 1200,
    every: 120,
    serviceType: 'J',
    aircraftType: '77W',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'FRA'],
    blocks: [200],
    daily: 4,
    first: 450,
    every: 240,
    serviceType: 'J',
    aircraftType: '321',
  },
  // SU freighters, two of them multi-leg.
  {
    carrier: 'SU',
    via: ['SVO', 'NQZ', 'ALA'],
    blocks: [230, 100],
    daily: 2,
    first: 1320,
    every: 300,
    serviceType: 'F',
    aircraftType: '77F',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'OVB', 'PEK'],
    blocks: [245, 300],
    daily: 1,
    first: 1260,
    every: 0,
    serviceType: 'F',
    aircraftType: '77F',
  },
  {
    carrier: 'SU',
    via: ['SVO', 'FRA'],
    blocks: [205],
    daily: 1,
    first: 120,
    every: 0,
    serviceType: 'F',
    aircraftType: '77F',
    days: [1, 3, 5],
  },
  // KC belly flights between and from the ALA and NQZ hubs.
  {
    carrier: 'KC',
    via: ['ALA', 'NQZ'],
    blocks: [100],
    daily: 10,
    first: 380,
    every: 90,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'KC',
    via: ['ALA', 'CIT'],
    blocks: [75],
    daily: 6,
    first: 420,
    every: 150,
    serviceType: 'J',
    aircraftType: '320',
  },
  {
    carrier: 'KC',
    via: ['ALA', 'GUW'],
    blocks: [215],
    daily: 4,
    first: 450,
    every: 210,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'KC',
    via: ['NQZ', 'GUW'],
    blocks: [160],
    daily: 4,
    first: 480,
    every: 210,
    serviceType: 'J',
    aircraftType: '320',
  },
  {
    carrier: 'KC',
    via: ['NQZ', 'CIT'],
    blocks: [120],
    daily: 4,
    first: 400,
    every: 240,
    serviceType: 'J',
    aircraftType: '320',
  },
  {
    carrier: 'KC',
    via: ['ALA', 'SVO'],
    blocks: [295],
    daily: 3,
    first: 480,
    every: 300,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'KC',
    via: ['NQZ', 'SVO'],
    blocks: [245],
    daily: 2,
    first: 540,
    every: 420,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'KC',
    via: ['ALA', 'IST'],
    blocks: [360],
    daily: 2,
    first: 560,
    every: 600,
    serviceType: 'J',
    aircraftType: '763',
  },
  {
    carrier: 'KC',
    via: ['ALA', 'DXB'],
    blocks: [270],
    daily: 3,
    first: 600,
    every: 300,
    serviceType: 'J',
    aircraftType: '321',
  },
  {
    carrier: 'KC',
    via: ['NQZ', 'FRA'],
    blocks: [390],
    daily: 2,
    first: 540,
    every: 480,
    serviceType: 'J',
    aircraftType: '763',
  },
  {
    carrier: 'KC',
    via: ['ALA', 'PEK'],
    blocks: [300],
    daily: 2,
    first: 600,
    every: 420,
    serviceType: 'J',
    aircraftType: '321',
  },
  // KC freighter through NQZ to Frankfurt.
  {
    carrier: 'KC',
    via: ['ALA', 'NQZ', 'FRA'],
    blocks: [100, 400],
    daily: 1,
    first: 90,
    every: 0,
    serviceType: 'F',
    aircraftType: '763',
    days: [2, 4, 6],
  },
];

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export interface DemoOptions {
  /** First flight date (`YYYY-MM-DD`). */
  from: string;
  /** Number of days (default 60). */
  days?: number;
}

/**
 * Dated legs of the demo schedule: local departure times at the origin's zone on each date (a time in a DST gap moves
 * forward, decision 006), arrival after the block time, legs of a multi-leg flight 60 minutes apart on the ground.
 */
export function demoLegs(options: DemoOptions): DatedLeg[] {
  const days = options.days ?? 60;
  const out: DatedLeg[] = [];
  const numbers = { SU: 1000, KC: 100 };
  const start = dateToDay(options.from);
  for (const r of DEMO_ROUTES) {
    for (const reverse of [false, true]) {
      const via = reverse ? [...r.via].reverse() : r.via;
      const blocks = reverse ? [...r.blocks].reverse() : r.blocks;
      for (let k = 0; k < r.daily; k++) {
        numbers[r.carrier] += 2;
        const number = numbers[r.carrier] + (reverse ? 1 : 0);
        const local = (r.first + k * r.every + (reverse ? 95 : 0)) % 1440;
        for (let d = start; d < start + days; d++) {
          const date = dayToDate(d);
          const weekday = ((((d + 3) % 7) + 7) % 7) + 1;
          if (r.days && !r.days.includes(weekday)) continue;
          const depZone = DEMO_ZONES[via[0] as string] as string;
          let t = Date.parse(localToUtc(`${date}T${hhmm(local)}`, depZone));
          for (let i = 0; i < blocks.length; i++) {
            const std = t;
            const sta = std + (blocks[i] as number) * 60_000;
            const origin = via[i] as string;
            const destination = via[i + 1] as string;
            const stdIso = `${new Date(std).toISOString().slice(0, 16)}:00Z`;
            const staIso = `${new Date(sta).toISOString().slice(0, 16)}:00Z`;
            out.push({
              carrier: r.carrier,
              number,
              suffix: '',
              date,
              legSequence: i + 1,
              origin,
              destination,
              std: stdIso,
              sta: staIso,
              aircraftType: r.aircraftType,
              serviceType: r.serviceType,
              dateVariation: {
                departure: dateToDay(localDate(stdIso, DEMO_ZONES[origin] as string)) - d,
                arrival: dateToDay(localDate(staIso, DEMO_ZONES[destination] as string)) - d,
              },
            });
            t = sta + 60 * 60_000;
          }
        }
      }
    }
  }
  return out;
}

/** The demo schedule as an SSIM file in local time (SU and KC carrier blocks). */
export function demoSsim(options: DemoOptions): string {
  const legs = demoLegs(options);
  const to = addDays(options.from, (options.days ?? 60) - 1);
  return ssimFile(
    (['SU', 'KC'] as const).map((carrier) =>
      ssimCarrier(legs, { carrier, from: options.from, to, zones: DEMO_ZONES, creationDate: options.from }),
    ),
  );
}

export interface BenchOptions {
  /** First flight date. */
  from: string;
  days?: number;
  airlines?: number;
  /** Legs a day over all airlines (about). */
  legsPerDay?: number;
}

/** Benchmark airline designators: two letters, never the demo's SU and KC. */
export function benchAirlines(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const code = `${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;
    if (code !== 'SU' && code !== 'KC') out.push(code);
  }
  return out;
}

/**
 * The benchmark schedule as SSIM records (UTC mode), one at a time, so a year of 20 airlines never sits in memory as
 * text: each airline a hub with 60 spokes, rotations spread over the day, a weekday pattern per flight and a period
 * split at mid-year (a schedule change), so expansion works through periods, days of operation and frequency rates.
 */
export function* benchSsimRecords(options: BenchOptions): Generator<string> {
  const days = options.days ?? 365;
  const airlines = benchAirlines(options.airlines ?? 20);
  const perAirline = Math.round((options.legsPerDay ?? 10_000) / airlines.length);
  const to = addDays(options.from, days - 1);
  const split = addDays(options.from, Math.floor(days / 2));
  // Serial numbers count records; the zero-filled records that pad blocks to five lines have none (as generateSsim).
  let n = 0;
  let lines = 0;
  const rec = (r: string) => {
    n++;
    lines++;
    return r + serial(n);
  };
  const zero = '0'.repeat(200);
  const padTo5 = function* () {
    while (lines % 5 !== 0) {
      lines++;
      yield zero;
    }
  };
  yield rec(writeFields('1', { title: 'AIRLINE STANDARD SCHEDULE DATA SET', seasons: 1 }, HEADER_FIELDS));
  yield* padTo5();
  for (let a = 0; a < airlines.length; a++) {
    const airline = airlines[a] as string;
    yield rec(
      writeFields(
        '2',
        { timeMode: 'U', airline, periodFrom: options.from, periodTo: to, creationDate: options.from },
        CARRIER_FIELDS,
      ),
    );
    yield* padTo5();
    const hub = station(a * 97);
    // Daily-equivalent legs: flights on 5 of 7 days count 5/7; each rotation is an outbound and a return leg.
    let made = 0;
    let number = 1;
    let lastLeg = n;
    for (let k = 0; made < perAirline; k++) {
      const spoke = station(a * 97 + 1 + (k % 60));
      const pattern = k % 4 === 3 ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6, 7];
      const dep = (300 + k * 37) % 1440;
      const block = 60 + ((k * 53) % 420);
      for (const [o, d, t] of [
        [hub, spoke, dep],
        [spoke, hub, (dep + block + 60) % 1440],
      ] as const) {
        for (const [from, until, type] of [
          [options.from, split, '321'],
          [addDays(split, 1), to, k % 5 === 0 ? '77F' : '321'],
        ] as const) {
          if (until < from) continue;
          const arr = t + block;
          const leg: SsimLeg = {
            airline,
            flightNumber: number,
            itineraryVariation: 1,
            legSequence: 1,
            serviceType: type === '77F' ? 'F' : 'J',
            periodFrom: from,
            periodTo: until,
            daysOfOperation: pattern,
            departureStation: o,
            passengerStd: hm(t),
            aircraftStd: hm(t),
            departureUtcOffset: '+0000',
            arrivalStation: d,
            aircraftSta: hm(arr % 1440),
            passengerSta: hm(arr % 1440),
            arrivalUtcOffset: '+0000',
            aircraftType: type,
            dateVariation: { departure: 0, arrival: Math.floor(arr / 1440) },
          };
          yield rec(writeFields('3', leg as unknown as Record<string, unknown>, LEG_FIELDS));
          lastLeg = n;
        }
        number++;
        made += pattern.length / 7;
      }
    }
    yield rec(
      writeFields(
        '5',
        { airline, serialCheckReference: lastLeg, endCode: a === airlines.length - 1 ? 'E' : 'C' },
        TRAILER_FIELDS,
      ),
    );
    yield* padTo5();
  }
}

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;

/** A three-letter code for station number i (AAA, AAB, ...), unique up to 17,576. */
function station(i: number): string {
  const x = i % 17_576;
  return String.fromCharCode(65 + Math.floor(x / 676), 65 + (Math.floor(x / 26) % 26), 65 + (x % 26));
}

/**
 * Splits SSIM records (lines) into one SSIM text per carrier block, each with the file's header, so a large file can be
 * expanded and compared carrier by carrier in bounded memory. Line numbers inside a part are the part's own; `offset`
 * gives the line of the part's first carrier record minus the header lines, so file line = part line + offset.
 */
export function* ssimByCarrier(lines: Iterable<string>): Generator<{ carrier: string; text: string; offset: number }> {
  const header: string[] = [];
  let part: string[] | undefined;
  let carrier = '';
  let offset = 0;
  let line = 0;
  for (const raw of lines) {
    line++;
    const t = raw[0];
    if (t === '2') {
      if (part) yield { carrier, text: `${part.join('\n')}\n`, offset };
      carrier = raw.slice(2, 5).trim();
      part = [...header];
      offset = line - 1 - header.length;
    }
    if (part) part.push(raw);
    else header.push(raw);
  }
  if (part) yield { carrier, text: `${part.join('\n')}\n`, offset };
}
