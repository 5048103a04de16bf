import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  type IndexColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { companies, users } from './companies';

// Air waybills (seed 001 section 3 "Air waybill (shipment)", Goods item, House waybill, Rate line, Void request; issue 12
// items 2 to 5). Weights kg and volumes m3 as numeric(12,3), money numeric(14,2), every time timestamptz. Every child
// row goes with its waybill (ON DELETE CASCADE). Tenancy: a forwarder's rows are `forwarder_id`, an airline's are the
// ones on its prefixes (`airline_id`); server/src/modules/air-waybills/air-waybills.policy.ts builds the condition.

const kg = (name: string) => numeric(name, { precision: 12, scale: 3 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const at = (name: string) => timestamp(name, { withTimezone: true });
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const timestamps = {
  created_at: at('created_at').notNull().defaultNow(),
  updated_at: at('updated_at').notNull().defaultNow(),
};

export const AWB_SOURCES = ['web', 'booking', 'fwb', 'api'] as const;
export type AwbSource = (typeof AWB_SOURCES)[number];
export const AWB_PAYMENTS = ['prepaid', 'collect'] as const;
export const VOID_PAYMENTS = ['required', 'not_required'] as const;
export const VOID_REQUEST_STATUSES = ['requested', 'accepted', 'declined'] as const;

/** A shipper, consignee or notify party as stored (seed 001: name, address, city, state, country_code, post_code, ...). */
export interface AwbParty {
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country_code: string | null;
  post_code: string | null;
  contacts: string | null;
  tax_id: string | null;
}

/** One leg of a waybill's route (`route_data`). */
export interface AwbLeg {
  origin: string;
  destination: string;
  carrier: string;
  flight: string | null;
  /** YYYY-MM-DD, the local date of departure. */
  date: string | null;
  segment_id: number | null;
}

/** Seed 001 chargeable_calc. */
export interface ChargeableCalc {
  cw_auto_calculation: boolean;
  gross_weight: number;
  volume_weight: number;
  min_chargeable: number;
  chargeable_weight: number;
}

/** An OCI line (other customs information): country, information identifier, customs identifier, text. */
export interface AwbOci {
  country: string | null;
  info_id: string | null;
  customs_id: string | null;
  info: string;
}

/** An ACC line (accounting information): identifier and text. */
export interface AwbAcc {
  id: string | null;
  info: string;
}

/** The columns the air-waybill lists filter and search on besides the sort key (shipments.repository.ts). */
function listFilterColumns<
  T extends Record<
    | 'carrier'
    | 'origin_iata'
    | 'destination_iata'
    | 'mawb'
    | 'booked'
    | 'issued'
    | 'delivered'
    | 'verified'
    | 'billed'
    | 'departed'
    | 'warning'
    | 'voided',
    IndexColumn
  >,
>(t: T): IndexColumn[] {
  return [
    t.voided,
    t.issued,
    t.delivered,
    t.verified,
    t.billed,
    t.departed,
    t.warning,
    t.booked,
    t.carrier,
    t.origin_iata,
    t.destination_iata,
    t.mawb,
  ];
}

export const airWaybills = pgTable(
  'air_waybills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `PPP-SSSSSSSC` (prefix, 7-digit serial, check digit = serial mod 7). */
    mawb: text('mawb').notNull(),
    prefix: text('prefix').notNull(),
    serial: integer('serial').notNull(),
    /** The carrier owning the prefix. */
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id),
    forwarder_id: integer('forwarder_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    origin_iata: text('origin_iata').notNull(),
    destination_iata: text('destination_iata').notNull(),
    pieces: integer('pieces').notNull(),
    weight: kg('weight').notNull(),
    volume: kg('volume').notNull().default('0'),
    carrier: text('carrier').notNull(),
    product_type: text('product_type'),
    commodity: text('commodity'),
    source: text('source', { enum: AWB_SOURCES }).notNull(),
    shcs: textArray('shcs'),
    hs_codes: textArray('hs_codes'),
    mrn: text('mrn'),
    postal: boolean('postal').notNull().default(false),
    forwarder_account: text('forwarder_account'),
    notify: jsonb('notify').$type<AwbParty | null>(),
    shipper: jsonb('shipper').$type<AwbParty>().notNull(),
    consignee: jsonb('consignee').$type<AwbParty>().notNull(),
    charge_weight: kg('charge_weight'),
    /** Where charge_weight came from: auto (the calculation), manual, airline. */
    charge_weight_source: text('charge_weight_source'),
    airline_defined_cw: kg('airline_defined_cw'),
    chargeable_calc: jsonb('chargeable_calc').$type<ChargeableCalc | null>(),
    special_service_request: text('special_service_request'),
    other_service_request: text('other_service_request'),
    oci: jsonb('oci').$type<AwbOci[]>().notNull().default([]),
    acc: jsonb('acc').$type<AwbAcc[]>().notNull().default([]),
    customs_info: jsonb('customs_info').$type<Record<string, string | null> | null>(),
    as_agreed_rates: boolean('as_agreed_rates').notNull().default(false),
    payment: text('payment', { enum: AWB_PAYMENTS }).notNull().default('prepaid'),
    currency: text('currency'),
    prepaid_total: money('prepaid_total'),
    collect_total: money('collect_total'),
    manual_route: boolean('manual_route').notNull().default(false),
    route_data: jsonb('route_data').$type<AwbLeg[]>().notNull().default([]),
    booked: boolean('booked').notNull().default(false),
    issued: boolean('issued').notNull().default(false),
    delivered: boolean('delivered').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    billed: boolean('billed').notNull().default(false),
    departed: boolean('departed').notNull().default(false),
    warning: boolean('warning').notNull().default(false),
    voided: boolean('voided').notNull().default(false),
    void_payment: text('void_payment', { enum: VOID_PAYMENTS }),
    void_reason: text('void_reason'),
    void_cancel_reason: text('void_cancel_reason'),
    su_booking_status: text('su_booking_status'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    issued_at: at('issued_at'),
    verified_at: at('verified_at'),
    delivered_at: at('delivered_at'),
    voided_at: at('voided_at'),
    billing_date: date('billing_date', { mode: 'string' }),
    issue_date: date('issue_date', { mode: 'string' }),
    service_start_date: date('service_start_date', { mode: 'string' }),
    /** The "report" date type of the lists. */
    departed_at: at('departed_at'),
    /** The first leg's date: the "booking" date type of the lists. */
    flight_date: date('flight_date', { mode: 'string' }),
    /** Shipper's letter of instruction (issue 13 item 3): its barcode (set when first sent), when it was last sent, and
     * the shipper's answer (null until answered). */
    sli_barcode: text('sli_barcode'),
    sli_sent_at: at('sli_sent_at'),
    sli_accepted: boolean('sli_accepted'),
    sli_answered_at: at('sli_answered_at'),
    row_version: integer('row_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('air_waybills_mawb_key').on(t.mawb),
    index('air_waybills_created_idx').on(t.created_at.desc(), t.id.desc()),
    // Per scope, the list's default order and, after it, what its tabs, filter flags and the profile's narrowing read:
    // a page seeks to its cursor and filters on the index entries, and the capped count is an index-only scan.
    index('air_waybills_forwarder_created_idx').on(t.forwarder_id, t.created_at, t.id, ...listFilterColumns(t)),
    index('air_waybills_airline_created_idx').on(t.airline_id, t.created_at, t.id, ...listFilterColumns(t)),
    index('air_waybills_mawb_pattern_idx').using('btree', sql`${t.mawb} text_pattern_ops`),
    index('air_waybills_booking_idx').on(t.booking_id),
    check('air_waybills_figures_check', sql`${t.pieces} > 0 and ${t.weight} > 0 and ${t.volume} >= 0`),
    check('air_waybills_mawb_check', sql`${t.mawb} ~ '^[0-9]{3}-[0-9]{8}$'`),
  ],
);

const waybillRef = () =>
  integer('air_waybill_id')
    .notNull()
    .references(() => airWaybills.id, { onDelete: 'cascade' });

/** Seed 001 Goods item. */
export const awbGoodsItems = pgTable(
  'awb_goods_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    position: integer('position').notNull().default(0),
    description: text('description'),
    hs_code: text('hs_code'),
    marks: text('marks'),
    packing: text('packing'),
    pieces: integer('pieces'),
    weight: kg('weight'),
  },
  (t) => [index('awb_goods_items_waybill_idx').on(t.air_waybill_id, t.position)],
);

/** Dimensions of the pieces, cm and kg. */
export const awbDimensions = pgTable(
  'awb_dimensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    position: integer('position').notNull().default(0),
    length: numeric('length', { precision: 9, scale: 2 }).notNull(),
    width: numeric('width', { precision: 9, scale: 2 }).notNull(),
    height: numeric('height', { precision: 9, scale: 2 }).notNull(),
    pieces: integer('pieces').notNull(),
    weight: kg('weight'),
  },
  (t) => [index('awb_dimensions_waybill_idx').on(t.air_waybill_id, t.position)],
);

/** Seed 001 Notices: kind and text. */
export const awbNotices = pgTable(
  'awb_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('awb_notices_waybill_idx').on(t.air_waybill_id)],
);

/** Seed 001 Rate line: the charges of a waybill (made by calculate, or added by hand). */
export const awbRateLines = pgTable(
  'awb_rate_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    code: text('code').notNull(),
    rate_class_code: text('rate_class_code'),
    description: text('description'),
    rate: numeric('rate', { precision: 14, scale: 4 }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    base_value: numeric('base_value', { precision: 14, scale: 3 }),
    basis: text('basis'),
    vat: money('vat'),
    vat_percent: numeric('vat_percent', { precision: 5, scale: 2 }),
    invoice_number: text('invoice_number'),
    unit_code: text('unit_code'),
    supplier_id: integer('supplier_id').references(() => companies.id, { onDelete: 'set null' }),
    buyer_id: integer('buyer_id').references(() => companies.id, { onDelete: 'set null' }),
    /** auto (made by calculate) or manual. */
    calculation_type: text('calculation_type').notNull(),
    ...timestamps,
  },
  (t) => [index('awb_rate_lines_waybill_idx').on(t.air_waybill_id)],
);

/** Seed 001 House waybill under a master. */
export const houseWaybills = pgTable(
  'house_waybills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    serial_number: text('serial_number').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    pieces: integer('pieces').notNull(),
    weight_code: text('weight_code').notNull().default('K'),
    weight: kg('weight').notNull(),
    manifest_description_of_goods: text('manifest_description_of_goods'),
    shcs: textArray('shcs'),
    free_text: text('free_text'),
    hs_codes: textArray('hs_codes'),
    shipper: jsonb('shipper').$type<AwbParty | null>(),
    consignee: jsonb('consignee').$type<AwbParty | null>(),
    placi_status: text('placi_status'),
    placi_comment: text('placi_comment'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('house_waybills_serial_key').on(t.air_waybill_id, t.serial_number),
    check('house_waybills_figures_check', sql`${t.pieces} > 0 and ${t.weight} > 0`),
  ],
);

/** Seed 001 Movements: status events of a waybill at a location. */
export const awbMovements = pgTable(
  'awb_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    location_iata: text('location_iata').notNull(),
    status_code: text('status_code').notNull(),
    /** Local time at the location as written, e.g. "2026-06-15T10:30". */
    time_local: text('time_local'),
    time_utc: at('time_utc').notNull(),
    pieces: integer('pieces'),
    weight: kg('weight'),
    volume: kg('volume'),
    uld: text('uld'),
    deactivated: boolean('deactivated').notNull().default(false),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('awb_movements_waybill_idx').on(t.air_waybill_id, t.time_utc)],
);

