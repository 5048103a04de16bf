import { checkAirlineSettings, computeChargeable } from './chargeable';
import {
  buildGrid,
  type CompiledCharge,
  type CompiledConditions,
  type CompiledSurcharge,
  type CompiledTariff,
  checkRecord,
  compileCharge,
  compileSurcharge,
  compileTariffHead,
  derive,
  ISO_DATE,
  type PrepareIssue,
  type RawRate,
  rateKey,
  readDerivation,
} from './compile';
import { allFailed, type Context, describe, failedCondition, intersects, nearer } from './conditions';
import {
  formatScaled,
  optionalString,
  RATE_DECIMALS,
  RatingInputError,
  rescale,
  stringList,
  WEIGHT_UNIT,
} from './decimal';
import {
  alternativeOf,
  before,
  type Candidate,
  computeFreight,
  EXACT_DECIMALS,
  freightMinorFast,
  gridFor,
  HUNDRED_PERCENT,
} from './freight';
import { addLine, kg, rateText, type Totals, UNIT_OF } from './lines';
import { keyOfBreak, type SummaryRates } from './summary';
import type {
  AirlineRatingSettings,
  ChargeInput,
  CurrencyTotal,
  ExclusionCondition,
  Level,
  PrepareOptions,
  Quote,
  QuoteNone,
  RateLine,
  ShipmentInput,
  SurchargeInput,
  TariffInput,
} from './types';

export const NO_TARIFF_MESSAGE = 'Information about tariffs is not available';

interface Bucket {
  tariffs: CompiledTariff[];
  charges: CompiledCharge[];
  surcharges: CompiledSurcharge[];
}

type RouteIndex = Map<string, Map<string, Map<string, Bucket>>>;

const DEFAULT_ALTERNATIVES = 3;

export interface QuoteOptions {
  /** How many other applicable tariffs to list, best first (default 3). */
  alternatives?: number;
}

function byCode(a: { code: string }, b: { code: string }): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** The tariffs, charges and surcharges of many airlines, indexed by route; quote shipments against it. */
export class PreparedRating {
  /** Records set aside in `prepare`, with the reason. */
  readonly issues: readonly PrepareIssue[];
  readonly counts: { tariffs: number; charges: number; surcharges: number };

  private readonly index: RouteIndex = new Map();
  private readonly airlinesWithTariffs = new Set<string>();
  /** Per airline: `o|<origin key>` and `d|<destination key>` to the tariffs with that end, for the reason path. */
  private readonly tariffsByEnd = new Map<string, Map<string, CompiledTariff[]>>();
  private readonly tariffById = new Map<string, CompiledTariff>();
  private readonly placeKeys = new Map<string, readonly string[]>();
  private readonly airports: NonNullable<PrepareOptions['places']>['airports'];
  private readonly regionsOfCountry = new Map<string, string[]>();
  private readonly productGroups = new Map<string, string[]>();
  private readonly settings: Readonly<Record<string, AirlineRatingSettings>>;
  private readonly currencyDecimals: Readonly<Record<string, number>>;

