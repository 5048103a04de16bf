import { isoDate } from '@aircargo/contract/common';
import { msg } from '@aircargo/contract/messages';
import {
  type Charge,
  type ChargeCreate,
  decimalInput,
  PLACE_KINDS,
  type Place,
  type Rate,
  type RateInput,
  SUMMARY_RATE_KEYS,
  SURCHARGE_TYPES,
  type SummaryRateKey,
  type Surcharge,
  type SurchargeCreate,
  TARIFF_BASES,
  TARIFF_LEVELS,
  type Tariff,
  type TariffCreate,
  type TariffLevel,
  VAT_INCLUSIONS,
} from '@aircargo/contract/tariffs';
import { z } from 'zod';

// Form shapes of the tariff screens. The fields are the contract's; a form keeps what a person types (text for
// decimals, a grid for rates, id text for companies) and turns it into the contract's request body on submit, where
// the server validates it again with the same contract.

const blank = (value: unknown) => (value === undefined || value === null ? '' : value);
const nullIfBlank = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Decimal text or nothing. */
const decimalText = (scale: number, integer: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === '') return;
        const parsed = decimalInput(scale, integer).safeParse(value);
        if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
      }),
  );
const optionalDate = z.preprocess(nullIfBlank, isoDate.nullable());
const optionalText = (max: number) =>
  z.preprocess(nullIfBlank, z.string().trim().max(max, msg('maxLength', { max })).nullable());
const codeList = z.array(z.string());
const idList = z.array(z.string());

/** A place typed as a kind and a code; an empty code means "anywhere" where the record allows it. */
const placeFields = z.object({ kind: z.enum(PLACE_KINDS), code: z.preprocess(blank, z.string().trim().toUpperCase()) });
const PLACE_PATTERNS = {
  airport: /^[A-Z]{3}$/,
  city: /^[A-Z]{3}$/,
  country: /^[A-Z]{2}$/,
  region: /^[A-Z0-9_-]{1,20}$/,
};

function checkPlace(place: { kind: keyof typeof PLACE_PATTERNS; code: string }, path: string, ctx: z.RefinementCtx) {
  if (place.code === '') return;
  if (!PLACE_PATTERNS[place.kind].test(place.code))
    ctx.addIssue({ code: 'custom', path: [path, 'code'], message: msg('invalidFormat') });
}

function checkDates(value: { effective_from: string | null; effective_to: string | null }, ctx: z.RefinementCtx) {
  if (value.effective_from && value.effective_to && value.effective_to < value.effective_from)
    ctx.addIssue({ code: 'custom', path: ['effective_to'], message: msg('dateOrder', { field: 'effective_from' }) });
}

const placeOrNull = (place: { kind: Place['kind']; code: string }): Place | null =>
  place.code === '' ? null : { kind: place.kind, code: place.code };

/** Fields tariffs, charges and surcharges share. */
const applicability = {
  airline_id: z.preprocess(nullIfBlank, z.number().int().positive().nullable()),
  transfers: codeList,
  non_stop: z.boolean(),
  effective_from: optionalDate,
  effective_to: optionalDate,
  sales_channel: optionalText(50),
  company_ids: idList,
  excluded_company_ids: idList,
  groups: codeList,
};

function applicabilityBody(values: z.output<z.ZodObject<typeof applicability>>) {
  return {
    ...(values.airline_id ? { airline_id: values.airline_id } : {}),
    transfers: values.transfers,
    non_stop: values.non_stop,
    effective_from: values.effective_from,
    effective_to: values.effective_to,
    sales_channel: values.sales_channel,
    company_ids: values.company_ids.map(Number),
    excluded_company_ids: values.excluded_company_ids.map(Number),
    groups: values.groups,
  };
}

function applicabilityValues(record: Tariff | Charge | Surcharge) {
  return {
    airline_id: record.airline.id,
    transfers: record.transfers,
    non_stop: record.non_stop,
    effective_from: record.effective_from,
    effective_to: record.effective_to,
    sales_channel: record.sales_channel ?? '',
    company_ids: record.companies.map((c) => String(c.id)),
    excluded_company_ids: record.excluded_companies.map((c) => String(c.id)),
    groups: record.groups,
  };
}

// Tariffs.

