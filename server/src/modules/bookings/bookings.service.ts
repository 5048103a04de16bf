import { generateFfr } from '@aircargo/cargo-messages/cimp/booking';
import type {
  Booking,
  BookingChange,
  BookingCreate,
  BookingDetail,
  BookingRuleCheck,
  BookingRuleCheckResult,
  BookingStatusChange,
  BookingsQuery,
  SegmentAvailability,
} from '@aircargo/contract/bookings';
import type { PaginationMeta } from '@aircargo/contract/common';
import type { MessageKey } from '@aircargo/contract/messages';
import {
  allotmentReleased,
  type BookingRuleInput,
  cargoLimitBreaches,
  forbiddenShcs,
  incompatibleShcs,
  type RuleAnswer,
  ruleAnswer,
  shcsNeedingDimensions,
  strictestAnswer,
  withTolerance,
} from '@aircargo/domain/booking-rules';
import { baggagePerPax, type Capacity, cargoCapacity, iataSeason } from '@aircargo/domain/capacity';
import type { AuthContext } from '../../platform/auth';
import { type ChangeChannel, changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, exists, message, notFound, validation } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import { refreshBookedFlag } from '../air-waybills/air-waybills.service';
import { isAvailable } from '../flights/flights.presenter';
import { assertSegmentsOpenForBooking, segmentCapacities } from '../flights/flights.service';
import { produceTelegrams } from '../telegram-producers/telegram-producers.hooks';
import { type BookingScope, bookingScope, forwarderFor, mayAnswer, unknownForwarder } from './bookings.policy';
import { numberWithDateOf, presentBooking, presentHistory, type Warnings } from './bookings.presenter';
import * as repo from './bookings.repository';

/**
 * Bookings and segment capacity (issue 11 items 3 and 4). Amounts are handled in thousandths (grams, litres) as
 * integers, so sums and comparisons are exact; the database keeps numeric(12,3).
 *
 * Selling never oversells: a booking's transaction locks the counter rows of all its segments in ascending id order
 * (repo.lockCounters), reads what the previous holder committed, decides, and writes counters, allotment use and the
 * booking together; the conditional counter update and the CHECK constraints guard the same limit again.
 */

type Page<T> = { data: T[]; meta: PaginationMeta };

export const milli = (v: string | number): number => Math.round(Number(v) * 1000);
export const dec = (m: number): string => (m / 1000).toFixed(3);

interface Amount {
  weight: number;
  volume: number;
}

/** The capacity state of one segment at a moment, in thousandths. */
export interface SegmentState {
  segmentId: number;
  capacity: Amount;
  limit: Amount;
  booked: Amount;
  allotmentUsed: Amount;
  /** The unused part of allotments not yet returned to free sale. */
  reserved: Amount;
  /** Allotments not yet returned to free sale, in full. */
  allotted: Amount;
  /** The forwarder's own usable allotment (the one with most weight left), if any. */
  own: { allotmentId: number; weight: number; volume: number; left: Amount } | null;
}

type CounterFigures = Pick<
  repo.CounterRow,
  'booked_weight' | 'booked_volume' | 'allotment_used_weight' | 'allotment_used_volume'
>;

function stateOf(
  segmentId: number,
  capacity: Amount,
  limit: Amount,
  counter: CounterFigures,
  allotments: readonly repo.AllotmentOnSegment[],
  std: Date,
  forwarderId: number | null,
  now: Date,
): SegmentState {
  const reserved = { weight: 0, volume: 0 };
  const allotted = { weight: 0, volume: 0 };
  let own: SegmentState['own'] = null;
  for (const a of allotments) {
    if (allotmentReleased(std, a.timelimit_to_std, now)) continue;
    const left = {
      weight: Math.max(0, milli(a.weight) - milli(a.used_weight)),
      volume: Math.max(0, milli(a.volume) - milli(a.used_volume)),
    };
    reserved.weight += left.weight;
    reserved.volume += left.volume;
    allotted.weight += milli(a.weight);
    allotted.volume += milli(a.volume);
    if (forwarderId !== null && a.forwarder_id === forwarderId && (own === null || left.weight > own.left.weight)) {
      own = { allotmentId: a.id, weight: milli(a.weight), volume: milli(a.volume), left };
    }
  }
  return {
    segmentId,
    capacity,
    limit,
    booked: { weight: milli(counter.booked_weight), volume: milli(counter.booked_volume) },
    allotmentUsed: { weight: milli(counter.allotment_used_weight), volume: milli(counter.allotment_used_volume) },
    reserved,
    allotted,
    own,
  };
}

/** What a forwarder can book on a segment now: free sale plus what is left of its own allotment. */
function availableOf(s: SegmentState): Amount {
  const free = {
    weight: Math.max(0, s.limit.weight - s.booked.weight - s.reserved.weight),
    volume: Math.max(0, s.limit.volume - s.booked.volume - s.reserved.volume),
  };
  return {
    weight: free.weight + (s.own?.left.weight ?? 0),
    volume: free.volume + (s.own?.left.volume ?? 0),
  };
}

/** The share of a booking of `want` on a segment: first from the forwarder's allotment, the rest from free sale. */
function planOf(s: SegmentState, want: Amount): { fits: boolean; fromAllotment: Amount; allotmentId: number | null } {
  const fromAllotment = {
    weight: Math.min(want.weight, s.own?.left.weight ?? 0),
    volume: Math.min(want.volume, s.own?.left.volume ?? 0),
  };
  // Taking x from the allotment moves x from reserved to booked; the free part must fit beside all reservations.
  const free = { weight: want.weight - fromAllotment.weight, volume: want.volume - fromAllotment.volume };
  const fits =
    s.booked.weight + free.weight + s.reserved.weight <= s.limit.weight &&
    s.booked.volume + free.volume + s.reserved.volume <= s.limit.volume;
  const uses = fromAllotment.weight > 0 || fromAllotment.volume > 0;
  return {
    fits,
    fromAllotment: uses ? fromAllotment : { weight: 0, volume: 0 },
    allotmentId: uses ? (s.own?.allotmentId ?? null) : null,
  };
}

/** Capacity and the limit with the airline's overflow tolerance of each segment, in thousandths. */
function limitsFrom(
  segments: readonly repo.SegmentInfo[],
  capacities: Map<number, { weight: number; volume: number }>,
  terms: Map<number, repo.AirlineTerms>,
): { capacity: Map<number, Amount>; limit: Map<number, Amount> } {
  const capacity = new Map<number, Amount>();
  const limit = new Map<number, Amount>();
  for (const s of segments) {
    const c = capacities.get(s.id) ?? { weight: 0, volume: 0 };
    const t = terms.get(s.airline_id);
    capacity.set(s.id, { weight: milli(c.weight), volume: milli(c.volume) });
    limit.set(s.id, {
      weight: milli(withTolerance(c.weight, Number(t?.overflow_weight_percent ?? 0))),
      volume: milli(withTolerance(c.volume, Number(t?.overflow_volume_percent ?? 0))),
    });
  }
  return { capacity, limit };
}

