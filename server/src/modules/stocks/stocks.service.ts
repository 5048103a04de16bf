import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  AwbPrefixCreate,
  AwbPrefixRecord,
  AwbPrefixUpdate,
  StockAssign,
  StockExportQuery,
  StockListQuery,
  StockNumber,
  StockRange,
  StockRangesQuery,
  StockWithdraw,
  StockWithdrawResult,
} from '@aircargo/contract/stocks';
import { STOCK_EXPORT_MAX_ROWS } from '@aircargo/contract/stocks';
import { formatAwb } from '@aircargo/domain/awb';
import type { AwbNumberStatus } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import { changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, exists, message, notFound, validation } from '../../platform/errors';
import { offsetOf, pageMeta } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import { managesAirline, prefixAirline, stockScope } from './stocks.policy';
import { blankOf, presentPrefix, presentRange } from './stocks.presenter';
import * as repo from './stocks.repository';

/**
 * AWB stock (issue 12 item 1): an airline's prefixes, the ranges of blanks it assigns to a forwarder or a location,
 * withdrawal of unused numbers, and the allocation of the next free number for the air-waybill issue (decision 023).
 */

const stockNotFound = () => notFound(message('stockNotFound'));

/** An issued number: prefix, serial and the written form `PPP-SSSSSSSC`. */
export interface AllocatedNumber {
  prefix: string;
  serial: number;
  number: string;
  rangeId: number;
}

/**
 * The next free number of the forwarder's ranges of `prefix` with `airlineId`, recorded as allocated, inside the
 * caller's transaction: if that transaction rolls back, so does the counter, so no number is skipped silently. Two
 * transactions never get the same number (the counter row is updated under its row lock, and `(prefix, serial)` is
 * unique); serials a typed or voided number already holds are passed over. Refuses (422) when no range has a number left.
 */
export async function allocateNumber(
  tx: Db,
  v: { airlineId: number; forwarderId: number; prefix: string },
): Promise<AllocatedNumber> {
  for (;;) {
    const claimed = (await repo.claimSerial(tx, v, false)) ?? (await repo.claimSerial(tx, v, true));
    if (!claimed) {
      if (await repo.anyLeft(tx, v)) continue;
      const m = message('stockExhausted', { prefix: v.prefix });
      throw validation({ prefix: [m] }, m);
    }
    if (claimed.recorded) {
      return {
        prefix: v.prefix,
        serial: claimed.serial,
        number: formatAwb(v.prefix, claimed.serial),
        rangeId: claimed.range_id,
      };
    }
  }
}

/**
 * Marks a number used (its air waybill is issued). A typed number that came from no allocation gets its row here, so
 * allocation never hands it out again. Refuses a voided number: it is blocked for good.
 */
export async function useNumber(
  tx: Db,
  v: { airlineId: number; prefix: string; serial: number; forwarderId?: number | null },
): Promise<void> {
  const current = await repo.findNumber(tx, v.prefix, v.serial);
  if (current?.status === 'voided') {
    const m = message('awbBlankNumber');
    throw validation({ mawb: [m] }, m);
  }
  if (current) {
    await repo.setNumberStatus(tx, current.id, 'used');
    return;
  }
  await repo.recordNumber(tx, {
    airline_id: v.airlineId,
    prefix: v.prefix,
    serial: v.serial,
    forwarder_id: v.forwarderId ?? null,
    status: 'used',
  });
}

/** The status of a number's row (allocated, used or voided), or null when no row records it. */
export async function numberStatus(tx: Db, prefix: string, serial: number): Promise<AwbNumberStatus | null> {
  return (await repo.findNumber(tx, prefix, serial))?.status ?? null;
}

/** Voids a number for good: it stays recorded as voided and no allocation, typing or withdrawal frees it again. */
export async function voidNumber(tx: Db, v: { airlineId: number; prefix: string; serial: number }): Promise<void> {
  const current = await repo.findNumber(tx, v.prefix, v.serial);
  if (current) {
    await repo.setNumberStatus(tx, current.id, 'voided');
    return;
  }
  await repo.recordNumber(tx, { airline_id: v.airlineId, prefix: v.prefix, serial: v.serial, status: 'voided' });
}

