/**
 * Exact decimal arithmetic on scaled BigInts. Every quantity the engine touches is an integer count of a fixed unit:
 * grams (weights), minor units (money), millionths (rates and percents). Binary floating point never holds a value:
 * numbers given by callers are read through their shortest decimal text, which is exact for every literal a person types.
 */

/** Decimals kept for rates, percents and minimum amounts (a rate of 0.355 per kg is 355000n). */
export const RATE_DECIMALS = 6;
/** Decimals kept for weights: grams. */
export const WEIGHT_DECIMALS = 3;

export const RATE_UNIT = 10n ** BigInt(RATE_DECIMALS);
export const WEIGHT_UNIT = 10n ** BigInt(WEIGHT_DECIMALS);

const POW10: bigint[] = [];
for (let i = 0; i <= 40; i++) POW10.push(10n ** BigInt(i));

export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Raised for an input the engine cannot read: the field it names and a message in the spec's wording. */
export class RatingInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'RatingInputError';
  }
}

export type DecimalInput = string | number;

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Reads a decimal (text such as "16.50" or a number such as 16.5) as an integer count of 10^-decimals.
 * Refuses exponents, NaN, infinities and more decimal places than `decimals` (no silent rounding of inputs).
 */
export function parseScaled(input: DecimalInput, decimals: number, field: string): bigint {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new RatingInputError(field, 'invalid format');
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    throw new RatingInputError(field, 'invalid format');
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new RatingInputError(field, 'invalid format');
  const [, sign, whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) throw new RatingInputError(field, `decimal places limit (${decimals})`);
  const value = BigInt(whole) * pow10(decimals) + (trimmed ? BigInt(trimmed) * pow10(decimals - trimmed.length) : 0n);
  return sign && value !== 0n ? -value : value;
}

/** Like parseScaled, and refuses a negative value. */
export function parseNonNegative(input: DecimalInput, decimals: number, field: string): bigint {
  const value = parseScaled(input, decimals, field);
  if (value < 0n) throw new RatingInputError(field, 'must not be negative');
  return value;
}

/** n / d rounded half away from zero (the commercial rounding of money); d > 0. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  if (n >= 0n) return (2n * n + d) / (2n * d);
  return -((2n * -n + d) / (2n * d));
}

/** n / d rounded up (toward positive infinity); d > 0, n >= 0. */
export function divCeil(n: bigint, d: bigint): bigint {
  return (n + d - 1n) / d;
}

/**
 * Formats 10^-decimals units as text with at least `minDecimals` and at most `decimals` places:
 * formatScaled(40500n, 2, 2) = "405.00", formatScaled(200500n, 3, 0) = "200.5".
 */
export function formatScaled(value: bigint, decimals: number, minDecimals = decimals): string {
  // One BigInt-to-text conversion, then string slicing: no BigInt division per call.
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString();
  if (decimals === 0) return negative ? `-${digits}` : digits;
  if (digits.length <= decimals) digits = '0'.repeat(decimals - digits.length + 1) + digits;
  const cut = digits.length - decimals;
  let end = digits.length;
  while (end > cut + minDecimals && digits.charCodeAt(end - 1) === 48) end--;
  const text = end > cut ? `${digits.slice(0, cut)}.${digits.slice(cut, end)}` : digits.slice(0, cut);
  return negative ? `-${text}` : text;
}

/** Converts a value from one scale to another, rounding half up when decimals are dropped. */
export function rescale(value: bigint, from: number, to: number): bigint {
  if (to >= from) return value * pow10(to - from);
  return divHalfUp(value, pow10(from - to));
}

/** A list of non-empty strings (absent: empty), upper-cased when asked; anything else is refused. */
export function stringList(value: unknown, field: string, upper: boolean): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RatingInputError(field, 'invalid format');
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    if (typeof v !== 'string' || v === '') throw new RatingInputError(`${field}[${i}]`, 'invalid format');
    out.push(upper ? v.toUpperCase() : v);
  }
  return out;
}

/** An optional string: absent, null or empty give null; anything but a string is refused. */
export function optionalString(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new RatingInputError(field, 'invalid format');
  return value;
}