/** Terms of the segments' airlines and the limits with their overflow tolerance, keyed by segment. */
async function limitsOf(
  db: Db,
  segments: readonly repo.SegmentInfo[],
  known?: Map<number, repo.AirlineTerms>,
): Promise<{ capacity: Map<number, Amount>; limit: Map<number, Amount>; terms: Map<number, repo.AirlineTerms> }> {
  const capacities = await segmentCapacities(
    db,
    segments.map((s) => s.id),
  );
  const terms =
    known ??
    new Map(
      (await repo.airlineTerms(db, [...new Set(segments.map((s) => s.airline_id))])).map((t) => [t.company_id, t]),
    );
  return { ...limitsFrom(segments, capacities, terms), terms };
}

/** What a booking of `want` gets on each segment and the rules' answer, from the segments' state as read. */
interface Judged {
  answer: RuleAnswer;
  plans: { segment: repo.SegmentInfo; state: SegmentState; plan: ReturnType<typeof planOf> }[];
}

function judge(
  forwarderId: number,
  segments: readonly repo.SegmentInfo[],
  cargo: Cargo,
  data: {
    capacity: Map<number, Amount>;
    limit: Map<number, Amount>;
    counters: Map<number, CounterFigures>;
    allotments: readonly repo.AllotmentOnSegment[];
    rules: Map<number, BookingRuleInput[]>;
  },
  now: Date,
): Judged {
  const want = { weight: milli(cargo.weight), volume: milli(cargo.volume) };
  const plans = segments.map((s) => {
    const state = stateOf(
      s.id,
      data.capacity.get(s.id) as Amount,
      // The row's limit never drops below what is booked; judging against the fresh one sells nothing beyond it.
      data.limit.get(s.id) as Amount,
      data.counters.get(s.id) as CounterFigures,
      data.allotments.filter((a) => a.segment_id === s.id),
      s.std,
      forwarderId,
      now,
    );
    const cap = state.capacity.weight;
    const answer = ruleAnswer(data.rules.get(s.airline_id) ?? [], {
      segmentId: s.id,
      origin: s.origin,
      destination: s.destination,
      shcs: cargo.shcs,
      weight: cargo.weight,
      volume: cargo.volume,
      loadPercent: cap > 0 ? Math.round(((state.booked.weight + want.weight) / cap) * 10000) / 100 : null,
    });
    return { segment: s, state, plan: planOf(state, want), answer: answer.responseStatus };
  });
  return { answer: strictestAnswer(plans.map((p) => p.answer)), plans };
}

/**
 * Capacity free on segments now (kg and m3): free sale within capacity × (1 + the airline's overflow tolerance), less
 * what is booked and what allotments not yet returned to free sale still reserve, plus what is left of the
 * forwarder's own allotment. Route search calls this on its candidates. Unknown segments are absent.
 */
export async function availableCapacity(
  db: Db,
  { segmentIds, forwarderId, now = new Date() }: { segmentIds: readonly number[]; forwarderId?: number; now?: Date },
): Promise<Map<number, { weight: number; volume: number }>> {
  const states = await segmentStates(db, segmentIds, forwarderId ?? null, now);
  return new Map(
    [...states.values()].map((s) => {
      const a = availableOf(s);
      return [s.segmentId, { weight: a.weight / 1000, volume: a.volume / 1000 }];
    }),
  );
}

async function segmentStates(
  db: Db,
  segmentIds: readonly number[],
  forwarderId: number | null,
  now: Date,
): Promise<Map<number, SegmentState>> {
  const segments = await repo.segmentsInfo(db, [...new Set(segmentIds)]);
  const { capacity, limit } = await limitsOf(db, segments);
  const counters = new Map((await repo.readCounters(db, segmentIds)).map((c) => [c.segment_id, c]));
  const allotments = await repo.allotmentsOnSegments(
    db,
    segments.map((s) => s.id),
  );
  const zero = { booked_weight: '0', booked_volume: '0', allotment_used_weight: '0', allotment_used_volume: '0' };
  return new Map(
    segments.map((s) => [
      s.id,
      stateOf(
        s.id,
        capacity.get(s.id) as Amount,
        limit.get(s.id) as Amount,
        counters.get(s.id) ?? zero,
        allotments.filter((a) => a.segment_id === s.id),
        s.std,
        forwarderId,
        now,
      ),
    ]),
  );
}

export { bookedLoad } from './bookings.load';

/**
 * The counters of segments against their effective bookings: each segment's booked and allotment-used figures must
 * equal the sums of its effective bookings. Returns the segments where they differ (empty when all agree).
 */
export async function auditCounters(db: Db, segmentIds: readonly number[]): Promise<number[]> {
  const counters = await repo.readCounters(db, segmentIds);
  const sums = new Map((await repo.sumsFromBookings(db, segmentIds)).map((r) => [r.segment_id, r]));
  return counters
    .filter((c) => {
      const s = sums.get(c.segment_id);
      return (
        milli(c.booked_weight) !== milli(s?.weight ?? 0) ||
        milli(c.booked_volume) !== milli(s?.volume ?? 0) ||
        milli(c.allotment_used_weight) !== milli(s?.allotment_weight ?? 0) ||
        milli(c.booked_weight) > milli(c.limit_weight) ||
        milli(c.booked_volume) > milli(c.limit_volume)
      );
    })
    .map((c) => c.segment_id);
}

const CHANGE_FIELDS = [
  'version',
  'segment_ids',
  'mawb',
  'parts_code',
  'pieces',
  'weight',
  'volume',
  'density_group',
  'commodity',
  'shcs',
  'dimensions',
  'request_status',
  'response_status',
  'response_reason',
  'effective',
  'active',
  'touched_at',
] as const;
type Loggable = Record<(typeof CHANGE_FIELDS)[number], unknown>;

function loggable(b: repo.BookingRow, segmentIds: readonly number[]): Loggable {
  return {
    version: b.version,
    segment_ids: [...segmentIds],
    mawb: b.mawb,
    parts_code: b.parts_code,
    pieces: b.pieces,
    weight: Number(b.weight),
    volume: Number(b.volume),
    density_group: b.density_group,
    commodity: b.commodity,
    shcs: b.shcs,
    dimensions: b.dimensions,
    request_status: b.request_status,
    response_status: b.response_status,
    response_reason: b.response_reason,
    effective: b.effective,
    active: b.active,
    touched_at: b.touched_at ? b.touched_at.toISOString() : null,
  };
}

