import { CURRENCIES, INN_COUNTRIES, innIssue } from '@aircargo/domain';
import { AWB_PATTERN, awbCheckDigit } from '@aircargo/domain/awb';
import { incompatibleShcs } from '@aircargo/domain/booking-rules';
import { z } from 'zod';
import { iataAirport, isoDate, messageRef, numberFrom } from './common';
import { optionalText, refId, text } from './companies';
import { endpoint } from './endpoint';
import { CHANGE_CHANNELS } from './flights';
import { msg } from './messages';
import { optionalContactNumber, optionalLatinText } from './rules';
import { awbPrefix } from './stocks';
import { decimalInput } from './tariffs';

/**
 * Master air waybills (seed 001 section 3 "Air waybill (shipment)", Goods item, Rate line; sections 5 and 7; issue 12
 * item 2). Weights are kg and volumes m3 (JSON numbers, like bookings); money is decimal text ("405.00", decision 005).
 *
 * Addressing: every `/api/v3/air_waybills/:id` route takes either the numeric id (`42`) or the AWB number as written,
 * `PPP-SSSSSSSC` ("020-12345675", the hyphen may be left out), so the web can link `/shipments/:mawb` and call the API
 * with the number it shows. Numbers are unique, so both forms name at most one waybill; one outside the caller's scope
 * is not found (404) either way.
 *
 * The list (`GET /api/v3/air_waybills`) is `airWaybillListApi` (air-waybill-list.ts); the lifecycle (issue, verify,
 * void, deliver), houses, movements and attachments have their own contracts.
 */

const tags = ['air_waybills'] as const;

export const AWB_SOURCES = ['web', 'booking', 'fwb', 'api'] as const;
export const AWB_PAYMENTS = ['prepaid', 'collect'] as const;
export const VOID_PAYMENTS = ['required', 'not_required'] as const;
/** Where `charge_weight` came from: the calculation, typed by the forwarder, or set by the airline. */
export const CHARGE_WEIGHT_SOURCES = ['auto', 'manual', 'airline'] as const;
export const RATE_CALCULATION_TYPES = ['auto', 'manual'] as const;
/** Notices on a waybill (seed 001 "Notices: kind, text"). */
export const NOTICE_KINDS = ['info', 'warning', 'handling', 'customs'] as const;
/** Volume weight divisor (domain primer section 2): cm3 per kg. */
export const VOLUME_DIVISOR = 6000;

// Identifiers.

/**
 * An AWB number typed by a user: `PPP-SSSSSSSC` (a hyphen or blank, or nothing, between prefix and serial). Refused
 * with "AWB number pattern XXX-XXXXXXXX" when the form is wrong and "invalid control bit" when the check digit is not
 * the serial mod 7. Normalised to `PPP-SSSSSSSC`.
 */
export const awbNumber = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const match = AWB_PATTERN.exec(v);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: msg('awbPattern') });
      return z.NEVER;
    }
    const [, prefix = '', serial = '', check = ''] = match;
    if (awbCheckDigit(serial) !== Number(check)) {
      ctx.addIssue({ code: 'custom', message: msg('awbControlBit') });
      return z.NEVER;
    }
    return `${prefix}-${serial}${check}`;
  });

/** The `:id` of the waybill routes: a numeric id or an AWB number (see the file comment). */
export const awbRef = z.union([
  numberFrom(z.number().int().positive().max(2_147_483_647)),
  z
    .string()
    .trim()
    .regex(/^\d{3}[- ]?\d{8}$/, msg('awbPattern'))
    .transform((v) => `${v.slice(0, 3)}-${v.slice(-8)}`),
]);
export type AwbRef = z.infer<typeof awbRef>;
export const awbRefParam = z.object({ id: awbRef });
export const awbRateParams = z.object({
  id: awbRef,
  rate_id: numberFrom(z.number().int().positive().max(2_147_483_647)),
});

