/**
 * Turns caller records (decimal text, optional fields) into compact records of BigInts and Sets once, in `prepare`,
 * so that quoting does no parsing. Bad records are set aside with the reason, never thrown: one broken row must not
 * stop every other price.
 */
import {
  optionalString,
  parseNonNegative,
  parseScaled,
  RATE_DECIMALS,
  RATE_UNIT,
  RatingInputError,
  stringList,
  WEIGHT_DECIMALS,
} from './decimal';
import type {
  Applicability,
  Basis,
  ChargeInput,
  Level,
  PlaceSpec,
  RateInput,
  SurchargeInput,
  TariffInput,
  VatInclusion,
} from './types';
import { BASES, VAT_INCLUSIONS } from './types';

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const PLACE_RANK: Record<PlaceSpec['kind'], number> = { region: 0, country: 1, city: 2, airport: 3 };

export interface PrepareIssue {
  kind: 'tariff' | 'charge' | 'surcharge';
  id: string;
  field: string;
  message: string;
}

export interface CompiledConditions {
  id: string;
  airline: string;
  originKey: string;
  destinationKey: string;
  origin: PlaceSpec | null;
  destination: PlaceSpec | null;
  /** null: any routing. */
  transfers: readonly string[] | null;
  nonStop: boolean;
  from: string | null;
  to: string | null;
  /** The dates as YYYYMMDD integers (0 and 99999999 when open), for fast comparison. */
  fromN: number;
  toN: number;
  salesChannel: string | null;
  companies: ReadonlySet<string> | null;
  excluded: ReadonlySet<string> | null;
  products: ReadonlySet<string> | null;
  groups: ReadonlySet<string> | null;
  /** Higher = more specific; ties are broken by price, then id. */
  specificity: number;
}

/**
 * Records hold their conditions in `cond`: one object shape for every kind keeps the checks monomorphic, and building
 * records without object spread keeps `prepare` cheap.
 */
export interface WithConditions {
  cond: CompiledConditions;
  id: string;
  airline: string;
  specificity: number;
}

export interface CompiledRate {
  cls: 'N' | 'Q';
  /** Weight break in grams (0 for N). */
  breakGrams: bigint;
  value: bigint;
  derived: boolean;
}

export interface Grid {
  /** Minimum amount M in rate units, or null. */
  min: bigint | null;
  minDerived: boolean;
  /** N first, then Q breaks ascending; one rate per break. */
  breaks: CompiledRate[];
  /**
   * The same grid as safe integers, for choosing between tariffs without BigInt: products of two safe integers
   * below 2^53 are exact in a double. `fast` is false when a value is too large; the BigInt path then decides.
   */
  fast: boolean;
  breakGramsN: number[];
  valuesN: number[];
  /** M in rate units, -1 when none. */
  minN: number;
  maxValueN: number;
}

export interface CompiledTariff extends WithConditions {
  basis: Basis;
  currency: string;
  decimals: number;
  vatInclusion: VatInclusion;
  vatPercent: bigint;
  level: Level;
  grids: { first: Grid | null; second: Grid | null };
  minChargeGrams: bigint;
  description: string;
  isDerivative: boolean;
}

export interface CompiledCharge extends WithConditions {
  decimals: number;
  code: string;
  name: string;
  due: 'A' | 'C';
  basis: Basis;
  rate: bigint;
  minimum: bigint | null;
  currency: string;
  vatInclusion: VatInclusion;
  vatPercent: bigint;
  shcs: ReadonlySet<string> | null;
}

export interface CompiledSurcharge extends WithConditions {
  code: string;
  name: string;
  type: 'percent' | 'value';
  value: bigint;
  minimalGrams: bigint;
  currency: string | null;
  /** Decimals of `currency`; -1 when the surcharge takes the freight's currency. */
  decimals: number;
  vatInclusion: VatInclusion | null;
  vatPercent: bigint;
}

export function placeKey(place: PlaceSpec | null | undefined): string {
  return place ? `${place.kind}:${place.code.toUpperCase()}` : '*';
}

function setOf(list: unknown, field: string, upper = true): ReadonlySet<string> | null {
  const values = stringList(list, field, upper);
  return values.length > 0 ? new Set(values) : null;
}

