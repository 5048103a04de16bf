import { ROUNDING_RULES, type RoundingRule } from '@aircargo/domain';
import {
  divHalfUp,
  formatScaled,
  parseNonNegative,
  parseScaled,
  RatingInputError,
  WEIGHT_DECIMALS,
  WEIGHT_UNIT,
} from './decimal';
import type { AirlineRatingSettings, ChargeableSource, ChargeableWeight, Dimension, ShipmentInput } from './types';

export const DEFAULT_CHARGEABLE_RATIO = 6000;
export const DEFAULT_ROUNDING_RULE: RoundingRule = 'up_0_5';

/** Decimals read from a dimension (cm or in). */
const DIMENSION_DECIMALS = 2;
/** Decimals read from a volume in m3 (1 cm3). */
const VOLUME_DECIMALS = 6;
/** One cubic inch is exactly 16.387064 cm3 (1 in = 2.54 cm). */
const CM3_PER_IN3_NUM = 16_387_064n;
const CM3_PER_IN3_DEN = 1_000_000n;

/** A non-negative rational number of grams (or cm3): n / d. */
interface Ratio {
  n: bigint;
  d: bigint;
}

const greater = (a: Ratio, b: Ratio) => a.n * b.d > b.n * a.d;

/** Grams, rounded by the airline's rule: up or to the nearest 0.5 / 1 kg, or to the gram (`none`). */
function roundByRule(value: Ratio, rule: RoundingRule): bigint {
  const step =
    rule === 'up_0_5' || rule === 'nearest_0_5' ? 500n : rule === 'up_1' || rule === 'nearest_1' ? 1000n : 1n;
  const d = value.d * step;
  if (rule === 'up_0_5' || rule === 'up_1') return ((value.n + d - 1n) / d) * step;
  return ((2n * value.n + d) / (2n * d)) * step;
}

/** Volume in cm3 as an exact ratio: the stated m3, or the sum of pieces x length x width x height. */
function volumeCm3(shipment: Pick<ShipmentInput, 'volume' | 'dimensions'>): Ratio {
  if (shipment.volume !== undefined && shipment.volume !== null) {
    return { n: parseNonNegative(shipment.volume, VOLUME_DECIMALS, 'volume'), d: 1n };
  }
  let n = 0n;
  let inches = 0n;
  const dims: readonly Dimension[] = shipment.dimensions ?? [];
  if (!Array.isArray(dims)) throw new RatingInputError('dimensions', 'invalid format');
  dims.forEach((dim, i) => {
    if (!dim || typeof dim !== 'object') throw new RatingInputError(`dimensions[${i}]`, 'invalid format');
    if (dim.unit !== undefined && dim.unit !== 'cm' && dim.unit !== 'in') {
      throw new RatingInputError(`dimensions[${i}].unit`, 'invalid format');
    }
    if (!Number.isSafeInteger(dim.pieces) || dim.pieces < 0) {
      throw new RatingInputError(`dimensions[${i}].pieces`, 'integer');
    }
    const l = parseNonNegative(dim.length, DIMENSION_DECIMALS, `dimensions[${i}].length`);
    const w = parseNonNegative(dim.width, DIMENSION_DECIMALS, `dimensions[${i}].width`);
    const h = parseNonNegative(dim.height, DIMENSION_DECIMALS, `dimensions[${i}].height`);
    const product = l * w * h * BigInt(dim.pieces);
    if (dim.unit === 'in') inches += product;
    else n += product;
  });
  // Dimensions carry 2 decimals each: the product is in 10^-6 cm3 (or in3).
  return { n: n * CM3_PER_IN3_DEN + inches * CM3_PER_IN3_NUM, d: 1_000_000n * CM3_PER_IN3_DEN };
}

/** The chargeable weight in grams with the figures that produced it. */
export interface ChargeableGrams {
  gross: bigint;
  chargeable: bigint;
  view: ChargeableWeight;
}

/**
 * Primer section 2: max(gross, volume x 1,000,000 / divisor, airline minimum), rounded by the airline's rule, unless the
 * airline defined the chargeable weight itself. Volume weight is computed exactly and rounded only once, with the rest.
 */
export function computeChargeable(
  shipment: Pick<ShipmentInput, 'weight' | 'volume' | 'dimensions' | 'airlineDefinedWeight'>,
  settings: AirlineRatingSettings = {},
): ChargeableGrams {
  const ratio = settings.chargeableRatio ?? DEFAULT_CHARGEABLE_RATIO;
  if (!Number.isSafeInteger(ratio) || ratio <= 0) throw new RatingInputError('chargeable_ratio', 'positive');
  const rule = settings.roundingRule ?? DEFAULT_ROUNDING_RULE;
  if (!ROUNDING_RULES.includes(rule)) throw new RatingInputError('rounding_rule', 'invalid format');
  const gross = parseNonNegative(shipment.weight, WEIGHT_DECIMALS, 'weight');
  if (gross === 0n) throw new RatingInputError('weight', 'positive');
  const minimum = parseNonNegative(settings.minimumChargeWeight ?? 0, WEIGHT_DECIMALS, 'minimum_charge_weight');
  const volume = volumeCm3(shipment);
  // grams = cm3 * 1000 / (cm3 per kg)
  const volumeWeight: Ratio = { n: volume.n * WEIGHT_UNIT, d: volume.d * BigInt(ratio) };

  let best: Ratio = { n: gross, d: 1n };
  let source: ChargeableSource = 'gross';
  if (greater(volumeWeight, best)) {
    best = volumeWeight;
    source = 'volume';
  }
  if (greater({ n: minimum, d: 1n }, best)) {
    best = { n: minimum, d: 1n };
    source = 'minimum';
  }
  let chargeable = roundByRule(best, rule);

  const override = shipment.airlineDefinedWeight;
  const auto = override === undefined || override === null;
  if (!auto) {
    chargeable = parseScaled(override, WEIGHT_DECIMALS, 'airline_defined_cw');
    if (chargeable <= 0n) throw new RatingInputError('airline_defined_cw', 'positive');
    source = 'airline';
  }

  const kg = (grams: bigint) => formatScaled(grams, WEIGHT_DECIMALS, 0);
  return {
    gross,
    chargeable,
    view: {
      cw_auto_calculation: auto,
      gross_weight: kg(gross),
      volume: formatScaled(divHalfUp(volume.n, volume.d), VOLUME_DECIMALS, 0),
      volume_weight: kg(divHalfUp(volumeWeight.n, volumeWeight.d)),
      min_chargeable: kg(minimum),
      chargeable_weight: kg(chargeable),
      source,
      chargeable_ratio: ratio,
      rounding_rule: rule,
    },
  };
}

/** Refuses airline settings the engine cannot use (checked once, in prepare). */
export function checkAirlineSettings(settings: AirlineRatingSettings, carrier: string): void {
  try {
    computeChargeable({ weight: 1 }, settings);
  } catch (e) {
    if (e instanceof RatingInputError)
      throw new RatingInputError(`airlineSettings.${carrier}.${e.field}`, e.message.slice(e.field.length + 2));
    throw e;
  }
}

/** Convenience for callers that need the figures only (air waybill screens). */
export function chargeableWeight(
  shipment: Pick<ShipmentInput, 'weight' | 'volume' | 'dimensions' | 'airlineDefinedWeight'>,
  settings?: AirlineRatingSettings,
): ChargeableWeight {
  return computeChargeable(shipment, settings).view;
}
