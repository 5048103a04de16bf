import { z } from 'zod';
import { keysetMeta, numberFrom, pageQuery } from './common';
import { refId } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

/**
 * The air-waybill lists (seed 000 section 2 "/shipments" and "/air-waybills", seed 001 section 3 "List columns" and
 * "Filter flags", section 9 "Date types"; issue 12 item 7): `GET /api/v3/air_waybills` lists the waybills the caller
 * may see (a forwarder its own company's, an airline those on its prefixes, narrowed by the profile's permitted carriers
 * and stations; the platform all), `GET /api/v3/agent/air_waybills` is the platform's staging list across companies.
 *
 * Tabs (what each one holds; a voided waybill shows only under Voided and All):
 * - `bookings`: not voided and not issued yet (drafts and booked waybills waiting for the issue);
 * - `tracking`: issued, not delivered, not voided (on their way);
 * - `billing`: delivered or verified, not billed yet, not voided;
 * - `warning`: the warning flag is set, not voided;
 * - `voided`: voided;
 * - `all`: every waybill (the default).
 *
 * Filter flags narrow any tab: `booked` true | false | `manual` (Requests: a booking of the waybill waits in the
 * airline's queue, NN) | `cancelled` (every booking of the waybill was cancelled) | all; `issued`, `delivered`,
 * `verified`, `billed`, `departed`, `warning` true | false | all; `void_payment` required | not_required | `undefined`
 * (voided without a payment decision) | all. `date_type` picks the date `date_from` and `date_to` (inclusive calendar
 * days, UTC) apply to: created (created_at), booking (flight_date: departure of the first leg), issue (issued_at),
 * report (departed_at), billing (billing_date: the tariff date). `q` is an AWB number or its beginning ("555",
 * "555-123", "555123").
 *
 * Sorting (server side): `date` (created_at), `mawb`, `origin`, `destination`, `chargeable_weight` (the charge weight,
 * else the gross weight); a leading `-` sorts descending; default `-date` (newest first). Paging is by keyset: `cursor`
 * from `meta.next_cursor` or `meta.prev_cursor` (bound to the sort, refused for another one); a page costs the same at
 * page 1,000 as at page 1. The meta carries the seed 001 pagination fields too: `current_page` counts the pages walked
 * from the first, `total_pages` and `total_count` are exact up to 10,000 rows, then an estimate (`total_count_exact`).
 */

const tags = ['air-waybills'] as const;

export const WAYBILL_TABS = ['bookings', 'tracking', 'billing', 'warning', 'voided', 'all'] as const;
export type WaybillTab = (typeof WAYBILL_TABS)[number];
export const BOOKED_FILTERS = ['true', 'false', 'manual', 'cancelled', 'all'] as const;
export const FLAG_FILTERS = ['true', 'false', 'all'] as const;
export const VOID_PAYMENT_FILTERS = ['required', 'not_required', 'undefined', 'all'] as const;
export const WAYBILL_DATE_TYPES = ['created', 'booking', 'issue', 'report', 'billing'] as const;
export type WaybillDateType = (typeof WAYBILL_DATE_TYPES)[number];
export const WAYBILL_LIST_SORTS = ['date', 'mawb', 'origin', 'destination', 'chargeable_weight'] as const;
export type WaybillListSortField = (typeof WAYBILL_LIST_SORTS)[number];
export const WAYBILL_LIST_SORT_VALUES = WAYBILL_LIST_SORTS.flatMap((f) => [f, `-${f}`]) as [
  WaybillListSort,
  ...WaybillListSort[],
];
export type WaybillListSort = WaybillListSortField | `-${WaybillListSortField}`;

/** Where a waybill is in its life, for the list's status column (the furthest state its flags reach). */
export const WAYBILL_STATUSES = [
  'draft',
  'booked',
  'issued',
  'departed',
  'delivered',
  'verified',
  'billed',
  'voided',
] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];

const flagFilter = z.enum(FLAG_FILTERS).default('all');
const code = (pattern: RegExp) => z.string().trim().toUpperCase().regex(pattern, msg('invalidFormat'));
const airport = code(/^[A-Z]{3}$/);

/** An AWB number or its beginning: 1 to 3 prefix digits, then (with or without the hyphen) up to 8 serial digits. */
export const awbSearch = z
  .string()
  .trim()
  .regex(/^\d{1,3}$|^\d{3}-?\d{0,8}$/, msg('invalidFormat'));