interface Cargo {
  pieces: number;
  weight: number;
  volume: number;
  shcs: string[];
  dimensions: { pieces: number; length: number; width: number; height: number; weight?: number }[];
}

export class BookingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  // Reading.

  private async present(db: Db, rows: readonly repo.ListedBooking[]): Promise<Booking[]> {
    const links = await repo.segmentsOfBookings(
      db,
      rows.map((r) => r.booking.id),
    );
    const info = new Map(
      (await repo.segmentsInfo(db, [...new Set(links.map((l) => l.segment_id))])).map((s) => [s.id, s]),
    );
    const airlineIds = [...new Set([...info.values()].map((s) => s.airline_id))];
    const terms = new Map((await repo.airlineTerms(db, airlineIds)).map((t) => [t.company_id, t]));
    const permitted = await repo.permittedRoutesOf(db, airlineIds);
    const awbWeights = await repo.awbWeightsOf(
      db,
      rows.flatMap((r) => (r.booking.mawb ? [{ mawb: r.booking.mawb, forwarderId: r.booking.forwarder_id }] : [])),
    );
    const out: Booking[] = [];
    for (const r of rows) {
      const own = links.filter((l) => l.booking_id === r.booking.id);
      const awbWeight = r.booking.mawb ? (awbWeights.get(`${r.booking.forwarder_id}/${r.booking.mawb}`) ?? null) : null;
      const duplicates =
        r.booking.mawb && r.booking.effective
          ? await repo.otherBookingsOfAwb(db, {
              id: r.booking.id,
              mawb: r.booking.mawb,
              partsCode: r.booking.parts_code,
            })
          : 0;
      out.push(presentBooking(r, own, info, warningsOf(r.booking, own, info, terms, duplicates, permitted, awbWeight)));
    }
    return out;
  }

  async list(auth: AuthContext, query: BookingsQuery): Promise<Page<Booking>> {
    const page = await repo.listBookings(this.db, bookingScope(auth), query);
    return { data: await this.present(this.db, page.rows), meta: page.meta };
  }

  private async find(db: Db, scope: BookingScope, id: number, lock = false): Promise<repo.ListedBooking> {
    const row = await repo.findBooking(db, scope, id, lock);
    if (!row) throw notFound(message('bookingNotFound'));
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<BookingDetail> {
    const row = await this.find(this.db, bookingScope(auth), id);
    const [booking] = await this.present(this.db, [row]);
    const history = await repo.historyOf(this.db, id);
    const logs = await repo.changeLogsOf(this.db, 'booking', id);
    return {
      ...(booking as Booking),
      history: history.map(presentHistory),
      change_log: logs.map((l) => ({
        id: l.id,
        channel: l.channel as ChangeChannel,
        user_id: l.user_id,
        change_set: l.change_set,
        created_at: l.created_at.toISOString(),
      })),
    };
  }

  async availability(
    auth: AuthContext,
    segmentIds: readonly number[],
    forwarderId: number | undefined,
  ): Promise<{ data: SegmentAvailability[] }> {
    const segments = await repo.segmentsInfo(this.db, [...new Set(segmentIds)]);
    const visible = await this.visibleSegments(auth, segments);
    const forwarder = auth.companyType === 'forwarder' ? auth.companyId : (forwarderId ?? null);
    const states = await segmentStates(
      this.db,
      visible.map((s) => s.id),
      forwarder,
      this.clock.now(),
    );
    return {
      data: [...states.values()].map((s) => {
        const available = availableOf(s);
        const k = (m: number) => m / 1000;
        return {
          segment_id: s.segmentId,
          capacity_weight: k(s.capacity.weight),
          capacity_volume: k(s.capacity.volume),
          limit_weight: k(s.limit.weight),
          limit_volume: k(s.limit.volume),
          booked_weight: k(s.booked.weight),
          booked_volume: k(s.booked.volume),
          free_sale_booked_weight: k(s.booked.weight - s.allotmentUsed.weight),
          free_sale_booked_volume: k(s.booked.volume - s.allotmentUsed.volume),
          allotted_weight: k(s.allotted.weight),
          allotted_volume: k(s.allotted.volume),
          allotment_used_weight: k(s.allotmentUsed.weight),
          allotment_used_volume: k(s.allotmentUsed.volume),
          available_weight: k(available.weight),
          available_volume: k(available.volume),
        };
      }),
    };
  }

  /** Segments the caller may see figures of: the platform all, an airline its own, a forwarder its partners'. */
  private async visibleSegments(auth: AuthContext, segments: repo.SegmentInfo[]): Promise<repo.SegmentInfo[]> {
    if (auth.companyType === 'platform') return segments;
    if (auth.companyId === null) return [];
    if (auth.companyType === 'airline') return segments.filter((s) => s.airline_id === auth.companyId);
    if (auth.companyType === 'forwarder') {
      const partners = await repo.airlinesWithAgreement(
        this.db,
        auth.companyId,
        [...new Set(segments.map((s) => s.airline_id))],
        this.today(),
      );
      return segments.filter((s) => partners.has(s.airline_id));
    }
    return [];
  }

  // Checks in the seed's order (seed 001 sections 5 and 8).

  /** The segments of a booking in the order given; unknown ones (and, for an airline, others' first legs) 404. */
  private async segmentsFor(auth: AuthContext, ids: readonly number[]): Promise<repo.SegmentInfo[]> {
    if (new Set(ids).size !== ids.length) return this.orderedSegments(auth, ids, []);
    return this.orderedSegments(auth, ids, await repo.segmentsInfo(this.db, ids));
  }

  private async checkAgreementsAndShcs(
    forwarderId: number,
    segments: readonly repo.SegmentInfo[],
    shcs: readonly string[],
  ): Promise<Map<number, repo.AirlineTerms>> {
    const airlines = [...new Set(segments.map((s) => s.airline_id))];
    const partners = await repo.airlinesWithAgreement(this.db, forwarderId, airlines, this.today());
    if (airlines.some((a) => !partners.has(a))) {
      throw new AppError(403, 'NoValidAgreement', message('noValidAgreement'));
    }
    return checkAgreementsAndShcs(partners, await repo.airlineTerms(this.db, airlines), segments, shcs);
  }

  private checkCargo(cargo: Cargo): void {
    const needDims = shcsNeedingDimensions(cargo.shcs, cargo.dimensions.length > 0);
    if (needDims.length) {
      const m = message('bookingDimensionsRequired', { shcs: needDims.join(', ') });
      throw validation({ dimensions: [m] }, m);
    }
    const breaches = cargoLimitBreaches(cargo);
    if (breaches.length) {
      const keys: Record<string, [string, MessageKey]> = {
        averagePieceVolume: ['volume', 'cargoLimitAveragePieceVolume'],
        averagePieceWeight: ['weight', 'cargoLimitAveragePieceWeight'],
        weight: ['weight', 'cargoLimitWeight'],
        volume: ['volume', 'cargoLimitVolume'],
      };
      const errors: Record<string, ReturnType<typeof message>[]> = {};
      for (const b of breaches) {
        const [field, key] = keys[b.limit] as [string, MessageKey];
        errors[field] = [...(errors[field] ?? []), message(key, { max: b.max })];
      }
      throw validation(errors, Object.values(errors)[0]?.[0]);
    }
    if (incompatibleShcs(cargo.shcs).length) {
      const m = message('incompatibleShcs');
      throw validation({ shcs: [m] }, m);
    }
  }

  /**
   * Judges and takes capacity for a booking of `cargo` on `segments` inside the caller's transaction, with the
   * segments' counters locked: the rules' answer, and for KK or NN the capacity (allotment first, then free sale).
   * Throws when the capacity does not fit. Returns the answer and the booking's segment rows.
   */
  private async take(
    tx: Db,
    forwarderId: number,
    segments: readonly repo.SegmentInfo[],
    cargo: Cargo,
    counters: Map<number, repo.CounterRow>,
    terms?: Map<number, repo.AirlineTerms>,
  ): Promise<{ answer: RuleAnswer; links: Omit<repo.BookingSegmentInsert, 'booking_id'>[] }> {
    const { capacity, limit } = await limitsOf(tx, segments, terms);
    const allotments = await repo.allotmentsOnSegments(
      tx,
      segments.map((s) => s.id),
    );
    const rules = await repo.rulesOfAirlines(tx, [...new Set(segments.map((s) => s.airline_id))]);
    const want = { weight: milli(cargo.weight), volume: milli(cargo.volume) };
    const { answer, plans } = judge(
      forwarderId,
      segments,
      cargo,
      { capacity, limit, counters, allotments, rules },
      this.clock.now(),
    );
    if (answer === 'UU') {
      return {
        answer,
        links: plans.map((p, i) => ({
          sequence: i + 1,
          segment_id: p.segment.id,
          airline_id: p.segment.airline_id,
          allotment_id: null,
          allotment_weight: '0',
          allotment_volume: '0',
        })),
      };
    }
    for (const p of plans) {
      if (!p.plan.fits) throw noCapacity(p.segment);
    }
    for (const p of plans) {
      const c = capacity.get(p.segment.id) as Amount;
      const l = limit.get(p.segment.id) as Amount;
      const ok = await repo.takeOnCounters(tx, p.segment.id, {
        capacityWeight: dec(c.weight),
        capacityVolume: dec(c.volume),
        limitWeight: dec(l.weight),
        limitVolume: dec(l.volume),
        weight: dec(want.weight),
        volume: dec(want.volume),
        allotmentWeight: dec(p.plan.fromAllotment.weight),
        allotmentVolume: dec(p.plan.fromAllotment.volume),
      });
      if (!ok) throw noCapacity(p.segment);
      if (p.plan.allotmentId !== null && p.state.own) {
        await repo.addToUsage(tx, {
          allotmentId: p.plan.allotmentId,
          segmentId: p.segment.id,
          weight: dec(p.state.own.weight),
          volume: dec(p.state.own.volume),
          usedWeight: dec(p.plan.fromAllotment.weight),
          usedVolume: dec(p.plan.fromAllotment.volume),
        });
      }
    }
    return {
      answer,
      links: plans.map((p, i) => ({
        sequence: i + 1,
        segment_id: p.segment.id,
        airline_id: p.segment.airline_id,
        allotment_id: p.plan.allotmentId,
        allotment_weight: dec(p.plan.fromAllotment.weight),
        allotment_volume: dec(p.plan.fromAllotment.volume),
      })),
    };
  }

  /** Gives back what an effective booking holds on its segments (their counters locked by the caller). */
  private async release(tx: Db, booking: repo.BookingRow, links: readonly repo.BookingSegmentRow[]): Promise<void> {
    if (!booking.effective) return;
    for (const l of links) {
      await repo.addToCounters(tx, l.segment_id, {
        weight: dec(-milli(booking.weight)),
        volume: dec(-milli(booking.volume)),
        allotmentWeight: dec(-milli(l.allotment_weight)),
        allotmentVolume: dec(-milli(l.allotment_volume)),
      });
      if (l.allotment_id !== null && (milli(l.allotment_weight) > 0 || milli(l.allotment_volume) > 0)) {
        await repo.addToUsage(tx, {
          allotmentId: l.allotment_id,
          segmentId: l.segment_id,
          weight: '0',
          volume: '0',
          usedWeight: dec(-milli(l.allotment_weight)),
          usedVolume: dec(-milli(l.allotment_volume)),
        });
      }
    }
  }

  // Writing.

  /**
   * A new booking, checked in the seed's order. Everything it is judged on is read in one statement without locks (with
   * the segments' capacity beside it); the plan is written in one statement that takes effect only while the segments'
   * counters are still the versions read, so the counter rows stay locked only for that statement. A stale plan is
   * made again from a fresh read; after a few stale attempts the last one locks the counters first and cannot be stale.
   */
  async create(
    auth: AuthContext,
    input: BookingCreate,
    source: 'web' | 'api' | 'ffr' | 'system' = 'web',
  ): Promise<Booking> {
    const forwarderId = forwarderFor(auth, input.forwarder_id);
    const ids = input.segment_ids;
    const cargo: Cargo = {
      pieces: input.pieces,
      weight: input.weight,
      volume: input.volume,
      shcs: input.shcs,
      dimensions: input.dimensions,
    };
    const mawb = input.mawb ?? null;
    const partsCode = input.parts_code ?? null;
    const read = (db: Db) =>
      repo.bookingInputs(db, { forwarderId, segmentIds: ids, today: this.today(), mawb, partsCode });
    const first = await read(this.db);
    const forwarder = first.forwarder;
    if (forwarder?.company_type !== 'forwarder') throw unknownForwarder();
    const segments = this.orderedSegments(auth, ids, first.segments);
    const terms = checkAgreementsAndShcs(new Set(first.partners), first.terms, segments, cargo.shcs);
    this.checkCargo(cargo);
    const limits = limitsFrom(segments, new Map(segments.map((s) => [s.id, capacityOf(s)])), terms);
    const write = async (db: Db, inputs: repo.BookingInputs) => {
      if (inputs.duplicate) throw exists(message('bookingExists'), 'mawb');
      const fresh = new Map(inputs.segments.map((s) => [s.id, s]));
      assertOpen(
        ids.map((id) => fresh.get(id)),
        this.clock.now(),
      );
      const counters = new Map(inputs.counters.map((c) => [c.segment_id, c]));
      if (ids.some((id) => !counters.has(id))) {
        await repo.ensureCounters(db, ids);
        return null;
      }
      const { answer, plans } = judge(
        forwarderId,
        segments,
        cargo,
        { ...limits, counters, allotments: inputs.allotments, rules: inputs.rules },
        this.clock.now(),
      );
      const takes = answer !== 'UU';
      if (takes) {
        for (const p of plans) if (!p.plan.fits) throw noCapacity(p.segment);
      }
      const firstSegment = segments[0] as repo.SegmentInfo;
      const lastSegment = segments[segments.length - 1] as repo.SegmentInfo;
      const booking: repo.NewBooking = {
        forwarder_id: forwarderId,
        airline_id: firstSegment.airline_id,
        carrier: firstSegment.carrier,
        mawb,
        parts_code: partsCode,
        origin: firstSegment.origin,
        destination: lastSegment.destination,
        pieces: cargo.pieces,
        weight: dec(milli(cargo.weight)),
        volume: dec(milli(cargo.volume)),
        density_group: input.density_group ?? null,
        commodity: input.commodity ?? null,
        shcs: cargo.shcs,
        dimensions: cargo.dimensions,
        request_status: 'NN',
        response_status: answer,
        response_reason: null,
        source,
        effective: takes,
        created_by: auth.userId,
      };
      const want = { weight: milli(cargo.weight), volume: milli(cargo.volume) };
      const planned: repo.PlannedSegment[] = plans.map((p, i) => {
        const c = limits.capacity.get(p.segment.id) as Amount;
        const l = limits.limit.get(p.segment.id) as Amount;
        const fromAllotment = takes ? p.plan.fromAllotment : { weight: 0, volume: 0 };
        const counter = counters.get(p.segment.id) as repo.CounterState;
        return {
          sequence: i + 1,
          segmentId: p.segment.id,
          airlineId: p.segment.airline_id,
          // Allotments, load-percent rules and the AWB's uniqueness depend on more than the limit guard sees.
          exact:
            mawb !== null ||
            p.state.allotted.weight > 0 ||
            p.state.allotted.volume > 0 ||
            (inputs.rules.get(p.segment.airline_id) ?? []).some((r) => r.minPercent !== null || r.maxPercent !== null),
          xmin: counter.xmin,
          allotmentEpoch: counter.allotment_epoch,
          capacityWeight: dec(c.weight),
          capacityVolume: dec(c.volume),
          limitWeight: dec(l.weight),
          limitVolume: dec(l.volume),
          weight: dec(takes ? want.weight : 0),
          volume: dec(takes ? want.volume : 0),
          allotmentId: takes ? p.plan.allotmentId : null,
          allotmentWeight: dec(fromAllotment.weight),
          allotmentVolume: dec(fromAllotment.volume),
          allotmentSizeWeight: dec(p.state.own?.weight ?? 0),
          allotmentSizeVolume: dec(p.state.own?.volume ?? 0),
        };
      });
      const row: repo.BookingRow = {
        ...booking,
        id: 0,
        version: 1,
        mawb,
        parts_code: partsCode,
        density_group: booking.density_group ?? null,
        commodity: booking.commodity ?? null,
        shcs: cargo.shcs,
        dimensions: cargo.dimensions,
        request_status: 'NN',
        response_reason: null,
        active: true,
        touched_at: null,
        created_by: auth.userId,
        created_at: new Date(0),
        updated_at: new Date(0),
      };
      const written = await repo.insertBookingIfCurrent(db, {
        booking,
        segments: planned,
        // A booking request telegram is the system's change (the change log's channels name no FFR).
        channel: source === 'ffr' ? 'system' : source,
        changeSet: changeSetOf(null, loggable(row, ids), CHANGE_FIELDS),
      });
      if (written.outcome === 'full') {
        throw noCapacity(segments.find((s) => s.id === written.segmentId) ?? firstSegment);
      }
      if (written.outcome !== 'written') return null;
      await produceTelegrams(db, 'booking_created', written.id, auth.userId);
      const links: repo.BookingSegmentRow[] = planned.map((p) => ({
        booking_id: written.id,
        sequence: p.sequence,
        segment_id: p.segmentId,
        airline_id: p.airlineId,
        allotment_id: p.allotmentId,
        allotment_weight: p.allotmentWeight,
        allotment_volume: p.allotmentVolume,
      }));
      const saved = { ...row, id: written.id, created_at: written.createdAt, updated_at: written.updatedAt };
      const info = new Map<number, repo.SegmentInfo>(segments.map((s) => [s.id, s]));
      const permitted = await repo.permittedRoutesOf(db, [...new Set(segments.map((s) => s.airline_id))]);
      return presentBooking(
        { booking: saved, forwarder: { id: forwarder.id, name: forwarder.name, short_name: forwarder.short_name } },
        links,
        info,
        warningsOf(saved, links, info, terms, written.duplicates, permitted, written.awbWeight),
      );
    };
    let inputs = first;
    for (let attempt = 1; attempt < CREATE_ATTEMPTS; attempt++) {
      const booking = await inTransaction(this.db, (tx) => write(tx, inputs));
      if (booking) return booking;
      inputs = await read(this.db);
    }
    // Still stale after a few attempts (a hot segment): lock the counters first, then the plan cannot go stale.
    return inTransaction(this.db, async (tx) => {
      await repo.lockCounters(tx, ids);
      const booking = await write(tx, await read(tx));
      if (!booking) throw new Error('a booking plan went stale with its counters locked');
      return booking;
    });
  }

  /** The segments of a new booking in the order given; unknown ones (and, for an airline, others' first legs) 404. */
  private orderedSegments<S extends repo.SegmentInfo>(
    auth: AuthContext,
    ids: readonly number[],
    rows: readonly S[],
  ): S[] {
    if (new Set(ids).size !== ids.length) {
      const m = message('invalidFormat');
      throw validation({ segment_ids: [m] }, m);
    }
    const ordered = ids.map((id) => rows.find((r) => r.id === id));
    if (ordered.some((s) => s === undefined)) throw notFound(message('flightNotFound'));
    const segments = ordered as S[];
    if (auth.companyType === 'airline' && segments[0]?.airline_id !== auth.companyId) {
      throw notFound(message('flightNotFound'));
    }
    return segments;
  }

  private async one(auth: AuthContext, id: number): Promise<Booking> {
    const [b] = await this.present(this.db, [await this.find(this.db, bookingScope(auth), id)]);
    return b as Booking;
  }

  /**
   * Runs a change of a booking: locks the booking, then the counters of its segments and of `extraSegments` (ascending
   * ids), keeps the version it was as a history row, applies `fn` and logs the difference.
   */
  private async changing(
    auth: AuthContext,
    id: number,
    extraSegments: readonly number[],
    fn: (
      tx: Db,
      b: repo.ListedBooking,
      links: repo.BookingSegmentRow[],
    ) => Promise<{ values: Partial<repo.BookingInsert>; links?: Omit<repo.BookingSegmentInsert, 'booking_id'>[] }>,
  ): Promise<Booking> {
    await inTransaction(this.db, async (tx) => {
      const b = await this.find(tx, bookingScope(auth), id, true);
      const links = await repo.segmentsOfBookings(tx, [id]);
      await repo.lockCounters(tx, [...links.map((l) => l.segment_id), ...extraSegments]);
      const [before] = await this.present(tx, [b]);
      const { values, links: newLinks } = await fn(tx, b, links);
      const after = await repo.updateBooking(tx, id, { ...values, version: b.booking.version + 1 });
      if (newLinks) await repo.replaceBookingSegments(tx, id, newLinks);
      // The waybill of the number stays booked while one of its bookings holds capacity.
      if (after.mawb) await refreshBookedFlag(tx, after.mawb);
      await repo.insertHistory(tx, {
        bookingId: id,
        version: b.booking.version,
        snapshot: before as unknown as Record<string, unknown>,
        userId: auth.userId,
      });
      await writeChangeLogs(tx, [
        {
          record_type: 'booking',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(
            loggable(
              b.booking,
              links.map((l) => l.segment_id),
            ),
            loggable(
              after,
              (newLinks ?? links).map((l) => l.segment_id),
            ),
            CHANGE_FIELDS,
          ),
        },
      ]);
    });
    return this.one(auth, id);
  }

  async change(auth: AuthContext, id: number, input: BookingChange): Promise<Booking> {
    const current = await this.find(this.db, bookingScope(auth), id);
    if (!current.booking.active) throw validation({}, message('bookingCancelled'));
    const oldIds = (await repo.segmentsOfBookings(this.db, [id])).map((l) => l.segment_id);
    const ids = input.segment_ids ?? oldIds;
    const segments = await this.segmentsFor(auth, ids);
    const b = current.booking;
    const cargo: Cargo = {
      pieces: input.pieces ?? b.pieces,
      weight: input.weight ?? Number(b.weight),
      volume: input.volume ?? Number(b.volume),
      shcs: input.shcs ?? b.shcs,
      dimensions: input.dimensions ?? b.dimensions,
    };
    await this.checkAgreementsAndShcs(b.forwarder_id, segments, cargo.shcs);
    this.checkCargo(cargo);
    return this.changing(auth, id, ids, async (tx, locked, links) => {
      if (!locked.booking.active) throw validation({}, message('bookingCancelled'));
      if (
        locked.booking.mawb &&
        (await repo.duplicateBooking(tx, {
          mawb: locked.booking.mawb,
          partsCode: locked.booking.parts_code,
          segmentIds: ids,
          exceptId: id,
        }))
      ) {
        throw exists(message('bookingExists'), 'mawb');
      }
      await assertSegmentsOpenForBooking(
        tx,
        [...new Set([...links.map((l) => l.segment_id), ...ids])],
        this.clock.now(),
      );
      await this.release(tx, locked.booking, links);
      // Counters as they are after the release (the lock is still ours).
      const fresh = await repo.lockCounters(tx, ids);
      const { answer, links: newLinks } = await this.take(tx, locked.booking.forwarder_id, segments, cargo, fresh);
      const first = segments[0] as repo.SegmentInfo;
      const last = segments[segments.length - 1] as repo.SegmentInfo;
      return {
        values: {
          airline_id: first.airline_id,
          carrier: first.carrier,
          origin: first.origin,
          destination: last.destination,
          pieces: cargo.pieces,
          weight: dec(milli(cargo.weight)),
          volume: dec(milli(cargo.volume)),
          shcs: cargo.shcs,
          dimensions: cargo.dimensions,
          ...(input.density_group !== undefined ? { density_group: input.density_group } : {}),
          ...(input.commodity !== undefined ? { commodity: input.commodity } : {}),
          response_status: answer,
          response_reason: null,
          effective: answer !== 'UU',
        },
        links: newLinks,
      };
    });
  }

  async cancel(auth: AuthContext, id: number): Promise<Booking> {
    return this.changing(auth, id, [], async (tx, b, links) => {
      if (!b.booking.active) throw validation({}, message('bookingCancelled'));
      await assertSegmentsOpenForBooking(
        tx,
        links.map((l) => l.segment_id),
        this.clock.now(),
      ).catch((e: unknown) => {
        // A cancelled flight's bookings may still be cancelled; a locked one's may not.
        if (e instanceof AppError && e.messageKey?.key === 'flightCanceled') return;
        throw e;
      });
      await this.release(tx, b.booking, links);
      return {
        values: { response_status: 'XX', request_status: 'XX', effective: false, active: false },
        links: links.map((l) => ({ ...l, allotment_id: null, allotment_weight: '0', allotment_volume: '0' })),
      };
    });
  }

  async setStatus(auth: AuthContext, id: number, input: BookingStatusChange): Promise<Booking> {
    const scope = bookingScope(auth);
    if (!mayAnswer(scope)) throw notFound(message('bookingNotFound'));
    return this.changing(auth, id, [], async (tx, b, links) => {
      if (b.booking.response_status !== 'NN') {
        const m = message('bookingNotWaiting');
        throw validation({ response_status: [m] }, m);
      }
      if (input.response_status === 'UU') {
        await this.release(tx, b.booking, links);
        return {
          values: { response_status: 'UU', effective: false, response_reason: input.response_reason ?? null },
          links: links.map((l) => ({ ...l, allotment_id: null, allotment_weight: '0', allotment_volume: '0' })),
        };
      }
      return { values: { response_status: 'KK', response_reason: input.response_reason ?? null } };
    });
  }

  /**
   * POST /booking_rules/check: the answer the airline's rules give a shipment on segments now (nothing is booked).
   * An airline checks its own segments; the platform any.
   */
  async checkRules(auth: AuthContext, input: BookingRuleCheck): Promise<BookingRuleCheckResult> {
    const rows = await repo.segmentsInfo(this.db, input.segment_ids);
    const segments = input.segment_ids.map((id) => rows.find((r) => r.id === id));
    if (segments.some((s) => s === undefined || (auth.companyType !== 'platform' && s.airline_id !== auth.companyId)))
      throw notFound(message('flightNotFound'));
    const known = segments as repo.SegmentInfo[];
    const states = await segmentStates(
      this.db,
      known.map((s) => s.id),
      null,
      this.clock.now(),
    );
    const rules = await repo.rulesOfAirlines(this.db, [...new Set(known.map((s) => s.airline_id))]);
    const want = milli(input.weight);
    const results = known.map((s) => {
      const state = states.get(s.id) as SegmentState;
      const cap = state.capacity.weight;
      const loadPercent = cap > 0 ? Math.round(((state.booked.weight + want) / cap) * 10000) / 100 : null;
      const answer = ruleAnswer(rules.get(s.airline_id) ?? [], {
        segmentId: s.id,
        origin: s.origin,
        destination: s.destination,
        shcs: input.shcs,
        weight: input.weight,
        volume: input.volume,
        loadPercent,
      });
      return {
        segment_id: s.id,
        response_status: answer.responseStatus,
        rule_id: answer.ruleId,
        load_percent: loadPercent,
      };
    });
    return { response_status: strictestAnswer(results.map((r) => r.response_status)), segments: results };
  }

  /** The booking as a Cargo-IMP FFR (version 8): AWB line, SHC line, one flight line per segment with its status. */
  async ffr(auth: AuthContext, id: number): Promise<{ text: string }> {
    const row = await this.find(this.db, bookingScope(auth), id);
    const b = row.booking;
    if (!b.mawb) {
      const m = message('required');
      throw validation({ mawb: [m] }, m);
    }
    const links = await repo.segmentsOfBookings(this.db, [id]);
    const info = new Map(
      (
        await repo.segmentsInfo(
          this.db,
          links.map((l) => l.segment_id),
        )
      ).map((s) => [s.id, s]),
    );
    const description = (b.commodity ?? 'CONSOLIDATION')
      .toUpperCase()
      .replace(/[^A-Z0-9 .-]/g, ' ')
      .trim()
      .slice(0, 15);
    const text = generateFfr({
      type: 'FFR',
      version: 8,
      consignment: {
        awb: b.mawb,
        origin: b.origin,
        destination: b.destination,
        quantity: {
          code: 'T',
          pieces: b.pieces,
          weight: { unit: 'K', value: Number(b.weight) },
          volume: { unit: 'MC', value: Number(b.volume) },
          ...(b.density_group === null ? {} : { densityGroup: b.density_group }),
        },
        ...(description ? { description } : {}),
        ...(b.shcs.length ? { shc: b.shcs } : {}),
      },
      flights: links.map((l) => {
        const s = info.get(l.segment_id) as repo.SegmentInfo;
        return {
          flight: { carrier: s.carrier, number: s.number },
          date: numberWithDateOf(s).split('/')[1] as string,
          origin: s.origin,
          destination: s.destination,
          status: b.response_status === 'XX' ? 'XX' : 'NN',
        };
      }),
    });
    return { text };
  }

  async touch(auth: AuthContext, id: number): Promise<Booking> {
    const row = await this.find(this.db, bookingScope(auth), id);
    await inTransaction(this.db, async (tx) => {
      const at = this.clock.now();
      await repo.updateBooking(tx, id, { touched_at: at });
      await writeChangeLogs(tx, [
        {
          record_type: 'booking',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: { touched_at: [row.booking.touched_at?.toISOString() ?? null, at.toISOString()] },
        },
      ]);
    });
    return this.one(auth, id);
  }
}

