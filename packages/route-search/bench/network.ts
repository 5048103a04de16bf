// A synthetic airline network for the benchmark: ~150 airports (30 hubs), 20 carriers with home hubs, daily flight
// patterns that add up to a given number of legs a day, repeated over a number of days. Deterministic (seeded).
import type { DatedLeg, MctException, SearchConfig } from '../src/types';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Pattern {
  carrier: string;
  flightNumber: string;
  origin: number;
  destination: number;
  minuteOfDay: number;
  duration: number;
  aircraftType: string;
  freighter: boolean;
  capacityKg: number;
  capacityM3: number;
}

export interface Network {
  airports: string[];
  hubs: string[];
  carriers: string[];
  config: SearchConfig;
  patterns: Pattern[];
  /** First day (epoch minutes of its 00:00Z) and the number of days. */
  start: number;
  days: number;
  legsPerDay: number;
}

function airportCode(i: number): string {
  const a = String.fromCharCode(65 + (i % 26));
  const b = String.fromCharCode(65 + (Math.floor(i / 26) % 26));
  return `${a}${b}X`;
}

export function buildNetwork(options: { legsPerDay: number; days: number; start: number; seed?: number }): Network {
  const rnd = mulberry32(options.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const airportCount = 150;
  const hubCount = 30;
  const airports = Array.from({ length: airportCount }, (_, i) => airportCode(i));
  const hubs = airports.slice(0, hubCount);
  const xy = airports.map(() => [rnd() * 9000, rnd() * 6000] as const);
  const countries: Record<string, string> = {};
  airports.forEach((a, i) => {
    countries[a] = `K${i % 40}`;
  });
  // Three cities with two airports each (the second airport of each pair is a spoke).
  const cities: Record<string, string[]> = {
    CTA: [airports[0]!, airports[100]!],
    CTB: [airports[1]!, airports[101]!],
    CTC: [airports[2]!, airports[102]!],
  };
  const carriers = Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(65 + i)}${i % 10}`);
  const duration = (o: number, d: number) => {
    const dx = xy[o]![0] - xy[d]![0];
    const dy = xy[o]![1] - xy[d]![1];
    return 40 + Math.round(Math.sqrt(dx * dx + dy * dy) / 13);
  };
  const patterns: Pattern[] = [];
  const perCarrier = Math.floor(options.legsPerDay / carriers.length);
  carriers.forEach((carrier, ci) => {
    const home = ci % hubCount;
    const second = (ci * 7 + 3) % hubCount;
    let number = 100;
    const add = (o: number, d: number) => {
      const freighter = rnd() < 0.2;
      patterns.push({
        carrier,
        flightNumber: String(number++),
        origin: o,
        destination: d,
        minuteOfDay: Math.floor(rnd() * 288) * 5,
        duration: duration(o, d),
        aircraftType: freighter ? pick(['77F', '74F', '33F']) : pick(['320', '321', '738', '77W', '333']),
        freighter,
        capacityKg: freighter ? 20000 + Math.floor(rnd() * 80000) : 1000 + Math.floor(rnd() * 14000),
        capacityM3: freighter ? 150 + Math.floor(rnd() * 500) : 8 + Math.floor(rnd() * 80),
      });
    };
    let made = 0;
    while (made < perCarrier) {
      const r = rnd();
      const hub = r < 0.7 ? home : second;
      if (r < 0.15) {
        // Trunk: hub to another hub and back.
        const other = Math.floor(rnd() * hubCount);
        if (other === hub) continue;
        add(hub, other);
        add(other, hub);
      } else {
        const spoke = hubCount + Math.floor(rnd() * (airportCount - hubCount));
        add(hub, spoke);
        add(spoke, hub);
      }
      made += 2;
    }
  });
  while (patterns.length > options.legsPerDay) patterns.pop();
  const exceptions: MctException[] = [];
  for (const h of hubs) {
    exceptions.push({ airport: h, minutes: 240, connection: 'II' });
    exceptions.push({ airport: h, minutes: 45, arrivalCarrier: pick(carriers), departureCarrier: pick(carriers) });
  }
  const interline: Record<string, string[]> = {};
  for (const c of carriers) interline[c] = carriers.filter(() => rnd() < 0.5);
  const airportMct: Record<string, number> = {};
  for (const h of hubs) airportMct[h] = 90 + Math.floor(rnd() * 4) * 30;
  return {
    airports,
    hubs,
    carriers,
    patterns,
    start: options.start,
    days: options.days,
    legsPerDay: patterns.length,
    config: {
      cities,
      countries,
      mct: { defaultMinutes: 60, airports: airportMct, exceptions },
      interline,
      permittedRoutes: [
        { carrier: carriers[0]!, origin: hubs[0]!, destination: hubs[5]!, via: [] },
        { carrier: carriers[0]!, origin: hubs[5]!, destination: hubs[0]! },
      ],
      maxConnectionMinutes: 24 * 60,
      maxTripMinutes: 72 * 60,
    },
  };
}

/** Every dated leg of the network, day by day; about 1% cancelled, 2% sales closed, 0.5% locked, loads vary. */
export function* datedLegs(net: Network, seed = 7): IterableIterator<DatedLeg> {
  const rnd = mulberry32(seed);
  let id = 1;
  for (let day = 0; day < net.days; day++) {
    const base = net.start + day * 1440;
    for (const p of net.patterns) {
      const departure = base + p.minuteOfDay;
      const load = rnd();
      const flag = rnd();
      yield {
        id: id++,
        carrier: p.carrier,
        flightNumber: p.flightNumber,
        origin: net.airports[p.origin]!,
        destination: net.airports[p.destination]!,
        departure,
        arrival: departure + p.duration,
        aircraftType: p.aircraftType,
        freighter: p.freighter,
        availableKg: Math.round(p.capacityKg * (1 - load * 0.95)),
        availableM3: Math.round(p.capacityM3 * (1 - load * 0.95) * 10) / 10,
        salesClosed: flag < 0.02,
        cancelled: flag >= 0.02 && flag < 0.03,
        locked: flag >= 0.03 && flag < 0.035,
        salesOpenAt: null,
        salesCloseAt: departure - 120,
      };
    }
  }
}
