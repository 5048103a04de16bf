import type { QuoteResult, quoteInput } from '@aircargo/contract/tariffs';
import type { RoundingRule } from '@aircargo/domain';
import {
  type ChargeInput,
  type ExclusionCondition,
  type PlaceSpec,
  type PreparedRating,
  prepare,
  type Quote,
  RatingInputError,
  type ShipmentInput,
  type SurchargeInput,
  type TariffInput,
} from '@aircargo/rating';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { validation } from '../../platform/errors';
import { rateInputs } from './tariffs.presenter';
import * as repo from './tariffs.repository';

/** The channel every tariff, charge, surcharge or group change notifies, with the airline company id as payload. */
export const TARIFFS_CHANNEL = 'tariffs_change';
/** How long a prepared engine or the places may serve at most (airline settings and airports change without notice). */
export const QUOTE_CACHE_TTL_MS = 60_000;

export const NO_AGREEMENT = 'No active agreement with the airline shows its tariffs';
export const OTHER_AIRLINE = 'An airline sees only its own tariffs';
export const UNKNOWN_CARRIER = 'No airline company has this designator';

type Carrier = { id: number };
type Places = { airports: Record<string, { city: string; country: string }>; regions: Record<string, string[]> };

/**
 * Prepared rating engines per airline, kept in this process (decision 015). Every write of an airline's prices notifies
 * TARIFFS_CHANNEL on commit; each process drops that airline's engine at once, so several processes agree. An engine
 * built while a change arrived is not kept (generations), nothing is kept while the listener is down, and the TTL bounds
 * what changes outside this module (airline settings, airports) could leave stale.
 */
export class QuoteCache {
  private readonly engines = new Map<number, { prepared: PreparedRating; until: number }>();
  /** Airline company of a carrier designator. */
  private readonly carriers = new Map<string, { airline: Carrier | null; until: number }>();
  /** Whether a forwarder's agreement with an airline shows tariffs, kept for the auth cache's window only. */
  private readonly access = new Map<string, { shows: boolean; until: number }>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;
  private places: { value: Places; until: number } | null = null;
  private live = false;
  /** How many engines were built (tests and the benchmark read it). */
  builds = 0;

  /**
   * `accessTtlMs`: how long an agreement check may be reused (the auth cache's window, decision 012: agreement changes
   * do not notify this channel, so a revoked agreement stops giving prices within that window); 0 never reuses one.
   */
  constructor(
    private readonly ttlMs: number = QUOTE_CACHE_TTL_MS,
    private readonly accessTtlMs = 0,
  ) {}

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  clear(): void {
    this.engines.clear();
    this.carriers.clear();
    this.access.clear();
    this.places = null;
    this.epoch++;
  }

  /** Applies a notification: the airline id, or anything else for "everything". */
  onNotification(payload: string | undefined): void {
    const id = Number(payload);
    if (!Number.isInteger(id) || id <= 0) {
      this.clear();
      return;
    }
    this.engines.delete(id);
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
  }

  private stamp(airlineId: number): string {
    return `${this.epoch}:${this.generations.get(airlineId) ?? 0}`;
  }

  async engine(airlineId: number, build: () => Promise<PreparedRating>): Promise<PreparedRating> {
    const hit = this.live ? this.engines.get(airlineId) : undefined;
    if (hit && hit.until > Date.now()) return hit.prepared;
    const before = this.stamp(airlineId);
    const prepared = await build();
    this.builds++;
    if (this.live && this.stamp(airlineId) === before) {
      this.engines.set(airlineId, { prepared, until: Date.now() + this.ttlMs });
    }
    return prepared;
  }

  async carrier(code: string, load: () => Promise<Carrier | null>): Promise<Carrier | null> {
    const hit = this.live ? this.carriers.get(code) : undefined;
    if (hit && hit.until > Date.now()) return hit.airline;
    const airline = await load();
    if (this.live) this.carriers.set(code, { airline, until: Date.now() + this.ttlMs });
    return airline;
  }

  async shows(forwarderId: number, airlineId: number, today: string, load: () => Promise<boolean>): Promise<boolean> {
    const key = `${forwarderId}:${airlineId}:${today}`;
    const hit = this.live && this.accessTtlMs > 0 ? this.access.get(key) : undefined;
    if (hit && hit.until > Date.now()) return hit.shows;
    const shows = await load();
    if (this.live && this.accessTtlMs > 0) {
      if (this.access.size >= 50_000) this.access.clear();
      this.access.set(key, { shows, until: Date.now() + this.accessTtlMs });
    }
    return shows;
  }