/**
 * A segment's cargo capacity from the inputs the booking read has (flights' capacitiesOf computes the same from the
 * same rows: override, aircraft type, payload of the IATA season, passengers and baggage).
 */
function capacityOf(s: repo.SegmentForBooking): Capacity {
  const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const season = iataSeason(s.flight_date);
  return cargoCapacity({
    serviceType: s.service_type,
    override: { weight: num(s.capacity_weight), volume: num(s.capacity_volume) },
    aircraft: s.has_aircraft ? { weight: num(s.aircraft_weight), volume: num(s.aircraft_volume) } : null,
    payload: num(season === 'summer' ? s.payload_summer : s.payload_winter),
    pax: num(s.pax),
    paxWeight: num(s.pax_weights?.[season]) ?? (season === 'summer' ? 75 : 80),
    baggagePerPax:
      s.total_baggage_weight === null && s.manual_average_baggage_weight === null
        ? null
        : baggagePerPax({
            manual_average_baggage_weight: num(s.manual_average_baggage_weight),
            total_baggage_weight: num(s.total_baggage_weight) ?? 0,
            total_pax: Number(s.total_pax ?? 0),
          }),
  });
}

/** Stale plans of a new booking before the last attempt locks the counters first. */
const CREATE_ATTEMPTS = 4;

