import { z } from 'zod';
import { idParam, isoDate, numberFrom, pageQuery, paginated } from './common';
import { optionalText, refId, text } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Billing tariffs, charges, surcharges and commodity groups (seed 001 sections 3 and 7; issue 10; decision 015).
// Money, rates, percents and weights travel as decimal text ("16.00", "0.015"), never as floats (decision 005).

/** Seed 001 "Tariff basis": per kg of gross weight, per kg of chargeable weight, per shipment, per piece. */
export const TARIFF_BASES = ['gross', 'charge', 'fixed', 'pieces'] as const;
export const VAT_INCLUSIONS = ['without', 'notIncluded', 'included'] as const;
export const TARIFF_LEVELS = ['first', 'second'] as const;
export const RATE_CLASSES = ['M', 'N', 'Q'] as const;
export const RATE_TYPES = ['default', 'minimal', 'normal', 'weight'] as const;
export const PLACE_KINDS = ['airport', 'city', 'country', 'region'] as const;
export const SURCHARGE_TYPES = ['percent', 'value'] as const;
/** List modes of seed 000 /tariffs: on the route of the origin and destination filters, all, or new to the caller. */
export const TARIFF_LIST_MODES = ['on_route', 'all', 'new'] as const;
/** List orders: by code (origin, destination, internal id) or by weight (the normal per-kg rate, cheapest first). */
export const TARIFF_LIST_ORDERS = ['code', 'weight'] as const;
/** Seed 001 "Summary rates", the columns of tariff lists and of tariffs.xlsx. */
export const SUMMARY_RATE_KEYS = ['min_rate', 'n', 'q45', 'q100', 'q300', 'q500', 'q1000'] as const;
/** The file name of the XLSX download (seed 001 constants). */
export const TARIFFS_XLSX_FILENAME = 'tariffs.xlsx';

export type TariffBasis = (typeof TARIFF_BASES)[number];
export type VatInclusion = (typeof VAT_INCLUSIONS)[number];
export type TariffLevel = (typeof TARIFF_LEVELS)[number];
export type PlaceKind = (typeof PLACE_KINDS)[number];
export type TariffListMode = (typeof TARIFF_LIST_MODES)[number];

/**
 * A decimal in a request: decimal text (or a JSON number, read through its text) with at most `scale` decimals and
 * `integer` integer digits, not negative. Always decimal text after parsing.
 */
export const decimalInput = (scale = 6, integer = 10) =>
  z
    .union([z.string().trim(), z.number().refine(Number.isFinite, msg('invalidFormat'))])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, msg('invalidFormat'))
        .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, msg('decimalPlaces', { digits: scale }))
        .refine(
          (v) => v.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= integer,
          msg('maxValue', { max: 10 ** integer }),
        ),
    );
/** A decimal in an answer: decimal text. */
const decimal = z.string();

const upperCode = (pattern: RegExp) => z.string().trim().toUpperCase().regex(pattern, msg('invalidFormat'));
const airportCode = upperCode(/^[A-Z]{3}$/);
const currencyCode = upperCode(/^[A-Z]{3}$/);
const airlineCode = upperCode(/^[A-Z0-9]{2}$/);
const productCode = upperCode(/^[A-Z0-9]{2,8}$/);
const shcCode = upperCode(/^[A-Z0-9]{3}$/);
const groupCode = upperCode(/^[A-Z0-9_-]{1,20}$/);
const chargeCode = upperCode(/^[A-Z]{2,3}$/);
const codes = <T extends z.ZodType<string>>(item: T, max = 100) =>
  z
    .array(item)
    .max(max)
    .transform((v) => [...new Set(v as string[])]);

const companyRef = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });
const airlineRef = companyRef.extend({ airline_code: z.string().nullable() });

/**
 * Where a record applies: an airport (SVO), a city (MOW), a country (RU) or a custom region (EU). A tariff names both
 * ends; a charge or surcharge without an end applies anywhere.
 */
export const place = z.object({ kind: z.enum(PLACE_KINDS), code: z.string() });
export type Place = z.infer<typeof place>;
export const placeInput = z
  .object({ kind: z.enum(PLACE_KINDS), code: z.string().trim().toUpperCase() })
  .superRefine((value, ctx) => {
    const pattern = { airport: /^[A-Z]{3}$/, city: /^[A-Z]{3}$/, country: /^[A-Z]{2}$/, region: /^[A-Z0-9_-]{1,20}$/ }[
      value.kind
    ];
    if (!pattern.test(value.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: msg('invalidFormat') });
  });