/** The rate grid: weight breaks (M, N, 45 … 1000 kg) by level. */
export const GRID_KEYS = SUMMARY_RATE_KEYS;
const WEIGHT_BREAKS: Record<SummaryRateKey, string | null> = {
  min_rate: null,
  n: null,
  q45: '45',
  q100: '100',
  q300: '300',
  q500: '500',
  q1000: '1000',
};
const gridRow = z.object(Object.fromEntries(GRID_KEYS.map((key) => [key, decimalText(6, 10)]))) as z.ZodObject<
  Record<SummaryRateKey, ReturnType<typeof decimalText>>
>;

export const tariffFormSchema = z
  .object({
    ...applicability,
    origin: placeFields,
    destination: placeFields,
    internal_id: optionalText(100),
    basis: z.enum(TARIFF_BASES),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, msg('invalidFormat')),
    vat_inclusion: z.enum(VAT_INCLUSIONS),
    vat_percent: decimalText(2, 2),
    level: z.enum(TARIFF_LEVELS),
    products: codeList,
    notes: optionalText(2000),
    min_charge_weight: decimalText(3, 7),
    grid: z.object({ first: gridRow, second: gridRow }),
    is_derivative: z.boolean(),
    base_tariff_id: z.preprocess(nullIfBlank, z.coerce.number().int().positive(msg('invalidFormat')).nullable()),
    derivation_percent: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^(-?\d{1,4}(\.\d{1,6})?)?$/, msg('invalidFormat')),
    ),
    derivation_amount: decimalText(6, 10),
  })
  .superRefine((value, ctx) => {
    for (const end of ['origin', 'destination'] as const) {
      if (value[end].code === '') ctx.addIssue({ code: 'custom', path: [end, 'code'], message: msg('required') });
      checkPlace(value[end], end, ctx);
    }
    checkDates(value, ctx);
    if (value.is_derivative && value.base_tariff_id === null)
      ctx.addIssue({ code: 'custom', path: ['base_tariff_id'], message: msg('required') });
    if (!value.is_derivative && !value.grid[value.level].n && !value.grid.first.n)
      ctx.addIssue({ code: 'custom', path: ['grid', 'first', 'n'], message: msg('normalRateRequired') });
  });
export type TariffForm = z.input<typeof tariffFormSchema>;
export type TariffFormValues = z.output<typeof tariffFormSchema>;

function isGridRate(rate: Rate): SummaryRateKey | null {
  if (rate.expired || rate.is_derivative) return null;
  if (rate.rate_class === 'M') return 'min_rate';
  if (rate.rate_class === 'N') return 'n';
  const key = `q${Number(rate.weight_break)}` as SummaryRateKey;
  return GRID_KEYS.includes(key) ? key : null;
}

const emptyGrid = () => Object.fromEntries(GRID_KEYS.map((key) => [key, ''])) as Record<SummaryRateKey, string>;

export function emptyTariffForm(): TariffForm {
  return {
    airline_id: null,
    transfers: [],
    non_stop: false,
    effective_from: null,
    effective_to: null,
    sales_channel: '',
    company_ids: [],
    excluded_company_ids: [],
    groups: [],
    origin: { kind: 'airport', code: '' },
    destination: { kind: 'airport', code: '' },
    internal_id: '',
    basis: 'charge',
    currency: '',
    vat_inclusion: 'without',
    vat_percent: '',
    level: 'first',
    products: [],
    notes: '',
    min_charge_weight: '',
    grid: { first: emptyGrid(), second: emptyGrid() },
    is_derivative: false,
    base_tariff_id: '',
    derivation_percent: '',
    derivation_amount: '',
  };
}

export function tariffFormValues(tariff: Tariff): TariffForm {
  const grid = { first: emptyGrid(), second: emptyGrid() };
  for (const rate of tariff.rates) {
    const key = isGridRate(rate);
    if (key) grid[rate.level ?? tariff.level][key] = rate.value;
  }
  return {
    ...applicabilityValues(tariff),
    origin: tariff.origin,
    destination: tariff.destination,
    internal_id: tariff.internal_id ?? '',
    basis: tariff.basis,
    currency: tariff.currency,
    vat_inclusion: tariff.vat_inclusion,
    vat_percent: tariff.vat_percent,
    level: tariff.level,
    products: tariff.products,
    notes: tariff.notes ?? '',
    min_charge_weight: tariff.min_charge_weight ?? '',
    grid,
    is_derivative: tariff.is_derivative,
    base_tariff_id: tariff.base_tariff_id === null ? '' : String(tariff.base_tariff_id),
    derivation_percent: tariff.derivation_percent ?? '',
    derivation_amount: tariff.derivation_amount ?? '',
  };
}