  constructor(
    tariffs: readonly TariffInput[],
    charges: readonly ChargeInput[],
    surcharges: readonly SurchargeInput[],
    options: PrepareOptions = {},
  ) {
    this.airports = options.places?.airports ?? {};
    for (const [region, countries] of Object.entries(options.places?.regions ?? {})) {
      for (const country of countries) {
        const list = this.regionsOfCountry.get(country.toUpperCase()) ?? [];
        list.push(region.toUpperCase());
        this.regionsOfCountry.set(country.toUpperCase(), list);
      }
    }
    for (const [group, products] of Object.entries(options.groups ?? {})) {
      for (const product of products) {
        const list = this.productGroups.get(product.toUpperCase()) ?? [];
        list.push(group);
        this.productGroups.set(product.toUpperCase(), list);
      }
    }
    this.settings = Object.fromEntries(
      Object.entries(options.airlineSettings ?? {}).map(([code, s]) => [code.toUpperCase(), s]),
    );
    for (const [carrier, s] of Object.entries(this.settings)) checkAirlineSettings(s, carrier);
    this.currencyDecimals = options.currencyDecimals ?? {};
    const issues: PrepareIssue[] = [];
    const decimals = (currency: string) => this.decimalsOf(currency);

    const compiled = this.compileTariffs(tariffs, decimals, issues);
    for (const t of compiled) {
      this.tariffById.set(t.id, t);
      this.bucket(t).tariffs.push(t);
      let ends = this.tariffsByEnd.get(t.airline);
      if (!ends) {
        ends = new Map();
        this.tariffsByEnd.set(t.airline, ends);
      }
      for (const key of [`o|${t.cond.originKey}`, `d|${t.cond.destinationKey}`]) {
        const withEnd = ends.get(key);
        if (withEnd) withEnd.push(t);
        else ends.set(key, [t]);
      }
      this.airlinesWithTariffs.add(t.airline);
    }
    let chargeCount = 0;
    for (const input of charges) {
      try {
        const c = compileCharge(input, decimals);
        this.bucket(c).charges.push(c);
        chargeCount++;
      } catch (e) {
        issues.push(issueOf('charge', input?.id, e));
      }
    }
    let surchargeCount = 0;
    for (const input of surcharges) {
      try {
        const s = compileSurcharge(input, decimals);
        this.bucket(s).surcharges.push(s);
        surchargeCount++;
      } catch (e) {
        issues.push(issueOf('surcharge', input?.id, e));
      }
    }
    this.issues = issues;
    this.counts = { tariffs: compiled.length, charges: chargeCount, surcharges: surchargeCount };
  }

  /**
   * The summary rates (min_rate, n, q45 ... q1000) a tariff prices with at `level`, derived rates resolved; null for an
   * unknown or set-aside tariff, or a level it has no rates for.
   */
  summaryOf(id: string, level: Level = 'first'): SummaryRates | null {
    const t = this.tariffById.get(id);
    const grid = t ? gridFor(t, level) : null;
    if (!grid) return null;
    const out: SummaryRates = { min_rate: null, n: null, q45: null, q100: null, q300: null, q500: null, q1000: null };
    if (grid.min !== null) out.min_rate = rateText(grid.min);
    for (const b of grid.breaks) {
      const key = b.cls === 'N' ? 'n' : keyOfBreak(b.breakGrams);
      if (key) out[key] = rateText(b.value);
    }
    return out;
  }

  private decimalsOf(currency: string): number {
    const d = this.currencyDecimals[currency] ?? 2;
    if (!Number.isInteger(d) || d < 0 || d > 6) throw new RatingInputError('currency', `decimals of ${currency}`);
    return d;
  }

  private compileTariffs(
    inputs: readonly TariffInput[],
    decimals: (c: string) => number,
    issues: PrepareIssue[],
  ): CompiledTariff[] {
    type Head = ReturnType<typeof compileTariffHead>;
    const heads = new Map<string, { head: Head; input: TariffInput }>();
    for (const input of inputs) {
      try {
        checkRecord(input);
        if (heads.has(input.id)) throw new RatingInputError('id', 'This airfreight already exists');
        heads.set(input.id, { head: compileTariffHead(input, decimals), input });
      } catch (e) {
        issues.push(issueOf('tariff', input?.id, e));
      }
    }
    // Derivative tariffs take their base's rates, scaled, under their own; resolved once, cycles refused.
    const resolved = new Map<string, RawRate[]>();
    const resolve = (id: string, trail: string[]): RawRate[] => {
      const done = resolved.get(id);
      if (done) return done;
      const entry = heads.get(id);
      if (!entry) throw new RatingInputError('baseTariffId', `Airfreight not found (${id})`);
      if (trail.includes(id)) throw new RatingInputError('baseTariffId', 'derivation loops back to itself');
      const { head, input } = entry;
      let rates = head.rawRates;
      const tariff = head.tariff;
      if (tariff.isDerivative && input.baseTariffId) {
        const { percent, amount } = readDerivation(input);
        if (heads.get(input.baseTariffId)?.head.tariff.airline !== tariff.airline) {
          throw new RatingInputError('baseTariffId', `Airfreight not found (${input.baseTariffId})`);
        }
        const base = resolve(input.baseTariffId, [...trail, id]);
        const own = new Set(rates.map((r) => rateKey(r.cls, r.breakGrams, r.level)));
        const derived = base
          .filter((r) => !own.has(rateKey(r.cls, r.breakGrams, r.level)))
          .map((r) => ({ ...r, value: derive(r.value, percent, amount), derived: true }));
        rates = [...rates, ...derived];
      } else if (tariff.isDerivative) {
        throw new RatingInputError('baseTariffId', 'required field');
      }
      resolved.set(id, rates);
      return rates;
    };
    const out: CompiledTariff[] = [];
    for (const [id, { head }] of heads) {
      try {
        const rates = resolve(id, []);
        const grids = { first: buildGrid(rates, 'first'), second: buildGrid(rates, 'second') };
        if (!grids[head.tariff.level]) throw new RatingInputError('rates', 'Normal rate must be specified');
        head.tariff.grids = grids;
        out.push(head.tariff);
      } catch (e) {
        issues.push(issueOf('tariff', id, e));
      }
    }
    return out;
  }

