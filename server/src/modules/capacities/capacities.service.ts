import type { PaginationMeta } from '@aircargo/contract/common';
import {
  type AircraftCapacitiesUpdate,
  type AircraftCapacity,
  type BaggageAverage,
  type BaggageAverageInput,
  type BaggageStat,
  type BaggageStatInput,
  baggageStatInput,
  type CapacityListQuery,
  type CapacityUploadKind,
  type PaxOdAverage,
  type PaxOdAverageInput,
  paxOdAverageInput,
  type SegmentPayload,
  type SegmentPayloadInput,
  segmentPayloadInput,
  type UploadReport,
} from '@aircargo/contract/flights';
import { issueMessage, type MessageKey, renderMessage } from '@aircargo/contract/messages';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { exists, type FieldErrors, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import {
  type AirlineScope,
  airlineForWrite,
  airlineNotFound,
  airlineRequired,
  ownScope,
  readAccess,
} from './capacities.policy';
import {
  averageOf,
  presentAircraftCapacity,
  presentBaggageAverage,
  presentBaggageStat,
  presentPaxOdAverage,
  presentSegmentPayload,
} from './capacities.presenter';
import * as repo from './capacities.repository';
import { readUpload } from './capacities.xlsx';

type Page<T> = { data: T[]; meta: PaginationMeta };
type Route = { airline_id: number; origin: string; destination: string };

/** Numbers travel to numeric columns as text, so that no binary rounding reaches the database. */
const dec = (value: number): string => String(value);
const decOrNull = (value: number | null | undefined): string | null =>
  value === null || value === undefined ? null : dec(value);

/**
 * Capacity data of an airline (issue 9 item 5): the capacity of aircraft types, segment payloads, PAX O&D averages,
 * baggage averages and the baggage statistics they are computed from, with XLSX upload of payloads and PAX averages.
 */
export class CapacitiesService {
  constructor(private readonly db: Db) {}

  /** The airline rows a caller reads; a forwarder must name an airline it holds an agreement with. */
  private async readScope(auth: AuthContext, requested: number | undefined): Promise<AirlineScope> {
    const access = readAccess(auth, requested);
    if (access.kind === 'scope') return access.scope;
    if (!(await repo.hasAgreement(this.db, access.forwarderId, access.airlineId))) throw airlineNotFound();
    return { airlineId: access.airlineId };
  }

  private async airlineFor(auth: AuthContext, requested: number | undefined): Promise<number> {
    const airlineId = airlineForWrite(auth, requested);
    if (!(await repo.isAirline(this.db, airlineId))) throw airlineNotFound();
    return airlineId;
  }

  /** Refuses unknown airports and aircraft types and a route that ends where it starts. */
  private async checkReferences(values: { origin: string; destination: string; aircraft_type?: string }) {
    const errors: FieldErrors = {};
    const airports = await repo.knownAirports(this.db, [values.origin, values.destination]);
    if (!airports.has(values.origin)) errors.origin = [message('airportNotFound')];
    if (!airports.has(values.destination)) errors.destination = [message('airportNotFound')];
    if (values.origin === values.destination) errors.destination = [message('sameOriginDestination')];
    if (values.aircraft_type !== undefined) {
      const types = await repo.knownAircraftTypes(this.db, [values.aircraft_type]);
      if (!types.has(values.aircraft_type)) errors.aircraft_type = [message('aircraftTypeNotFound')];
    }
    if (Object.keys(errors).length > 0) throw validation(errors);
  }

  // Aircraft capacities.

  async aircraftCapacities(auth: AuthContext, requested: number | undefined): Promise<AircraftCapacity[]> {
    const { airlineId } = await this.readScope(auth, requested);
    if (airlineId === undefined) throw airlineRequired();
    if (!(await repo.isAirline(this.db, airlineId))) throw airlineNotFound();
    return (await repo.aircraftCapacitiesOf(this.db, airlineId)).map(presentAircraftCapacity);
  }

  /** Sets the capacity of each listed type (both values null removes the airline's capacity of it); all or nothing. */
  async updateAircraftCapacities(auth: AuthContext, input: AircraftCapacitiesUpdate): Promise<AircraftCapacity[]> {
    const airlineId = await this.airlineFor(auth, input.airline_id);
    const known = await repo.knownAircraftTypes(this.db, [...new Set(input.capacities.map((c) => c.aircraft_type))]);
    const errors: FieldErrors = {};
    input.capacities.forEach((c, i) => {
      if (!known.has(c.aircraft_type)) errors[`capacities.${i}.aircraft_type`] = [message('aircraftTypeNotFound')];
    });
    if (Object.keys(errors).length > 0) throw validation(errors);
    await inTransaction(this.db, async (tx) => {
      for (const c of input.capacities) {
        if (c.weight === null && c.volume === null) await repo.deleteAircraftCapacity(tx, airlineId, c.aircraft_type);
        else
          await repo.upsertAircraftCapacity(tx, airlineId, c.aircraft_type, decOrNull(c.weight), decOrNull(c.volume));
      }
    });
    return (await repo.aircraftCapacitiesOf(this.db, airlineId)).map(presentAircraftCapacity);
  }

  // Segment payloads.

  async listSegmentPayloads(auth: AuthContext, query: CapacityListQuery): Promise<Page<SegmentPayload>> {
    const scope = await this.readScope(auth, query.airline_id);
    return presentPage(await repo.listRecords(this.db, 'segmentPayloads', scope, query), presentSegmentPayload);
  }

  async createSegmentPayload(auth: AuthContext, input: SegmentPayloadInput): Promise<SegmentPayload> {
    const { airline_id, ...fields } = input;
    const airlineId = await this.airlineFor(auth, airline_id);
    await this.checkReferences(fields);
    await this.refuseDuplicate('segmentPayloads', { ...fields, airline_id: airlineId });
    const row = await repo.insertRecord(this.db, 'segmentPayloads', {
      ...fields,
      airline_id: airlineId,
      payload: dec(fields.payload),
    });
    return presentSegmentPayload(row);
  }

  async updateSegmentPayload(auth: AuthContext, id: number, input: Partial<SegmentPayloadInput>) {
    const current = await this.found('segmentPayloads', auth, id);
    const { airline_id: _ignored, ...changes } = input;
    const next = { ...presentSegmentPayload(current), ...changes };
    await this.checkReferences(next);
    await this.refuseDuplicate('segmentPayloads', next, id);
    const { payload, ...rest } = changes;
    const row = await repo.updateRecord(this.db, 'segmentPayloads', id, {
      ...rest,
      ...(payload === undefined ? {} : { payload: dec(payload) }),
    });
    return presentSegmentPayload(row);
  }

  // PAX O&D averages.

  async listPaxOdAverages(auth: AuthContext, query: CapacityListQuery): Promise<Page<PaxOdAverage>> {
    const scope = await this.readScope(auth, query.airline_id);
    return presentPage(await repo.listRecords(this.db, 'paxOdAverages', scope, query), presentPaxOdAverage);
  }

  async createPaxOdAverage(auth: AuthContext, input: PaxOdAverageInput): Promise<PaxOdAverage> {
    const { airline_id, ...fields } = input;
    const airlineId = await this.airlineFor(auth, airline_id);
    await this.checkReferences(fields);
    await this.refuseDuplicate('paxOdAverages', { ...fields, airline_id: airlineId });
    const row = await repo.insertRecord(this.db, 'paxOdAverages', {
      ...fields,
      airline_id: airlineId,
      quantity: dec(fields.quantity),
    });
    return presentPaxOdAverage(row);
  }

  async updatePaxOdAverage(auth: AuthContext, id: number, input: Partial<PaxOdAverageInput>) {
    const current = await this.found('paxOdAverages', auth, id);
    const { airline_id: _ignored, ...changes } = input;
    const next = { ...presentPaxOdAverage(current), ...changes };
    await this.checkReferences(next);
    await this.refuseDuplicate('paxOdAverages', next, id);
    const { quantity, ...rest } = changes;
    const row = await repo.updateRecord(this.db, 'paxOdAverages', id, {
      ...rest,
      ...(quantity === undefined ? {} : { quantity: dec(quantity) }),
    });
    return presentPaxOdAverage(row);
  }

  // Baggage averages: the totals of the route's statistics over the period.

  async listBaggageAverages(auth: AuthContext, query: CapacityListQuery): Promise<Page<BaggageAverage>> {
    const scope = await this.readScope(auth, query.airline_id);
    return presentPage(await repo.listRecords(this.db, 'baggageAverages', scope, query), presentBaggageAverage);
  }

  private checkPeriod(values: { beginning_of_period: string; end_of_period: string }) {
    if (values.end_of_period < values.beginning_of_period) {
      throw validation({ end_of_period: [message('dateOrder', { field: 'beginning_of_period' })] });
    }
  }

  /** The computed fields of an average: totals, segments counted, the statistical and the used weight per passenger. */
  private async computed(
    db: Db,
    route: Route,
    period: { beginning_of_period: string; end_of_period: string },
    manual: number | null,
  ) {
    const totals = await repo.baggageTotals(db, route, period.beginning_of_period, period.end_of_period);
    const stat = averageOf(Number(totals.weight), totals.pax);
    return {
      total_baggage_weight: totals.weight,
      total_baggage_pcs: totals.pcs,
      total_pax: totals.pax,
      segments_count: totals.segments,
      weight_stat: decOrNull(stat),
      // The weight per passenger the capacity of a passenger flight uses: the manual one where set.
      weight_data: decOrNull(manual ?? stat),
    };
  }

  async createBaggageAverage(auth: AuthContext, input: BaggageAverageInput): Promise<BaggageAverage> {
    const { airline_id, ...fields } = input;
    const airlineId = await this.airlineFor(auth, airline_id);
    await this.checkReferences(fields);
    this.checkPeriod(fields);
    const route = { airline_id: airlineId, origin: fields.origin, destination: fields.destination };
    await this.refuseDuplicate('baggageAverages', { ...route, beginning_of_period: fields.beginning_of_period });
    const manual = fields.manual_average_baggage_weight ?? null;
    const row = await inTransaction(this.db, async (tx) =>
      repo.insertRecord(tx, 'baggageAverages', {
        ...route,
        beginning_of_period: fields.beginning_of_period,
        end_of_period: fields.end_of_period,
        manual_average_baggage_weight: decOrNull(manual),
        ...(await this.computed(tx, route, fields, manual)),
      }),
    );
    return presentBaggageAverage(row);
  }

  async updateBaggageAverage(auth: AuthContext, id: number, input: Partial<BaggageAverageInput>) {
    const current = await this.found('baggageAverages', auth, id);
    const { airline_id: _ignored, ...changes } = input;
    const next = { ...presentBaggageAverage(current), ...changes };
    await this.checkReferences(next);
    this.checkPeriod(next);
    await this.refuseDuplicate('baggageAverages', next, id);
    const manual = next.manual_average_baggage_weight ?? null;
    const row = await inTransaction(this.db, async (tx) =>
      repo.updateRecord(tx, 'baggageAverages', id, {
        origin: next.origin,
        destination: next.destination,
        beginning_of_period: next.beginning_of_period,
        end_of_period: next.end_of_period,
        manual_average_baggage_weight: decOrNull(manual),
        external_source: false,
        ...(await this.computed(tx, next, next, manual)),
      }),
    );
    return presentBaggageAverage(row);
  }

  // Baggage statistics: each change recomputes the averages whose route and period hold the flight.

  async listBaggageStats(auth: AuthContext, query: CapacityListQuery): Promise<Page<BaggageStat>> {
    const scope = await this.readScope(auth, query.airline_id);
    return presentPage(await repo.listRecords(this.db, 'baggageStats', scope, query), presentBaggageStat);
  }

  async getBaggageStat(auth: AuthContext, id: number): Promise<BaggageStat> {
    const row = await repo.findRecord(this.db, 'baggageStats', ownScope(auth), id);
    if (!row) throw notFound(message('baggageStatNotFound'));
    return presentBaggageStat(row);
  }

  private async checkSegment(airlineId: number, segmentId: number | null | undefined) {
    if (segmentId === null || segmentId === undefined) return;
    if (!(await repo.segmentOfAirline(this.db, airlineId, segmentId))) {
      throw validation({ segment_id: [message('notFound')] });
    }
  }

  private async recomputeAverages(tx: Db, route: Route, dates: string[]) {
    const seen = new Set<number>();
    for (const date of dates) {
      for (const average of await repo.averagesCovering(tx, route, date)) {
        if (seen.has(average.id)) continue;
        seen.add(average.id);
        const manual =
          average.manual_average_baggage_weight === null ? null : Number(average.manual_average_baggage_weight);
        await repo.updateRecord(tx, 'baggageAverages', average.id, await this.computed(tx, route, average, manual));
      }
    }
  }

  async createBaggageStat(auth: AuthContext, input: BaggageStatInput): Promise<BaggageStat> {
    const { airline_id, ...fields } = input;
    const airlineId = await this.airlineFor(auth, airline_id);
    await this.checkReferences(fields);
    await this.checkSegment(airlineId, fields.segment_id);
    const route = { airline_id: airlineId, origin: fields.origin, destination: fields.destination };
    const row = await inTransaction(this.db, async (tx) => {
      const inserted = await repo.insertRecord(tx, 'baggageStats', {
        ...fields,
        ...route,
        segment_id: fields.segment_id ?? null,
        baggage_weight: dec(fields.baggage_weight),
      });
      await this.recomputeAverages(tx, route, [fields.flight_date]);
      return inserted;
    });
    return presentBaggageStat(row);
  }

  async updateBaggageStat(auth: AuthContext, id: number, input: Partial<BaggageStatInput>) {
    const current = await this.found('baggageStats', auth, id);
    const { airline_id: _ignored, ...changes } = input;
    const next = { ...presentBaggageStat(current), ...changes };
    await this.checkReferences(next);
    if (changes.segment_id !== undefined) await this.checkSegment(current.airline_id, changes.segment_id);
    const row = await inTransaction(this.db, async (tx) => {
      const { baggage_weight, ...rest } = changes;
      const updated = await repo.updateRecord(tx, 'baggageStats', id, {
        ...rest,
        ...(baggage_weight === undefined ? {} : { baggage_weight: dec(baggage_weight) }),
      });
      await this.recomputeAverages(tx, current, [current.flight_date]);
      await this.recomputeAverages(tx, { ...next, airline_id: current.airline_id }, [next.flight_date]);
      return updated;
    });
    return presentBaggageStat(row);
  }

  // Deletes.

  async remove(auth: AuthContext, kind: repo.Kind, id: number): Promise<void> {
    const current = await this.found(kind, auth, id);
    await inTransaction(this.db, async (tx) => {
      await repo.deleteRecord(tx, kind, id);
      if (kind === 'baggageStats') {
        const stat = current as repo.BaggageStatRow;
        await this.recomputeAverages(tx, stat, [stat.flight_date]);
      }
    });
  }

  // Shared checks.

  private async found<K extends repo.Kind>(kind: K, auth: AuthContext, id: number): Promise<repo.RowOf[K]> {
    const row = await repo.findRecord(this.db, kind, ownScope(auth), id);
    if (!row) throw notFound(message(NOT_FOUND[kind]));
    return row;
  }

  private async refuseDuplicate(
    kind: Exclude<repo.Kind, 'baggageStats'>,
    key: Route & Record<string, unknown>,
    exceptId?: number,
  ) {
    const natural = { ...key } as Route & Record<string, string | number>;
    if (await repo.findByKey(this.db, kind, natural, exceptId)) {
      const { key: messageKey, field } = EXISTS[kind];
      throw exists(message(messageKey), field);
    }
  }

  // XLSX upload.

  /**
   * Creates or updates the rows of an uploaded workbook by their natural key. Every row is checked first (format,
   * airports, aircraft type, a key repeated in the file); rows with errors are reported by their row number and write
   * nothing; the others are written together, each reported as created, updated or unchanged. Baggage averages whose
   * route and period hold an uploaded stat are recomputed in the same transaction.
   */
  async upload(
    auth: AuthContext,
    kind: CapacityUploadKind,
    requested: number | undefined,
    file: Buffer,
  ): Promise<UploadReport> {
    const airlineId = await this.airlineFor(auth, requested);
    const rows = await readUpload(file, kind);
    const schema = UPLOAD_SCHEMAS[kind];
    const parsed = rows.map(({ row, values }) => {
      const candidate = candidateOf(kind, values);
      const result = schema.safeParse(candidate);
      if (result.success) return { row, value: result.data, errors: [] as string[] };
      const errors = result.error.issues.map((issue) => {
        const field = issue.path.join('.') || 'row';
        const input = issue.path.length ? candidate[String(issue.path[0])] : undefined;
        return `${field}: ${renderMessage(issueMessage({ ...issue, input }))}`;
      });
      return { row, value: null, errors };
    });
    const valid = parsed.flatMap((p) => (p.value ? [p.value] : []));
    const airports = await repo.knownAirports(this.db, [...new Set(valid.flatMap((v) => [v.origin, v.destination]))]);
    const types = await repo.knownAircraftTypes(this.db, [
      ...new Set(valid.flatMap((v) => ('aircraft_type' in v ? [v.aircraft_type] : []))),
    ]);
    const text = (key: MessageKey) => renderMessage({ key, params: {} });
    const firstRowOfKey = new Map<string, number>();
    for (const p of parsed) {
      if (!p.value) continue;
      const v = p.value;
      if (!airports.has(v.origin)) p.errors.push(`origin: ${text('airportNotFound')}`);
      if (!airports.has(v.destination)) p.errors.push(`destination: ${text('airportNotFound')}`);
      if (v.origin === v.destination) p.errors.push(`destination: ${text('sameOriginDestination')}`);
      if ('aircraft_type' in v && !types.has(v.aircraft_type)) {
        p.errors.push(`aircraft_type: ${text('aircraftTypeNotFound')}`);
      }
      const key = naturalKeyText(v);
      const first = firstRowOfKey.get(key);
      if (first !== undefined) p.errors.push(`row: the same record as row ${first}`);
      else firstRowOfKey.set(key, p.row);
    }
    const report: UploadReport = { created: 0, updated: 0, failed: 0, rows: [] };
    await inTransaction(this.db, async (tx) => {
      const statDays: { route: Route; date: string }[] = [];
      for (const p of parsed) {
        let status: RowStatus | null = null;
        if (p.value && p.errors.length === 0) {
          if (kind === 'segment_payloads')
            status = await upsertSegmentPayload(tx, airlineId, p.value as SegmentPayloadInput);
          else if (kind === 'pax_od_averages')
            status = await upsertPaxOdAverage(tx, airlineId, p.value as PaxOdAverageInput);
          else {
            const stat = p.value as BaggageStatInput;
            status = await upsertBaggageStat(tx, airlineId, stat);
            if (status === null) p.errors.push(`flight_date: ${text('baggageStatAmbiguous')}`);
            else if (status !== 'unchanged') {
              statDays.push({
                route: { airline_id: airlineId, origin: stat.origin, destination: stat.destination },
                date: stat.flight_date,
              });
            }
          }
        }
        if (status === null) {
          report.failed += 1;
          report.rows.push({ row: p.row, status: 'failed', errors: p.errors });
          continue;
        }
        if (status === 'created') report.created += 1;
        if (status === 'updated') report.updated += 1;
        report.rows.push({ row: p.row, status, errors: [] });
      }
      for (const { route, date } of statDays) await this.recomputeAverages(tx, route, [date]);
    });
    return report;
  }
}

const NOT_FOUND: Record<repo.Kind, MessageKey> = {
  segmentPayloads: 'segmentPayloadNotFound',
  paxOdAverages: 'paxOdAverageNotFound',
  baggageAverages: 'baggageAverageNotFound',
  baggageStats: 'baggageStatNotFound',
};

const EXISTS: Record<Exclude<repo.Kind, 'baggageStats'>, { key: MessageKey; field: string }> = {
  segmentPayloads: { key: 'segmentPayloadExists', field: 'season' },
  paxOdAverages: { key: 'paxOdAverageExists', field: 'aircraft_type' },
  baggageAverages: { key: 'baggageAverageExists', field: 'beginning_of_period' },
};

const NUMERIC_COLUMNS = new Set(['payload', 'quantity', 'pax', 'baggage_pcs', 'baggage_weight']);

/** A sheet row as the input schema reads it: numbers from numeric text, registrations split on spaces and commas. */
function candidateOf(kind: CapacityUploadKind, values: Record<string, string | number | null>) {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(values)) {
    if (value === null) continue;
    const text = String(value).trim();
    if (column === 'reg_numbers') out[column] = text.split(/[\s,;]+/).filter(Boolean);
    else if (NUMERIC_COLUMNS.has(column)) {
      out[column] = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    } else if (column === 'season') out[column] = text.toLowerCase();
    else out[column] = text;
  }
  if (kind === 'segment_payloads' && out.reg_numbers === undefined) out.reg_numbers = [];
  return out;
}