  async placesOf(load: () => Promise<Places>): Promise<Places> {
    if (this.live && this.places && this.places.until > Date.now()) return this.places.value;
    const epoch = this.epoch;
    const value = await load();
    if (this.live && epoch === this.epoch) this.places = { value, until: Date.now() + this.ttlMs };
    return value;
  }
}

const idOf = (engineId: string | null): number | null => (engineId === null ? null : Number(engineId.slice(1)));

function placeSpec(kind: string | null, code: string | null): PlaceSpec | null {
  return kind && code ? { kind: kind as PlaceSpec['kind'], code } : null;
}

export class QuoteService {
  constructor(
    private readonly db: Db,
    private readonly cache: QuoteCache,
    private readonly clock: Clock = systemClock,
  ) {}

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  private async loadPlaces(): Promise<Places> {
    const { airportRows, regionRows } = await repo.places(this.db);
    return {
      airports: Object.fromEntries(airportRows.map((a) => [a.iata, { city: a.city, country: a.country }])),
      regions: Object.fromEntries(regionRows.map((r) => [r.code, r.countries])),
    };
  }

  /** Reads an airline's records into the engine's inputs and prepares them. */
  async build(airlineId: number, carrier: string): Promise<PreparedRating> {
    const [records, places] = await Promise.all([
      repo.ratingRecords(this.db, airlineId),
      this.cache.placesOf(() => this.loadPlaces()),
    ]);
    const linked = (kind: repo.RecordKind, id: number, excluded: boolean) =>
      records.links[kind].filter((l) => l.record_id === id && l.excluded === excluded).map((l) => String(l.company.id));
    const common = (kind: repo.RecordKind, r: repo.TariffRecord | repo.ChargeRecord | repo.SurchargeRecord) => ({
      airline: carrier,
      transfers: r.transfers,
      nonStop: r.non_stop,
      effectiveFrom: r.effective_from,
      effectiveTo: r.effective_to,
      salesChannel: r.sales_channel,
      companies: linked(kind, r.id, false),
      excludedCompanies: linked(kind, r.id, true),
      products: r.products,
      groups: r.groups,
    });
    const tariffs: TariffInput[] = records.tariffs.map((t) => ({
      ...common('tariff', t),
      id: `t${t.id}`,
      origin: placeSpec(t.origin_kind, t.origin_code),
      destination: placeSpec(t.destination_kind, t.destination_code),
      internalId: t.internal_id,
      basis: t.basis,
      currency: t.currency,
      vatInclusion: t.vat_inclusion,
      vatPercent: t.vat_percent,
      level: t.level,
      rates: rateInputs(records.rates.filter((r) => r.tariff_id === t.id)),
      minChargeWeight: t.min_charge_weight,
      isDerivative: t.is_derivative,
      baseTariffId: t.base_tariff_id === null ? null : `t${t.base_tariff_id}`,
      derivation: t.is_derivative ? { percent: t.derivation_percent ?? '0', amount: t.derivation_amount ?? '0' } : null,
      description: t.internal_id,
    }));
    const charges: ChargeInput[] = records.charges.map((c) => ({
      ...common('charge', c),
      id: `c${c.id}`,
      origin: placeSpec(c.origin_kind, c.origin_code),
      destination: placeSpec(c.destination_kind, c.destination_code),
      chargeCode: c.charge_code,
      chargeName: c.charge_name,
      due: c.due,
      basis: c.basis,
      rate: c.rate,
      minimalRate: c.minimal_rate,
      currency: c.currency,
      vatInclusion: c.vat_inclusion,
      vat: c.vat,
      shcs: c.shcs,
    }));
    const surcharges: SurchargeInput[] = records.surcharges.map((s) => ({
      ...common('surcharge', s),
      id: `s${s.id}`,
      origin: placeSpec(s.origin_kind, s.origin_code),
      destination: placeSpec(s.destination_kind, s.destination_code),
      code: s.code,
      name: s.name,
      type: s.type,
      value: s.value,
      minimalWeight: s.minimal_weight,
      productCode: s.product_code,
      currency: s.currency,
      vatInclusion: s.vat_inclusion,
      vatPercent: s.vat_percent,
    }));
    const settings = records.settings;
    return prepare(tariffs, charges, surcharges, {
      places,
      groups: Object.fromEntries(records.groups.map((g) => [g.code, g.products])),
      airlineSettings: settings
        ? {
            [carrier]: {
              chargeableRatio: settings.chargeable_ratio,
              roundingRule: settings.rounding_rule as RoundingRule,
              minimumChargeWeight: settings.minimum_charge_weight,
            },
          }
        : {},
    });
  }

