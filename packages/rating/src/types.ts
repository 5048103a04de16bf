import type { RoundingRule } from '@aircargo/domain';
import type { DecimalInput } from './decimal';

/** Seed 001 "Tariff basis": per kg of gross weight, per kg of chargeable weight, per shipment, per piece. */
export type Basis = 'gross' | 'charge' | 'fixed' | 'pieces';
export const BASES: readonly Basis[] = ['gross', 'charge', 'fixed', 'pieces'];

/** Seed 001 "vatInclusion". */
export type VatInclusion = 'without' | 'notIncluded' | 'included';
export const VAT_INCLUSIONS: readonly VatInclusion[] = ['without', 'notIncluded', 'included'];

/** Seed 001 tariff and rate "level". */
export type Level = 'first' | 'second';

/** Where a tariff, charge or surcharge applies: one airport, a city (MOW), a country (RU) or a custom region (EU). */
export interface PlaceSpec {
  kind: 'airport' | 'city' | 'country' | 'region';
  code: string;
}

/** Seed 001 "Rate": class M (minimum amount), N (normal, from 0 kg), Q (from `weightBreak` kg). */
export interface RateInput {
  rateClass: 'M' | 'N' | 'Q';
  /** Seed rateType; informative (default, minimal, normal, weight). The class decides the arithmetic. */
  rateType?: 'default' | 'minimal' | 'normal' | 'weight';
  value: DecimalInput;
  /** Kilograms from which a Q rate applies (45, 100, 300, 500, 1000 or any other positive break). */
  weightBreak?: DecimalInput;
  /** The price level the rate belongs to; the tariff's level when absent. */
  level?: Level;
  isDerivative?: boolean;
  /** An expired rate is kept for history and never used. */
  expired?: boolean;
}

/** Conditions shared by tariffs, charges and surcharges. Empty lists and absent fields mean "no restriction". */
export interface Applicability {
  id: string;
  /** The airline (IATA carrier code) whose price this is. */
  airline: string;
  /** Absent: any origin (charges and surcharges only; a tariff names both ends). */
  origin?: PlaceSpec | null;
  destination?: PlaceSpec | null;
  /** Transfer airports in order: the shipment must travel via exactly these. */
  transfers?: readonly string[];
  /** Applies only to a shipment with no transfer. */
  nonStop?: boolean;
  /** Inclusive ISO dates (YYYY-MM-DD); absent = open-ended. */
  effectiveFrom?: string | null;
  effectiveTo?: string | null;
  salesChannel?: string | null;
  /** Only these client companies may use it. */
  companies?: readonly string[];
  /** These client companies may not. */
  excludedCompanies?: readonly string[];
  /** Product codes (GCR, PIL, ...) it is limited to. */
  products?: readonly string[];
  /** Commodity groups it is limited to (the shipment's groups: explicit, or by product through the groups option). */
  groups?: readonly string[];
}

export interface TariffInput extends Applicability {
  /** Airline's internal identifier shown on screens; the freight line's description falls back to it. */
  internalId?: string | null;
  basis: Basis;
  currency: string;
  vatInclusion?: VatInclusion;
  vatPercent?: DecimalInput;
  level?: Level;
  rates: readonly RateInput[];
  /** Kilograms the freight is charged on at least (on top of the airline's minimum charge weight). */
  minChargeWeight?: DecimalInput | null;
  /** A derivative tariff takes every rate of `baseTariffId`, scaled by `derivation`; its own rates override. */
  isDerivative?: boolean;
  baseTariffId?: string | null;
  derivation?: { percent?: DecimalInput; amount?: DecimalInput } | null;
  description?: string | null;
}

export interface ChargeInput extends Applicability {
  /** Two-letter other-charge code: AW, MY, SC, RA, CH, ... */
  chargeCode: string;
  chargeName?: string | null;
  /** Due agent (A) or due carrier (C). */
  due?: 'A' | 'C';
  basis: Basis;
  rate: DecimalInput;
  /** The least amount the charge comes to. */
  minimalRate?: DecimalInput | null;
  currency: string;
  vatInclusion?: VatInclusion;
  /** VAT percent. */
  vat?: DecimalInput;
  /** The charge applies only to a shipment carrying one of these special handling codes. */
  shcs?: readonly string[];
}

export interface SurchargeInput extends Applicability {
  code?: string | null;
  name?: string | null;
  /** `percent`: a percent of the freight amount; `value`: an amount per kg of chargeable weight. */
  type: 'percent' | 'value';
  value: DecimalInput;
  /** Kilograms a `value` surcharge is charged on at least. */
  minimalWeight?: DecimalInput | null;
  /** The product the surcharge is for (absent: every product). */
  productCode?: string | null;
  /** Currency of a `value` surcharge; a percent surcharge takes the freight's. */
  currency?: string | null;
  /** VAT of a `value` surcharge; a percent surcharge follows the tariff's. */
  vatInclusion?: VatInclusion;
  vatPercent?: DecimalInput;
}

/** The airline's chargeable weight settings (seed 001 airline settings). */
export interface AirlineRatingSettings {
  /** Volume divisor in cm3 per kg (default 6000). */
  chargeableRatio?: number;
  roundingRule?: RoundingRule;
  /** Kilograms every shipment is charged on at least (default 0). */
  minimumChargeWeight?: DecimalInput;
}