  private bucket(record: { cond: CompiledConditions }): Bucket {
    const c = record.cond;
    let byOrigin = this.index.get(c.airline);
    if (!byOrigin) {
      byOrigin = new Map();
      this.index.set(c.airline, byOrigin);
    }
    let byDestination = byOrigin.get(c.originKey);
    if (!byDestination) {
      byDestination = new Map();
      byOrigin.set(c.originKey, byDestination);
    }
    let bucket = byDestination.get(c.destinationKey);
    if (!bucket) {
      bucket = { tariffs: [], charges: [], surcharges: [] };
      byDestination.set(c.destinationKey, bucket);
    }
    return bucket;
  }

  /** Index keys an airport matches: itself, its city, its country, the country's regions, and "any". */
  private keysOf(airport: string): readonly string[] {
    const cached = this.placeKeys.get(airport);
    if (cached) return cached;
    const info = this.airports?.[airport];
    const keys = [`airport:${airport}`];
    const city = info?.city?.toUpperCase();
    if (city) keys.push(`city:${city}`);
    const country = info?.country?.toUpperCase();
    if (country) {
      keys.push(`country:${country}`);
      for (const region of this.regionsOfCountry.get(country) ?? []) keys.push(`region:${region}`);
    }
    keys.push('*');
    this.placeKeys.set(airport, keys);
    return keys;
  }

  /** The shipment's commodity groups: those it names and those its product belongs to. */
  private groupsOf(product: string | null, named: readonly string[]): readonly string[] {
    const byProduct = product ? this.productGroups.get(product) : undefined;
    if (!byProduct) return named;
    return named.length > 0 ? [...named, ...byProduct] : byProduct;
  }

  private buckets(airline: string, ctx: Context): Bucket[] {
    const byOrigin = this.index.get(airline);
    const out: Bucket[] = [];
    if (!byOrigin) return out;
    for (const o of ctx.originKeys) {
      const byDestination = byOrigin.get(o);
      if (!byDestination) continue;
      for (const d of ctx.destinationKeys) {
        const bucket = byDestination.get(d);
        if (bucket) out.push(bucket);
      }
    }
    return out;
  }

