import { paretoFront } from './pareto';
import { CompiledRules } from './rules';
import { F_CANCELLED, F_FREIGHTER, F_LOCKED, F_SALES_CLOSED, type TimetableIndex } from './timetable-index';
import {
  type Alternative,
  type ConnectionView,
  type Price,
  REJECTION_REASONS,
  type Rejection,
  type RejectionReason,
  type RouteQuery,
  type RouteView,
  type SearchConfig,
  type SearchResult,
} from './types';

const INT32_MIN = -2147483648;
const DAY = 1440;
const DEFAULT_LIMIT = 50;
const DEFAULT_ALTERNATIVE_DAYS = 7;
/** Alternatives of each kind returned at most. */
const ALTERNATIVES_PER_KIND = 3;
/** Safety valve: a query that would enumerate more candidate routes than this stops (reported in stats). */
export const MAX_CANDIDATES = 1_000_000;

const BLOCKING = F_CANCELLED | F_SALES_CLOSED | F_LOCKED;
const bit = (reason: RejectionReason) => 1 << REJECTION_REASONS.indexOf(reason);
const R_NO_CAPACITY = bit('no_capacity');
const R_SALES_CLOSED = bit('sales_closed');
const R_LOCKED = bit('locked');
const R_CANCELLED = bit('cancelled');
const R_WINDOW = bit('outside_booking_window');
const R_CONNECTION = bit('connection_not_workable');
const R_INTERLINE = bit('interline_not_allowed');
const R_ROUTE = bit('route_not_permitted');

/** A query the search cannot run: the spec's "Fill in required fields". */
export class RouteSearchError extends Error {
  constructor(
    readonly code: 'required_fields' | 'invalid_query',
    message: string,
  ) {
    super(message);
    this.name = 'RouteSearchError';
  }
}

interface Scan {
  isO: Uint8Array;
  isD: Uint8Array;
  origins: number[];
  destinations: number[];
  from: number;
  to: number;
  maxLegs: number;
  /** Strict: only bookable legs and workable connections. Relaxed (explain): everything that physically connects. */
  strict: boolean;
  kg: number;
  m3: number;
  now: number;
  carrierOk: Uint8Array | null;
  freighterOnly: boolean;
}

/** Candidate routes found by one scan: up to three slots each (-1 = none). */
class Candidates {
  legs = new Int32Array(3 * 1024);
  masks = new Int32Array(1024);
  n = 0;
  scanned = 0;
  truncated = false;

  push(a: number, b: number, c: number, mask: number): void {
    if (this.n >= MAX_CANDIDATES) {
      this.truncated = true;
      return;
    }
    if (this.legs.length < (this.n + 1) * 3) {
      const next = new Int32Array(this.legs.length * 2);
      next.set(this.legs);
      this.legs = next;
      const masks = new Int32Array(this.masks.length * 2);
      masks.set(this.masks);
      this.masks = masks;
    }
    this.masks[this.n] = mask;
    const k = this.n * 3;
    this.legs[k] = a;
    this.legs[k + 1] = b;
    this.legs[k + 2] = c;
    this.n++;
  }

  slots(i: number): number[] {
    const k = i * 3;
    const out = [this.legs[k]!];
    if (this.legs[k + 1]! >= 0) out.push(this.legs[k + 1]!);
    if (this.legs[k + 2]! >= 0) out.push(this.legs[k + 2]!);
    return out;
  }
}