type UploadValue = SegmentPayloadInput | PaxOdAverageInput | BaggageStatInput;

/** The input schema of an upload row (the airline comes from the caller, not the file). */
const UPLOAD_SCHEMAS: Record<CapacityUploadKind, z.ZodType<UploadValue>> = {
  segment_payloads: segmentPayloadInput.omit({ airline_id: true }),
  pax_od_averages: paxOdAverageInput.omit({ airline_id: true }),
  baggage_stats: baggageStatInput.omit({ airline_id: true, segment_id: true }),
};

function naturalKeyText(v: UploadValue): string {
  if ('season' in v) return [v.origin, v.destination, v.aircraft_type, v.season].join('|');
  if ('aircraft_type' in v) return [v.origin, v.destination, v.aircraft_type].join('|');
  return [v.origin, v.destination, v.flight_date].join('|');
}

type RowStatus = 'created' | 'updated' | 'unchanged';

async function upsertSegmentPayload(tx: Db, airlineId: number, v: SegmentPayloadInput): Promise<RowStatus> {
  const route = { airline_id: airlineId, origin: v.origin, destination: v.destination };
  const existing = await repo.findByKey(tx, 'segmentPayloads', {
    ...route,
    aircraft_type: v.aircraft_type,
    season: v.season,
  });
  const values = { reg_numbers: v.reg_numbers, payload: dec(v.payload) };
  if (!existing) {
    await repo.insertRecord(tx, 'segmentPayloads', {
      ...route,
      aircraft_type: v.aircraft_type,
      season: v.season,
      ...values,
    });
    return 'created';
  }
  const same = Number(existing.payload) === v.payload && existing.reg_numbers.join(' ') === v.reg_numbers.join(' ');
  if (same) return 'unchanged';
  await repo.updateRecord(tx, 'segmentPayloads', existing.id, values);
  return 'updated';
}

