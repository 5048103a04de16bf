/** Rate lines of the seed (decimals as text) and the totals per currency they add up to. */
import { formatScaled, RATE_DECIMALS, WEIGHT_DECIMALS } from './decimal';
import { vatOf } from './freight';
import type { Basis, CalculationType, RateLine, VatInclusion } from './types';

export const UNIT_OF: Record<Basis, RateLine['unit_code']> = { gross: 'KG', charge: 'KG', fixed: 'SH', pieces: 'PC' };

export interface LineSpec {
  type: RateLine['type'];
  code: string;
  cls: RateLine['rate_class_code'];
  description: string;
  rate: string;
  amount: bigint;
  currency: string;
  decimals: number;
  baseValue: string;
  basis: RateLine['basis'];
  unit: RateLine['unit_code'];
  inclusion: VatInclusion;
  vatPercent: bigint;
  calculation: CalculationType;
  due: 'A' | 'C';
  weightBreak: string | null;
  derived: boolean;
  sourceId: string;
  supplier: string;
  buyer: string | null;
}

export interface Totals {
  order: string[];
  byCurrency: Map<string, { decimals: number; net: bigint; vat: bigint; total: bigint }>;
}

export function addLine(lines: RateLine[], totals: Totals, s: LineSpec): void {
  const [net, vat, total] = vatOf(s.amount, s.inclusion, s.vatPercent);
  const d = s.decimals;
  lines.push({
    type: s.type,
    code: s.code,
    rate_class_code: s.cls,
    description: s.description,
    rate: s.rate,
    amount: formatScaled(s.amount, d),
    currency: s.currency,
    base_value: s.baseValue,
    basis: s.basis,
    unit_code: s.unit,
    vat: formatScaled(vat, d),
    vat_percent: formatScaled(s.inclusion === 'without' ? 0n : s.vatPercent, RATE_DECIMALS, 0),
    vat_inclusion: s.inclusion,
    net: formatScaled(net, d),
    total: formatScaled(total, d),
    calculation_type: s.calculation,
    due: s.due,
    weight_break: s.weightBreak,
    is_derivative: s.derived,
    source_id: s.sourceId,
    invoice_number: null,
    supplier_id: s.supplier,
    buyer_id: s.buyer,
  });
  let sum = totals.byCurrency.get(s.currency);
  if (!sum) {
    sum = { decimals: s.decimals, net: 0n, vat: 0n, total: 0n };
    totals.byCurrency.set(s.currency, sum);
    totals.order.push(s.currency);
  }
  sum.net += net;
  sum.vat += vat;
  sum.total += total;
}

export const kg = (grams: bigint) => formatScaled(grams, WEIGHT_DECIMALS, 0);
export const rateText = (value: bigint) => formatScaled(value, RATE_DECIMALS, 2);
