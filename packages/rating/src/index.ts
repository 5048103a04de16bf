export { chargeableWeight, computeChargeable, DEFAULT_CHARGEABLE_RATIO, DEFAULT_ROUNDING_RULE } from './chargeable';
export type { PrepareIssue } from './compile';
export {
  type DecimalInput,
  formatScaled,
  parseScaled,
  RATE_DECIMALS,
  RatingInputError,
  WEIGHT_DECIMALS,
} from './decimal';
export { NO_TARIFF_MESSAGE, PreparedRating, prepare, type QuoteOptions, quote } from './engine';
export {
  keyOfBreak,
  ratesFromSummary,
  SUMMARY_BREAKS,
  SUMMARY_KEYS,
  type SummaryKey,
  type SummaryRates,
  summaryRates,
} from './summary';
export * from './types';
