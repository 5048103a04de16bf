/**
 * Multi-leg flights: the legs of one flight designator and flight date form one flight, and every leg combination
 * (board point -> off point over consecutive legs) is a sellable segment, as SSIM's segment data describes
 * (SVO-NQZ-ALA sells SVO-NQZ, NQZ-ALA and SVO-ALA).
 */
import { type DatedLeg, flightKey } from './types';

export interface FlightSegment {
  /** `SU1234/2026-03-29/SVO-ALA`. */
  key: string;
  boardPoint: string;
  offPoint: string;
  /** Departure of the first leg and arrival of the last leg of the combination (UTC). */
  std: string;
  sta: string;
  /** Leg sequence numbers the segment flies, in order. */
  legSequences: number[];
  /** Intermediate stops (a through segment of a multi-leg flight). */
  via: string[];
}

export interface Flight {
  key: string;
  carrier: string;
  number: number;
  suffix: string;
  date: string;
  legs: DatedLeg[];
  segments: FlightSegment[];
  /** Why the legs do not form one routing (a gap between legs, a leg that leaves before the previous arrives). */
  problem?: string;
}

/** Groups legs into flights (by designator and flight date, ordered by leg sequence) and lists their segments. */
export function buildFlights(legs: Iterable<DatedLeg>): Flight[] {
  const byKey = new Map<string, DatedLeg[]>();
  for (const l of legs) {
    if (l.canceled) continue;
    const k = flightKey(l);
    const list = byKey.get(k);
    if (list) list.push(l);
    else byKey.set(k, [l]);
  }
  const out: Flight[] = [];
  for (const [key, list] of byKey) {
    list.sort((a, b) => a.legSequence - b.legSequence);
    const first = list[0] as DatedLeg;
    const flight: Flight = {
      key,
      carrier: first.carrier,
      number: first.number,
      suffix: first.suffix,
      date: first.date,
      legs: list,
      segments: [],
    };
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1] as DatedLeg;
      const b = list[i] as DatedLeg;
      if (a.destination !== b.origin)
        flight.problem = `leg ${b.legSequence} departs from ${b.origin}, not ${a.destination}`;
      else if (b.std < a.sta) flight.problem = `leg ${b.legSequence} departs before leg ${a.legSequence} arrives`;
    }
    flight.segments = flight.problem ? list.map((l) => segmentOf(key, [l])) : legCombinations(key, list);
    out.push(flight);
  }
  out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return out;
}

function segmentOf(flight: string, legs: DatedLeg[]): FlightSegment {
  const a = legs[0] as DatedLeg;
  const b = legs[legs.length - 1] as DatedLeg;
  return {
    key: `${flight}/${a.origin}-${b.destination}`,
    boardPoint: a.origin,
    offPoint: b.destination,
    std: a.std,
    sta: b.sta,
    legSequences: legs.map((l) => l.legSequence),
    via: legs.slice(1).map((l) => l.origin),
  };
}

/**
 * Every board point -> off point over consecutive legs, n(n+1)/2 of them; a point visited twice (a triangle returning
 * to its origin) gives no segment from a station to itself.
 */
export function legCombinations(flight: string, legs: readonly DatedLeg[]): FlightSegment[] {
  const out: FlightSegment[] = [];
  for (let i = 0; i < legs.length; i++) {
    for (let j = i; j < legs.length; j++) {
      if (legs[i]?.origin === legs[j]?.destination) continue;
      out.push(segmentOf(flight, legs.slice(i, j + 1)));
    }
  }
  return out;
}