/** Seed 001 "Summary rates" of the first level, as decimal text (null where the tariff has no such rate). */
const summaryRates = {
  min_rate: decimal.nullable(),
  n: decimal.nullable(),
  q45: decimal.nullable(),
  q100: decimal.nullable(),
  q300: decimal.nullable(),
  q500: decimal.nullable(),
  q1000: decimal.nullable(),
};
export type SummaryRateKey = (typeof SUMMARY_RATE_KEYS)[number];

/** Seed 001 "Rate": class M (minimum amount), N (normal, from 0 kg), Q (from `weight_break` kg), per level. */
export const rate = z.object({
  rate_class: z.enum(RATE_CLASSES),
  rate_type: z.enum(RATE_TYPES),
  value: decimal,
  /** Kilograms from which a Q rate applies; null for M and N. */
  weight_break: decimal.nullable(),
  /** The price level; null means the tariff's level. */
  level: z.enum(TARIFF_LEVELS).nullable(),
  is_derivative: z.boolean(),
  /** Kept for history, never used for prices. */
  expired: z.boolean(),
});
export type Rate = z.infer<typeof rate>;

export const rateInput = z.object({
  rate_class: z.enum(RATE_CLASSES),
  /** Defaults by class: M minimal, N normal, Q weight. */
  rate_type: z.enum(RATE_TYPES).optional(),
  value: decimalInput(6, 10),
  /** Required for a Q rate (kilograms, more than 0); ignored for M and N. */
  weight_break: decimalInput(3, 7).nullable().optional(),
  level: z.enum(TARIFF_LEVELS).nullable().optional(),
  expired: z.boolean().optional(),
});
export type RateInput = z.infer<typeof rateInput>;