const upperCode = (pattern: RegExp) => z.string().trim().toUpperCase().regex(pattern, msg('invalidFormat'));
const airport = upperCode(/^[A-Z]{3}$/);
const carrierCode = upperCode(/^[A-Z0-9]{2}$/);
const shcCode = upperCode(/^[A-Z0-9]{3}$/);
/** SHCs of a waybill: at most 9, none twice, no pair that must not travel together ("incompatible SHC codes"). */
export const shcCodes = z
  .array(shcCode)
  .max(9)
  .transform((v) => [...new Set(v)])
  .refine((v) => incompatibleShcs(v).length === 0, msg('incompatibleShcs'));
/** A Harmonized System code: 6 to 10 digits (dots and blanks as written are dropped). */
export const hsCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{6,10}$/, msg('invalidFormat')));
export const hsCodes = z
  .array(hsCode)
  .max(50)
  .transform((v) => [...new Set(v)]);
const kg = (max: number) => z.number().positive().max(max).multipleOf(0.001);
const countryCode = upperCode(/^[A-Z]{2}$/);

// Parts of a waybill.

/**
 * A shipper, consignee or notify party. `contacts` is a phone number under 25 digits; `tax_id` of a Russian party
 * (country_code RU) is an INN of 10 or 12 digits ("Invalid INN length").
 */
const partyShape = {
  name: optionalText(200),
  address: optionalText(500),
  city: optionalText(100),
  state: optionalText(100),
  country_code: countryCode.nullable().optional(),
  post_code: optionalText(20),
  contacts: optionalContactNumber,
  tax_id: optionalText(50),
};

function refineInn(party: { country_code?: string | null; tax_id?: string | null }, ctx: z.RefinementCtx): void {
  const country = party.country_code?.toUpperCase();
  if (!country || !INN_COUNTRIES.includes(country) || !party.tax_id) return;
  const issue = innIssue(party.tax_id);
  if (issue) {
    ctx.addIssue({
      code: 'custom',
      path: ['tax_id'],
      message: msg(issue === 'invalid format' ? 'invalidFormat' : issue),
    });
  }
}

export const awbParty = z.object(partyShape).superRefine(refineInn);
export type AwbPartyInput = z.infer<typeof awbParty>;

/** A shipper or consignee: the name is required. */
const namedParty = z.object({ ...partyShape, name: text(200, 1) }).superRefine(refineInn);

export const partyRecord = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country_code: z.string().nullable(),
  post_code: z.string().nullable(),
  contacts: z.string().nullable(),
  tax_id: z.string().nullable(),
});
export type PartyRecord = z.infer<typeof partyRecord>;

/** One leg of the route: airports, carrier, flight number and local departure date, and the segment when booked. */
export const awbLeg = z.object({
  origin: airport,
  destination: airport,
  carrier: carrierCode,
  flight: upperCode(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/)
    .nullable()
    .optional(),
  /** The local date of departure: a real date ("invalid flight date"). */
  date: z.iso.date(msg('invalidFlightDate')).nullable().optional(),
  segment_id: refId.nullable().optional(),
});
export const awbLegRecord = z.object({
  origin: z.string(),
  destination: z.string(),
  carrier: z.string(),
  flight: z.string().nullable(),
  date: z.string().nullable(),
  segment_id: z.number().int().nullable(),
});
export type AwbLegRecord = z.infer<typeof awbLegRecord>;

export const goodsItem = z.object({
  description: optionalLatinText(500),
  hs_code: hsCode.nullable().optional(),
  marks: optionalText(200),
  packing: optionalText(100),
  pieces: z.number().int().positive().max(99_999).nullable().optional(),
  weight: kg(1_000_000).nullable().optional(),
});
export const goodsItemRecord = z.object({
  id: z.number().int(),
  description: z.string().nullable(),
  hs_code: z.string().nullable(),
  marks: z.string().nullable(),
  packing: z.string().nullable(),
  pieces: z.number().int().nullable(),
  weight: z.number().nullable(),
});