  /** Whether a forwarder's agreement with an airline shows it the airline's tariffs today (the air waybills' calculate). */
  showsTariffs(forwarderId: number, airlineId: number): Promise<boolean> {
    const today = this.today();
    return this.cache.shows(forwarderId, airlineId, today, () =>
      repo.hasShowingAgreement(this.db, airlineId, forwarderId, today),
    );
  }

  /** The prepared engine of an airline, from this process's cache when it is current. */
  engine(airlineId: number, carrier: string): Promise<PreparedRating> {
    return this.cache.engine(airlineId, () => this.build(airlineId, carrier));
  }

  async quote(auth: AuthContext, input: z.output<typeof quoteInput>): Promise<QuoteResult> {
    const airline = await this.cache.carrier(input.carrier, () => repo.airlineByCode(this.db, input.carrier));
    let company: string | null = input.company_id ? String(input.company_id) : null;
    let refusal: string | null = null;
    if (auth.companyType === 'forwarder') {
      company = auth.companyId === null ? null : String(auth.companyId);
      if (!airline || auth.companyId === null) refusal = NO_AGREEMENT;
      else {
        const forwarderId = auth.companyId;
        const today = this.today();
        const shows = await this.cache.shows(forwarderId, airline.id, today, () =>
          repo.hasShowingAgreement(this.db, airline.id, forwarderId, today),
        );
        if (!shows) refusal = NO_AGREEMENT;
      }
    } else if (auth.companyType !== 'platform') {
      if (!airline || airline.id !== auth.companyId) refusal = OTHER_AIRLINE;
    }
    const shipment: ShipmentInput = {
      carrier: input.carrier,
      origin: input.origin,
      destination: input.destination,
      via: input.via ?? [],
      date: input.date ?? this.today(),
      pieces: input.pieces,
      weight: input.weight,
      volume: input.volume ?? null,
      dimensions: input.dimensions ?? null,
      product: input.product ?? null,
      shcs: input.shcs ?? [],
      company,
      salesChannel: input.sales_channel ?? null,
      level: input.level ?? 'first',
      currency: input.currency ?? null,
    };
    const prepared = airline && !refusal ? await this.engine(airline.id, input.carrier) : EMPTY;
    let result: Quote;
    try {
      result = prepared.quote(shipment);
    } catch (error) {
      if (error instanceof RatingInputError) throw validation({ [error.field]: [error.message] }, error.message);
      throw error;
    }
    if (refusal) return refused(result, 'agreement', refusal);
    if (!airline) return refused(result, 'carrier', UNKNOWN_CARRIER);
    return present(result);
  }
}

/** An engine with no records: it still computes the chargeable weight of a refused quote. */
const EMPTY = prepare([], [], []);

function refused(result: Quote, condition: ExclusionCondition | 'agreement', detail: string): QuoteResult {
  return {
    ok: false,
    message: 'Information about tariffs is not available',
    chargeable: result.chargeable,
    reason: { condition, failed: [condition], tariff_id: null, detail },
  };
}

function present(result: Quote): QuoteResult {
  if (!result.ok) {
    return {
      ok: false,
      message: result.message,
      chargeable: result.chargeable,
      reason: { ...result.reason, tariff_id: idOf(result.reason.tariff_id) },
    };
  }
  return {
    ok: true,
    date: result.date,
    carrier: result.carrier,
    tariff_id: idOf(result.tariff_id)!,
    level: result.level,
    chargeable: result.chargeable,
    lines: result.lines.map((line) => ({
      type: line.type,
      code: line.code,
      rate_class_code: line.rate_class_code,
      description: line.description,
      rate: line.rate,
      amount: line.amount,
      currency: line.currency,
      base_value: line.base_value,
      basis: line.basis,
      unit_code: line.unit_code,
      vat: line.vat,
      vat_percent: line.vat_percent,
      vat_inclusion: line.vat_inclusion,
      net: line.net,
      total: line.total,
      calculation_type: line.calculation_type,
      due: line.due,
      weight_break: line.weight_break,
      is_derivative: line.is_derivative,
      source_id: idOf(line.source_id)!,
    })),
    totals: result.totals,
    alternatives: result.alternatives.map((a) => ({ ...a, tariff_id: idOf(a.tariff_id)! })),
  };
}