/** Fields every priced record shares: where and when it applies and for whom. */
const applicability = {
  id: z.number().int(),
  airline: airlineRef,
  transfers: z.array(z.string()),
  non_stop: z.boolean(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  sales_channel: z.string().nullable(),
  /** Client companies it is restricted to (empty: public, every client with an agreement). */
  companies: z.array(companyRef),
  /** Client companies it never applies to. */
  excluded_companies: z.array(companyRef),
  /** Commodity group codes it is limited to. */
  groups: z.array(z.string()),
  /** New to the caller's (forwarder) company: it has not confirmed awareness yet. Always false for others. */
  is_new: z.boolean(),
  /**
   * Forwarder companies that confirmed awareness (notification marks). The airline and the platform see all of them; a
   * forwarder sees only its own company here.
   */
  notified_companies: z.array(companyRef),
  created_at: z.string(),
  updated_at: z.string(),
};

/** Seed 001 "Tariff" with its rates and, for lists and files, its first-level summary rates. */
export const tariff = z.object({
  ...applicability,
  internal_id: z.string().nullable(),
  origin: place,
  destination: place,
  basis: z.enum(TARIFF_BASES),
  currency: z.string(),
  vat_inclusion: z.enum(VAT_INCLUSIONS),
  vat_percent: decimal,
  level: z.enum(TARIFF_LEVELS),
  rates: z.array(rate),
  ...summaryRates,
  /** Product codes it is limited to (empty: any product). */
  products: z.array(z.string()),
  document: z.string().nullable(),
  notes: z.string().nullable(),
  /** Kilograms the freight is charged on at least. */
  min_charge_weight: decimal.nullable(),
  is_derivative: z.boolean(),
  /** A derivative tariff takes the rates of this tariff scaled by percent and amount (its own rates override). */
  base_tariff_id: z.number().int().nullable(),
  derivation_percent: decimal.nullable(),
  derivation_amount: decimal.nullable(),
});
export type Tariff = z.infer<typeof tariff>;

/** Request fields of restrictions shared by tariffs, charges and surcharges. */
const applicabilityInput = {
  transfers: codes(airportCode, 5).optional(),
  non_stop: z.boolean().optional(),
  effective_from: isoDate.nullable().optional(),
  effective_to: isoDate.nullable().optional(),
  sales_channel: optionalText(50),
  company_ids: z.array(refId).max(500).optional(),
  excluded_company_ids: z.array(refId).max(500).optional(),
  groups: codes(groupCode, 50).optional(),
};

const dateOrder = (value: { effective_from?: string | null; effective_to?: string | null }, ctx: z.RefinementCtx) => {
  if (value.effective_from && value.effective_to && value.effective_to < value.effective_from)
    ctx.addIssue({ code: 'custom', path: ['effective_to'], message: msg('dateOrder', { field: 'effective_from' }) });
};

const tariffFields = {
  ...applicabilityInput,
  internal_id: optionalText(100),
  basis: z.enum(TARIFF_BASES),
  currency: currencyCode,
  vat_inclusion: z.enum(VAT_INCLUSIONS).optional(),
  vat_percent: decimalInput(2, 2).optional(),
  level: z.enum(TARIFF_LEVELS).optional(),
  /** The whole rate list (replaces the stored one on edit). A tariff needs a normal (N) rate unless it is derivative. */
  rates: z.array(rateInput).max(200),
  products: codes(productCode, 50).optional(),
  document: optionalText(500),
  notes: optionalText(2000),
  min_charge_weight: decimalInput(3, 7).nullable().optional(),
  is_derivative: z.boolean().optional(),
  base_tariff_id: refId.nullable().optional(),
  derivation_percent: z
    .union([
      decimalInput(6, 4),
      z
        .string()
        .trim()
        .regex(/^-\d+(\.\d{1,6})?$/, msg('invalidFormat')),
    ])
    .nullable()
    .optional(),
  derivation_amount: decimalInput(6, 10).nullable().optional(),
};

/** POST /billing/tariffs: the airline is the caller's own; the platform names it with airline_id. */
export const tariffCreate = z
  .object({ airline_id: refId.optional(), origin: placeInput, destination: placeInput, ...tariffFields })
  .superRefine(dateOrder);
export type TariffCreate = z.input<typeof tariffCreate>;

/** PATCH /billing/tariffs/{id}: any field but the airline; `rates`, when given, replaces every rate. */
export const tariffUpdate = z
  .object({
    origin: placeInput.optional(),
    destination: placeInput.optional(),
    ...tariffFields,
    basis: tariffFields.basis.optional(),
    currency: tariffFields.currency.optional(),
    rates: tariffFields.rates.optional(),
  })
  .superRefine(dateOrder);
export type TariffUpdate = z.input<typeof tariffUpdate>;

/** Filters of the tariff, charge and surcharge lists (seed 000 /tariffs) and of tariffs.xlsx. */
export const tariffsQuery = pageQuery.extend({
  /** Effective on this date (inclusive dates). */
  date: isoDate.optional(),
  mode: z.enum(TARIFF_LIST_MODES).default('all'),
  order: z.enum(TARIFF_LIST_ORDERS).default('code'),
  /**
   * An airport, city, country or region code. Mode `all`: the record's own origin code is this code. Mode `on_route`:
   * the record applies to shipments from this airport (its airport, city, country or region; charges without an
   * origin too).
   */
  origin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,20}$/, msg('invalidFormat'))
    .optional(),
  destination: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,20}$/, msg('invalidFormat'))
    .optional(),
  /** Airline IATA designator (SU). */
  carrier: airlineCode.optional(),
  /** The platform's filter by airline company; an airline always sees its own. */
  airline_id: numberFrom(z.number().int().positive().max(2_147_483_647)).optional(),
  /** Searches the internal id, or the code and name of charges and surcharges. */
  q: text(200).optional(),
});
export type TariffsQuery = z.input<typeof tariffsQuery>;

// Charges (seed 001 "Charge").

export const charge = z.object({
  ...applicability,
  charge_code: z.string(),
  charge_name: z.string().nullable(),
  /** Due agent (A) or due carrier (C). */
  due: z.enum(['A', 'C']),
  basis: z.enum(TARIFF_BASES),
  rate: decimal,
  /** The least amount the charge comes to. */
  minimal_rate: decimal.nullable(),
  currency: z.string(),
  vat_inclusion: z.enum(VAT_INCLUSIONS),
  /** VAT percent. */
  vat: decimal,
  origin: place.nullable(),
  destination: place.nullable(),
  /** Special handling codes: the charge applies only to a shipment carrying one of them (empty: any shipment). */
  shcs: z.array(z.string()),
  products: z.array(z.string()),
});
export type Charge = z.infer<typeof charge>;