/** Seed 001 Void request: a forwarder asks the airline to void a waybill; the airline accepts or declines. */
export const awbVoidRequests = pgTable(
  'awb_void_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    requested_by_company_id: integer('requested_by_company_id')
      .notNull()
      .references(() => companies.id),
    requested_by_user_id: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: VOID_REQUEST_STATUSES }).notNull().default('requested'),
    resolve_reason: text('resolve_reason'),
    payment_needed: boolean('payment_needed'),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolved_at: at('resolved_at'),
    ...timestamps,
  },
  (t) => [
    index('awb_void_requests_waybill_idx').on(t.air_waybill_id),
    index('awb_void_requests_status_idx').on(t.status, t.created_at),
    // One open request per waybill, even when two requests race.
    uniqueIndex('awb_void_requests_open_key').on(t.air_waybill_id).where(sql`${t.status} = 'requested'`),
  ],
);

/** Warnings raised on a waybill (seed 001 section 8) until dismissed. */
export const awbAlerts = pgTable(
  'awb_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: waybillRef(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    /** Dismissed by a person (DELETE alerts/:id): kept so that the same warning is not raised again while it holds. */
    dismissed_at: at('dismissed_at'),
  },
  (t) => [
    index('awb_alerts_waybill_idx').on(t.air_waybill_id),
    uniqueIndex('awb_alerts_waybill_code_key').on(t.air_waybill_id, t.code),
  ],
);
