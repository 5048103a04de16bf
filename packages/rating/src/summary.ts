/**
 * Seed 001 "Summary rates": min_rate, n, q45, q100, q300, q500, q1000, the form tariff lists, the XLSX file and the
 * forwarders' API show. Converts a rate list to it and back.
 */
import { type DecimalInput, formatScaled, parseNonNegative, RATE_DECIMALS, WEIGHT_DECIMALS } from './decimal';
import type { Level, RateInput } from './types';

export const SUMMARY_BREAKS = { q45: 45, q100: 100, q300: 300, q500: 500, q1000: 1000 } as const;
export type SummaryKey = 'min_rate' | 'n' | keyof typeof SUMMARY_BREAKS;
export const SUMMARY_KEYS: readonly SummaryKey[] = ['min_rate', 'n', 'q45', 'q100', 'q300', 'q500', 'q1000'];

const BREAK_KEYS = new Map<bigint, SummaryKey>(
  Object.entries(SUMMARY_BREAKS).map(([key, kg]) => [BigInt(kg) * 1000n, key as SummaryKey]),
);

/** The summary column of a weight break in grams (45 kg -> q45), or undefined for a non-standard break. */
export function keyOfBreak(grams: bigint): SummaryKey | undefined {
  return BREAK_KEYS.get(grams);
}

/** Each rate as decimal text (at least 2 places), null where the tariff has none. */
export type SummaryRates = Record<SummaryKey, string | null>;

/**
 * The summary of one level's rates (rates without a level belong to `tariffLevel`). Expired rates and Q rates at breaks
 * other than the five standard ones are left out.
 */
export function summaryRates(
  rates: readonly RateInput[],
  level: Level = 'first',
  tariffLevel: Level = 'first',
): SummaryRates {
  const out: SummaryRates = { min_rate: null, n: null, q45: null, q100: null, q300: null, q500: null, q1000: null };
  rates.forEach((rate, i) => {
    if (rate.expired || (rate.level ?? tariffLevel) !== level) return;
    const value = formatScaled(parseNonNegative(rate.value, RATE_DECIMALS, `rates[${i}].value`), RATE_DECIMALS, 2);
    if (rate.rateClass === 'M') out.min_rate = value;
    else if (rate.rateClass === 'N') out.n = value;
    else if (rate.weightBreak !== undefined && rate.weightBreak !== null) {
      const key = keyOfBreak(parseNonNegative(rate.weightBreak, WEIGHT_DECIMALS, `rates[${i}].weightBreak`));
      if (key) out[key] = value;
    }
  });
  return out;
}

/** Rates from a summary row (empty or absent cells are no rate), tagged with `level` when given. */
export function ratesFromSummary(
  summary: Partial<Record<SummaryKey, DecimalInput | null>>,
  level?: Level,
): RateInput[] {
  const rates: RateInput[] = [];
  const tag = level ? { level } : {};
  for (const key of SUMMARY_KEYS) {
    const value = summary[key];
    if (value === undefined || value === null || value === '') continue;
    parseNonNegative(value, RATE_DECIMALS, key);
    if (key === 'min_rate') rates.push({ rateClass: 'M', rateType: 'minimal', value, ...tag });
    else if (key === 'n') rates.push({ rateClass: 'N', rateType: 'normal', value, ...tag });
    else rates.push({ rateClass: 'Q', rateType: 'weight', weightBreak: SUMMARY_BREAKS[key], value, ...tag });
  }
  return rates;
}
