import {
  ALLOTMENT_UPLOAD_COLUMNS,
  ALLOTMENT_UPLOAD_OPTIONAL,
  type Allotment,
  type AllotmentCreate,
  type AllotmentsQuery,
  type AllotmentUpdate,
  allotmentCreate,
} from '@aircargo/contract/bookings';
import type { PaginationMeta } from '@aircargo/contract/common';
import type { UploadReport } from '@aircargo/contract/flights';
import { issueMessage, type MessageKey, renderMessage } from '@aircargo/contract/messages';
import type { AuthContext } from '../../platform/auth';
import { changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { covers } from '../../platform/policy';
import { inTransaction } from '../../platform/transactions';
import { allotmentFits, allotmentUse, releaseAllotmentUse, resizeAllotmentUse } from '../bookings/bookings.service';
import { readSheet } from '../capacities/capacities.xlsx';
import { numberWithDate } from '../flights/flights.presenter';
import { allotmentsScope, carrierFor } from './allotments.policy';
import { presentAllotment } from './allotments.presenter';
import * as repo from './allotments.repository';
import { candidateOf, columnOf, type RowCandidate } from './allotments.xlsx';

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
    return this.createIn(this.db, auth, input);
  }

  /**
   * The create path: on the service's database, or inside a caller's transaction (an upload's), where its own
   * transaction is a savepoint, so that a refused row leaves the rows before it in place.
   */
  private async createIn(db: Db, auth: AuthContext, input: AllotmentCreate): Promise<Allotment> {
    const carrier = carrierFor(auth, input.carrier);
    const airlineId = await repo.airlineByCode(db, carrier);
    if (airlineId === null || !covers(allotmentsScope(auth), airlineId)) {
      throw validation({ carrier: [message('airlineNotFound')] }, message('airlineNotFound'));
    }
    if ((await repo.companyType(db, input.forwarder_id)) !== 'forwarder') {
      throw validation({ forwarder_id: [message('forwarderUnknown')] }, message('forwarderUnknown'));
    }
    const segmentId = input.segment_id ?? null;
    if (segmentId !== null) {
      const s = await repo.segmentOf(db, segmentId);
      if (!s || s.airline_id !== airlineId) throw notFound(message('flightNotFound'));
      if (s.origin !== input.origin_iata || s.destination !== input.destination_iata) {
        const m = message('allotmentRouteMismatch');
        throw validation({ segment_id: [m] }, m);
      }
    }
    const id = await inTransaction(db, async (tx) => {
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
    return presentAllotment(await this.find(db, auth, id));
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

  // XLSX upload.

  /**
   * Creates the allotments of an uploaded workbook, as capacities uploads do: each row is read and checked, then goes
   * through the create path (the same validation, duplicate check, flight capacity and airline lock) in a savepoint of
   * one transaction. A row with errors writes nothing and is reported by its row number with the reasons; the other
   * rows are created.
   */
  async upload(auth: AuthContext, file: Buffer): Promise<UploadReport> {
    const rows = await readSheet(file, ALLOTMENT_UPLOAD_COLUMNS, ALLOTMENT_UPLOAD_OPTIONAL);
    const report: UploadReport = { created: 0, updated: 0, failed: 0, rows: [] };
    await inTransaction(this.db, async (tx) => {
      for (const { row, values } of rows) {
        const errors = await this.uploadRow(tx, auth, candidateOf(values));
        if (errors.length > 0) {
          report.failed += 1;
          report.rows.push({ row, status: 'failed', errors });
        } else {
          report.created += 1;
          report.rows.push({ row, status: 'created', errors: [] });
        }
      }
    });
    return report;
  }

  /** Creates one row's allotment; answers the row's errors (none when created). */
  private async uploadRow(tx: Db, auth: AuthContext, row: RowCandidate): Promise<string[]> {
    const text = (key: MessageKey) => renderMessage({ key, params: {} });
    const errors: string[] = [];
    const parsed = uploadSchema.safeParse(row.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors.push(`${columnOf(field)}: ${renderMessage(issueMessage({ ...issue, input: row.fields[field] }))}`);
      }
    }
    let forwarderId: number | null = null;
    if (row.forwarder === null) errors.push(`forwarder: ${text('required')}`);
    else {
      forwarderId = await repo.forwarderByShortName(tx, row.forwarder);
      if (forwarderId === null) errors.push(`forwarder: ${text('forwarderUnknown')}`);
    }
    if (row.flight !== null && row.flightDate === null) errors.push(`flight_date: ${text('required')}`);
    if (row.flight === null && row.flightDate !== null) errors.push(`flight: ${text('required')}`);
    if (row.flightDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(row.flightDate)) {
      errors.push(`flight_date: ${text('invalidFormat')}`);
    }
    if (!parsed.success || errors.length > 0 || forwarderId === null) return errors;
    const input: AllotmentCreate = { ...parsed.data, forwarder_id: forwarderId, segment_id: null };
    try {
      return await inTransaction(tx, async (sp) => {
        if (row.flight !== null && row.flightDate !== null) {
          const segmentId = await this.flightOf(sp, auth, input, row.flight, row.flightDate);
          if (segmentId === null) return [`flight: ${text('flightNotFound')}`];
          input.segment_id = segmentId;
        }
        await this.createIn(sp, auth, input);
        return [];
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const byField = Object.entries(error.fieldErrors);
      if (byField.length === 0) return [`row: ${error.message}`];
      return byField.flatMap(([field, list]) => list.map((m) => `${columnOf(field)}: ${m}`));
    }
  }

  /**
   * The segment a row's flight names: the carrier's flight number (`SU1234` or `1234`) on the day, on the row's route;
   * null where there is none. A carrier the caller may not name is left to the create path to refuse.
   */
  private async flightOf(
    db: Db,
    auth: AuthContext,
    input: AllotmentCreate,
    flight: string,
    flightDate: string,
  ): Promise<number | null> {
    const carrier = carrierFor(auth, input.carrier);
    const airlineId = await repo.airlineByCode(db, carrier);
    if (airlineId === null || !covers(allotmentsScope(auth), airlineId)) {
      throw validation({ carrier: [message('airlineNotFound')] }, message('airlineNotFound'));
    }
    const compact = flight.replace(/\s+/g, '').toUpperCase();
    const number =
      compact.startsWith(carrier) && compact.length > carrier.length ? compact.slice(carrier.length) : compact;
    if (!/^\d{1,4}[A-Z]?$/.test(number)) throw validation({ flight: [message('invalidFormat')] });
    return repo.segmentByFlight(db, {
      airlineId,
      number,
      flightDate,
      origin: input.origin_iata,
      destination: input.destination_iata,
    });
  }
}

/** A row's create fields: the forwarder and the flight come by name and are looked up. */
const uploadSchema = allotmentCreate.omit({ forwarder_id: true, segment_id: true });
