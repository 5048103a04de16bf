import type { Charge, Place, Rate, Surcharge, Tariff, TariffGroup } from '@aircargo/contract/tariffs';
import { type RateInput, summaryRates } from '@aircargo/rating';
import type {
  ChargeRecord,
  CompanyLink,
  GroupRecord,
  RateRecord,
  SurchargeRecord,
  TariffRecord,
} from './tariffs.repository';

type AirlineRef = { id: number; name: string; short_name: string; airline_code: string | null };
type CompanyRef = { id: number; name: string; short_name: string };

/** Numeric text without needless trailing zeros, keeping at least `minScale` decimals: 16.000000 -> 16.00. */
export function decimalText(value: string, minScale = 2): string {
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const scale = Math.max(minScale, trimmed.length);
  if (scale === 0) return whole!;
  return `${whole}.${trimmed.padEnd(scale, '0')}`;
}
const maybeDecimal = (value: string | null, minScale = 2) => (value === null ? null : decimalText(value, minScale));

const placeOf = (kind: string | null, code: string | null): Place | null =>
  kind && code ? { kind: kind as Place['kind'], code } : null;

/** What a record's answer needs besides its row. */
export interface RecordContext {
  airline: AirlineRef;
  links: CompanyLink[];
  marks: CompanyLink[];
  isNew: boolean;
}

function applicability(
  row: TariffRecord | ChargeRecord | SurchargeRecord,
  context: RecordContext,
): Pick<
  Tariff,
  | 'id'
  | 'airline'
  | 'transfers'
  | 'non_stop'
  | 'effective_from'
  | 'effective_to'
  | 'sales_channel'
  | 'companies'
  | 'excluded_companies'
  | 'groups'
  | 'is_new'
  | 'notified_companies'
  | 'created_at'
  | 'updated_at'
> {
  const companies = (excluded: boolean): CompanyRef[] =>
    context.links.filter((l) => l.excluded === excluded).map((l) => l.company);
  return {
    id: row.id,
    airline: context.airline,
    transfers: row.transfers,
    non_stop: row.non_stop,
    effective_from: row.effective_from,
    effective_to: row.effective_to,
    sales_channel: row.sales_channel,
    companies: companies(false),
    excluded_companies: companies(true),
    groups: row.groups,
    is_new: context.isNew,
    notified_companies: context.marks.map((m) => m.company),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentRate(rate: RateRecord): Rate {
  return {
    rate_class: rate.rate_class,
    rate_type: rate.rate_type,
    value: decimalText(rate.value),
    weight_break: maybeDecimal(rate.weight_break, 0),
    level: rate.level,
    is_derivative: rate.is_derivative,
    expired: rate.expired,
  };
}

/** The engine's view of stored rates (decimal text as stored). */
export function rateInputs(rates: RateRecord[]): RateInput[] {
  return rates.map((r) => ({
    rateClass: r.rate_class,
    rateType: r.rate_type,
    value: r.value,
    ...(r.weight_break === null ? {} : { weightBreak: r.weight_break }),
    ...(r.level === null ? {} : { level: r.level }),
    isDerivative: r.is_derivative,
    expired: r.expired,
  }));
}

export function presentTariff(row: TariffRecord, rates: RateRecord[], context: RecordContext): Tariff {
  const summary = summaryRates(rateInputs(rates), 'first', row.level);
  return {
    ...applicability(row, context),
    internal_id: row.internal_id,
    origin: placeOf(row.origin_kind, row.origin_code)!,
    destination: placeOf(row.destination_kind, row.destination_code)!,
    basis: row.basis,
    currency: row.currency,
    vat_inclusion: row.vat_inclusion,
    vat_percent: decimalText(row.vat_percent),
    level: row.level,
    rates: rates.map(presentRate),
    ...summary,
    products: row.products,
    document: row.document,
    notes: row.notes,
    min_charge_weight: maybeDecimal(row.min_charge_weight, 0),
    is_derivative: row.is_derivative,
    base_tariff_id: row.base_tariff_id,
    derivation_percent: maybeDecimal(row.derivation_percent, 0),
    derivation_amount: maybeDecimal(row.derivation_amount),
  };
}

export function presentCharge(row: ChargeRecord, context: RecordContext): Charge {
  return {
    ...applicability(row, context),
    charge_code: row.charge_code,
    charge_name: row.charge_name,
    due: row.due,
    basis: row.basis,
    rate: decimalText(row.rate),
    minimal_rate: maybeDecimal(row.minimal_rate),
    currency: row.currency,
    vat_inclusion: row.vat_inclusion,
    vat: decimalText(row.vat),
    origin: placeOf(row.origin_kind, row.origin_code),
    destination: placeOf(row.destination_kind, row.destination_code),
    shcs: row.shcs,
    products: row.products,
  };
}

export function presentSurcharge(row: SurchargeRecord, context: RecordContext): Surcharge {
  return {
    ...applicability(row, context),
    code: row.code,
    name: row.name,
    type: row.type,
    value: decimalText(row.value),
    minimal_weight: maybeDecimal(row.minimal_weight, 0),
    product_code: row.product_code,
    currency: row.currency,
    vat_inclusion: row.vat_inclusion,
    vat_percent: decimalText(row.vat_percent),
    origin: placeOf(row.origin_kind, row.origin_code),
    destination: placeOf(row.destination_kind, row.destination_code),
  };
}

export function presentGroup(row: GroupRecord, airline: AirlineRef): TariffGroup {
  return {
    id: row.id,
    airline,
    code: row.code,
    name: row.name,
    products: row.products,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
