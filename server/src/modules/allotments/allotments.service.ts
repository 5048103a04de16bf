import type { Allotment, AllotmentCreate, AllotmentsQuery, AllotmentUpdate } from '@aircargo/contract/bookings';
import type { PaginationMeta } from '@aircargo/contract/common';
import type { AuthContext } from '../../platform/auth';
import { changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { covers } from '../../platform/policy';
import { inTransaction } from '../../platform/transactions';
import { allotmentFits, allotmentUse, releaseAllotmentUse, resizeAllotmentUse } from '../bookings/bookings.service';
import { numberWithDate } from '../flights/flights.presenter';
import { allotmentsScope, carrierFor } from './allotments.policy';
import { presentAllotment } from './allotments.presenter';
import * as repo from './allotments.repository';

/**
 * Allotments (seed 001 section 3): capacity an airline reserves for a forwarder on one flight (a segment) or on every
 * flight of a route until `valid_until`. The unused part returns to free sale `timelimit_to_std` hours before STD
 * (0 = full block); the bookings service judges that at booking time. A flight's allotment must fit the flight's free
 * sale when it is made or grown; a route's holds on each flight as far as the flight has room (bookings never
 * exceed the capacity either way).
 */

const LOGGED = [
  'carrier',
  'origin',
  'destination',
  'forwarder_id',
  'type',
  'weight',
  'volume',
  'timelimit_to_std',
  'segment_id',
  'valid_until',
  'postal',
] as const;

type Logged = Record<(typeof LOGGED)[number], unknown>;

function logged(a: Allotment): Logged {
  return {
    carrier: a.carrier,
    origin: a.origin_iata,
    destination: a.destination_iata,
    forwarder_id: a.forwarder_id,
    type: a.type,
    weight: a.weight,
    volume: a.volume,
    timelimit_to_std: a.timelimit_to_std,
    segment_id: a.segment_id,
    valid_until: a.valid_until,
    postal: a.postal,
  };
}

export class AllotmentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(auth: AuthContext, query: AllotmentsQuery): Promise<{ data: Allotment[]; meta: PaginationMeta }> {
    return presentPage(await repo.listAllotments(this.db, allotmentsScope(auth), query), presentAllotment);
  }

  private async find(db: Db, auth: AuthContext, id: number): Promise<repo.AllotmentRow> {
    const row = await repo.findAllotment(db, allotmentsScope(auth), id);
    if (!row) throw notFound(message('allotmentNotFound'));
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<Allotment> {
    return presentAllotment(await this.find(this.db, auth, id));
  }

  private async flightFits(tx: Db, segmentId: number, weight: number, volume: number, exceptId?: number) {
    if (!(await allotmentFits(tx, { segmentId, weight, volume, exceptId, now: this.clock.now() }))) {
      const row = await repo.segmentName(tx, segmentId);
      const m = message('allotmentNoCapacity', {
        flight: row ? numberWithDate(row.carrier, row.number, row.flight_date) : String(segmentId),
      });
      throw validation({ weight: [m] }, m);
    }
  }

  async create(auth: AuthContext, input: AllotmentCreate): Promise<Allotment> {
    const carrier = carrierFor(auth, input.carrier);
    const airlineId = await repo.airlineByCode(this.db, carrier);
    if (airlineId === null || !covers(allotmentsScope(auth), airlineId)) {
      throw validation({ carrier: [message('airlineNotFound')] }, message('airlineNotFound'));
    }
    if ((await repo.companyType(this.db, input.forwarder_id)) !== 'forwarder') {
      throw validation({ forwarder_id: [message('forwarderUnknown')] }, message('forwarderUnknown'));
    }
    const segmentId = input.segment_id ?? null;
    if (segmentId !== null) {
      const s = await repo.segmentOf(this.db, segmentId);
      if (!s || s.airline_id !== airlineId) throw notFound(message('flightNotFound'));
      if (s.origin !== input.origin_iata || s.destination !== input.destination_iata) {
        const m = message('allotmentRouteMismatch');
        throw validation({ segment_id: [m] }, m);
      }
    }
    const id = await inTransaction(this.db, async (tx) => {
      await repo.lockAirline(tx, airlineId);
      const same = await repo.findSame(tx, {
        airlineId,
        forwarderId: input.forwarder_id,
        origin: input.origin_iata,
        destination: input.destination_iata,
        segmentId,
      });
      if (same) throw exists(message('allotmentExists'));
      if (segmentId !== null) await this.flightFits(tx, segmentId, input.weight, input.volume);
      const newId = await repo.insertAllotment(tx, {
        airline_id: airlineId,
        carrier,
        origin: input.origin_iata,
        destination: input.destination_iata,
        forwarder_id: input.forwarder_id,
        type: input.type,
        weight: input.weight.toFixed(3),
        volume: input.volume.toFixed(3),
        timelimit_to_std: input.timelimit_to_std,
        segment_id: segmentId,
        valid_until: input.valid_until ?? null,
        postal: input.postal,
      });
      const after = presentAllotment(await this.find(tx, auth, newId));
      await writeChangeLogs(tx, [
        {
          record_type: 'allotment',
          record_id: newId,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(null, logged(after), LOGGED),
        },
      ]);
      return newId;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: AllotmentUpdate): Promise<Allotment> {
    await inTransaction(this.db, async (tx) => {
      const current = await this.find(tx, auth, id);
      await repo.lockAirline(tx, current.allotment.airline_id);
      const before = presentAllotment(current);
      const weight = input.weight ?? before.weight;
      const volume = input.volume ?? before.volume;
      const used = await allotmentUse(tx, id);
      if (weight < used.weight || volume < used.volume) {
        const m = message('allotmentBelowUse', { used: `${used.weight} kg, ${used.volume} m3` });
        throw validation({ weight: [m] }, m);
      }
      if (before.segment_id !== null && (weight > before.weight || volume > before.volume)) {
        await this.flightFits(tx, before.segment_id, weight, volume, id);
      }
      await resizeAllotmentUse(tx, id, weight, volume);
      await repo.updateAllotment(tx, id, {
        ...(input.type === undefined ? {} : { type: input.type }),
        weight: weight.toFixed(3),
        volume: volume.toFixed(3),
        ...(input.timelimit_to_std === undefined ? {} : { timelimit_to_std: input.timelimit_to_std }),
        ...(input.valid_until === undefined ? {} : { valid_until: input.valid_until }),
        ...(input.postal === undefined ? {} : { postal: input.postal }),
      });
      const after = presentAllotment(await this.find(tx, auth, id));
      await writeChangeLogs(tx, [
        {
          record_type: 'allotment',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(logged(before), logged(after), LOGGED),
        },
      ]);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const current = await this.find(tx, auth, id);
      await repo.lockAirline(tx, current.allotment.airline_id);
      await releaseAllotmentUse(tx, id);
      await repo.deleteAllotment(tx, id);
      await writeChangeLogs(tx, [
        {
          record_type: 'allotment',
          record_id: id,
          channel: 'web',
          user_id: auth.userId,
          change_set: Object.fromEntries(
            Object.entries(logged(presentAllotment(current))).map(([k, v]) => [k, [v, null] as [unknown, unknown]]),
          ),
        },
      ]);
    });
  }
}
