/** Freight by weight breaks, exactly (BigInt) and fast (safe integers), the order tariffs are preferred in, and VAT. */
import type { CompiledTariff, Grid } from './compile';
import { formatScaled, RATE_DECIMALS, RATE_UNIT, rescale, WEIGHT_DECIMALS, WEIGHT_UNIT } from './decimal';
import type { CalculationType, Level, QuoteOk, VatInclusion } from './types';

/** Exact amounts are compared in 10^-9 currency units: a rate (10^-6) times grams (10^-3). */
export const EXACT_DECIMALS = RATE_DECIMALS + WEIGHT_DECIMALS;
export const HUNDRED_PERCENT = 100n * RATE_UNIT;

export interface Freight {
  tariff: CompiledTariff;
  grid: Grid;
  /** Amount in 10^-9 units before rounding, and rounded to the currency. */
  exact: bigint;
  minor: bigint;
  cls: 'M' | 'N' | 'Q';
  rate: bigint;
  /** Quantity the rate multiplies: grams for weight bases, pieces or 1 otherwise. */
  quantity: bigint;
  breakGrams: bigint | null;
  calculation: CalculationType;
  derived: boolean;
}

/** A tariff that applies, with its freight rounded to the currency (a safe integer, or a BigInt past 2^53). */
export interface Candidate {
  tariff: CompiledTariff;
  grid: Grid;
  score: number;
  minor: number | bigint;
}

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const POW10_N = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/** n / d rounded half up, exactly, for safe non-negative integers. */
export function divHalfUpN(n: number, d: number): number {
  let q = Math.floor(n / d);
  let r = n - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return r * 2 >= d ? q + 1 : q;
}

/**
 * The freight of one tariff in minor units, by the same rule as computeFreight but on doubles holding safe integers
 * (exact while every product stays below 2^53, which is checked); null when it does not, and BigInts must decide.
 */
export function freightMinorFast(
  t: CompiledTariff,
  grid: Grid,
  gross: number,
  chargeable: number,
  pieces: number,
): number | null {
  if (!grid.fast || t.decimals > 9) return null;
  const perKg = t.basis === 'gross' || t.basis === 'charge';
  let weight = t.basis === 'gross' ? gross : chargeable;
  if (t.basis === 'charge' && t.minChargeGrams > 0n) {
    const min = Number(t.minChargeGrams);
    if (min > weight) weight = min;
  }
  const breaks = grid.breakGramsN;
  const values = grid.valuesN;
  const n = breaks.length;
  const top = breaks[n - 1] as number;
  const quantity = perKg ? (weight > top ? weight : top) : (t.basis === 'pieces' ? pieces : 1) * 1000;
  if (grid.maxValueN * quantity > MAX_SAFE) return null;
  let k = 0;
  while (k + 1 < n && (breaks[k + 1] as number) <= weight) k++;
  let best: number;
  if (perKg) {
    best = (values[k] as number) * weight;
    for (let j = k + 1; j < n; j++) {
      const candidate = (values[j] as number) * (breaks[j] as number);
      if (candidate < best) best = candidate;
    }
  } else {
    best = (values[k] as number) * quantity;
    for (let j = k + 1; j < n; j++) {
      const candidate = (values[j] as number) * quantity;
      if (candidate < best) best = candidate;
    }
  }
  if (grid.minN >= 0 && grid.minN * 1000 > best) return divHalfUpN(grid.minN, POW10_N[6 - t.decimals] ?? 1);
  return divHalfUpN(best, POW10_N[9 - t.decimals] as number);
}

export function lessMinor(a: number | bigint, b: number | bigint): boolean {
  return typeof a === 'number' && typeof b === 'number' ? a < b : BigInt(a) < BigInt(b);
}

/** Preference order: more specific first, the asked currency, then cheaper, then by id. */
export function before(a: Candidate, b: Candidate, preferred: string | null): boolean {
  if (a.score !== b.score) return a.score > b.score;
  const ca = a.tariff.currency;
  const cb = b.tariff.currency;
  if (ca !== cb) {
    if (ca === preferred) return true;
    if (cb === preferred) return false;
    return ca < cb;
  }
  if (lessMinor(a.minor, b.minor)) return true;
  if (lessMinor(b.minor, a.minor)) return false;
  return a.tariff.id < b.tariff.id;
}