/**
 * The request body of a tariff form. On edit, rates the grid does not show (expired ones, other weight breaks) are
 * kept as they were, since `rates` replaces every rate.
 */
export function tariffBody(values: TariffFormValues, original?: Tariff): TariffCreate {
  const rates: RateInput[] = [];
  for (const level of TARIFF_LEVELS) {
    for (const key of GRID_KEYS) {
      const value = values.grid[level][key];
      if (!value) continue;
      const rateClass = key === 'min_rate' ? 'M' : key === 'n' ? 'N' : 'Q';
      rates.push({
        rate_class: rateClass,
        value,
        ...(WEIGHT_BREAKS[key] ? { weight_break: WEIGHT_BREAKS[key] } : {}),
        level: level as TariffLevel,
      });
    }
  }
  for (const rate of original?.rates ?? []) {
    if (isGridRate(rate) || rate.is_derivative) continue;
    rates.push({
      rate_class: rate.rate_class,
      rate_type: rate.rate_type,
      value: rate.value,
      weight_break: rate.weight_break,
      level: rate.level,
      expired: rate.expired,
    });
  }
  return {
    ...applicabilityBody(values),
    origin: { kind: values.origin.kind, code: values.origin.code },
    destination: { kind: values.destination.kind, code: values.destination.code },
    internal_id: values.internal_id,
    basis: values.basis,
    currency: values.currency,
    vat_inclusion: values.vat_inclusion,
    vat_percent: values.vat_inclusion === 'without' ? '0' : values.vat_percent || '0',
    level: values.level,
    products: values.products,
    notes: values.notes,
    min_charge_weight: values.min_charge_weight || null,
    rates,
    is_derivative: values.is_derivative,
    base_tariff_id: values.is_derivative ? values.base_tariff_id : null,
    derivation_percent: values.is_derivative ? values.derivation_percent || null : null,
    derivation_amount: values.is_derivative ? values.derivation_amount || null : null,
  };
}

// Charges.

export const chargeFormSchema = z
  .object({
    ...applicability,
    charge_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2,3}$/, msg('invalidFormat')),
    charge_name: optionalText(200),
    due: z.enum(['A', 'C']),
    basis: z.enum(TARIFF_BASES),
    rate: decimalText(6, 10),
    minimal_rate: decimalText(6, 10),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, msg('invalidFormat')),
    vat_inclusion: z.enum(VAT_INCLUSIONS),
    vat: decimalText(2, 2),
    origin: placeFields,
    destination: placeFields,
    shcs: codeList,
    products: codeList,
  })
  .superRefine((value, ctx) => {
    if (value.rate === '') ctx.addIssue({ code: 'custom', path: ['rate'], message: msg('required') });
    checkPlace(value.origin, 'origin', ctx);
    checkPlace(value.destination, 'destination', ctx);
    checkDates(value, ctx);
  });
export type ChargeForm = z.input<typeof chargeFormSchema>;
export type ChargeFormValues = z.output<typeof chargeFormSchema>;

export function emptyChargeForm(): ChargeForm {
  return {
    airline_id: null,
    transfers: [],
    non_stop: false,
    effective_from: null,
    effective_to: null,
    sales_channel: '',
    company_ids: [],
    excluded_company_ids: [],
    groups: [],
    charge_code: '',
    charge_name: '',
    due: 'C',
    basis: 'charge',
    rate: '',
    minimal_rate: '',
    currency: '',
    vat_inclusion: 'without',
    vat: '',
    origin: { kind: 'airport', code: '' },
    destination: { kind: 'airport', code: '' },
    shcs: [],
    products: [],
  };
}

export function chargeFormValues(charge: Charge): ChargeForm {
  return {
    ...applicabilityValues(charge),
    charge_code: charge.charge_code,
    charge_name: charge.charge_name ?? '',
    due: charge.due,
    basis: charge.basis,
    rate: charge.rate,
    minimal_rate: charge.minimal_rate ?? '',
    currency: charge.currency,
    vat_inclusion: charge.vat_inclusion,
    vat: charge.vat,
    origin: charge.origin ?? { kind: 'airport', code: '' },
    destination: charge.destination ?? { kind: 'airport', code: '' },
    shcs: charge.shcs,
    products: charge.products,
  };
}