const RANGE_LOGGED = ['prefix', 'first_blank', 'last_blank', 'forwarder_id', 'location', 'bso'] as const;
const PREFIX_LOGGED = ['prefix', 'airline_id', 'description', 'active'] as const;

function rangeLogged(r: StockRange | null) {
  return r
    ? {
        prefix: r.prefix,
        first_blank: r.first_blank,
        last_blank: r.last_blank,
        forwarder_id: r.forwarder_id,
        location: r.location,
        bso: r.bso,
      }
    : null;
}

export class StocksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  // Ranges.

  async ranges(auth: AuthContext, query: StockRangesQuery): Promise<{ data: StockRange[]; meta: PaginationMeta }> {
    const { rows, total } = await repo.listRanges(this.db, stockScope(auth), query, {
      limit: query.per_page,
      offset: offsetOf(query),
    });
    return { data: rows.map(presentRange), meta: pageMeta(query, total) };
  }

  async exportRanges(auth: AuthContext, query: StockExportQuery): Promise<StockRange[]> {
    const { rows } = await repo.listRanges(this.db, stockScope(auth), query, {
      limit: STOCK_EXPORT_MAX_ROWS,
      offset: 0,
    });
    return rows.map(presentRange);
  }

  private async range(db: Db, auth: AuthContext, id: number): Promise<StockRange> {
    const row = await repo.findRange(db, stockScope(auth), id);
    if (!row) throw stockNotFound();
    return presentRange(row);
  }

  /**
   * The stock list: one row per blank of the visible ranges, by prefix and serial, paged by arithmetic over the ranges'
   * spans (no row per blank is stored or generated beyond the page).
   */
  async list(auth: AuthContext, query: StockListQuery): Promise<{ data: StockNumber[]; meta: PaginationMeta }> {
    const scope = stockScope(auth);
    const spans = await repo.listSpans(this.db, scope, query, {
      from: query.first_blank ?? 0,
      to: query.last_blank ?? 9_999_999,
    });
    const total = spans.reduce((sum, s) => sum + s.count, 0);
    const offset = offsetOf(query);
    const data: StockNumber[] = [];
    let skip = offset;
    for (const span of spans) {
      if (data.length >= query.per_page) break;
      if (skip >= span.count) {
        skip -= span.count;
        continue;
      }
      const range = await repo.findRange(this.db, scope, span.id);
      if (!range) continue;
      const want = query.per_page - data.length;
      if (query.free_only) {
        // Free blanks: serials lo..hi less the ones a number row holds.
        const taken = new Set(await repo.takenSerials(this.db, span.prefix, span.lo, span.hi));
        let index = 0;
        for (let serial = span.lo; serial <= span.hi && data.length < query.per_page; serial++) {
          if (taken.has(serial)) continue;
          if (index++ < skip) continue;
          data.push(this.blank(range, serial, 'free'));
        }
      } else {
        const from = span.lo + skip;
        const to = Math.min(span.hi, from + want - 1);
        const statuses = await repo.numberStatuses(this.db, span.prefix, from, to);
        for (let serial = from; serial <= to; serial++) {
          const status = statuses.get(serial) ?? (serial < range.next_serial ? 'allocated' : 'free');
          data.push(this.blank(range, serial, status));
        }
      }
      skip = 0;
    }
    return { data, meta: pageMeta(query, total) };
  }

  private blank(range: repo.RangeRow, serial: number, status: StockNumber['status']): StockNumber {
    return {
      prefix: range.prefix,
      blank: blankOf(serial),
      number: formatAwb(range.prefix, serial),
      airline_id: range.airline_id,
      airline_short_name: range.airline_short_name,
      range_id: range.id,
      forwarder_id: range.holder_company_id,
      forwarder_short_name: range.forwarder_short_name,
      location: range.location,
      free: status === 'free',
      bso: range.bso,
      status,
    };
  }

  async assign(auth: AuthContext, input: StockAssign): Promise<StockRange> {
    const first = input.first_blank;
    const last = input.last_blank ?? first + (input.quantity ?? 1) - 1;
    if (last < first) {
      const m = message('stockRangeOrder');
      throw validation({ last_blank: [m] }, m);
    }
    if (last > 9_999_999) {
      const m = message('awbBlankNumber');
      throw validation({ last_blank: [m] }, m);
    }
    if (input.quantity !== undefined && input.last_blank !== undefined && input.quantity !== last - first + 1) {
      const m = message('between', { min: last - first + 1, max: last - first + 1 });
      throw validation({ quantity: [m] }, m);
    }
    const id = await inTransaction(this.db, async (tx) => {
      const prefix = await repo.lockPrefix(tx, input.prefix);
      if (!prefix || !managesAirline(auth, prefix.airline_id)) {
        const m = message('stockPrefixNotFound');
        throw validation({ prefix: [m] }, m);
      }
      if (input.airline_id !== undefined && input.airline_id !== prefix.airline_id) {
        const m = message('stockPrefixNotFound');
        throw validation({ prefix: [m] }, m);
      }
      if (!prefix.active) {
        const m = message('stockPrefixInactive', { prefix: input.prefix });
        throw validation({ prefix: [m] }, m);
      }
      if (input.forwarder_id !== undefined) {
        if ((await repo.companyType(tx, input.forwarder_id)) !== 'forwarder') {
          throw validation({ forwarder_id: [message('forwarderUnknown')] }, message('forwarderUnknown'));
        }
        const today = this.clock.now().toISOString().slice(0, 10);
        if (!(await repo.hasAgreement(tx, prefix.airline_id, input.forwarder_id, today))) {
          throw new AppError(422, 'NoValidAgreement', message('noValidAgreement'), {
            forwarder_id: [message('noValidAgreement')],
          });
        }
      }
      if (input.location !== undefined && !(await repo.airportExists(tx, input.location))) {
        throw validation({ location: [message('airportNotFound')] }, message('airportNotFound'));
      }
      const clash = await repo.overlapping(tx, input.prefix, first, last);
      if (clash) {
        throw exists(
          message('stockRangeOverlap', {
            first: formatAwb(input.prefix, clash.first),
            last: formatAwb(input.prefix, clash.last),
          }),
          'first_blank',
        );
      }
      const newId = await repo.insertRange(tx, {
        airline_id: prefix.airline_id,
        prefix: input.prefix,
        first_serial: first,
        last_serial: last,
        next_serial: first,
        holder_company_id: input.forwarder_id ?? null,
        location: input.location ?? null,
        bso: input.bso,
      });
      const after = await this.range(tx, auth, newId);
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_stock_range',
          record_id: newId,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(null, rangeLogged(after) ?? {}, RANGE_LOGGED),
        },
      ]);
      return newId;
    });
    return this.range(this.db, auth, id);
  }

  async withdraw(auth: AuthContext, input: StockWithdraw): Promise<StockWithdrawResult> {
    return inTransaction(this.db, async (tx) => {
      const scope = stockScope(auth);
      // A forwarder holds stocks:read only; the guard refuses it before this. Writes reach the airline's own ranges.
      const locked = await repo.lockRange(tx, scope, input.range_id);
      if (!locked || !managesAirline(auth, locked.airline_id)) throw stockNotFound();
      const before = await this.range(tx, auth, locked.id);
      // Unused numbers are the serials from the counter on, less the ones a typed number took; they go back from the end.
      const taken = await repo.takenSerials(tx, locked.prefix, locked.next_serial, locked.last_serial);
      const free = locked.last_serial - locked.next_serial + 1 - taken.length;
      const wanted = input.quantity ?? free;
      if (wanted > free) {
        const m = message('stockWithdrawTooMany', { free });
        throw validation({ quantity: [m] }, m);
      }
      if (wanted === 0) return { withdrawn: 0, first_blank: null, last_blank: null, range: before };
      const takenSet = new Set(taken);
      let newLast = locked.last_serial;
      let counted = 0;
      while (counted < wanted) {
        if (!takenSet.has(newLast)) counted += 1;
        newLast -= 1;
      }
      // Typed numbers right below the cut are not unused either: the range ends before them only if they are free.
      const firstBack = newLast + 1;
      let after: StockRange | null;
      if (newLast < locked.first_serial) {
        await repo.deleteRange(tx, locked.id);
        after = null;
      } else {
        await repo.setRangeLast(tx, locked.id, newLast);
        after = await this.range(tx, auth, locked.id);
      }
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_stock_range',
          record_id: locked.id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(rangeLogged(before), rangeLogged(after) ?? {}, RANGE_LOGGED),
        },
      ]);
      return {
        withdrawn: wanted,
        first_blank: blankOf(firstBack),
        last_blank: blankOf(locked.last_serial),
        range: after,
      };
    });
  }

  // Prefixes.

  async prefixes(auth: AuthContext): Promise<{ data: AwbPrefixRecord[] }> {
    return { data: (await repo.listPrefixes(this.db, stockScope(auth))).map(presentPrefix) };
  }

  private async prefix(db: Db, auth: AuthContext, id: number): Promise<AwbPrefixRecord> {
    const row = await repo.findPrefix(db, stockScope(auth), id);
    if (!row) throw stockNotFound();
    return presentPrefix(row);
  }

  private async checkPrefixFree(db: Db, prefix: string, airlineId: number): Promise<void> {
    if ((await repo.prefixHolder(db, prefix, airlineId)) !== null) throw exists(message('stockPrefixTaken'), 'prefix');
  }

  async createPrefix(auth: AuthContext, input: AwbPrefixCreate): Promise<AwbPrefixRecord> {
    const airlineId = prefixAirline(auth, input.airline_id);
    if ((await repo.companyType(this.db, airlineId)) !== 'airline') {
      throw validation({ airline_id: [message('airlineNotFound')] }, message('airlineNotFound'));
    }
    const id = await inTransaction(this.db, async (tx) => {
      await this.checkPrefixFree(tx, input.prefix, airlineId);
      const held = await repo.lockPrefix(tx, input.prefix);
      if (held) throw exists(message('alreadyTaken'), 'prefix');
      const newId = await repo.insertPrefix(tx, {
        airline_id: airlineId,
        prefix: input.prefix,
        description: input.description ?? null,
        active: input.active,
      });
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_prefix',
          record_id: newId,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(
            null,
            {
              prefix: input.prefix,
              airline_id: airlineId,
              description: input.description ?? null,
              active: input.active,
            },
            PREFIX_LOGGED,
          ),
        },
      ]);
      return newId;
    });
    return this.prefix(this.db, auth, id);
  }

  async updatePrefix(auth: AuthContext, id: number, input: AwbPrefixUpdate): Promise<AwbPrefixRecord> {
    await inTransaction(this.db, async (tx) => {
      const locked = await repo.lockPrefixById(tx, stockScope(auth), id);
      if (!locked || !managesAirline(auth, locked.airline_id)) throw stockNotFound();
      const before = await this.prefix(tx, auth, id);
      if (input.prefix !== undefined && input.prefix !== locked.prefix) {
        if (await repo.prefixHasRanges(tx, locked.prefix)) {
          const m = message('stockPrefixInUse', { prefix: locked.prefix });
          throw validation({ prefix: [m] }, m);
        }
        await this.checkPrefixFree(tx, input.prefix, locked.airline_id);
        if (await repo.prefixRowExists(tx, input.prefix)) throw exists(message('alreadyTaken'), 'prefix');
      }
      await repo.updatePrefix(tx, id, {
        ...(input.prefix === undefined ? {} : { prefix: input.prefix }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.active === undefined ? {} : { active: input.active }),
      });
      const after = await this.prefix(tx, auth, id);
      await writeChangeLogs(tx, [
        {
          record_type: 'awb_prefix',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(before, after, PREFIX_LOGGED),
        },
      ]);
    });
    return this.prefix(this.db, auth, id);
  }
}