function checkPlace(place: PlaceSpec | null | undefined, field: string): PlaceSpec | null {
  if (place === undefined || place === null) return null;
  if (!(place.kind in PLACE_RANK) || typeof place.code !== 'string' || place.code.trim() === '') {
    throw new RatingInputError(field, 'invalid format');
  }
  return { kind: place.kind, code: place.code.trim().toUpperCase() };
}

function checkDate(value: string | null | undefined, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!ISO_DATE.test(value)) throw new RatingInputError(field, 'invalid format');
  return value;
}

export function checkRecord(input: unknown): void {
  if (!input || typeof input !== 'object') throw new RatingInputError('record', 'invalid format');
}

function compileConditions(input: Applicability, requireRoute: boolean): CompiledConditions {
  checkRecord(input);
  if (typeof input.id !== 'string' || input.id === '') throw new RatingInputError('id', 'required field');
  if (typeof input.airline !== 'string' || input.airline === '')
    throw new RatingInputError('airline', 'required field');
  const origin = checkPlace(input.origin, 'origin');
  const destination = checkPlace(input.destination, 'destination');
  if (requireRoute && (!origin || !destination)) {
    throw new RatingInputError(origin ? 'destination' : 'origin', 'required field');
  }
  const from = checkDate(input.effectiveFrom, 'effectiveFrom');
  const to = checkDate(input.effectiveTo, 'effectiveTo');
  const transferList = stringList(input.transfers, 'transfers', true);
  const transfers = transferList.length > 0 ? transferList : null;
  const nonStop = input.nonStop === true;
  if (nonStop && transfers) throw new RatingInputError('nonStop', 'a non-stop price cannot name transfers');
  const products = setOf(input.products, 'products');
  const groups = setOf(input.groups, 'groups', false);
  const companies = setOf(input.companies, 'companies', false);
  const commodity = products ? 2 : groups ? 1 : 0;
  const route = (origin ? PLACE_RANK[origin.kind] + 1 : 0) + (destination ? PLACE_RANK[destination.kind] + 1 : 0);
  const routing = transfers || nonStop ? 1 : 0;
  return {
    id: input.id,
    airline: input.airline.toUpperCase(),
    originKey: placeKey(origin),
    destinationKey: placeKey(destination),
    origin,
    destination,
    transfers,
    nonStop,
    from,
    to,
    fromN: from ? Number(from.replaceAll('-', '')) : 0,
    toN: to ? Number(to.replaceAll('-', '')) : 99_999_999,
    salesChannel: optionalString(input.salesChannel, 'salesChannel'),
    companies,
    excluded: setOf(input.excludedCompanies, 'excludedCompanies', false),
    products,
    groups,
    specificity: commodity * 1000 + (companies ? 100 : 0) + route * 10 + routing,
  };
}

function checkCurrency(currency: string, decimals: (c: string) => number): string {
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) {
    throw new RatingInputError('currency', 'invalid format');
  }
  const upper = currency.toUpperCase();
  decimals(upper);
  return upper;
}

function checkVat(mode: VatInclusion | undefined, percent: unknown, field: string): [VatInclusion, bigint] {
  const inclusion = mode ?? 'without';
  if (!VAT_INCLUSIONS.includes(inclusion)) throw new RatingInputError('vatInclusion', 'invalid format');
  const pct =
    percent === undefined || percent === null ? 0n : parseNonNegative(percent as string, RATE_DECIMALS, field);
  if (pct > 100n * RATE_UNIT) throw new RatingInputError(field, 'between 0 and 100');
  return [inclusion, inclusion === 'without' ? 0n : pct];
}

function checkBasis(basis: Basis): Basis {
  if (!BASES.includes(basis)) throw new RatingInputError('basis', 'invalid format');
  return basis;
}

/** A rate as read, before levels and derivation are resolved. */
export interface RawRate {
  cls: 'M' | 'N' | 'Q';
  breakGrams: bigint;
  value: bigint;
  level: Level;
  derived: boolean;
}