export function chargeBody(values: ChargeFormValues): ChargeCreate {
  return {
    ...applicabilityBody(values),
    charge_code: values.charge_code,
    charge_name: values.charge_name,
    due: values.due,
    basis: values.basis,
    rate: values.rate,
    minimal_rate: values.minimal_rate || null,
    currency: values.currency,
    vat_inclusion: values.vat_inclusion,
    vat: values.vat_inclusion === 'without' ? '0' : values.vat || '0',
    origin: placeOrNull(values.origin),
    destination: placeOrNull(values.destination),
    shcs: values.shcs,
    products: values.products,
  };
}

// Surcharges.

export const surchargeFormSchema = z
  .object({
    ...applicability,
    code: optionalText(20),
    name: optionalText(200),
    type: z.enum(SURCHARGE_TYPES),
    value: decimalText(6, 10),
    minimal_weight: decimalText(3, 7),
    product_code: z.preprocess(
      nullIfBlank,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{2,8}$/, msg('invalidFormat'))
        .nullable(),
    ),
    currency: z.preprocess(
      nullIfBlank,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, msg('invalidFormat'))
        .nullable(),
    ),
    vat_inclusion: z.enum(VAT_INCLUSIONS),
    vat_percent: decimalText(2, 2),
    origin: placeFields,
    destination: placeFields,
  })
  .superRefine((value, ctx) => {
    if (value.value === '') ctx.addIssue({ code: 'custom', path: ['value'], message: msg('required') });
    if (value.type === 'value' && !value.currency)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: msg('required') });
    checkPlace(value.origin, 'origin', ctx);
    checkPlace(value.destination, 'destination', ctx);
    checkDates(value, ctx);
  });
export type SurchargeForm = z.input<typeof surchargeFormSchema>;
export type SurchargeFormValues = z.output<typeof surchargeFormSchema>;

export function emptySurchargeForm(): SurchargeForm {
  return {
    airline_id: null,
    transfers: [],
    non_stop: false,
    effective_from: null,
    effective_to: null,
    sales_channel: '',
    company_ids: [],
    excluded_company_ids: [],
    groups: [],
    code: '',
    name: '',
    type: 'value',
    value: '',
    minimal_weight: '',
    product_code: '',
    currency: '',
    vat_inclusion: 'without',
    vat_percent: '',
    origin: { kind: 'airport', code: '' },
    destination: { kind: 'airport', code: '' },
  };
}

export function surchargeFormValues(surcharge: Surcharge): SurchargeForm {
  return {
    ...applicabilityValues(surcharge),
    code: surcharge.code ?? '',
    name: surcharge.name ?? '',
    type: surcharge.type,
    value: surcharge.value,
    minimal_weight: surcharge.minimal_weight ?? '',
    product_code: surcharge.product_code ?? '',
    currency: surcharge.currency ?? '',
    vat_inclusion: surcharge.vat_inclusion,
    vat_percent: surcharge.vat_percent,
    origin: surcharge.origin ?? { kind: 'airport', code: '' },
    destination: surcharge.destination ?? { kind: 'airport', code: '' },
  };
}

export function surchargeBody(values: SurchargeFormValues): SurchargeCreate {
  return {
    ...applicabilityBody(values),
    code: values.code,
    name: values.name,
    type: values.type,
    value: values.value,
    minimal_weight: values.minimal_weight || null,
    product_code: values.product_code,
    currency: values.type === 'value' ? values.currency : null,
    vat_inclusion: values.vat_inclusion,
    vat_percent: values.vat_inclusion === 'without' ? '0' : values.vat_percent || '0',
    origin: placeOrNull(values.origin),
    destination: placeOrNull(values.destination),
  };
}

/** Server field names (and their prefixes) a tariff-screen form shows errors on. */
export function serverFieldOf(field: string): string {
  if (field.startsWith('rates')) return 'root.rates';
  if (field === 'company_ids' || field.startsWith('company_ids.')) return 'company_ids';
  if (field.startsWith('origin')) return 'origin.code';
  if (field.startsWith('destination')) return 'destination.code';
  return field.split('.')[0] ?? field;
}