export const waybillListQuery = z.object({
  tab: z.enum(WAYBILL_TABS).default('all'),
  booked: z.enum(BOOKED_FILTERS).default('all'),
  issued: flagFilter,
  delivered: flagFilter,
  verified: flagFilter,
  billed: flagFilter,
  departed: flagFilter,
  warning: flagFilter,
  void_payment: z.enum(VOID_PAYMENT_FILTERS).default('all'),
  date_type: z.enum(WAYBILL_DATE_TYPES).default('created'),
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
  q: awbSearch.optional(),
  origin: airport.optional(),
  destination: airport.optional(),
  carrier: code(/^[A-Z0-9]{2}$/).optional(),
  forwarder_id: numberFrom(refId).optional(),
  sort: z.enum(WAYBILL_LIST_SORT_VALUES).default('-date'),
  cursor: z.string().max(300).optional(),
  per_page: pageQuery.shape.per_page,
});
export type WaybillListQuery = z.infer<typeof waybillListQuery>;
export type WaybillListQueryInput = z.input<typeof waybillListQuery>;

const company = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });

/** A booking of the waybill as the list shows it (the bookings holding its number). */
export const waybillListBooking = z.object({
  id: z.number().int(),
  carrier: z.string(),
  origin: z.string(),
  destination: z.string(),
  response_status: z.string(),
  active: z.boolean(),
});

/** One row: the columns of seed 001 section 3 "List columns". */
export const waybillListRow = z.object({
  id: z.number().int(),
  /** The list's date: when the waybill was created. */
  date: z.string(),
  mawb: z.string(),
  origin: z.string(),
  destination: z.string(),
  carrier: z.string().nullable(),
  airline_id: z.number().int(),
  status: z.enum(WAYBILL_STATUSES),
  flags: z.object({
    booked: z.boolean(),
    issued: z.boolean(),
    delivered: z.boolean(),
    verified: z.boolean(),
    billed: z.boolean(),
    departed: z.boolean(),
    warning: z.boolean(),
    voided: z.boolean(),
  }),
  bookings: z.array(waybillListBooking),
  pieces: z.number().int().nullable(),
  weight: z.number().nullable(),
  volume: z.number().nullable(),
  /** The charge weight, else the gross weight. */
  chargeable_weight: z.number().nullable(),
  product: z.string().nullable(),
  shcs: z.array(z.string()),
  commodity: z.string().nullable(),
  postal: z.boolean(),
  /** The postal waybill's mail number (its MRN), null for cargo. */
  postal_number: z.string().nullable(),
  forwarder: company,
  /** The status of the waybill's current booking (KK, NN, UU, XX), null without a booking. */
  booking_status: z.string().nullable(),
  /** Why it was voided, else why its booking was refused or cancelled. */
  reason: z.string().nullable(),
  /** Prepaid or collect. */
  payment: z.string().nullable(),
  /** For a voided waybill: whether the void is to be paid (required, not_required) or not decided (null). */
  void_payment: z.enum(['required', 'not_required']).nullable(),
  flight_date: z.string().nullable(),
  issued_at: z.string().nullable(),
  departed_at: z.string().nullable(),
  billing_date: z.string().nullable(),
});
export type WaybillListRow = z.infer<typeof waybillListRow>;

/** Keyset meta plus the seed 001 pagination fields. */
export const waybillListMeta = keysetMeta.extend({
  current_page: z.number().int(),
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
  total_pages: z.number().int(),
});
export type WaybillListMeta = z.infer<typeof waybillListMeta>;

export const waybillListPage = z.object({ data: z.array(waybillListRow), meta: waybillListMeta });
export type WaybillListPage = z.infer<typeof waybillListPage>;

export const airWaybillListApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills',
    permission: 'air_waybills:read',
    tags,
    summary: 'Air waybills the caller may see, by tab, filter flags and date type; sorted and keyset paged',
    query: waybillListQuery,
    response: waybillListPage,
  }),
  agentList: endpoint({
    method: 'GET',
    path: '/api/v3/agent/air_waybills',
    permission: 'agent_air_waybills:read',
    tags,
    summary: "The platform's staging list of air waybills across companies",
    query: waybillListQuery,
    response: waybillListPage,
  }),
};