export function readRates(rates: readonly RateInput[], tariffLevel: Level): RawRate[] {
  if (!Array.isArray(rates)) throw new RatingInputError('rates', 'required field');
  const out: RawRate[] = [];
  rates.forEach((rate, i) => {
    const field = `rates[${i}]`;
    if (!rate || typeof rate !== 'object') throw new RatingInputError(field, 'invalid format');
    if (rate.expired) return;
    if (rate.rateClass !== 'M' && rate.rateClass !== 'N' && rate.rateClass !== 'Q') {
      throw new RatingInputError(`${field}.rateClass`, 'invalid format');
    }
    const level = rate.level ?? tariffLevel;
    if (level !== 'first' && level !== 'second') throw new RatingInputError(`${field}.level`, 'invalid format');
    const value = parseNonNegative(rate.value, RATE_DECIMALS, `${field}.value`);
    let breakGrams = 0n;
    if (rate.rateClass === 'Q') {
      if (rate.weightBreak === undefined || rate.weightBreak === null) {
        throw new RatingInputError(`${field}.weightBreak`, 'required field');
      }
      breakGrams = parseNonNegative(rate.weightBreak, WEIGHT_DECIMALS, `${field}.weightBreak`);
      if (breakGrams === 0n) throw new RatingInputError(`${field}.weightBreak`, 'positive');
    }
    const key = rateKey(rate.rateClass, breakGrams, level);
    if (out.some((r) => rateKey(r.cls, r.breakGrams, r.level) === key)) {
      throw new RatingInputError(`${field}`, 'two rates for the same class, weight break and level');
    }
    out.push({ cls: rate.rateClass, breakGrams, value, level, derived: rate.isDerivative === true });
  });
  return out;
}

export const rateKey = (cls: string, breakGrams: bigint, level: Level) => `${cls}|${breakGrams}|${level}`;

/** Rates of one level as a grid; null when the level has no normal rate. */
export function buildGrid(rates: readonly RawRate[], level: Level): Grid | null {
  const own = rates.filter((r) => r.level === level);
  const normal = own.find((r) => r.cls === 'N');
  if (!normal) return null;
  const min = own.find((r) => r.cls === 'M');
  const breaks: CompiledRate[] = [{ cls: 'N', breakGrams: 0n, value: normal.value, derived: normal.derived }];
  for (const r of own
    .filter((x) => x.cls === 'Q')
    .sort((a, b) => (a.breakGrams < b.breakGrams ? -1 : a.breakGrams > b.breakGrams ? 1 : 0))) {
    breaks.push({ cls: 'Q', breakGrams: r.breakGrams, value: r.value, derived: r.derived });
  }
  const all = [...breaks.map((b) => b.value), ...breaks.map((b) => b.breakGrams), min ? min.value * 1000n : 0n];
  const fast = all.every((v) => v <= BigInt(Number.MAX_SAFE_INTEGER));
  return {
    min: min ? min.value : null,
    minDerived: min?.derived ?? false,
    breaks,
    fast,
    breakGramsN: breaks.map((b) => Number(b.breakGrams)),
    valuesN: breaks.map((b) => Number(b.value)),
    minN: min ? Number(min.value) : -1,
    maxValueN: Math.max(...breaks.map((b) => Number(b.value))),
  };
}

export function compileTariffHead(
  input: TariffInput,
  decimals: (c: string) => number,
): { tariff: CompiledTariff; rawRates: RawRate[] } {
  const conditions = compileConditions(input, true);
  const level: Level = input.level ?? 'first';
  if (level !== 'first' && level !== 'second') throw new RatingInputError('level', 'invalid format');
  const [vatInclusion, vatPercent] = checkVat(input.vatInclusion, input.vatPercent, 'vatPercent');
  const minCharge =
    input.minChargeWeight === undefined || input.minChargeWeight === null
      ? 0n
      : parseNonNegative(input.minChargeWeight, WEIGHT_DECIMALS, 'minChargeWeight');
  const tariff: CompiledTariff = {
    cond: conditions,
    id: conditions.id,
    airline: conditions.airline,
    specificity: conditions.specificity,
    basis: checkBasis(input.basis),
    currency: checkCurrency(input.currency, decimals),
    decimals: decimals(input.currency.toUpperCase()),
    vatInclusion,
    vatPercent,
    level,
    // Filled in once derivative rates are resolved.
    grids: { first: null, second: null },
    minChargeGrams: minCharge,
    description:
      optionalString(input.description, 'description') ??
      optionalString(input.internalId, 'internalId') ??
      'Airfreight',
    isDerivative: input.isDerivative === true,
  };
  return { tariff, rawRates: readRates(input.rates, level) };
}

