import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  Charge,
  chargeCreate,
  chargeUpdate,
  NotificationMarksInput,
  Surcharge,
  surchargeCreate,
  surchargeUpdate,
  Tariff,
  TariffGroup,
  tariffCreate,
  tariffGroupCreate,
  tariffGroupsQuery,
  tariffGroupUpdate,
  tariffsQuery,
  tariffUpdate,
} from '@aircargo/contract/tariffs';
import { prepare } from '@aircargo/rating';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, emptyFields, exists, type FieldErrors, message, notFound, validation } from '../../platform/errors';
import { emptyPage, type OffsetPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { inTransaction } from '../../platform/transactions';
import { airlineForNew, type TariffViewer, tariffViewer, writerViewer } from './tariffs.policy';
import {
  presentCharge,
  presentGroup,
  presentSurcharge,
  presentTariff,
  type RecordContext,
  rateInputs,
} from './tariffs.presenter';
import type { RecordKind } from './tariffs.repository';
import * as repo from './tariffs.repository';

type Page<T> = { data: T[]; meta: PaginationMeta };
type ParsedTariffsQuery = z.output<typeof tariffsQuery>;
type ParsedTariffCreate = z.output<typeof tariffCreate>;
type ParsedTariffUpdate = z.output<typeof tariffUpdate>;
type ParsedChargeCreate = z.output<typeof chargeCreate>;
type ParsedChargeUpdate = z.output<typeof chargeUpdate>;
type ParsedSurchargeCreate = z.output<typeof surchargeCreate>;
type ParsedSurchargeUpdate = z.output<typeof surchargeUpdate>;

export const BASE_OF_DERIVATIVES = 'The tariff is the base of derivative tariffs';
export const BASE_REQUIRED = 'A derivative tariff needs base_tariff_id';
export const BASE_INVALID = 'The base tariff must be another tariff of the same airline';
export const UNKNOWN_AIRPORT = 'Unknown airport';
export const NOT_A_FORWARDER = 'The company is not a forwarder';
export const CURRENCY_REQUIRED = 'A value surcharge needs a currency';
/** The most records one XLSX download holds. */
export const XLSX_MAX_ROWS = 10_000;

const NOT_FOUND = {
  tariff: 'tariffNotFound',
  charge: 'chargeNotFound',
  surcharge: 'surchargeNotFound',
} as const;

const DEFAULT_RATE_TYPE = { M: 'minimal', N: 'normal', Q: 'weight' } as const;

/** Places of a record as columns. */
function placeColumns(prefix: 'origin' | 'destination', value: { kind: string; code: string } | null | undefined) {
  if (value === undefined) return {};
  return prefix === 'origin'
    ? { origin_kind: (value?.kind ?? null) as 'airport' | null, origin_code: value?.code ?? null }
    : { destination_kind: (value?.kind ?? null) as 'airport' | null, destination_code: value?.code ?? null };
}

const sorted = (values: string[] | undefined) => (values === undefined ? undefined : [...values].sort());

export class TariffsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The date agreements are judged on: the app clock's, in UTC. */
  today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  viewer(auth: AuthContext, airlineId?: number): TariffViewer {
    return tariffViewer(auth, this.today(), airlineId);
  }

  // Reading.

  private async contexts(
    db: Db,
    viewer: TariffViewer,
    kind: RecordKind,
    rows: { row: { id: number; airline_id: number }; is_new: boolean }[],
  ): Promise<Map<number, RecordContext>> {
    const ids = rows.map((r) => r.row.id);
    const ownCompany = viewer.kind === 'forwarder' ? viewer.companyId : undefined;
    const [airlines, links, marks] = await Promise.all([
      repo.airlinesByIds(
        db,
        rows.map((r) => r.row.airline_id),
      ),
      repo.restrictionsOf(db, kind, ids),
      repo.marksOf(db, kind, ids, ownCompany),
    ]);
    const airlineById = new Map(airlines.map((a) => [a.id, a]));
    const visibleLinks = (id: number) =>
      links.filter((l) => l.record_id === id && (ownCompany === undefined || l.company.id === ownCompany));
    return new Map(
      rows.map(({ row, is_new }) => [
        row.id,
        {
          airline: airlineById.get(row.airline_id)!,
          links: visibleLinks(row.id),
          marks: marks.filter((m) => m.record_id === row.id),
          isNew: viewer.kind === 'forwarder' ? is_new : false,
        },
      ]),
    );
  }

  private async presentTariffs(db: Db, viewer: TariffViewer, rows: repo.ListedRow<'tariff'>[]): Promise<Tariff[]> {
    const [contexts, rates] = await Promise.all([
      this.contexts(db, viewer, 'tariff', rows),
      repo.ratesOf(
        db,
        rows.map((r) => r.row.id),
      ),
    ]);
    return rows.map(({ row }) =>
      presentTariff(
        row,
        rates.filter((r) => r.tariff_id === row.id),
        contexts.get(row.id)!,
      ),
    );
  }

  private async presentRecords<K extends RecordKind>(
    db: Db,
    viewer: TariffViewer,
    kind: K,
    rows: repo.ListedRow<K>[],
  ): Promise<(Tariff | Charge | Surcharge)[]> {
    if (kind === 'tariff') return this.presentTariffs(db, viewer, rows as repo.ListedRow<'tariff'>[]);
    const contexts = await this.contexts(db, viewer, kind, rows);
    return rows.map(({ row }) =>
      kind === 'charge'
        ? presentCharge(row as repo.ChargeRecord, contexts.get(row.id)!)
        : presentSurcharge(row as repo.SurchargeRecord, contexts.get(row.id)!),
    );
  }

  async list<K extends RecordKind>(
    auth: AuthContext,
    kind: K,
    query: ParsedTariffsQuery,
  ): Promise<Page<K extends 'tariff' ? Tariff : K extends 'charge' ? Charge : Surcharge>> {
    const viewer = this.viewer(auth, query.airline_id);
    const page: OffsetPage<repo.ListedRow<K>> =
      viewer.kind === 'none' ? emptyPage(query) : await repo.listRecords(this.db, viewer, kind, query);
    const data = await this.presentRecords(this.db, viewer, kind, page.rows);
    return { data, meta: page.meta } as Page<K extends 'tariff' ? Tariff : K extends 'charge' ? Charge : Surcharge>;
  }

  /** Every tariff of the filtered list (all pages, up to XLSX_MAX_ROWS), for the XLSX download. */
  async allTariffs(auth: AuthContext, query: ParsedTariffsQuery): Promise<Tariff[]> {
    const all = await this.list(auth, 'tariff', { ...query, page: 1, per_page: XLSX_MAX_ROWS });
    return all.data;
  }

  async get(auth: AuthContext, kind: 'tariff', id: number): Promise<Tariff>;
  async get(auth: AuthContext, kind: 'charge', id: number): Promise<Charge>;
  async get(auth: AuthContext, kind: 'surcharge', id: number): Promise<Surcharge>;
  async get(auth: AuthContext, kind: RecordKind, id: number): Promise<Tariff | Charge | Surcharge> {
    return this.getWith(this.db, this.viewer(auth), kind, id);
  }

  /** A tariff as the caller sees it, read inside the caller's transaction. */
  tariffIn(tx: Db, auth: AuthContext, id: number): Promise<Tariff> {
    return this.getWith(tx, this.viewer(auth), 'tariff', id) as Promise<Tariff>;
  }

  private async getWith(db: Db, viewer: TariffViewer, kind: RecordKind, id: number) {
    const found = await repo.findRecord(db, viewer, kind, id);
    if (!found) throw notFound(message(NOT_FOUND[kind]));
    const [present] = await this.presentRecords(db, viewer, kind, [found]);
    return present!;
  }

  // Checks shared by the three kinds.

  private async checkCommon(
    db: Db,
    airlineId: number,
    values: {
      transfers?: string[] | undefined;
      origin?: { kind: string; code: string } | null | undefined;
      destination?: { kind: string; code: string } | null | undefined;
      company_ids?: number[] | undefined;
      excluded_company_ids?: number[] | undefined;
      groups?: string[] | undefined;
      effective_from?: string | null | undefined;
      effective_to?: string | null | undefined;
    },
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const airportFields: [string, string[]][] = [
      ['transfers', values.transfers ?? []],
      ['origin.code', values.origin?.kind === 'airport' ? [values.origin.code] : []],
      ['destination.code', values.destination?.kind === 'airport' ? [values.destination.code] : []],
    ];
    const known = new Set(
      (
        await repo.airportsExist(
          db,
          airportFields.flatMap(([, codes]) => codes),
        )
      ).map((a) => a.iata),
    );
    for (const [field, codes] of airportFields) {
      if (codes.some((c) => !known.has(c))) errors[field] = [message('airportNotFound')];
    }
    for (const field of ['company_ids', 'excluded_company_ids'] as const) {
      const ids = values[field];
      if (!ids?.length) continue;
      const found = await repo.companiesByIds(db, ids);
      if (found.length !== new Set(ids).size) errors[field] = [message('companyUnknown')];
      else if (found.some((c) => c.company_type !== 'forwarder')) errors[field] = [NOT_A_FORWARDER];
    }
    if (values.groups?.length) {
      const codes = new Set((await repo.groupsOfAirline(db, airlineId)).map((g) => g.code));
      if (values.groups.some((g) => !codes.has(g))) errors.groups = [message('tariffGroupNotFound')];
    }
    if (values.effective_from && values.effective_to && values.effective_to < values.effective_from) {
      errors.effective_to = [message('dateOrder', { field: 'effective_from' })];
    }
    return errors;
  }

  private async airlineOf(auth: AuthContext, requested: number | undefined): Promise<number> {
    const airlineId = airlineForNew(auth, requested);
    if (airlineId === null) throw emptyFields('airline_id is required', { airline_id: [message('required')] });
    const company = await repo.companyType(this.db, airlineId);
    if (company?.company_type !== 'airline') throw companyNotFound();
    return airlineId;
  }

  /** A record of the kind the caller may change (its airline's; any for the platform), or 404. */
  private async writable<K extends RecordKind>(db: Db, auth: AuthContext, kind: K, id: number) {
    const found = await repo.findRecord(db, writerViewer(auth, this.today()), kind, id);
    if (!found) throw notFound(message(NOT_FOUND[kind]));
    return found.row;
  }

  // Tariffs.

  private tariffValues(input: Partial<ParsedTariffCreate>): Partial<repo.TariffInsert> {
    const values = {
      ...placeColumns('origin', input.origin),
      ...placeColumns('destination', input.destination),
    } as Partial<repo.TariffInsert>;
    const copy = [
      'internal_id',
      'transfers',
      'non_stop',
      'effective_from',
      'effective_to',
      'sales_channel',
      'basis',
      'currency',
      'vat_inclusion',
      'vat_percent',
      'level',
      'document',
      'notes',
      'min_charge_weight',
      'is_derivative',
      'base_tariff_id',
      'derivation_percent',
      'derivation_amount',
    ] as const;
    for (const key of copy) if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
    if (input.products !== undefined) values.products = sorted(input.products);
    if (input.groups !== undefined) values.groups = sorted(input.groups);
    return values;
  }

  /** The rules of a whole tariff: a normal rate (unless derivative), Q breaks, a valid base, the engine reads it. */
  private async checkTariff(
    db: Db,
    values: repo.TariffInsert,
    rates: repo.RateInsert[],
    exceptId?: number,
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const rateErrors: FieldErrors[string] = [];
    if (rates.some((r) => r.rate_class === 'Q' && (r.weight_break === null || r.weight_break === undefined)))
      rateErrors.push(message('weightBreakRequired'));
    const normal = rates.some((r) => r.rate_class === 'N' && !r.expired);
    if (!values.is_derivative && !normal) rateErrors.push(message('normalRateRequired'));
    if (rateErrors.length) errors.rates = rateErrors;
    if (values.is_derivative) {
      if (!values.base_tariff_id) errors.base_tariff_id = [BASE_REQUIRED];
      else if (values.base_tariff_id === exceptId) errors.base_tariff_id = [BASE_INVALID];
      else {
        const base = await repo.findRecord(
          db,
          { kind: 'airline', airlineId: values.airline_id },
          'tariff',
          values.base_tariff_id,
        );
        if (!base) errors.base_tariff_id = [BASE_INVALID];
      }
    }
    if (Object.keys(errors).length) return errors;
    // The engine reads the tariff as quoting will (decimal places, breaks); what it sets aside is refused here.
    const prepared = prepare(
      [
        {
          id: 'check',
          airline: 'XX',
          origin: { kind: values.origin_kind, code: values.origin_code },
          destination: { kind: values.destination_kind, code: values.destination_code },
          basis: values.basis,
          currency: values.currency,
          vatInclusion: values.vat_inclusion ?? 'without',
          vatPercent: values.vat_percent ?? '0',
          rates: rateInputs(
            rates.map((r, position) => ({
              ...r,
              id: position,
              tariff_id: 0,
              position,
              weight_break: r.weight_break ?? null,
              level: r.level ?? null,
              is_derivative: false,
              expired: r.expired ?? false,
            })),
          ),
          minChargeWeight: values.min_charge_weight ?? null,
        },
      ],
      [],
      [],
    );
    for (const issue of prepared.issues) {
      const field = issue.field.startsWith('rates') ? 'rates' : issue.field;
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    return errors;
  }

  private rateRows(input: ParsedTariffCreate['rates']): repo.RateInsert[] {
    return input.map((r) => ({
      rate_class: r.rate_class,
      rate_type: r.rate_type ?? DEFAULT_RATE_TYPE[r.rate_class],
      value: r.value,
      weight_break: r.rate_class === 'Q' ? (r.weight_break ?? null) : null,
      level: r.level ?? null,
      is_derivative: false,
      expired: r.expired ?? false,
    }));
  }

  /** The same airline, route, conditions, dates and company restrictions as another tariff: Exists. */
  private async checkDuplicate(db: Db, values: repo.TariffInsert, companyIds: number[], exceptId?: number) {
    const candidates = await repo.sameTariffs(db, values, exceptId);
    if (candidates.length === 0) return;
    const links = await repo.restrictionsOf(
      db,
      'tariff',
      candidates.map((c) => c.id),
    );
    const wanted = [...new Set(companyIds)].sort().join(',');
    for (const candidate of candidates) {
      const theirs = links
        .filter((l) => l.record_id === candidate.id && !l.excluded)
        .map((l) => l.company.id)
        .sort()
        .join(',');
      if (theirs === wanted) throw exists(message('tariffExists'));
    }
  }

  async createTariff(auth: AuthContext, input: ParsedTariffCreate, db: Db = this.db): Promise<Tariff> {
    const airlineId = await this.airlineOf(auth, input.airline_id);
    return inTransaction(db, async (tx) => {
      const id = await this.insertTariff(tx, airlineId, input);
      await repo.notifyChange(tx, airlineId);
      return this.getWith(tx, writerViewer(auth, this.today()), 'tariff', id) as Promise<Tariff>;
    });
  }

  /** Checks and inserts a tariff in the caller's transaction (the create call and XLSX rows). */
  async insertTariff(tx: Db, airlineId: number, input: ParsedTariffCreate): Promise<number> {
    const values = { ...this.tariffValues(input), airline_id: airlineId } as repo.TariffInsert;
    const rates = this.rateRows(input.rates);
    const errors = {
      ...(await this.checkCommon(tx, airlineId, input)),
      ...(await this.checkTariff(tx, values, rates)),
    };
    if (Object.keys(errors).length) throw validation(errors, Object.values(errors)[0]![0]);
    await this.checkDuplicate(tx, values, input.company_ids ?? []);
    const id = await repo.insertRecord(tx, 'tariff', values);
    await repo.replaceRates(tx, id, rates);
    await repo.replaceRestrictions(tx, 'tariff', id, input.company_ids ?? [], input.excluded_company_ids ?? []);
    return id;
  }

  async updateTariff(auth: AuthContext, id: number, input: ParsedTariffUpdate): Promise<Tariff> {
    return inTransaction(this.db, async (tx) => {
      const current = await this.writable(tx, auth, 'tariff', id);
      await this.changeTariff(tx, current, input);
      await repo.notifyChange(tx, current.airline_id);
      return this.getWith(tx, writerViewer(auth, this.today()), 'tariff', id) as Promise<Tariff>;
    });
  }

  /** Checks and applies an edit to a stored tariff (the edit call and XLSX rows); true when anything changed. */
  async changeTariff(tx: Db, current: repo.TariffRecord, input: ParsedTariffUpdate): Promise<void> {
    const merged = { ...current, ...this.tariffValues(input) } as repo.TariffInsert & { id: number };
    const storedRates = await repo.ratesOf(tx, [current.id]);
    const rates = input.rates
      ? this.rateRows(input.rates)
      : storedRates.map(({ id: _id, tariff_id: _t, position: _p, ...rate }) => rate);
    const storedLinks = await repo.restrictionsOf(tx, 'tariff', [current.id]);
    const companyIds = input.company_ids ?? storedLinks.filter((l) => !l.excluded).map((l) => l.company.id);
    const errors = {
      ...(await this.checkCommon(tx, current.airline_id, {
        ...input,
        effective_from: merged.effective_from,
        effective_to: merged.effective_to,
      })),
      ...(await this.checkTariff(tx, merged, rates, current.id)),
    };
    if (Object.keys(errors).length) throw validation(errors, Object.values(errors)[0]![0]);
    await this.checkDuplicate(tx, merged, companyIds, current.id);
    const { id: _id, created_at: _c, updated_at: _u, airline_id: _a, ...changes } = merged as repo.TariffRecord;
    await repo.updateRecord(tx, 'tariff', current.id, changes);
    if (input.rates) await repo.replaceRates(tx, current.id, rates);
    await repo.replaceRestrictions(tx, 'tariff', current.id, input.company_ids, input.excluded_company_ids);
    await repo.clearMarks(tx, 'tariff', current.id);
  }

  async remove(auth: AuthContext, kind: RecordKind, id: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const current = await this.writable(tx, auth, kind, id);
      if (kind === 'tariff' && (await repo.derivativesOf(tx, id)).length) {
        throw validation({ id: [BASE_OF_DERIVATIVES] }, BASE_OF_DERIVATIVES);
      }
      await repo.deleteRecord(tx, kind, id);
      await repo.notifyChange(tx, current.airline_id);
    });
  }

  /** A stored tariff of the airline by id, for XLSX updates (null when the airline has none such). */
  findOwnTariff(tx: Db, airlineId: number, id: number) {
    return repo.findRecord(tx, { kind: 'airline', airlineId }, 'tariff', id).then((r) => r?.row ?? null);
  }

  // Charges.

  private chargeValues(input: Partial<ParsedChargeCreate>): Partial<repo.ChargeInsert> {
    const values: Partial<repo.ChargeInsert> = {
      ...placeColumns('origin', input.origin),
      ...placeColumns('destination', input.destination),
    };
    const copy = [
      'charge_code',
      'charge_name',
      'due',
      'basis',
      'rate',
      'minimal_rate',
      'currency',
      'vat_inclusion',
      'vat',
      'transfers',
      'non_stop',
      'effective_from',
      'effective_to',
      'sales_channel',
    ] as const;
    for (const key of copy) if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
    if (input.products !== undefined) values.products = sorted(input.products);
    if (input.groups !== undefined) values.groups = sorted(input.groups);
    if (input.shcs !== undefined) values.shcs = sorted(input.shcs);
    return values;
  }

  async createCharge(auth: AuthContext, input: ParsedChargeCreate): Promise<Charge> {
    const airlineId = await this.airlineOf(auth, input.airline_id);
    return inTransaction(this.db, async (tx) => {
      const errors = await this.checkCommon(tx, airlineId, input);
      if (Object.keys(errors).length) throw validation(errors, Object.values(errors)[0]![0]);
      const id = await repo.insertRecord(tx, 'charge', {
        ...this.chargeValues(input),
        airline_id: airlineId,
      } as repo.ChargeInsert);
      await repo.replaceRestrictions(tx, 'charge', id, input.company_ids ?? [], input.excluded_company_ids ?? []);
      await repo.notifyChange(tx, airlineId);
      return this.getWith(tx, writerViewer(auth, this.today()), 'charge', id) as Promise<Charge>;
    });
  }

  async updateCharge(auth: AuthContext, id: number, input: ParsedChargeUpdate): Promise<Charge> {
    return inTransaction(this.db, async (tx) => {
      const current = (await this.writable(tx, auth, 'charge', id)) as repo.ChargeRecord;
      const errors = await this.checkCommon(tx, current.airline_id, {
        ...input,
        effective_from: input.effective_from === undefined ? current.effective_from : input.effective_from,
        effective_to: input.effective_to === undefined ? current.effective_to : input.effective_to,
      });
      if (Object.keys(errors).length) throw validation(errors, Object.values(errors)[0]![0]);
      await repo.updateRecord(tx, 'charge', id, this.chargeValues(input));
      await repo.replaceRestrictions(tx, 'charge', id, input.company_ids, input.excluded_company_ids);
      await repo.clearMarks(tx, 'charge', id);
      await repo.notifyChange(tx, current.airline_id);
      return this.getWith(tx, writerViewer(auth, this.today()), 'charge', id) as Promise<Charge>;
    });
  }

  // Surcharges.

  private surchargeValues(input: Partial<ParsedSurchargeCreate>): Partial<repo.SurchargeInsert> {
    const values: Partial<repo.SurchargeInsert> = {
      ...placeColumns('origin', input.origin),
      ...placeColumns('destination', input.destination),
    };
    const copy = [
      'code',
      'name',
      'type',
      'value',
      'minimal_weight',
      'product_code',
      'currency',
      'vat_inclusion',
      'vat_percent',
      'transfers',
      'non_stop',
      'effective_from',
      'effective_to',
      'sales_channel',
    ] as const;
    for (const key of copy) if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
    if (input.groups !== undefined) values.groups = sorted(input.groups);
    return values;
  }

  private checkSurcharge(values: Partial<repo.SurchargeInsert>): FieldErrors {
    return values.type === 'value' && !values.currency ? { currency: [CURRENCY_REQUIRED] } : {};
  }

  async createSurcharge(auth: AuthContext, input: ParsedSurchargeCreate): Promise<Surcharge> {
    const airlineId = await this.airlineOf(auth, input.airline_id);
    return inTransaction(this.db, async (tx) => {
      const values = { ...this.surchargeValues(input), airline_id: airlineId } as repo.SurchargeInsert;
      const errors = { ...(await this.checkCommon(tx, airlineId, input)), ...this.checkSurcharge(values) };
      if (Object.keys(errors).length) throw validation(errors, Object.values(errors)[0]![0]);
      const id = await repo.insertRecord(tx, 'surcharge', values);
      await repo.replaceRestrictions(tx, 'surcharge', id, input.company_ids ?? [], input.excluded_company_ids ?? []);
      await repo.notifyChange(tx, airlineId);
      return this.getWith(tx, writerViewer(auth, this.today()), 'surcharge', id) as Promise<Surcharge>;
    });
  }

  async updateSurcharge(auth: AuthContext, id: number, input: ParsedSurchargeUpdate): Promise<Surcharge> {
    return inTransaction(this.db, async (tx) => {
      const current = (await this.writable(tx, auth, 'surcharge', id)) as repo.SurchargeRecord;
      const changes = this.surchargeValues(input);
      const errors = {
        ...(await this.checkCommon(tx, current.airline_id, {
          ...input,
          effective_from: input.effective_from === undefined ? current.effective_from : input.effective_from,
          effective_to: input.effective_to === undefined ? current.effective_to : input.effective_to,
        })),
        ...this.checkSurcharge({ ...current, ...changes }),
      };
      if (Object.keys(errors).length) throw validation(errors, Object.values(errors)[0]![0]);
      await repo.updateRecord(tx, 'surcharge', id, changes);
      await repo.replaceRestrictions(tx, 'surcharge', id, input.company_ids, input.excluded_company_ids);
      await repo.clearMarks(tx, 'surcharge', id);
      await repo.notifyChange(tx, current.airline_id);
      return this.getWith(tx, writerViewer(auth, this.today()), 'surcharge', id) as Promise<Surcharge>;
    });
  }

  // Awareness marks.

  /** A forwarder confirms awareness of the named records it sees, or of all new ones; others have nothing to confirm. */
  async mark(auth: AuthContext, kind: RecordKind, input: NotificationMarksInput): Promise<{ marked: number }> {
    const viewer = this.viewer(auth);
    if (viewer.kind !== 'forwarder') throw new AppError(422, 'EmptyFields', message('companyNotFound'));
    return inTransaction(this.db, async (tx) => {
      const ids = await repo.visibleIds(tx, viewer, kind, input.all ? null : (input.ids ?? []));
      if (!input.all && ids.length !== new Set(input.ids).size) throw notFound(message(NOT_FOUND[kind]));
      return { marked: await repo.insertMarks(tx, kind, ids, viewer.companyId, auth.userId) };
    });
  }

  // Groups.

  private async presentGroups(rows: repo.GroupRecord[]): Promise<TariffGroup[]> {
    const airlines = new Map(
      (
        await repo.airlinesByIds(
          this.db,
          rows.map((r) => r.airline_id),
        )
      ).map((a) => [a.id, a]),
    );
    return rows.map((r) => presentGroup(r, airlines.get(r.airline_id)!));
  }

  async listGroups(auth: AuthContext, query: z.output<typeof tariffGroupsQuery>): Promise<Page<TariffGroup>> {
    const viewer = this.viewer(auth, query.airline_id);
    const page =
      viewer.kind === 'none' ? emptyPage<repo.GroupRecord>(query) : await repo.listGroups(this.db, viewer, query);
    return { data: await this.presentGroups(page.rows), meta: page.meta };
  }

  async getGroup(auth: AuthContext, id: number): Promise<TariffGroup> {
    const row = await repo.findGroup(this.db, this.viewer(auth), id);
    if (!row) throw notFound(message('tariffGroupNotFound'));
    return (await this.presentGroups([row]))[0]!;
  }

  private async writableGroup(auth: AuthContext, id: number) {
    const row = await repo.findGroup(this.db, writerViewer(auth, this.today()), id);
    if (!row) throw notFound(message('tariffGroupNotFound'));
    return row;
  }

  async createGroup(auth: AuthContext, input: z.output<typeof tariffGroupCreate>): Promise<TariffGroup> {
    const airlineId = await this.airlineOf(auth, input.airline_id);
    return inTransaction(this.db, async (tx) => {
      if (await repo.groupByCode(tx, airlineId, input.code)) throw exists(message('alreadyTaken'), 'code');
      const id = await repo.insertGroup(tx, {
        airline_id: airlineId,
        code: input.code,
        name: input.name,
        products: sorted(input.products) ?? [],
      });
      await repo.notifyChange(tx, airlineId);
      return id;
    }).then((id) => this.getGroup(auth, id));
  }

  async updateGroup(auth: AuthContext, id: number, input: z.output<typeof tariffGroupUpdate>): Promise<TariffGroup> {
    const current = await this.writableGroup(auth, id);
    await inTransaction(this.db, async (tx) => {
      if (input.code && input.code !== current.code) {
        if (await repo.groupByCode(tx, current.airline_id, input.code, id))
          throw exists(message('alreadyTaken'), 'code');
        if (await repo.groupInUse(tx, current.airline_id, current.code))
          throw validation({ code: [message('tariffGroupInUse')] }, message('tariffGroupInUse'));
      }
      await repo.updateGroup(tx, id, {
        ...(input.code ? { code: input.code } : {}),
        ...(input.name ? { name: input.name } : {}),
        ...(input.products ? { products: sorted(input.products) } : {}),
      });
      await repo.notifyChange(tx, current.airline_id);
    });
    return this.getGroup(auth, id);
  }

  async removeGroup(auth: AuthContext, id: number): Promise<void> {
    const current = await this.writableGroup(auth, id);
    await inTransaction(this.db, async (tx) => {
      if (await repo.groupInUse(tx, current.airline_id, current.code))
        throw validation({ id: [message('tariffGroupInUse')] }, message('tariffGroupInUse'));
      await repo.deleteGroup(tx, id);
      await repo.notifyChange(tx, current.airline_id);
    });
  }
}