/** A valid agreement with every airline (403 NoValidAgreement), then SHCs every airline takes (403 ForbiddenShc). */
function checkAgreementsAndShcs(
  partners: Set<number>,
  terms: readonly repo.AirlineTerms[],
  segments: readonly repo.SegmentInfo[],
  shcs: readonly string[],
): Map<number, repo.AirlineTerms> {
  const airlines = [...new Set(segments.map((s) => s.airline_id))];
  if (airlines.some((a) => !partners.has(a))) {
    throw new AppError(403, 'NoValidAgreement', message('noValidAgreement'));
  }
  const own = terms.filter((t) => airlines.includes(t.company_id));
  const forbidden = [...new Set(own.flatMap((t) => forbiddenShcs(shcs, t.shcs_accepted)))];
  if (forbidden.length) {
    throw new AppError(403, 'ForbiddenShc', message('bookingForbiddenShc', { shcs: forbidden.join(', ') }), {
      shcs: [message('bookingForbiddenShc', { shcs: forbidden.join(', ') })],
    });
  }
  return new Map(own.map((t) => [t.company_id, t]));
}

/**
 * What assertSegmentsOpenForBooking (the flights seam) checks, on segments already read: each must be neither
 * cancelled, nor locked, nor closed for sales (by hand or by its sales window at `now`).
 */