async function upsertPaxOdAverage(tx: Db, airlineId: number, v: PaxOdAverageInput): Promise<RowStatus> {
  const route = { airline_id: airlineId, origin: v.origin, destination: v.destination };
  const existing = await repo.findByKey(tx, 'paxOdAverages', { ...route, aircraft_type: v.aircraft_type });
  if (!existing) {
    await repo.insertRecord(tx, 'paxOdAverages', {
      ...route,
      aircraft_type: v.aircraft_type,
      quantity: dec(v.quantity),
    });
    return 'created';
  }
  if (Number(existing.quantity) === v.quantity) return 'unchanged';
  await repo.updateRecord(tx, 'paxOdAverages', existing.id, { quantity: dec(v.quantity) });
  return 'updated';
}

/** The one stat of the route's day is updated, or one is created; null where several exist (the row is refused). */
async function upsertBaggageStat(tx: Db, airlineId: number, v: BaggageStatInput): Promise<RowStatus | null> {
  const route = { airline_id: airlineId, origin: v.origin, destination: v.destination };
  const existing = await repo.baggageStatsOfDay(tx, route, v.flight_date);
  const values = { pax: v.pax, baggage_pcs: v.baggage_pcs, baggage_weight: dec(v.baggage_weight) };
  if (existing.length > 1) return null;
  const [stat] = existing;
  if (!stat) {
    await repo.insertRecord(tx, 'baggageStats', { ...route, flight_date: v.flight_date, ...values });
    return 'created';
  }
  const same =
    stat.pax === v.pax && stat.baggage_pcs === v.baggage_pcs && Number(stat.baggage_weight) === v.baggage_weight;
  if (same) return 'unchanged';
  await repo.updateRecord(tx, 'baggageStats', stat.id, values);
  return 'updated';
}