  /**
   * Prices one shipment: the chosen tariff's freight, its surcharges and the charges that apply, with totals.
   * `alternatives` caps how many other applicable tariffs the answer lists (default 3).
   */
  quote(shipment: ShipmentInput, options: QuoteOptions = {}): Quote {
    const carrier = requireCode(shipment.carrier, 'carrier');
    const origin = requireCode(shipment.origin, 'origin');
    const destination = requireCode(shipment.destination, 'destination');
    if (typeof shipment.date !== 'string' || !ISO_DATE.test(shipment.date)) {
      throw new RatingInputError('date', 'invalid flight date');
    }
    if (!Number.isSafeInteger(shipment.pieces) || shipment.pieces <= 0) {
      throw new RatingInputError('pieces', 'positive');
    }
    const level: Level = shipment.level ?? 'first';
    if (level !== 'first' && level !== 'second') throw new RatingInputError('level', 'invalid format');
    const cw = computeChargeable(shipment, this.settings[carrier]);
    const product = optionalString(shipment.product, 'product')?.toUpperCase() ?? null;
    const company = optionalString(shipment.company, 'company');
    const ctx: Context = {
      origin,
      destination,
      date: shipment.date,
      dateN: Number(shipment.date.replaceAll('-', '')),
      via: stringList(shipment.via, 'via', true),
      company,
      channel: optionalString(shipment.salesChannel, 'salesChannel'),
      product,
      groups: this.groupsOf(product, stringList(shipment.groups, 'groups', false)),
      shcs: stringList(shipment.shcs, 'shcs', true),
      level,
      originKeys: this.keysOf(origin),
      destinationKeys: this.keysOf(destination),
    };
    const pieces = BigInt(shipment.pieces);
    const buckets = this.buckets(carrier, ctx);

    // Choose the tariff: one pass, with the freight of each on safe integers; keep the next few as alternatives.
    const preferred = optionalString(shipment.currency, 'currency')?.toUpperCase() ?? null;
    const keep = 1 + Math.max(0, options.alternatives ?? DEFAULT_ALTERNATIVES);
    const top: Candidate[] = [];
    let applicable = 0;
    const grossN = Number(cw.gross);
    const chargeableN = Number(cw.chargeable);
    for (let b = 0; b < buckets.length; b++) {
      const tariffs = (buckets[b] as Bucket).tariffs;
      for (let i = 0; i < tariffs.length; i++) {
        const t = tariffs[i] as CompiledTariff;
        if (failedCondition(t.cond, ctx) !== null) continue;
        const grid = gridFor(t, level);
        if (!grid) continue;
        applicable++;
        const fast = freightMinorFast(t, grid, grossN, chargeableN, shipment.pieces);
        const candidate: Candidate = {
          tariff: t,
          grid,
          score: t.specificity + (t.level === level ? 10_000 : 0),
          minor: fast ?? computeFreight(t, grid, cw.gross, cw.chargeable, pieces, t.decimals).minor,
        };
        // Insert into the short ordered list of the best `keep` candidates.
        let at = top.length;
        while (at > 0 && before(candidate, top[at - 1] as Candidate, preferred)) at--;
        if (at < keep) {
          top.splice(at, 0, candidate);
          if (top.length > keep) top.pop();
        }
      }
    }
    if (applicable === 0) return this.nothingApplies(carrier, ctx, cw.view, buckets);

    const chosen = top[0] as Candidate;
    const t = chosen.tariff;
    const freight = computeFreight(t, chosen.grid, cw.gross, cw.chargeable, pieces, t.decimals);
    const buyer = company;
    const lines: RateLine[] = [];
    const totals: Totals = { order: [], byCurrency: new Map() };
    const fDecimals = t.decimals;
    const perKg = t.basis === 'gross' || t.basis === 'charge';
    addLine(lines, totals, {
      type: 'freight',
      code: 'FRT',
      cls: freight.cls,
      description: t.description,
      rate: rateText(freight.rate),
      amount: freight.minor,
      currency: t.currency,
      decimals: fDecimals,
      baseValue: freight.cls === 'M' ? '1' : perKg ? kg(freight.quantity) : freight.quantity.toString(),
      basis: t.basis,
      unit: freight.cls === 'M' ? 'SH' : UNIT_OF[t.basis],
      inclusion: t.vatInclusion,
      vatPercent: t.vatPercent,
      calculation: freight.calculation,
      due: 'C',
      weightBreak: freight.breakGrams === null ? null : kg(freight.breakGrams),
      derived: freight.derived,
      sourceId: t.id,
      supplier: t.airline,
      buyer,
    });

    // Surcharges: one per code, the most specific.
    const surcharges = new Map<string, CompiledSurcharge>();
    for (const bucket of buckets) {
      for (const s of bucket.surcharges) {
        if (failedCondition(s.cond, ctx) !== null) continue;
        const held = surcharges.get(s.code);
        if (!held || s.specificity > held.specificity || (s.specificity === held.specificity && s.id < held.id)) {
          surcharges.set(s.code, s);
        }
      }
    }
    for (const s of [...surcharges.values()].sort(byCode)) {
      if (s.type === 'percent') {
        addLine(lines, totals, {
          type: 'surcharge',
          code: s.code,
          cls: null,
          description: s.name,
          rate: formatScaled(s.value, RATE_DECIMALS, 0),
          amount: (2n * freight.minor * s.value + HUNDRED_PERCENT) / (2n * HUNDRED_PERCENT),
          currency: t.currency,
          decimals: fDecimals,
          baseValue: formatScaled(freight.minor, fDecimals),
          basis: 'percent',
          unit: 'PCT',
          inclusion: t.vatInclusion,
          vatPercent: t.vatPercent,
          calculation: 'percent',
          due: 'C',
          weightBreak: null,
          derived: false,
          sourceId: s.id,
          supplier: s.airline,
          buyer,
        });
      } else {
        const currency = s.currency ?? t.currency;
        const decimals = s.decimals >= 0 ? s.decimals : fDecimals;
        const grams = cw.chargeable > s.minimalGrams ? cw.chargeable : s.minimalGrams;
        addLine(lines, totals, {
          type: 'surcharge',
          code: s.code,
          cls: null,
          description: s.name,
          rate: rateText(s.value),
          amount: rescale(s.value * grams, EXACT_DECIMALS, decimals),
          currency,
          decimals,
          baseValue: kg(grams),
          basis: 'charge',
          unit: 'KG',
          inclusion: s.vatInclusion ?? 'without',
          vatPercent: s.vatPercent,
          calculation: 'per_kg',
          due: 'C',
          weightBreak: null,
          derived: false,
          sourceId: s.id,
          supplier: s.airline,
          buyer,
        });
      }
    }

    // Charges: one per code, the most specific; SHC-conditioned ones only for shipments carrying the code.
    const charges = new Map<string, CompiledCharge>();
    for (const bucket of buckets) {
      for (const c of bucket.charges) {
        if (failedCondition(c.cond, ctx) !== null) continue;
        if (c.shcs !== null && !intersects(c.shcs, ctx.shcs)) continue;
        const rank = c.specificity + (c.shcs ? 5 : 0);
        const held = charges.get(c.code);
        const heldRank = held ? held.specificity + (held.shcs ? 5 : 0) : -1;
        if (!held || rank > heldRank || (rank === heldRank && c.id < held.id)) charges.set(c.code, c);
      }
    }
    for (const c of [...charges.values()].sort(byCode)) {
      const decimals = c.decimals;
      const quantity =
        c.basis === 'gross' ? cw.gross : c.basis === 'charge' ? cw.chargeable : c.basis === 'pieces' ? pieces : 1n;
      const exact = c.basis === 'gross' || c.basis === 'charge' ? c.rate * quantity : c.rate * quantity * WEIGHT_UNIT;
      const minimum = c.minimum !== null && c.minimum * WEIGHT_UNIT > exact;
      addLine(lines, totals, {
        type: 'charge',
        code: c.code,
        cls: minimum ? 'M' : null,
        description: c.name,
        rate: rateText(minimum ? (c.minimum as bigint) : c.rate),
        amount: minimum
          ? rescale(c.minimum as bigint, RATE_DECIMALS, decimals)
          : rescale(exact, EXACT_DECIMALS, decimals),
        currency: c.currency,
        decimals,
        baseValue: minimum ? '1' : c.basis === 'gross' || c.basis === 'charge' ? kg(quantity) : quantity.toString(),
        basis: c.basis,
        unit: minimum ? 'SH' : UNIT_OF[c.basis],
        inclusion: c.vatInclusion,
        vatPercent: c.vatPercent,
        calculation: minimum
          ? 'minimum'
          : c.basis === 'fixed'
            ? 'fixed'
            : c.basis === 'pieces'
              ? 'per_piece'
              : 'per_kg',
        due: c.due,
        weightBreak: null,
        derived: false,
        sourceId: c.id,
        supplier: c.airline,
        buyer,
      });
    }

    const totalsOut: CurrencyTotal[] = totals.order.map((currency) => {
      const s = totals.byCurrency.get(currency) as { decimals: number; net: bigint; vat: bigint; total: bigint };
      return {
        currency,
        net: formatScaled(s.net, s.decimals),
        vat: formatScaled(s.vat, s.decimals),
        total: formatScaled(s.total, s.decimals),
      };
    });
    return {
      ok: true,
      date: ctx.date,
      carrier,
      tariff_id: t.id,
      level,
      chargeable: cw.view,
      lines,
      totals: totalsOut,
      alternatives: top.slice(1).map(alternativeOf),
    };
  }