function assertOpen(segments: readonly (repo.SegmentForBooking | undefined)[], now: Date): void {
  for (const s of segments) {
    if (!s) throw notFound(message('flightNotFound'));
    const refuse = (key: 'flightCanceled' | 'flightLocked' | 'flightSalesClosed') =>
      new AppError(422, 'ValidationFailed', message(key), { segment_ids: [message(key)] }, { segment_id: s.id });
    if (s.segment_canceled) throw refuse('flightCanceled');
    if (s.locked) throw refuse('flightLocked');
    if (!isAvailable({ ...s, canceled: s.segment_canceled }, now)) throw refuse('flightSalesClosed');
  }
}

function noCapacity(s: repo.SegmentInfo): AppError {
  const m = message('bookingNoCapacity', { flight: numberWithDateOf(s) });
  return validation({ segment_ids: [m] }, m);
}

/**
 * Whether the booking's route (its first origin, its transit airports, its last destination) is one every airline on it
 * permits: an airline with permitted routes sells only those (the route search applies the same rule, decision 016).
 */
function routePermitted(segs: readonly repo.SegmentInfo[], permitted: readonly repo.PermittedRouteRow[]): boolean {
  const origin = segs[0]!.origin;
  const destination = segs[segs.length - 1]!.destination;
  const via = segs.slice(0, -1).map((s) => s.destination);
  for (const airlineId of new Set(segs.map((s) => s.airline_id))) {
    const rows = permitted.filter((p) => p.airline_id === airlineId);
    if (rows.length === 0) continue;
    const match = rows.some(
      (r) =>
        r.origins.includes(origin) &&
        r.destinations.includes(destination) &&
        (r.via === null || (r.via.length === via.length && r.via.every((v, i) => v === via[i]))),
    );
    if (!match) return false;
  }
  return true;
}