/** Dimensions of pieces, cm and kg. */
export const awbDimension = z.object({
  length: z.number().positive().max(10_000).multipleOf(0.01),
  width: z.number().positive().max(10_000).multipleOf(0.01),
  height: z.number().positive().max(10_000).multipleOf(0.01),
  pieces: z.number().int().positive().max(99_999),
  weight: kg(1_000_000).nullable().optional(),
});
export const awbDimensionRecord = z.object({
  id: z.number().int(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  pieces: z.number().int(),
  weight: z.number().nullable(),
});

export const awbNotice = z.object({ kind: z.enum(NOTICE_KINDS), text: text(1000, 1) });
export const awbNoticeRecord = z.object({
  id: z.number().int(),
  kind: z.string(),
  text: z.string(),
  created_at: z.string(),
});

export const ociLine = z.object({
  country: countryCode.nullable().optional(),
  info_id: upperCode(/^[A-Z]{1,3}$/)
    .nullable()
    .optional(),
  customs_id: upperCode(/^[A-Z0-9]{1,2}$/)
    .nullable()
    .optional(),
  info: text(35, 1),
});
export const accLine = z.object({
  id: upperCode(/^[A-Z]{1,3}$/)
    .nullable()
    .optional(),
  info: text(200, 1),
});
const ociRecord = z.object({
  country: z.string().nullable(),
  info_id: z.string().nullable(),
  customs_id: z.string().nullable(),
  info: z.string(),
});
const accRecord = z.object({ id: z.string().nullable(), info: z.string() });

/** Seed 001 chargeable_calc: gross, volume weight (volume x 1,000,000 / 6000), airline minimum, and the greatest. */
export const chargeableCalc = z.object({
  cw_auto_calculation: z.boolean(),
  gross_weight: z.number(),
  volume_weight: z.number(),
  min_chargeable: z.number(),
  chargeable_weight: z.number(),
});
export type ChargeableCalcRecord = z.infer<typeof chargeableCalc>;

/** Seed 001 Rate line. Money and rates are decimal text. */
export const rateLine = z.object({
  id: z.number().int(),
  code: z.string(),
  rate_class_code: z.string().nullable(),
  description: z.string().nullable(),
  rate: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  base_value: z.string().nullable(),
  basis: z.string().nullable(),
  vat: z.string().nullable(),
  vat_percent: z.string().nullable(),
  invoice_number: z.string().nullable(),
  unit_code: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  buyer_id: z.number().int().nullable(),
  calculation_type: z.enum(RATE_CALCULATION_TYPES),
  created_at: z.string(),
});
export type RateLine = z.infer<typeof rateLine>;

/** POST rates: a rate line added by hand (`calculation_type` manual). */
export const rateLineCreate = z.object({
  code: upperCode(/^[A-Z0-9]{1,8}$/),
  rate_class_code: upperCode(/^[A-Z]{1}$/)
    .nullable()
    .optional(),
  description: optionalText(200),
  rate: decimalInput(4, 10).nullable().optional(),
  amount: decimalInput(2, 12),
  currency: z.enum(CURRENCIES),
  base_value: decimalInput(3, 10).nullable().optional(),
  basis: optionalText(20),
  vat: decimalInput(2, 12).nullable().optional(),
  vat_percent: decimalInput(2, 3).nullable().optional(),
  invoice_number: optionalText(50),
  unit_code: optionalText(10),
  supplier_id: refId.nullable().optional(),
  buyer_id: refId.nullable().optional(),
});
export type RateLineCreate = z.infer<typeof rateLineCreate>;

// Responses.

export const awbCompany = z.object({
  id: z.number().int(),
  short_name: z.string(),
  name: z.string(),
});

/** The forwarder as the waybill shows it (seed 001: short_name, name, local_name, address, country, city, post_code). */
export const awbForwarder = awbCompany.extend({
  local_name: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  post_code: z.string().nullable(),
});

/** The booking the waybill was made from. */
export const awbBookingSummary = z.object({
  id: z.number().int(),
  response_status: z.string(),
  active: z.boolean(),
});

export const airWaybillRecord = z.object({
  id: z.number().int(),
  mawb: z.string(),
  prefix: z.string(),
  /** The 7-digit serial ("blank"). */
  serial: z.string(),
  /** Seed `airline_prefix`: the same as `prefix`. */
  airline_prefix: z.string(),
  airline: awbCompany,
  forwarder: awbForwarder,
  booking_id: z.number().int().nullable(),
  booking: awbBookingSummary.nullable(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  volume: z.number(),
  carrier: z.string(),
  product_type: z.string().nullable(),
  commodity: z.string().nullable(),
  source: z.enum(AWB_SOURCES),
  shcs: z.array(z.string()),
  hs_codes: z.array(z.string()),
  mrn: z.string().nullable(),
  postal: z.boolean(),
  forwarder_account: z.string().nullable(),
  notify: partyRecord.nullable(),
  shipper: partyRecord,
  consignee: partyRecord,
  charge_weight: z.number().nullable(),
  charge_weight_source: z.string().nullable(),
  airline_defined_cw: z.number().nullable(),
  chargeable_calc: chargeableCalc.nullable(),
  special_service_request: z.string().nullable(),
  other_service_request: z.string().nullable(),
  oci: z.array(ociRecord),
  acc: z.array(accRecord),
  customs_info: z.record(z.string(), z.string().nullable()).nullable(),
  as_agreed_rates: z.boolean(),
  payment: z.enum(AWB_PAYMENTS),
  currency: z.string().nullable(),
  prepaid_total: z.string().nullable(),
  collect_total: z.string().nullable(),
  manual_route: z.boolean(),
  route_data: z.array(awbLegRecord),
  booked: z.boolean(),
  issued: z.boolean(),
  delivered: z.boolean(),
  verified: z.boolean(),
  billed: z.boolean(),
  departed: z.boolean(),
  warning: z.boolean(),
  voided: z.boolean(),
  void_payment: z.enum(VOID_PAYMENTS).nullable(),
  void_reason: z.string().nullable(),
  void_cancel_reason: z.string().nullable(),
  su_booking_status: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  issued_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  billing_date: z.string().nullable(),
  issue_date: z.string().nullable(),
  service_start_date: z.string().nullable(),
  departed_at: z.string().nullable(),
  flight_date: z.string().nullable(),
  row_version: z.number().int(),
  /** Shipper's letter of instruction (issue 13 item 3, waybill-labels contract): its barcode once sent, when it was
   * last sent, the shipper's answer (null until answered) and whether it can be sent now. */
  sli_barcode: z.string().nullable(),
  sli_sent_at: z.string().nullable(),
  sli_accepted: z.boolean().nullable(),
  sli_answered_at: z.string().nullable(),
  can_send_sli: z.boolean(),
  goods_items: z.array(goodsItemRecord),
  dimensions: z.array(awbDimensionRecord),
  notices: z.array(awbNoticeRecord),
  rate_lines: z.array(rateLine),
});
export type AirWaybillRecord = z.infer<typeof airWaybillRecord>;

/** GET bookings: the bookings carrying this number (seed 001 "Bookings (actual/effective)"). */
export const awbBooking = z.object({
  id: z.number().int(),
  mawb: z.string().nullable(),
  carrier: z.string(),
  origin: z.string(),
  destination: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  volume: z.number(),
  request_status: z.string(),
  response_status: z.string(),
  effective: z.boolean(),
  active: z.boolean(),
  /** The first segment has left (its STD is past). */
  is_departed: z.boolean(),
  segment_data: z.array(
    z.object({
      segment_id: z.number().int(),
      carrier: z.string(),
      flight_number: z.string(),
      origin: z.string(),
      destination: z.string(),
      std: z.string(),
      sta: z.string(),
    }),
  ),
  created_at: z.string(),
});
export type AwbBooking = z.infer<typeof awbBooking>;

export const awbChange = z.object({
  id: z.number().int(),
  channel: z.enum(CHANGE_CHANNELS),
  user_id: z.number().int().nullable(),
  change_set: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  created_at: z.string(),
});

/** POST calculate: the chargeable weight, the rate lines made and the totals. */
export const calculation = z.object({
  air_waybill: airWaybillRecord,
  chargeable_calc: chargeableCalc,
  rate_lines: z.array(rateLine),
  /** No tariff of the carrier covers the route, product and date: only the chargeable weight was stored. */
  tariff_found: z.boolean(),
  warnings: z.array(z.object({ message: z.string(), message_key: messageRef })),
});
export type Calculation = z.infer<typeof calculation>;

// Requests.

/** The fields a waybill is made of and edited by (the number is fixed once made), without defaults. */
const waybillFields = {
  origin_iata: iataAirport,
  destination_iata: iataAirport,
  pieces: z.number().int().positive().max(99_999),
  weight: kg(1_000_000),
  volume: z.number().nonnegative().max(100_000).multipleOf(0.001),
  /** The carrier's two-character code; defaults to the airline owning the prefix. */
  carrier: carrierCode,
  product_type: upperCode(/^[A-Z0-9]{2,8}$/).nullable(),
  /** Latin letters and numbers only (seed 001 section 5). */
  commodity: optionalLatinText(200),
  shcs: shcCodes,
  hs_codes: hsCodes,
  mrn: upperCode(/^[A-Z0-9]{18}$/).nullable(),
  forwarder_account: optionalText(50),
  notify: awbParty.nullable(),
  shipper: namedParty,
  consignee: namedParty,
  charge_weight: kg(1_000_000).nullable(),
  special_service_request: optionalText(500),
  other_service_request: optionalText(500),
  oci: z.array(ociLine).max(20),
  acc: z.array(accLine).max(20),
  customs_info: z.record(z.string().max(50), z.string().max(200).nullable()).nullable(),
  as_agreed_rates: z.boolean(),
  payment: z.enum(AWB_PAYMENTS),
  currency: z.enum(CURRENCIES).nullable(),
  service_start_date: isoDate.nullable(),
  /** True when the route was typed rather than taken from a booking or a route search. */
  manual_route: z.boolean(),
  route: z.array(awbLeg).max(4),
  goods_items: z.array(goodsItem).max(50),
  dimensions: z.array(awbDimension).max(100),
  notices: z.array(awbNotice).max(50),
};

/** Create: the required fields, and defaults for the rest. */
const createFields = {
  ...waybillFields,
  volume: waybillFields.volume.default(0),
  carrier: waybillFields.carrier.optional(),
  product_type: waybillFields.product_type.optional(),
  shcs: waybillFields.shcs.default([]),
  hs_codes: waybillFields.hs_codes.default([]),
  mrn: waybillFields.mrn.optional(),
  postal: z.boolean().default(false),
  notify: waybillFields.notify.optional(),
  charge_weight: waybillFields.charge_weight.optional(),
  oci: waybillFields.oci.default([]),
  acc: waybillFields.acc.default([]),
  customs_info: waybillFields.customs_info.optional(),
  as_agreed_rates: waybillFields.as_agreed_rates.default(false),
  payment: waybillFields.payment.default('prepaid'),
  currency: waybillFields.currency.optional(),
  service_start_date: waybillFields.service_start_date.optional(),
  manual_route: waybillFields.manual_route.default(false),
  route: waybillFields.route.default([]),
  goods_items: waybillFields.goods_items.default([]),
  dimensions: waybillFields.dimensions.default([]),
  notices: waybillFields.notices.default([]),
};

/** Refuses a waybill without any HS code (its own list or a goods item's). */
function requireHsCode(
  value: { hs_codes?: string[]; goods_items?: { hs_code?: string | null }[] },
  ctx: z.RefinementCtx,
): void {
  const any = (value.hs_codes?.length ?? 0) > 0 || (value.goods_items ?? []).some((g) => !!g.hs_code);
  if (!any) ctx.addIssue({ code: 'custom', path: ['hs_codes'], message: msg('hsCodeRequired') });
}

/** The route's legs join up from the origin to the destination, and no leg leaves on a date before the previous one. */
function refineRoute(
  value: {
    origin_iata?: string;
    destination_iata?: string;
    route?: { origin: string; destination: string; date?: string | null }[];
  },
  ctx: z.RefinementCtx,
): void {
  const legs = value.route ?? [];
  legs.forEach((leg, i) => {
    const before = legs
      .slice(0, i)
      .map((l) => l.date)
      .filter((d): d is string => !!d)
      .pop();
    if (leg.date && before && leg.date < before) {
      ctx.addIssue({ code: 'custom', path: ['route', i, 'date'], message: msg('invalidFlightDate') });
    }
  });
  if (legs.length === 0 || !value.origin_iata || !value.destination_iata) return;
  const joined =
    legs[0]!.origin === value.origin_iata &&
    legs[legs.length - 1]!.destination === value.destination_iata &&
    legs.every((leg, i) => i === 0 || legs[i - 1]!.destination === leg.origin);
  if (!joined) ctx.addIssue({ code: 'custom', path: ['route'], message: msg('awbRouteBroken') });
}

/**
 * POST /air_waybills. The number is either typed (`mawb`, checked: pattern, control bit, not voided or used) or taken
 * from the forwarder's stock (`from_stock: true` with the airline's `prefix`). The platform and airlines create for a
 * forwarder (`forwarder_id`); a forwarder's own company is taken. Needs at least one HS code and no prohibited SHC.
 */
export const airWaybillCreate = z
  .object({
    mawb: awbNumber.optional(),
    from_stock: z.boolean().default(false),
    prefix: awbPrefix.optional(),
    forwarder_id: refId.optional(),
    ...createFields,
  })
  .superRefine((value, ctx) => {
    if (value.from_stock) {
      if (value.mawb !== undefined) ctx.addIssue({ code: 'custom', path: ['mawb'], message: msg('awbNumberOrStock') });
      if (value.prefix === undefined) ctx.addIssue({ code: 'custom', path: ['prefix'], message: msg('required') });
    } else if (value.mawb === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mawb'], message: msg('required') });
    }
    requireHsCode(value, ctx);
    refineRoute(value, ctx);
  });
export type AirWaybillCreate = z.infer<typeof airWaybillCreate>;
export type AirWaybillCreateInput = z.input<typeof airWaybillCreate>;

/**
 * POST /bookings/{id}/air_waybill: the forwarder makes the waybill of its booking. Route, legs, pieces, weight, volume,
 * SHCs and commodity come from the booking; the number is the booking's `mawb`, else typed here or taken from stock of
 * the booking's airline. The rest as in create.
 */
export const airWaybillFromBooking = z
  .object({
    mawb: awbNumber.optional(),
    from_stock: z.boolean().default(false),
    prefix: awbPrefix.optional(),
    product_type: createFields.product_type,
    hs_codes: createFields.hs_codes,
    mrn: createFields.mrn,
    forwarder_account: createFields.forwarder_account,
    notify: createFields.notify,
    shipper: namedParty,
    consignee: namedParty,
    special_service_request: createFields.special_service_request,
    other_service_request: createFields.other_service_request,
    oci: createFields.oci,
    acc: createFields.acc,
    customs_info: createFields.customs_info,
    as_agreed_rates: createFields.as_agreed_rates,
    payment: createFields.payment,
    currency: createFields.currency,
    goods_items: createFields.goods_items,
    notices: createFields.notices,
  })
  .superRefine((value, ctx) => {
    if (value.from_stock && value.mawb !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['mawb'], message: msg('awbNumberOrStock') });
    }
    requireHsCode(value, ctx);
  });