const chargeFields = {
  ...applicabilityInput,
  charge_name: optionalText(200),
  due: z.enum(['A', 'C']).optional(),
  basis: z.enum(TARIFF_BASES),
  rate: decimalInput(6, 10),
  minimal_rate: decimalInput(6, 10).nullable().optional(),
  currency: currencyCode,
  vat_inclusion: z.enum(VAT_INCLUSIONS).optional(),
  vat: decimalInput(2, 2).optional(),
  origin: placeInput.nullable().optional(),
  destination: placeInput.nullable().optional(),
  shcs: codes(shcCode, 50).optional(),
  products: codes(productCode, 50).optional(),
};
export const chargeCreate = z
  .object({ airline_id: refId.optional(), charge_code: chargeCode, ...chargeFields })
  .superRefine(dateOrder);
export type ChargeCreate = z.input<typeof chargeCreate>;
export const chargeUpdate = z
  .object({
    charge_code: chargeCode.optional(),
    ...chargeFields,
    basis: chargeFields.basis.optional(),
    rate: chargeFields.rate.optional(),
    currency: chargeFields.currency.optional(),
  })
  .superRefine(dateOrder);
export type ChargeUpdate = z.input<typeof chargeUpdate>;

// Surcharges (seed 001 "Surcharge").

export const surcharge = z.object({
  ...applicability,
  code: z.string().nullable(),
  name: z.string().nullable(),
  /** `percent`: a percent of the freight amount; `value`: an amount per kg of chargeable weight. */
  type: z.enum(SURCHARGE_TYPES),
  value: decimal,
  /** Kilograms a `value` surcharge is charged on at least. */
  minimal_weight: decimal.nullable(),
  /** The product it is for (null: every product). */
  product_code: z.string().nullable(),
  /** Currency of a `value` surcharge; a percent surcharge takes the freight's. */
  currency: z.string().nullable(),
  vat_inclusion: z.enum(VAT_INCLUSIONS),
  vat_percent: decimal,
  origin: place.nullable(),
  destination: place.nullable(),
});
export type Surcharge = z.infer<typeof surcharge>;

const surchargeFields = {
  ...applicabilityInput,
  code: optionalText(20),
  name: optionalText(200),
  type: z.enum(SURCHARGE_TYPES),
  value: decimalInput(6, 10),
  minimal_weight: decimalInput(3, 7).nullable().optional(),
  product_code: productCode.nullable().optional(),
  /** Required for a `value` surcharge. */
  currency: currencyCode.nullable().optional(),
  vat_inclusion: z.enum(VAT_INCLUSIONS).optional(),
  vat_percent: decimalInput(2, 2).optional(),
  origin: placeInput.nullable().optional(),
  destination: placeInput.nullable().optional(),
};
export const surchargeCreate = z.object({ airline_id: refId.optional(), ...surchargeFields }).superRefine(dateOrder);
export type SurchargeCreate = z.input<typeof surchargeCreate>;
export const surchargeUpdate = z
  .object({ ...surchargeFields, type: surchargeFields.type.optional(), value: surchargeFields.value.optional() })
  .superRefine(dateOrder);
export type SurchargeUpdate = z.input<typeof surchargeUpdate>;

// Commodity groups: an airline's named sets of products that tariffs, charges and surcharges may be limited to.

export const tariffGroup = z.object({
  id: z.number().int(),
  airline: airlineRef,
  code: z.string(),
  name: z.string(),
  /** Product codes in the group. */
  products: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TariffGroup = z.infer<typeof tariffGroup>;
export const tariffGroupCreate = z.object({
  airline_id: refId.optional(),
  code: groupCode,
  name: text(200, 1),
  products: codes(productCode, 200).optional(),
});
export type TariffGroupCreate = z.input<typeof tariffGroupCreate>;
export const tariffGroupUpdate = z.object({
  code: groupCode.optional(),
  name: text(200, 1).optional(),
  products: codes(productCode, 200).optional(),
});
export type TariffGroupUpdate = z.input<typeof tariffGroupUpdate>;
export const tariffGroupsQuery = pageQuery.extend({
  airline_id: numberFrom(z.number().int().positive().max(2_147_483_647)).optional(),
  q: text(200).optional(),
});

// Notification (awareness) marks.

/** Confirm awareness of the records named, or of every record new to the caller's company (`all`). */
export const notificationMarksInput = z
  .object({ ids: z.array(refId).max(1000).optional(), all: z.boolean().optional() })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: msg('required'), path: ['ids'] });
export type NotificationMarksInput = z.input<typeof notificationMarksInput>;
/** How many records were marked now (already-marked ones are not counted). */
export const notificationMarksResult = z.object({ marked: z.number().int() });