export interface Dimension {
  pieces: number;
  length: DecimalInput;
  width: DecimalInput;
  height: DecimalInput;
  /** Centimetres (default) or inches. */
  unit?: 'cm' | 'in';
}

export interface ShipmentInput {
  carrier: string;
  origin: string;
  destination: string;
  /** Transfer airports in order; absent or empty = non-stop. */
  via?: readonly string[];
  /** Rating date, the flight date or the date the caller names (YYYY-MM-DD). */
  date: string;
  pieces: number;
  /** Gross weight, kg. */
  weight: DecimalInput;
  /** m3; wins over dimensions when both are given. */
  volume?: DecimalInput | null;
  dimensions?: readonly Dimension[] | null;
  /** Airline-defined chargeable weight: replaces the calculation when set. */
  airlineDefinedWeight?: DecimalInput | null;
  product?: string | null;
  shcs?: readonly string[];
  /** The client company the price is for. */
  company?: string | null;
  salesChannel?: string | null;
  /** Commodity groups of the shipment, in addition to those its product belongs to. */
  groups?: readonly string[];
  /** Price level asked for (default first). */
  level?: Level;
  /** Preferred currency when tariffs of several currencies tie. */
  currency?: string | null;
}

export interface PlacesInput {
  /** Airport IATA -> its city code and country (alpha-2). */
  airports?: Readonly<Record<string, { city?: string | null; country?: string | null }>>;
  /** Custom region code -> the countries it contains. */
  regions?: Readonly<Record<string, readonly string[]>>;
}

export interface PrepareOptions {
  places?: PlacesInput;
  /** Per carrier; missing carriers use 6000 cm3/kg, up_0_5 and no minimum. */
  airlineSettings?: Readonly<Record<string, AirlineRatingSettings>>;
  /** Commodity group -> product codes in it. */
  groups?: Readonly<Record<string, readonly string[]>>;
  /** Decimals of each currency (default 2, as every currency of seed 001). */
  currencyDecimals?: Readonly<Record<string, number>>;
}

export type ChargeableSource = 'gross' | 'volume' | 'minimum' | 'airline';

/** Seed 001 chargeable_calc plus the source; weights in kg and volume in m3 as decimal text. */
export interface ChargeableWeight {
  cw_auto_calculation: boolean;
  gross_weight: string;
  volume: string;
  volume_weight: string;
  min_chargeable: string;
  chargeable_weight: string;
  source: ChargeableSource;
  chargeable_ratio: number;
  rounding_rule: RoundingRule;
}

export type CalculationType =
  | 'weight_break'
  | 'higher_weight_break'
  | 'minimum'
  | 'per_kg'
  | 'per_piece'
  | 'fixed'
  | 'percent';

/** Seed 001 "Rate line", with decimals as text. */
export interface RateLine {
  type: 'freight' | 'charge' | 'surcharge';
  code: string;
  rate_class_code: 'M' | 'N' | 'Q' | null;
  description: string;
  /** The rate applied: per kg, per piece, per shipment, or a percent. */
  rate: string;
  /** The amount as the rate states it (VAT inside when vat_inclusion is included). */
  amount: string;
  currency: string;
  /** The quantity the rate multiplies: kg, pieces, 1 shipment, or the freight amount for a percent. */
  base_value: string;
  basis: Basis | 'percent';
  unit_code: 'KG' | 'PC' | 'SH' | 'PCT';
  vat: string;
  vat_percent: string;
  vat_inclusion: VatInclusion;
  /** Amount without VAT and amount with VAT. */
  net: string;
  total: string;
  calculation_type: CalculationType;
  due: 'A' | 'C';
  /** Weight break (kg) of the rate used, for freight. */
  weight_break: string | null;
  is_derivative: boolean;
  /** Id of the tariff, charge or surcharge the line comes from. */
  source_id: string;
  invoice_number: null;
  supplier_id: string;
  buyer_id: string | null;
}

export interface CurrencyTotal {
  currency: string;
  net: string;
  vat: string;
  total: string;
}

export type ExclusionCondition =
  | 'carrier'
  | 'route'
  | 'routing'
  | 'not_yet_effective'
  | 'expired'
  | 'company'
  | 'sales_channel'
  | 'product'
  | 'group'
  | 'level';

export interface QuoteOk {
  ok: true;
  date: string;
  carrier: string;
  tariff_id: string;
  level: Level;
  chargeable: ChargeableWeight;
  lines: RateLine[];
  totals: CurrencyTotal[];
  /** Other tariffs that applied as well, with the freight each would have charged (cheapest first). */
  alternatives: { tariff_id: string; currency: string; amount: string }[];
}

export interface QuoteNone {
  ok: false;
  message: 'Information about tariffs is not available';
  chargeable: ChargeableWeight;
  reason: {
    /** The first condition that excluded the nearest tariff. */
    condition: ExclusionCondition;
    /** Every condition the nearest tariff failed. */
    failed: ExclusionCondition[];
    tariff_id: string | null;
    detail: string;
  };
}

export type Quote = QuoteOk | QuoteNone;