/** Warnings of seed 001 section 8 whose data exists, judged when the booking is read. */
function warningsOf(
  b: repo.BookingRow,
  links: readonly repo.BookingSegmentRow[],
  info: Map<number, repo.SegmentInfo>,
  terms: Map<number, repo.AirlineTerms>,
  duplicates: number,
  permitted: readonly repo.PermittedRouteRow[],
  awbWeight: string | null,
): Warnings {
  const out: Warnings = [];
  const segs = links.map((l) => info.get(l.segment_id)).filter((s): s is repo.SegmentInfo => s !== undefined);
  if (!b.active) return out;
  for (const s of segs)
    if (s.canceled) out.push({ code: 'cancelled_flight', key: 'warningCancelledFlight', segment: s.id });
  for (let i = 1; i < segs.length; i++) {
    const prev = segs[i - 1] as repo.SegmentInfo;
    const next = segs[i] as repo.SegmentInfo;
    if (next.origin !== prev.destination || next.std.getTime() <= prev.sta.getTime()) {
      out.push({ code: 'connection_not_workable', key: 'warningConnectionNotWorkable', segment: next.id });
    }
  }
  const carrierPrefix = terms.get(b.airline_id)?.awb_prefix ?? null;
  for (const s of segs) {
    if (s.airline_id === b.airline_id) continue;
    const accepted = terms.get(s.airline_id)?.interline_accepted_prefixes ?? [];
    if (carrierPrefix === null || !accepted.includes(carrierPrefix)) {
      out.push({ code: 'interline_not_allowed', key: 'warningInterlineNotAllowed', segment: s.id });
    }
  }
  if (segs.length > 0 && !routePermitted(segs, permitted)) {
    out.push({ code: 'route_not_allowed', key: 'warningRouteNotAllowed', segment: null });
  }
  if (duplicates > 0) out.push({ code: 'shipment_duplicate', key: 'warningShipmentDuplicate', segment: null });
  if (awbWeight !== null && milli(awbWeight) !== milli(b.weight)) {
    out.push({ code: 'awb_weight_differs', key: 'warningAwbWeightDiffers', segment: null });
  }
  return out;
}