// XLSX.

/** Per-row report of an XLSX upload: rows created, updated and refused, with the reasons per row (row 2 = first data row). */
export const tariffsUploadReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      status: z.enum(['created', 'updated', 'unchanged', 'failed']),
      /** The tariff created or updated. */
      tariff_id: z.number().int().nullable(),
      errors: z.array(z.string()),
    }),
  ),
});
export type TariffsUploadReport = z.infer<typeof tariffsUploadReport>;
export const tariffsUploadQuery = z.object({
  airline_id: numberFrom(z.number().int().positive().max(2_147_483_647)).optional(),
});

/**
 * Columns of tariffs.xlsx, in order (one tariff per row, first-level summary rates). `id` empty creates a tariff;
 * an id of the airline's tariff updates it. Places are written `airport:SVO`, `city:MOW`, `country:RU`, `region:EU`;
 * lists (transfers, products, groups, companies by short name) are separated by spaces.
 */
export const TARIFFS_XLSX_COLUMNS = [
  'id',
  'carrier',
  'internal_id',
  'origin',
  'destination',
  'transfers',
  'non_stop',
  'basis',
  'currency',
  'vat_inclusion',
  'vat_percent',
  'level',
  'effective_from',
  'effective_to',
  'min_rate',
  'n',
  'q45',
  'q100',
  'q300',
  'q500',
  'q1000',
  'min_charge_weight',
  'products',
  'groups',
  'companies',
  'sales_channel',
  'document',
  'notes',
] as const;

// Quote.

export const dimensionInput = z.object({
  pieces: z.number().int().min(1).max(10_000),
  length: decimalInput(2, 5),
  width: decimalInput(2, 5),
  height: decimalInput(2, 5),
  unit: z.enum(['cm', 'in']).optional(),
});

/** POST /tariffs/quote: a shipment to price against one carrier's tariffs. */
export const quoteInput = z.object({
  /** Airline IATA designator. */
  carrier: airlineCode,
  origin: airportCode,
  destination: airportCode,
  /** Transfer airports of the route's legs, in order, when known; empty or absent: non-stop. */
  via: codes(airportCode, 5).optional(),
  /** The rating date (flight date or the date named); today (UTC) when absent. */
  date: isoDate.optional(),
  pieces: z.number().int().min(1).max(100_000),
  /** Gross weight, kg. */
  weight: decimalInput(3, 7),
  /** m3; wins over dimensions when both are given. */
  volume: decimalInput(6, 5).nullable().optional(),
  dimensions: z.array(dimensionInput).max(100).nullable().optional(),
  product: productCode.nullable().optional(),
  shcs: codes(shcCode, 20).optional(),
  level: z.enum(TARIFF_LEVELS).optional(),
  /** Preferred currency when tariffs of several currencies tie. */
  currency: currencyCode.nullable().optional(),
  sales_channel: optionalText(50),
  /**
   * The client company the price is for: the airline and the platform may name one (its restricted prices then apply);
   * a forwarder always gets its own company's prices.
   */
  company_id: refId.nullable().optional(),
});
export type QuoteInput = z.input<typeof quoteInput>;

/** Seed 001 chargeable_calc with the source of the chargeable weight. */
export const chargeableCalc = z.object({
  cw_auto_calculation: z.boolean(),
  gross_weight: decimal,
  volume: decimal,
  volume_weight: decimal,
  min_chargeable: decimal,
  chargeable_weight: decimal,
  source: z.enum(['gross', 'volume', 'minimum', 'airline']),
  chargeable_ratio: z.number(),
  rounding_rule: z.string(),
});
export type ChargeableCalc = z.infer<typeof chargeableCalc>;

/** Seed 001 "Rate line". `source_id` is the id of the tariff (freight), charge or surcharge of the line. */
export const rateLine = z.object({
  type: z.enum(['freight', 'charge', 'surcharge']),
  code: z.string(),
  rate_class_code: z.enum(RATE_CLASSES).nullable(),
  description: z.string(),
  rate: decimal,
  amount: decimal,
  currency: z.string(),
  base_value: decimal,
  basis: z.enum([...TARIFF_BASES, 'percent']),
  unit_code: z.enum(['KG', 'PC', 'SH', 'PCT']),
  vat: decimal,
  vat_percent: decimal,
  vat_inclusion: z.enum(VAT_INCLUSIONS),
  net: decimal,
  total: decimal,
  calculation_type: z.enum([
    'weight_break',
    'higher_weight_break',
    'minimum',
    'per_kg',
    'per_piece',
    'fixed',
    'percent',
  ]),
  due: z.enum(['A', 'C']),
  weight_break: decimal.nullable(),
  is_derivative: z.boolean(),
  source_id: z.number().int(),
});
export type RateLine = z.infer<typeof rateLine>;