  /**
   * Names the condition that kept the nearest tariff out. The nearest is sought among the tariffs of the shipment's
   * route first, then among those sharing one end with it (both from the index, never a scan of every tariff); within
   * them, the one failing the fewest conditions, the first failure latest, then by id.
   */
  private nothingApplies(
    carrier: string,
    ctx: Context,
    chargeable: QuoteNone['chargeable'],
    buckets: readonly Bucket[],
  ): QuoteNone {
    const none = (condition: ExclusionCondition, failed: ExclusionCondition[], id: string | null, detail: string) =>
      ({
        ok: false,
        message: NO_TARIFF_MESSAGE,
        chargeable,
        reason: { condition, failed, tariff_id: id, detail },
      }) satisfies QuoteNone;
    if (!this.airlinesWithTariffs.has(carrier)) return none('carrier', ['carrier'], null, `No tariffs of ${carrier}`);

    let pool: CompiledTariff[] = buckets.flatMap((b) => b.tariffs);
    const onRoute = pool.length > 0;
    if (!onRoute) {
      const ends = this.tariffsByEnd.get(carrier);
      const found = new Set<CompiledTariff>();
      for (const key of ctx.originKeys) for (const t of ends?.get(`o|${key}`) ?? []) found.add(t);
      for (const key of ctx.destinationKeys) for (const t of ends?.get(`d|${key}`) ?? []) found.add(t);
      pool = [...found];
    }
    if (pool.length === 0) {
      return none('route', ['route'], null, `No tariff of ${carrier} covers ${ctx.origin} to ${ctx.destination}`);
    }
    let best: { t: CompiledTariff; failed: ExclusionCondition[] } | null = null;
    for (const t of pool) {
      const failed: ExclusionCondition[] = onRoute ? [] : ['route'];
      failed.push(...allFailed(t.cond, ctx));
      if (!gridFor(t, ctx.level)) failed.push('level');
      if (!best || nearer(failed, t, best.failed, best.t)) best = { t, failed };
    }
    const { t, failed } = best as { t: CompiledTariff; failed: ExclusionCondition[] };
    const condition = failed[0] as ExclusionCondition;
    return none(condition, failed, t.id, describe(condition, t, ctx));
  }
}

function requireCode(value: string, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9]{2,3}$/.test(value))
    throw new RatingInputError(field, 'invalid format');
  return value.toUpperCase();
}

function issueOf(kind: PrepareIssue['kind'], id: unknown, e: unknown): PrepareIssue {
  if (e instanceof RatingInputError) {
    return { kind, id: String(id ?? ''), field: e.field, message: e.message.slice(e.field.length + 2) };
  }
  throw e;
}

/** Indexes tariffs, charges and surcharges by carrier and route once; `quote` then prices shipments fast. */
export function prepare(
  tariffs: readonly TariffInput[],
  charges: readonly ChargeInput[] = [],
  surcharges: readonly SurchargeInput[] = [],
  options: PrepareOptions = {},
): PreparedRating {
  return new PreparedRating(tariffs, charges, surcharges, options);
}

/** One-off quote (prepares every call; use `prepare` for repeated quotes). */
export function quote(
  shipment: ShipmentInput,
  data: { tariffs: readonly TariffInput[]; charges?: readonly ChargeInput[]; surcharges?: readonly SurchargeInput[] },
  options?: PrepareOptions,
): Quote {
  return prepare(data.tariffs, data.charges, data.surcharges, options).quote(shipment);
}
