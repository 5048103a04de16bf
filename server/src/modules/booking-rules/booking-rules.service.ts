import type { BookingRule, BookingRuleCreate, BookingRulesQuery, BookingRuleUpdate } from '@aircargo/contract/bookings';
import type { PaginationMeta } from '@aircargo/contract/common';
import type { AuthContext } from '../../platform/auth';
import { changeSetOf, writeChangeLogs } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { covers } from '../../platform/policy';
import { inTransaction } from '../../platform/transactions';
import { carrierFor } from '../allotments/allotments.policy';
import { bookingRulesScope } from './booking-rules.policy';
import { presentBookingRule } from './booking-rules.presenter';
import * as repo from './booking-rules.repository';

/**
 * Booking rules (seed 001 section 3): conditions on route, flight, SHCs, load percent, weight and volume, and the answer
 * a matching booking gets: KK confirmed, NN waiting for the airline, UU refused. The bookings service applies them
 * (the strictest matching answer wins; none matching confirms).
 */

const LOGGED = [
  'origin_iata',
  'destination_iata',
  'segment_id',
  'shcs',
  'min_percent',
  'max_percent',
  'min_weight',
  'max_weight',
  'min_volume',
  'max_volume',
  'response_status',
] as const;

const fixed = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(3));

export class BookingRulesService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, query: BookingRulesQuery): Promise<{ data: BookingRule[]; meta: PaginationMeta }> {
    return presentPage(await repo.listRules(this.db, bookingRulesScope(auth), query), presentBookingRule);
  }

  private async find(db: Db, auth: AuthContext, id: number): Promise<repo.BookingRuleRow> {
    const row = await repo.findRule(db, bookingRulesScope(auth), id);
    if (!row) throw notFound(message('bookingRuleNotFound'));
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<BookingRule> {
    return presentBookingRule(await this.find(this.db, auth, id));
  }

  /** `db`: the transaction when called inside one (PGlite has a single connection: a query beside it would wait). */
  private async checkSegment(db: Db, airlineId: number, segmentId: number | null | undefined): Promise<void> {
    if (segmentId === null || segmentId === undefined) return;
    if ((await repo.segmentAirline(db, segmentId)) !== airlineId) throw notFound(message('flightNotFound'));
  }

  private values(v: BookingRuleCreate | (BookingRuleUpdate & { response_status: BookingRule['response_status'] })) {
    return {
      origin: v.origin_iata ?? null,
      destination: v.destination_iata ?? null,
      segment_id: v.segment_id ?? null,
      shcs: v.shcs ?? [],
      min_percent: fixed(v.min_percent),
      max_percent: fixed(v.max_percent),
      min_weight: fixed(v.min_weight),
      max_weight: fixed(v.max_weight),
      min_volume: fixed(v.min_volume),
      max_volume: fixed(v.max_volume),
      response_status: v.response_status,
    };
  }

  async create(auth: AuthContext, input: BookingRuleCreate): Promise<BookingRule> {
    const carrier = carrierFor(auth, input.carrier);
    const airlineId = await repo.airlineByCode(this.db, carrier);
    if (airlineId === null || !covers(bookingRulesScope(auth), airlineId)) {
      throw validation({ carrier: [message('airlineNotFound')] }, message('airlineNotFound'));
    }
    await this.checkSegment(this.db, airlineId, input.segment_id);
    const values = this.values(input);
    const id = await inTransaction(this.db, async (tx) => {
      await repo.lockAirline(tx, airlineId);
      if (await repo.findSame(tx, airlineId, values)) throw exists(message('bookingRuleExists'));
      const newId = await repo.insertRule(tx, { ...values, airline_id: airlineId, carrier });
      const after = presentBookingRule(await this.find(tx, auth, newId));
      await writeChangeLogs(tx, [
        {
          record_type: 'booking_rule',
          record_id: newId,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(null, after, LOGGED),
        },
      ]);
      return newId;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: BookingRuleUpdate): Promise<BookingRule> {
    await inTransaction(this.db, async (tx) => {
      const current = await this.find(tx, auth, id);
      const before = presentBookingRule(current);
      const merged = { ...before, ...input } as BookingRuleCreate & { response_status: BookingRule['response_status'] };
      const bounds = ['percent', 'weight', 'volume'] as const;
      for (const k of bounds) {
        const min = merged[`min_${k}`];
        const max = merged[`max_${k}`];
        if (typeof min === 'number' && typeof max === 'number' && min > max) {
          const m = message('dateOrder', { field: `min_${k}` });
          throw validation({ [`max_${k}`]: [m] }, m);
        }
      }
      await this.checkSegment(tx, current.rule.airline_id, merged.segment_id);
      const values = this.values(merged);
      await repo.lockAirline(tx, current.rule.airline_id);
      if (await repo.findSame(tx, current.rule.airline_id, values, id)) throw exists(message('bookingRuleExists'));
      await repo.updateRule(tx, id, values);
      const after = presentBookingRule(await this.find(tx, auth, id));
      await writeChangeLogs(tx, [
        {
          record_type: 'booking_rule',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(before, after, LOGGED),
        },
      ]);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const before = presentBookingRule(await this.find(tx, auth, id));
      await repo.deleteRule(tx, id);
      await writeChangeLogs(tx, [
        {
          record_type: 'booking_rule',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: Object.fromEntries(LOGGED.map((f) => [f, [before[f], null] as [unknown, unknown]])),
        },
      ]);
    });
  }
}