export const currencyTotal = z.object({ currency: z.string(), net: decimal, vat: decimal, total: decimal });

export const EXCLUSION_CONDITIONS = [
  'carrier',
  'route',
  'routing',
  'not_yet_effective',
  'expired',
  'company',
  'sales_channel',
  'product',
  'group',
  'level',
  /** The caller's company has no active agreement with the airline that shows tariffs. */
  'agreement',
] as const;

export const quoteResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    date: z.string(),
    carrier: z.string(),
    tariff_id: z.number().int(),
    level: z.enum(TARIFF_LEVELS),
    chargeable: chargeableCalc,
    lines: z.array(rateLine),
    totals: z.array(currencyTotal),
    /** Other tariffs that applied as well, with the freight each would have charged (cheapest first). */
    alternatives: z.array(z.object({ tariff_id: z.number().int(), currency: z.string(), amount: decimal })),
  }),
  z.object({
    ok: z.literal(false),
    /** "Information about tariffs is not available". */
    message: z.string(),
    chargeable: chargeableCalc,
    reason: z.object({
      /** The first condition that excluded the nearest tariff (`agreement`: no agreement allows prices). */
      condition: z.enum(EXCLUSION_CONDITIONS),
      failed: z.array(z.enum(EXCLUSION_CONDITIONS)),
      tariff_id: z.number().int().nullable(),
      detail: z.string(),
    }),
  }),
]);
export type QuoteResult = z.infer<typeof quoteResult>;

// The forwarders' API (seed 001 section 7: forwarders_api/v1/billing/tariffs) for a forwarder's own systems.

export const forwarderTariff = tariff.omit({ notified_companies: true, excluded_companies: true });
export const forwarderTariffsQuery = pageQuery.extend({
  date: isoDate.optional(),
  carrier: airlineCode.optional(),
  origin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,20}$/, msg('invalidFormat'))
    .optional(),
  destination: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{2,20}$/, msg('invalidFormat'))
    .optional(),
});

const tags = ['tariffs'];
const idList = { params: idParam };

/** Billing tariffs: list, detail, create, edit, delete, awareness marks, XLSX, quote, forwarders' API. */
export const tariffsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/billing/tariffs',
    permission: 'tariffs:read',
    tags,
    summary: 'Tariffs the caller may see, with summary rates, by date, mode (on route, all, new) and order',
    query: tariffsQuery,
    response: paginated(tariff),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/billing/tariffs/:id',
    permission: 'tariffs:read',
    tags,
    summary: 'A tariff with its rates',
    ...idList,
    response: tariff,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/billing/tariffs',
    permission: 'tariffs:write',
    tags,
    summary: 'Create a tariff (needs a normal rate); an identical one answers Exists',
    body: tariffCreate,
    response: tariff,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/billing/tariffs/:id',
    permission: 'tariffs:write',
    tags,
    summary: 'Edit a tariff; `rates` replaces every rate',
    ...idList,
    body: tariffUpdate,
    response: tariff,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/billing/tariffs/:id',
    permission: 'tariffs:write',
    tags,
    summary: 'Delete a tariff',
    ...idList,
    response: null,
  }),
  notificationMarks: endpoint({
    method: 'POST',
    path: '/api/v3/billing/tariffs/notification_marks',
    permission: 'tariffs:read',
    tags,
    summary: "Confirm the forwarder company's awareness of the tariffs named, or of all new ones",
    body: notificationMarksInput,
    response: notificationMarksResult,
  }),
  xlsx: endpoint({
    method: 'GET',
    path: '/api/v3/billing/tariffs.xlsx',
    permission: 'tariffs:read',
    tags,
    summary: 'The filtered tariff list as tariffs.xlsx (every page; columns TARIFFS_XLSX_COLUMNS)',
    query: tariffsQuery,
    response: z.string().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v3/billing/tariffs.xlsx',
    permission: 'tariffs:write',
    tags,
    summary:
      'Upload tariffs.xlsx (multipart/form-data, field `file`): creates or updates tariffs, reports per row; bad rows change nothing',
    query: tariffsUploadQuery,
    response: tariffsUploadReport,
  }),
  quote: endpoint({
    method: 'POST',
    path: '/api/v3/tariffs/quote',
    permission: 'tariffs:read',
    tags,
    summary:
      "Price a shipment on a carrier's tariffs: chargeable weight, rate lines and totals, or why no tariff applies",
    body: quoteInput,
    response: quoteResult,
  }),
  forwarderTariffs: endpoint({
    method: 'GET',
    path: '/forwarders_api/v1/billing/tariffs',
    permission: 'tariffs:read',
    tags: ['forwarders_api'],
    summary: "Tariffs a forwarder's agreements let it see, for its own systems",
    query: forwarderTariffsQuery,
    response: paginated(forwarderTariff),
  }),
};