/** value x (1 + percent / 100) + amount, kept to the rate's decimals. */
export function derive(value: bigint, percent: bigint, amount: bigint): bigint {
  const scaled = value * (100n * RATE_UNIT + percent);
  const whole = 100n * RATE_UNIT;
  const result = (2n * scaled + whole) / (2n * whole) + amount;
  return result < 0n ? 0n : result;
}

export function readDerivation(input: TariffInput): { percent: bigint; amount: bigint } {
  const percent =
    input.derivation?.percent === undefined
      ? 0n
      : parseScaled(input.derivation.percent, RATE_DECIMALS, 'derivation.percent');
  if (percent < -100n * RATE_UNIT) throw new RatingInputError('derivation.percent', 'value more than -100');
  const amount =
    input.derivation?.amount === undefined
      ? 0n
      : parseScaled(input.derivation.amount, RATE_DECIMALS, 'derivation.amount');
  return { percent, amount };
}

export function compileCharge(input: ChargeInput, decimals: (c: string) => number): CompiledCharge {
  const conditions = compileConditions(input, false);
  if (typeof input.chargeCode !== 'string' || !/^[A-Za-z]{2,3}$/.test(input.chargeCode)) {
    throw new RatingInputError('chargeCode', 'invalid format');
  }
  const [vatInclusion, vatPercent] = checkVat(input.vatInclusion, input.vat, 'vat');
  const due = input.due ?? 'C';
  if (due !== 'A' && due !== 'C') throw new RatingInputError('due', 'invalid format');
  return {
    cond: conditions,
    id: conditions.id,
    airline: conditions.airline,
    specificity: conditions.specificity,
    code: input.chargeCode.toUpperCase(),
    name: optionalString(input.chargeName, 'chargeName') ?? input.chargeCode.toUpperCase(),
    due,
    basis: checkBasis(input.basis),
    rate: parseNonNegative(input.rate, RATE_DECIMALS, 'rate'),
    minimum:
      input.minimalRate === undefined || input.minimalRate === null
        ? null
        : parseNonNegative(input.minimalRate, RATE_DECIMALS, 'minimalRate'),
    currency: checkCurrency(input.currency, decimals),
    decimals: decimals(input.currency.toUpperCase()),
    vatInclusion,
    vatPercent,
    shcs: setOf(input.shcs, 'shcs'),
  };
}

export function compileSurcharge(input: SurchargeInput, decimals: (c: string) => number): CompiledSurcharge {
  checkRecord(input);
  const productCode = optionalString(input.productCode, 'productCode');
  const products = [...stringList(input.products, 'products', true), ...(productCode ? [productCode] : [])];
  const code = optionalString(input.code, 'code');
  const conditions = compileConditions({ ...input, products }, false);
  if (input.type !== 'percent' && input.type !== 'value') throw new RatingInputError('type', 'invalid format');
  const value = parseNonNegative(input.value, RATE_DECIMALS, 'value');
  const currency = input.currency ? checkCurrency(input.currency, decimals) : null;
  let vatInclusion: VatInclusion | null = null;
  let vatPercent = 0n;
  if (input.type === 'value') {
    [vatInclusion, vatPercent] = checkVat(input.vatInclusion, input.vatPercent, 'vatPercent');
  }
  return {
    cond: conditions,
    id: conditions.id,
    airline: conditions.airline,
    specificity: conditions.specificity,
    code: (code ?? 'SUR').toUpperCase(),
    name: optionalString(input.name, 'name') ?? code ?? 'Surcharge',
    type: input.type,
    value,
    minimalGrams:
      input.minimalWeight === undefined || input.minimalWeight === null
        ? 0n
        : parseNonNegative(input.minimalWeight, WEIGHT_DECIMALS, 'minimalWeight'),
    currency,
    decimals: currency ? decimals(currency) : -1,
    vatInclusion,
    vatPercent,
  };
}