export function alternativeOf(c: Candidate): QuoteOk['alternatives'][number] {
  const minor = typeof c.minor === 'number' ? BigInt(c.minor) : c.minor;
  return { tariff_id: c.tariff.id, currency: c.tariff.currency, amount: formatScaled(minor, c.tariff.decimals) };
}

/** The grid a tariff prices a shipment of the asked level with, or null. */
export function gridFor(t: CompiledTariff, level: Level): Grid | null {
  if (t.level === 'second' && level !== 'second') return null;
  if (level === 'second') return t.grids.second ?? t.grids.first;
  return t.grids.first;
}

/**
 * Primer section 3: the rate of the break the weight falls in times the weight, or a heavier break's rate times that
 * break when cheaper; never below M. Fixed and per-piece tariffs pick their bracket by chargeable weight the same way.
 */
export function computeFreight(
  t: CompiledTariff,
  grid: Grid,
  grossGrams: bigint,
  chargeableGrams: bigint,
  pieces: bigint,
  decimals: number,
): Freight {
  const perKg = t.basis === 'gross' || t.basis === 'charge';
  let weight = t.basis === 'gross' ? grossGrams : chargeableGrams;
  if (t.basis === 'charge' && t.minChargeGrams > weight) weight = t.minChargeGrams;
  const breaks = grid.breaks;
  let k = 0;
  while (k + 1 < breaks.length && (breaks[k + 1] as Grid['breaks'][number]).breakGrams <= weight) k++;
  const unitQuantity = t.basis === 'pieces' ? pieces : 1n;
  const amountOf = (rate: bigint, grams: bigint) => (perKg ? rate * grams : rate * unitQuantity * WEIGHT_UNIT);

  let chosen = breaks[k] as Grid['breaks'][number];
  let quantity = perKg ? weight : unitQuantity;
  let exact = amountOf(chosen.value, weight);
  let calculation: CalculationType = perKg ? 'weight_break' : t.basis === 'pieces' ? 'per_piece' : 'fixed';
  for (let j = k + 1; j < breaks.length; j++) {
    const b = breaks[j] as Grid['breaks'][number];
    const candidate = amountOf(b.value, b.breakGrams);
    if (candidate < exact) {
      exact = candidate;
      chosen = b;
      quantity = perKg ? b.breakGrams : unitQuantity;
      calculation = perKg ? 'higher_weight_break' : calculation;
    }
  }
  if (grid.min !== null && grid.min * WEIGHT_UNIT > exact) {
    return {
      tariff: t,
      grid,
      exact: grid.min * WEIGHT_UNIT,
      minor: rescale(grid.min, RATE_DECIMALS, decimals),
      cls: 'M',
      rate: grid.min,
      quantity: 1n,
      breakGrams: null,
      calculation: 'minimum',
      derived: grid.minDerived,
    };
  }
  return {
    tariff: t,
    grid,
    exact,
    minor: rescale(exact, EXACT_DECIMALS, decimals),
    cls: chosen.cls,
    rate: chosen.value,
    quantity,
    breakGrams: chosen.breakGrams,
    calculation,
    derived: chosen.derived,
  };
}

/** Splits an amount into net, VAT and total by the VAT mode, rounding the VAT once to the currency. */
export function vatOf(amount: bigint, inclusion: VatInclusion, percent: bigint): [bigint, bigint, bigint] {
  if (inclusion === 'without' || percent === 0n) return [amount, 0n, amount];
  if (inclusion === 'notIncluded') {
    const vat = (2n * amount * percent + HUNDRED_PERCENT) / (2n * HUNDRED_PERCENT);
    return [amount, vat, amount + vat];
  }
  const d = HUNDRED_PERCENT + percent;
  const vat = (2n * amount * percent + d) / (2n * d);
  return [amount - vat, vat, amount];
}