function isMinute(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/**
 * Route search over a TimetableIndex: origin and destination as airports or cities, a departure range, up to two
 * transfers, minimum connection times, interline and permitted routes, the shipment's capacity need; answers the Pareto
 * set over (departure, arrival, transfers) of bookable routes and, in explain mode, the candidates that cannot be
 * booked with their reasons and the nearest bookable alternatives.
 */
export class RouteSearch {
  private rules: CompiledRules;
  private readonly pruneDominated: boolean;

  /**
   * `options.pruneDominated` (default true) skips routes that a route already found dominates; tests turn it off to
   * compare the whole enumeration with a reference.
   */
  constructor(
    private readonly index: TimetableIndex,
    config: SearchConfig = {},
    options: { pruneDominated?: boolean } = {},
  ) {
    this.rules = new CompiledRules(index, config);
    this.pruneDominated = options.pruneDominated ?? true;
  }

  /** Replaces the configuration (MCT table, interline, permitted routes ... changed in settings). */
  setConfig(config: SearchConfig): void {
    this.rules = new CompiledRules(this.index, config);
  }

  search(query: RouteQuery): SearchResult {
    const started = performance.now();
    const origin = query.origin?.trim().toUpperCase();
    const destination = query.destination?.trim().toUpperCase();
    if (
      !origin ||
      !destination ||
      !isMinute(query.departureFrom) ||
      !isMinute(query.departureTo) ||
      !isMinute(query.now)
    ) {
      throw new RouteSearchError('required_fields', 'Fill in required fields');
    }
    if (query.departureTo <= query.departureFrom) {
      throw new RouteSearchError('invalid_query', 'The end of the date range must be after its start');
    }
    const kg = query.weightKg ?? 0;
    const m3 = query.volumeM3 ?? 0;
    if (!(kg >= 0) || !(m3 >= 0)) throw new RouteSearchError('invalid_query', 'Weight and volume must be >= 0');
    const wanted = query.maxTransfers !== undefined && Number.isFinite(query.maxTransfers) ? query.maxTransfers : 2;
    const maxTransfers = query.directOnly ? 0 : Math.min(2, Math.max(0, Math.trunc(wanted)));
    this.rules.refresh();

    const scan = this.scanFor(query, this.rules.airportsOf(origin), this.rules.airportsOf(destination), maxTransfers);
    scan.strict = !query.explain;
    const candidates = new Candidates();
    this.enumerate(scan, candidates);
    const masks = candidates.masks;

    const { departure, arrival, transfers } = this.criteria(candidates);
    const bookableIds: number[] = [];
    const allIds: number[] = [];
    for (let i = 0; i < candidates.n; i++) {
      allIds.push(i);
      if (masks[i] === 0) bookableIds.push(i);
    }
    const limit = query.limit ?? DEFAULT_LIMIT;
    const routes = this.present(
      candidates,
      paretoFront(bookableIds, departure, arrival, transfers),
      masks,
      scan,
      query,
      limit,
    );
    let rejected: RouteView[] = [];
    let alternatives: Alternative[] = [];
    if (query.explain) {
      const front = paretoFront(allIds, departure, arrival, transfers).filter((i) => masks[i] !== 0);
      rejected = this.present(candidates, front, masks, scan, query, limit);
      if (routes.length === 0) alternatives = this.alternatives(query, origin, destination, maxTransfers);
    }
    return {
      routes,
      rejected,
      alternatives,
      stats: {
        candidates: candidates.n,
        bookable: bookableIds.length,
        scannedLegs: candidates.scanned,
        truncated: candidates.truncated,
        millis: performance.now() - started,
      },
    };
  }

  private scanFor(query: RouteQuery, originCodes: string[], destinationCodes: string[], maxTransfers: number): Scan {
    const index = this.index;
    const a = index.airports.size;
    const isO = new Uint8Array(a);
    const isD = new Uint8Array(a);
    const origins: number[] = [];
    const destinations: number[] = [];
    for (const code of originCodes) {
      const i = index.airports.find(code);
      if (i >= 0 && !isO[i]) {
        isO[i] = 1;
        origins.push(i);
      }
    }
    for (const code of destinationCodes) {
      const i = index.airports.find(code);
      if (i >= 0 && !isD[i]) {
        isD[i] = 1;
        destinations.push(i);
      }
    }
    let carrierOk: Uint8Array | null = null;
    if (query.carriers && query.carriers.length > 0) {
      carrierOk = new Uint8Array(index.carriers.size);
      for (const c of query.carriers) {
        const i = index.carriers.find(c.trim().toUpperCase());
        if (i >= 0) carrierOk[i] = 1;
      }
    }
    return {
      isO,
      isD,
      origins,
      destinations,
      from: query.departureFrom,
      to: query.departureTo,
      maxLegs: maxTransfers + 1,
      strict: true,
      kg: query.weightKg ?? 0,
      m3: query.volumeM3 ?? 0,
      now: query.now,
      carrierOk,
      freighterOnly: query.freighterOnly === true,
    };
  }

  /**
   * Every route of 1..maxLegs legs from an origin airport to a destination airport whose first leg departs in
   * [from, to), connecting within [minimum, maxConnection] minutes, within maxTrip minutes overall, through transit
   * airports that are neither origins nor destinations and all different. Strict scans take only bookable legs and
   * connections at least the MCT; relaxed scans any connection of 0 minutes or more. Pruned by the latest departure
   * from each airport that can still reach a destination (one and two legs ahead), so no dead end is walked, and (unless
   * `pruneDominated` is off) by the routes already found, which the answer would drop as dominating the rest.
   */
  private enumerate(p: Scan, out: Candidates): void {
    const ix = this.index;
    const r = this.rules;
    const { order, dep, arr, org, dst, flags, car, kg, m3, salesOpen, salesClose, pairStart, dim } = ix;
    const a = ix.airports.size;
    const maxConn = r.maxConnection;
    const maxTrip = r.maxTrip;
    const latestArrival = p.to - 1 + maxTrip;
    const { isO, isD, origins, destinations, strict, now, carrierOk, freighterOnly, from, to } = p;
    const least = r.mctLeast;
    const usable = (s: number): boolean => {
      const f = flags[s]!;
      if (carrierOk !== null && carrierOk[car[s]!] === 0) return false;
      if (freighterOnly && (f & F_FREIGHTER) === 0) return false;
      if (!strict) return true;
      if ((f & BLOCKING) !== 0) return false;
      if (now < salesOpen[s]! || now >= Math.min(salesClose[s]!, dep[s]!)) return false;
      return kg[s]! >= p.kg && m3[s]! >= p.m3;
    };
    const lowConn = (airport: number): number => (strict ? Math.max(0, least[airport]!) : 0);
    const connects = (inbound: number, outbound: number): boolean =>
      !strict || dep[outbound]! - arr[inbound]! >= Math.max(0, r.mct(inbound, outbound));

    // L1[y]: the latest departure from transit y of a usable leg to a destination arriving in time.
    const l1 = new Int32Array(a).fill(INT32_MIN);
    const y1: number[] = [];
    if (p.maxLegs >= 2) {
      for (let y = 0; y < a; y++) {
        if (isO[y] || isD[y]) continue;
        let best = INT32_MIN;
        for (const d of destinations) {
          const pair = y * dim + d;
          const start = pairStart[pair]!;
          for (let i = ix.lowerBound(start, pairStart[pair + 1]!, latestArrival + 1) - 1; i >= start; i--) {
            const s = order[i]!;
            if (dep[s]! < from || dep[s]! <= best) break;
            if (arr[s]! <= latestArrival && usable(s)) {
              best = dep[s]!;
              break;
            }
          }
        }
        if (best !== INT32_MIN) {
          l1[y] = best;
          y1.push(y);
        }
      }
    }
    // L2[x]: the latest departure from transit x of a usable leg to some y above that still makes L1[y]. Computed
    // for the airports first legs actually reach, when first needed.
    // next[x]: the transits y that x has such a leg to (the only second transits worth trying after x).
    const l2 = new Int32Array(a).fill(INT32_MIN);
    const l2Known = new Uint8Array(a);
    const next: number[][] = new Array(a);
    const latestTwoAhead = (x: number): number => {
      if (l2Known[x]) return l2[x]!;
      l2Known[x] = 1;
      if (p.maxLegs < 3 || isO[x] || isD[x]) return INT32_MIN;
      let best = INT32_MIN;
      const ys: number[] = [];
      for (const y of ix.destinationsFrom(x)) {
        if (l1[y] === INT32_MIN || y === x) continue;
        const pair = x * dim + y;
        const start = pairStart[pair]!;
        const end = pairStart[pair + 1]!;
        if (start === end) continue;
        const bound = l1[y]! - lowConn(y);
        for (let i = ix.lowerBound(start, end, bound + 1) - 1; i >= start; i--) {
          const s = order[i]!;
          if (dep[s]! < from) break;
          if (arr[s]! <= bound && usable(s)) {
            if (dep[s]! > best) best = dep[s]!;
            ys.push(y);
            break;
          }
        }
      }
      l2[x] = best;
      next[x] = ys;
      return best;
    };

    // First legs of every origin in the window, latest departure first: routes found for later departures bound the
    // arrival a route of an earlier one must beat, or it is dominated (later or equal departure, earlier arrival, no
    // more transfers) and is not walked. Two bounds: bookable routes bound bookable prefixes; any route bounds prefixes
    // already unbookable (explain mode), which can only enter the front of all candidates.
    const firsts: number[] = [];
    for (const o of origins) {
      for (let z = 0; z < a; z++) {
        if (z === o || (isO[z] && !isD[z])) continue;
        const pair = o * dim + z;
        const end = pairStart[pair + 1]!;
        for (let i = ix.lowerBound(pairStart[pair]!, end, from); i < end; i++) {
          const s = order[i]!;
          if (dep[s]! >= to) break;
          firsts.push(s);
        }
      }
    }
    firsts.sort((x, y) => dep[y]! - dep[x]! || x - y);
    const prune = this.pruneDominated;
    const bestAll = [Infinity, Infinity, Infinity];
    const bestOk = [Infinity, Infinity, Infinity];
    const bound = (mask: number, k: number) => (mask !== 0 ? bestAll[k]! : bestOk[k]!);
    const legMask = (s: number): number => (strict ? 0 : this.legMask(s, p));
    const connMask = (inbound: number, outbound: number): number =>
      strict || dep[outbound]! - arr[inbound]! >= Math.max(0, r.mct(inbound, outbound)) ? 0 : R_CONNECTION;
    const emit = (s1: number, s2: number, s3: number, prefix: number, arrival: number, k: number) => {
      const mask = prefix | this.routeMask(s1, s2, s3);
      out.push(s1, s2, s3, mask);
      if (!prune) return;
      for (let j = k; j < 3; j++) {
        if (arrival < bestAll[j]!) bestAll[j] = arrival;
        if (mask === 0 && arrival < bestOk[j]!) bestOk[j] = arrival;
      }
    };

    for (const s1 of firsts) {
      out.scanned++;
      if (!usable(s1)) continue;
      const o = org[s1]!;
      const z = dst[s1]!;
      const d1 = dep[s1]!;
      const a1 = arr[s1]!;
      const m1 = legMask(s1);
      if (isD[z]) {
        if (a1 - d1 <= maxTrip && a1 <= bound(m1, 0)) emit(s1, -1, -1, m1, a1, 0);
        continue;
      }
      if (a1 > bound(m1, 1)) continue;
      const limit1 = Math.min(a1 + maxConn, d1 + maxTrip);
      // One transfer at z.
      if (l1[z] !== INT32_MIN) {
        const lc = lowConn(z);
        for (const d of destinations) {
          if (d === o || a1 + lc > l1[z]!) continue;
          const pair2 = z * dim + d;
          const end2 = pairStart[pair2 + 1]!;
          for (let j = ix.lowerBound(pairStart[pair2]!, end2, a1 + lc); j < end2; j++) {
            const s2 = order[j]!;
            const d2 = dep[s2]!;
            if (d2 > limit1 || d2 > bound(m1, 1)) break;
            out.scanned++;
            const a2 = arr[s2]!;
            if (a2 - d1 > maxTrip || !connects(s1, s2) || !usable(s2)) continue;
            const m2 = m1 | legMask(s2) | connMask(s1, s2);
            if (a2 <= bound(m2, 1)) emit(s1, s2, -1, m2, a2, 1);
          }
        }
      }
      // Two transfers, at z then y (not even looked at when a found route already arrives before the next leg leaves).
      const l2z = a1 + lowConn(z) > bound(m1, 2) ? INT32_MIN : latestTwoAhead(z);
      if (l2z !== INT32_MIN && a1 + lowConn(z) <= l2z) {
        const lcz = lowConn(z);
        for (const y of next[z]!) {
          const pair2 = z * dim + y;
          const start2 = pairStart[pair2]!;
          const end2 = pairStart[pair2 + 1]!;
          if (start2 === end2) continue;
          const lcy = lowConn(y);
          const limit2 = Math.min(limit1, l1[y]!);
          for (let j = ix.lowerBound(start2, end2, a1 + lcz); j < end2; j++) {
            const s2 = order[j]!;
            const d2 = dep[s2]!;
            if (d2 > limit2 || d2 > bound(m1, 2)) break;
            out.scanned++;
            const a2 = arr[s2]!;
            if (a2 + lcy > l1[y]! || a2 - d1 > maxTrip || !connects(s1, s2) || !usable(s2)) continue;
            const m2 = m1 | legMask(s2) | connMask(s1, s2);
            if (a2 > bound(m2, 2)) continue;
            const limit3 = Math.min(a2 + maxConn, d1 + maxTrip);
            for (const d of destinations) {
              if (d === o) continue;
              const pair3 = y * dim + d;
              const end3 = pairStart[pair3 + 1]!;
              for (let k = ix.lowerBound(pairStart[pair3]!, end3, a2 + lcy); k < end3; k++) {
                const s3 = order[k]!;
                const d3 = dep[s3]!;
                if (d3 > limit3 || d3 > bound(m2, 2)) break;
                out.scanned++;
                const a3 = arr[s3]!;
                if (a3 - d1 > maxTrip || !connects(s2, s3) || !usable(s3)) continue;
                const m3 = m2 | legMask(s3) | connMask(s2, s3);
                if (a3 <= bound(m3, 2)) emit(s1, s2, s3, m3, a3, 2);
              }
            }
          }
        }
      }
    }
  }

  /** Interline and permitted-route reasons of a whole route. */
  private routeMask(s1: number, s2: number, s3: number): number {
    if (s2 < 0) return this.rules.permitted([s1]) ? 0 : R_ROUTE;
    const ix = this.index;
    const issuing = ix.car[s1]!;
    let m = 0;
    const c2 = ix.car[s2]!;
    if (c2 !== issuing && !this.rules.interlineAccepted(issuing, c2)) m |= R_INTERLINE;
    if (s3 >= 0) {
      const c3 = ix.car[s3]!;
      if (c3 !== issuing && !this.rules.interlineAccepted(issuing, c3)) m |= R_INTERLINE;
    }
    if (!this.rules.permitted(s3 >= 0 ? [s1, s2, s3] : [s1, s2])) m |= R_ROUTE;
    return m;
  }

  private legMask(s: number, p: Scan): number {
    const ix = this.index;
    const f = ix.flags[s]!;
    let m = 0;
    if (f & F_CANCELLED) m |= R_CANCELLED;
    if (f & F_SALES_CLOSED) m |= R_SALES_CLOSED;
    if (f & F_LOCKED) m |= R_LOCKED;
    if (p.now < ix.salesOpen[s]! || p.now >= Math.min(ix.salesClose[s]!, ix.dep[s]!)) m |= R_WINDOW;
    if (ix.kg[s]! < p.kg || ix.m3[s]! < p.m3) m |= R_NO_CAPACITY;
    return m;
  }

  private criteria(c: Candidates): { departure: Int32Array; arrival: Int32Array; transfers: Uint8Array } {
    const ix = this.index;
    const departure = new Int32Array(c.n);
    const arrival = new Int32Array(c.n);
    const transfers = new Uint8Array(c.n);
    for (let i = 0; i < c.n; i++) {
      const k = i * 3;
      departure[i] = ix.dep[c.legs[k]!]!;
      const last = c.legs[k + 2]! >= 0 ? c.legs[k + 2]! : c.legs[k + 1]! >= 0 ? c.legs[k + 1]! : c.legs[k]!;
      arrival[i] = ix.arr[last]!;
      transfers[i] = (c.legs[k + 1]! >= 0 ? 1 : 0) + (c.legs[k + 2]! >= 0 ? 1 : 0);
    }
    return { departure, arrival, transfers };
  }

  /** Builds, prices, sorts and cuts the answer. */
  private present(
    c: Candidates,
    ids: readonly number[],
    masks: Int32Array,
    p: Scan,
    query: RouteQuery,
    limit: number,
  ): RouteView[] {
    const views = ids.map((i) => this.view(c.slots(i), masks[i]!, p));
    if (query.price) for (const v of views) v.price = query.price(v);
    const faster = (x: RouteView, y: RouteView) =>
      x.tripMinutes - y.tripMinutes ||
      x.arrival - y.arrival ||
      x.transfers - y.transfers ||
      y.departure - x.departure ||
      compareIds(x, y);
    const cheaper = (x: RouteView, y: RouteView) => comparePrice(x.price, y.price) || faster(x, y);
    views.sort(query.sort === 'cheaper' ? cheaper : faster);
    return views.slice(0, limit);
  }

  private view(slots: readonly number[], mask: number, p: Scan): RouteView {
    const ix = this.index;
    const legs = slots.map((s) => ix.view(s));
    const connections: ConnectionView[] = [];
    const rejections: Rejection[] = [];
    for (let i = 1; i < slots.length; i++) {
      const minimum = Math.max(0, this.rules.mct(slots[i - 1]!, slots[i]!));
      const minutes = legs[i]!.departure - legs[i - 1]!.arrival;
      connections.push({ airport: legs[i]!.origin, minutes, minimumMinutes: minimum });
      if (minutes < minimum) {
        rejections.push({
          reason: 'connection_not_workable',
          legId: legs[i]!.id,
          airport: legs[i]!.origin,
          connectionMinutes: minutes,
          minimumMinutes: minimum,
        });
      }
    }
    if (mask !== 0) {
      for (let i = 0; i < slots.length; i++) {
        const m = this.legMask(slots[i]!, p);
        const leg = legs[i]!;
        if (m & R_CANCELLED) rejections.push({ reason: 'cancelled', legId: leg.id });
        if (m & R_SALES_CLOSED) rejections.push({ reason: 'sales_closed', legId: leg.id });
        if (m & R_LOCKED) rejections.push({ reason: 'locked', legId: leg.id });
        if (m & R_WINDOW) rejections.push({ reason: 'outside_booking_window', legId: leg.id });
        if (m & R_NO_CAPACITY) {
          rejections.push({
            reason: 'no_capacity',
            legId: leg.id,
            availableKg: leg.availableKg,
            availableM3: leg.availableM3,
          });
        }
      }
      if (mask & R_INTERLINE) {
        const issuing = ix.car[slots[0]!]!;
        for (let i = 1; i < slots.length; i++) {
          const other = ix.car[slots[i]!]!;
          if (other !== issuing && !this.rules.interlineAccepted(issuing, other)) {
            rejections.push({
              reason: 'interline_not_allowed',
              legId: legs[i]!.id,
              carrier: legs[0]!.carrier,
              otherCarrier: legs[i]!.carrier,
            });
          }
        }
      }
      if (mask & R_ROUTE) rejections.push({ reason: 'route_not_permitted' });
    }
    const first = legs[0]!;
    const last = legs[legs.length - 1]!;
    const carriers: string[] = [];
    for (const l of legs) if (!carriers.includes(l.carrier)) carriers.push(l.carrier);
    return {
      legs,
      origin: first.origin,
      destination: last.destination,
      departure: first.departure,
      arrival: last.arrival,
      tripMinutes: last.arrival - first.departure,
      transfers: legs.length - 1,
      transitAirports: legs.slice(1).map((l) => l.origin),
      carriers,
      connections,
      availableKg: Math.min(...legs.map((l) => l.availableKg)),
      availableM3: Math.min(...legs.map((l) => l.availableM3)),
      price: null,
      bookable: mask === 0,
      rejections,
    };
  }

  /** Bookable routes near an unanswerable request: with transfers, from or to the city's other airports, other dates. */
  private alternatives(query: RouteQuery, origin: string, destination: string, maxTransfers: number): Alternative[] {
    const out: Alternative[] = [];
    const strict = (q: Partial<RouteQuery>, transfers: number, o: string, d: string): RouteView[] => {
      const full = { ...query, ...q };
      const scan = this.scanFor(full, this.rules.airportsOf(o), this.rules.airportsOf(d), transfers);
      const c = new Candidates();
      this.enumerate(scan, c);
      const masks = c.masks;
      const ok: number[] = [];
      for (let i = 0; i < c.n; i++) if (masks[i] === 0) ok.push(i);
      const { departure, arrival, transfers: tr } = this.criteria(c);
      return this.present(c, paretoFront(ok, departure, arrival, tr), masks, scan, full, ALTERNATIVES_PER_KIND);
    };
    if (maxTransfers < 2) {
      for (const route of strict({ directOnly: false, maxTransfers: 2 }, 2, origin, destination)) {
        out.push({ kind: 'with_transfers', route });
      }
    }
    const originCity = this.rules.cityOf(origin);
    const destinationCity = this.rules.cityOf(destination);
    if (originCity || destinationCity) {
      for (const route of strict({}, maxTransfers, originCity ?? origin, destinationCity ?? destination)) {
        out.push({ kind: 'other_airport', route });
      }
    }
    const days = query.alternativeDays ?? DEFAULT_ALTERNATIVE_DAYS;
    for (let k = 1; k <= days; k++) {
      const before = { departureFrom: query.departureFrom - k * DAY, departureTo: query.departureFrom - (k - 1) * DAY };
      const after = { departureFrom: query.departureTo + (k - 1) * DAY, departureTo: query.departureTo + k * DAY };
      const found = [
        ...(before.departureTo > query.now ? strict(before, maxTransfers, origin, destination) : []),
        ...strict(after, maxTransfers, origin, destination),
      ];
      if (found.length > 0) {
        for (const route of found) out.push({ kind: 'other_date', route });
        break;
      }
    }
    return out;
  }
}

function comparePrice(a: Price | null, b: Price | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a.amount - b.amount;
}

function compareIds(x: RouteView, y: RouteView): number {
  for (let i = 0; i < Math.min(x.legs.length, y.legs.length); i++) {
    const d = x.legs[i]!.id - y.legs[i]!.id;
    if (d !== 0) return d;
  }
  return x.legs.length - y.legs.length;
}