// Seams for the allotments module: an allotment changes what a segment reserves, so it takes the same locks.

/**
 * Whether an allotment of `weight`/`volume` fits the free sale of a segment now, beside what is booked and what other
 * allotments reserve (the allotment `exceptId`, being changed, left out). Locks the segment's counters: call it in the
 * transaction that writes the allotment.
 */
export async function allotmentFits(
  tx: Db,
  v: { segmentId: number; weight: number; volume: number; exceptId?: number; now?: Date },
): Promise<boolean> {
  const counters = await repo.lockCounters(tx, [v.segmentId], { allotmentsChange: true });
  const [segment] = await repo.segmentsInfo(tx, [v.segmentId]);
  if (!segment) return false;
  const { capacity, limit } = await limitsOf(tx, [segment]);
  const others = (await repo.allotmentsOnSegments(tx, [v.segmentId])).filter((a) => a.id !== v.exceptId);
  const state = stateOf(
    v.segmentId,
    capacity.get(v.segmentId) as Amount,
    limit.get(v.segmentId) as Amount,
    counters.get(v.segmentId) as repo.CounterRow,
    others,
    segment.std,
    null,
    v.now ?? new Date(),
  );
  return (
    state.booked.weight + state.reserved.weight + milli(v.weight) <= state.limit.weight &&
    state.booked.volume + state.reserved.volume + milli(v.volume) <= state.limit.volume
  );
}

/** The most bookings use of an allotment on any one segment (kg, m3): it cannot be cut below that. */
export async function allotmentUse(db: Db, allotmentId: number): Promise<Amount> {
  const rows = await repo.usageOfAllotment(db, allotmentId);
  return {
    weight: Math.max(0, ...rows.map((r) => Number(r.used_weight))),
    volume: Math.max(0, ...rows.map((r) => Number(r.used_volume))),
  };
}

/** Copies an allotment's new size to its use rows (their CHECK keeps use within it), with the segments locked. */
export async function resizeAllotmentUse(tx: Db, allotmentId: number, weight: number, volume: number): Promise<void> {
  const rows = await repo.usageOfAllotment(tx, allotmentId);
  await repo.lockCounters(
    tx,
    rows.map((r) => r.segment_id),
    { allotmentsChange: true },
  );
  await repo.resizeUsage(tx, allotmentId, dec(milli(weight)), dec(milli(volume)));
}

/**
 * Before an allotment is deleted: its bookings keep their capacity, now as free sale. Locks the segments, moves their
 * allotment use to free sale in the counters and clears the bookings' allotment parts.
 */
export async function releaseAllotmentUse(tx: Db, allotmentId: number): Promise<void> {
  const rows = await repo.usageOfAllotment(tx, allotmentId);
  await repo.lockCounters(
    tx,
    rows.map((r) => r.segment_id),
    { allotmentsChange: true },
  );
  for (const r of rows) {
    await repo.addToCounters(tx, r.segment_id, {
      weight: '0',
      volume: '0',
      allotmentWeight: dec(-milli(r.used_weight)),
      allotmentVolume: dec(-milli(r.used_volume)),
    });
  }
  await repo.detachAllotment(tx, allotmentId);
}