export type AirWaybillFromBooking = z.infer<typeof airWaybillFromBooking>;

/** The editable fields, all optional (an absent field stays as it is). */
const waybillPatch = z.object(waybillFields).partial();

/**
 * PATCH /air_waybills/{id} (seed "PATCH {id} (body air_waybill, dimensions)"): changed fields under `air_waybill`;
 * `dimensions`, when given, replaces the list. `row_version`, when given, must be the stored one (409 otherwise). A
 * voided waybill is not changed. The HS-code and route rules are judged again on the result.
 */
export const airWaybillUpdate = z.object({
  air_waybill: waybillPatch.default({}),
  dimensions: z.array(awbDimension).max(100).optional(),
  row_version: z.number().int().positive().optional(),
});
export type AirWaybillUpdate = z.infer<typeof airWaybillUpdate>;
export type AirWaybillUpdateInput = z.input<typeof airWaybillUpdate>;

/** POST calculate: the date the tariff must be valid on (default today) and an optional product. */
export const calculateBody = z.object({
  date: isoDate.optional(),
});
export type CalculateBody = z.infer<typeof calculateBody>;

// Endpoints.

export const airWaybillsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills',
    permission: 'air_waybills:create',
    tags,
    summary: 'Create a master air waybill (number typed or from stock)',
    body: airWaybillCreate,
    response: airWaybillRecord,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id',
    permission: 'air_waybills:read',
    tags,
    summary: 'An air waybill by id or AWB number, with goods items, dimensions, notices and rate lines',
    params: awbRefParam,
    response: airWaybillRecord,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/air_waybills/:id',
    permission: 'air_waybills:write',
    tags,
    summary: 'Edit an air waybill (body air_waybill, dimensions)',
    params: awbRefParam,
    body: airWaybillUpdate,
    response: airWaybillRecord,
  }),
  changes: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/changes',
    permission: 'air_waybills:read',
    tags,
    summary: 'The change log of an air waybill, newest first',
    params: awbRefParam,
    response: z.object({ data: z.array(awbChange) }),
  }),
  calculate: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/calculate',
    permission: 'air_waybills:write',
    tags,
    summary: 'Chargeable weight and the freight rate lines by the carrier tariffs (stored on the waybill)',
    params: awbRefParam,
    body: calculateBody,
    response: calculation,
  }),
  rates: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/rates',
    permission: 'air_waybills:read',
    tags,
    summary: 'Rate lines of an air waybill',
    params: awbRefParam,
    response: z.object({ data: z.array(rateLine) }),
  }),
  addRate: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/rates',
    permission: 'air_waybills:write',
    tags,
    summary: 'Add a rate line by hand',
    params: awbRefParam,
    body: rateLineCreate,
    response: rateLine,
    status: 201,
  }),
  deleteRate: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/rates/:rate_id',
    permission: 'air_waybills:write',
    tags,
    summary: 'Delete a rate line',
    params: awbRateParams,
    response: null,
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/bookings',
    permission: 'air_waybills:read',
    tags,
    summary: 'The bookings carrying the number of an air waybill',
    params: awbRefParam,
    response: z.object({ data: z.array(awbBooking) }),
  }),
  fromBooking: endpoint({
    method: 'POST',
    path: '/api/v3/bookings/:id/air_waybill',
    permission: 'air_waybills:write',
    tags,
    summary: 'Create the air waybill of a booking (route, legs and cargo copied from it)',
    params: z.object({ id: numberFrom(z.number().int().positive().max(2_147_483_647)) }),
    body: airWaybillFromBooking,
    response: airWaybillRecord,
    status: 201,
  }),
};