/** Billing charges; create, edit and delete are the platform's (seed 000: external charges create/edit). */
export const tariffChargesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/billing/charges',
    permission: 'tariffs:read',
    tags,
    summary: 'Charges the caller may see, by date, mode and order',
    query: tariffsQuery,
    response: paginated(charge),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/billing/charges/:id',
    permission: 'tariffs:read',
    tags,
    summary: 'A charge',
    ...idList,
    response: charge,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/billing/charges',
    permission: 'tariff_charges:write',
    tags,
    summary: 'Create a charge for an airline (airline_id required for the platform)',
    body: chargeCreate,
    response: charge,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/billing/charges/:id',
    permission: 'tariff_charges:write',
    tags,
    summary: 'Edit a charge',
    ...idList,
    body: chargeUpdate,
    response: charge,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/billing/charges/:id',
    permission: 'tariff_charges:write',
    tags,
    summary: 'Delete a charge',
    ...idList,
    response: null,
  }),
  notificationMarks: endpoint({
    method: 'POST',
    path: '/api/v3/billing/charges/notification_marks',
    permission: 'tariffs:read',
    tags,
    summary: "Confirm the forwarder company's awareness of the charges named, or of all new ones",
    body: notificationMarksInput,
    response: notificationMarksResult,
  }),
};

export const tariffSurchargesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/billing/surcharges',
    permission: 'tariffs:read',
    tags,
    summary: 'Surcharges the caller may see, by date, mode and order',
    query: tariffsQuery,
    response: paginated(surcharge),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/billing/surcharges/:id',
    permission: 'tariffs:read',
    tags,
    summary: 'A surcharge',
    ...idList,
    response: surcharge,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/billing/surcharges',
    permission: 'tariffs:write',
    tags,
    summary: 'Create a surcharge',
    body: surchargeCreate,
    response: surcharge,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/billing/surcharges/:id',
    permission: 'tariffs:write',
    tags,
    summary: 'Edit a surcharge',
    ...idList,
    body: surchargeUpdate,
    response: surcharge,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/billing/surcharges/:id',
    permission: 'tariffs:write',
    tags,
    summary: 'Delete a surcharge',
    ...idList,
    response: null,
  }),
  notificationMarks: endpoint({
    method: 'POST',
    path: '/api/v3/billing/surcharges/notification_marks',
    permission: 'tariffs:read',
    tags,
    summary: "Confirm the forwarder company's awareness of the surcharges named, or of all new ones",
    body: notificationMarksInput,
    response: notificationMarksResult,
  }),
};

export const tariffGroupsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/billing/groups',
    permission: 'tariffs:read',
    tags,
    summary:
      "An airline's commodity groups (the platform: every airline's; a forwarder: those of airlines it sees tariffs of)",
    query: tariffGroupsQuery,
    response: paginated(tariffGroup),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/billing/groups/:id',
    permission: 'tariffs:read',
    tags,
    summary: 'A commodity group',
    ...idList,
    response: tariffGroup,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/billing/groups',
    permission: 'tariffs:write',
    tags,
    summary: 'Create a commodity group',
    body: tariffGroupCreate,
    response: tariffGroup,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/billing/groups/:id',
    permission: 'tariffs:write',
    tags,
    summary: 'Edit a commodity group',
    ...idList,
    body: tariffGroupUpdate,
    response: tariffGroup,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/billing/groups/:id',
    permission: 'tariffs:write',
    tags,
    summary: 'Delete a commodity group (not while a tariff, charge or surcharge names it)',
    ...idList,
    response: null,
  }),
};
