import { z } from 'zod';
import { awbParty, awbRef, awbRefParam, hsCode, partyRecord } from './air-waybills';
import { iataAirport, numberFrom } from './common';
import { text } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';
import { latinText } from './rules';

/**
 * House waybills under a master air waybill and the Cargo-IMP texts of a waybill (seed 001 sections 3, 7, 8; issue 12
 * item 4; domain primer sections 1 and 8). A house (HAWB) is the forwarder's own contract with one shipper,
 * consolidated under one master (MAWB). Its number (`serial_number`) is up to 12 letters and digits, unique within the
 * master ("already taken" -> Exists); a create under a master that does not exist (or the caller cannot see) is
 * EmptyFields "must exist". The houses' pieces and weight (kg; `L` weights converted) together may not exceed the
 * master's. A voided master's houses cannot change.
 *
 * `:id` of these paths is the master: its numeric id or its number `PPP-SSSSSSSC` (as the air-waybill calls take it).
 * Texts: `/fhl` is the FHL of all houses of the master (MBI and one HBS block per house), `/house_waybills/:house_id/cimp`
 * the FHL of one house with its shipper and consignee, `/eap.cimp` the FWB of the master; all through
 * packages/cargo-messages, so they parse back with its parsers.
 */

const tags = ['house_waybills'] as const;

/** Weight code of Cargo-IMP: K kilograms, L pounds. */
export const WEIGHT_CODES = ['K', 'L'] as const;
export const weightCode = z.enum(WEIGHT_CODES);
/** Kilograms in a pound: an `L` weight counts toward the master's (kg) total converted. */
export const KG_PER_LB = 0.45359237;

/** At most this many houses under one master. */
export const MAX_HOUSES_PER_MASTER = 999;

/** A house waybill number: 1 to 12 letters and digits (Cargo-IMP HBS), written in capitals. */
export const hawbNumber = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, msg('required'))
  .regex(/^[A-Z0-9]{1,12}$/, msg('invalidFormat'));

const shcCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, msg('invalidFormat'));

/**
 * Shipper or consignee of a house: the air waybill's party (`awbParty`: contacts a phone under 25 digits, a Russian
 * tax_id an INN) with the name and city FHL needs (SHP/CNE NAM and LOC).
 */
export const houseParty = awbParty.superRefine((party, ctx) => {
  if (!party.name) ctx.addIssue({ code: 'custom', path: ['name'], message: msg('required') });
  if (!party.city) ctx.addIssue({ code: 'custom', path: ['city'], message: msg('required') });
});
export type HouseParty = z.infer<typeof houseParty>;

export const houseWaybill = z.object({
  id: z.number().int(),
  air_waybill_id: z.number().int(),
  /** The master's number, `PPP-SSSSSSSC`. */
  mawb: z.string(),
  serial_number: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: z.number().int(),
  weight_code: weightCode,
  weight: z.number(),
  /** The weight in kg, as it counts toward the master's. */
  weight_kg: z.number(),
  /** Manifest description of goods (FHL HBS, 15 characters, Latin only). */
  manifest_description_of_goods: z.string(),
  shcs: z.array(z.string()),
  /** Free text description of the goods (FHL TXT, up to 9 lines of 65). */
  free_text: z.string().nullable(),
  hs_codes: z.array(z.string()),
  shipper: partyRecord.nullable(),
  consignee: partyRecord.nullable(),
  placi_status: z.string().nullable(),
  placi_comment: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HouseWaybill = z.infer<typeof houseWaybill>;

/** The houses of a master, with their totals beside the master's (weights kg). */
export const houseWaybillList = z.object({
  data: z.array(houseWaybill),
  totals: z.object({
    pieces: z.number().int(),
    weight_kg: z.number(),
    master_pieces: z.number().int(),
    master_weight_kg: z.number(),
  }),
});
export type HouseWaybillList = z.infer<typeof houseWaybillList>;

/** Free text: at most 9 lines of 65 characters (FHL TXT). */
export const FREE_TEXT_LINES = 9;
export const FREE_TEXT_LINE_LENGTH = 65;

const shcList = z
  .array(shcCode)
  .max(9)
  .transform((v) => [...new Set(v)]);
const hsCodeList = z
  .array(hsCode)
  .max(9)
  .transform((v) => [...new Set(v)]);
/** Free text: lines of at most 65 characters, at most 9 of them; an empty text clears it. */
const freeText = latinText(FREE_TEXT_LINES * (FREE_TEXT_LINE_LENGTH + 1)).refine(
  (v) => v.split('\n').length <= FREE_TEXT_LINES && v.split('\n').every((line) => line.length <= FREE_TEXT_LINE_LENGTH),
  msg('maxLength', { max: FREE_TEXT_LINE_LENGTH }),
);

const houseFields = {
  serial_number: hawbNumber,
  /** Default: the master's. */
  origin_iata: iataAirport,
  destination_iata: iataAirport,
  pieces: z.number().int().positive().max(9999),
  weight_code: weightCode,
  weight: z.number().positive().max(999_999).multipleOf(0.1),
  manifest_description_of_goods: latinText(15, 1),
  shcs: shcList,
  free_text: freeText.nullable(),
  hs_codes: hsCodeList,
  shipper: houseParty.nullable(),
  consignee: houseParty.nullable(),
  placi_status: text(30).nullable(),
  placi_comment: text(500).nullable(),
};

export const houseWaybillCreate = z.object({
  ...houseFields,
  origin_iata: houseFields.origin_iata.optional(),
  destination_iata: houseFields.destination_iata.optional(),
  weight_code: weightCode.default('K'),
  shcs: shcList.default([]),
  free_text: houseFields.free_text.optional().transform((v) => (v ? v : null)),
  hs_codes: hsCodeList.default([]),
  shipper: houseFields.shipper.default(null),
  consignee: houseFields.consignee.default(null),
  placi_status: houseFields.placi_status.default(null),
  placi_comment: houseFields.placi_comment.default(null),
});
export type HouseWaybillCreate = z.infer<typeof houseWaybillCreate>;

/** PATCH: the fields sent change; `null` clears an optional one (an empty free text too). */
export const houseWaybillUpdate = z.object({
  serial_number: houseFields.serial_number.optional(),
  origin_iata: houseFields.origin_iata.optional(),
  destination_iata: houseFields.destination_iata.optional(),
  pieces: houseFields.pieces.optional(),
  weight_code: weightCode.optional(),
  weight: houseFields.weight.optional(),
  manifest_description_of_goods: houseFields.manifest_description_of_goods.optional(),
  shcs: shcList.optional(),
  free_text: houseFields.free_text.optional().transform((v) => (v === '' ? null : v)),
  hs_codes: hsCodeList.optional(),
  shipper: houseFields.shipper.optional(),
  consignee: houseFields.consignee.optional(),
  placi_status: houseFields.placi_status.optional(),
  placi_comment: houseFields.placi_comment.optional(),
});
export type HouseWaybillUpdate = z.infer<typeof houseWaybillUpdate>;

const houseParam = z.object({ id: awbRef, house_id: numberFrom(z.number().int().positive().max(2_147_483_647)) });

// The FHL model of packages/cargo-messages as JSON (GET .../json): the house with its master, shipper and consignee.

const fhlWeight = z.object({ unit: weightCode, value: z.number() });
const fhlParty = z.object({
  account: z.string().optional(),
  name: z.array(z.string()),
  address: z.array(z.string()),
  place: z.string(),
  state: z.string().optional(),
  country: z.string().optional(),
  postcode: z.string().optional(),
  contacts: z.array(z.object({ id: z.string(), number: z.string() })).optional(),
});
export const fhlHouseJson = z.object({
  type: z.literal('FHL'),
  version: z.number().int(),
  master: z.object({
    awb: z.string(),
    origin: z.string(),
    destination: z.string(),
    pieces: z.number().int(),
    weight: fhlWeight,
  }),
  houses: z.array(
    z.object({
      hawb: z.string(),
      origin: z.string(),
      destination: z.string(),
      pieces: z.number().int(),
      weight: fhlWeight,
      description: z.string().optional(),
      shc: z.array(z.string()).optional(),
      freeText: z.array(z.string()).optional(),
      hsCodes: z.array(z.string()).optional(),
    }),
  ),
  shipper: fhlParty.optional(),
  consignee: fhlParty.optional(),
});
export type FhlHouseJson = z.infer<typeof fhlHouseJson>;

/** Cargo-IMP message text (served as text/plain). */
export const cimpText = z.string().describe('Cargo-IMP message text');

export const previousSsrQuery = z.object({
  /** Only texts starting with this (case-insensitive). */
  q: text(65).optional(),
});
export const previousSsrList = z.object({ data: z.array(z.string()) });
/** At most this many texts in the picker. */
export const PREVIOUS_SSR_LIMIT = 50;

export const houseWaybillsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/house_waybills',
    permission: 'air_waybills:read',
    tags,
    summary: 'House waybills of a master, with their totals beside the master',
    params: awbRefParam,
    response: houseWaybillList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/house_waybills',
    permission: 'house_waybills:write',
    tags,
    summary: 'Add a house waybill to a master (totals checked against the master)',
    params: awbRefParam,
    body: houseWaybillCreate,
    response: houseWaybill,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/house_waybills/:house_id',
    permission: 'air_waybills:read',
    tags,
    summary: 'One house waybill',
    params: houseParam,
    response: houseWaybill,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/air_waybills/:id/house_waybills/:house_id',
    permission: 'house_waybills:write',
    tags,
    summary: 'Edit a house waybill (totals checked against the master)',
    params: houseParam,
    body: houseWaybillUpdate,
    response: houseWaybill,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/house_waybills/:house_id',
    permission: 'house_waybills:write',
    tags,
    summary: 'Delete a house waybill',
    params: houseParam,
    response: null,
  }),
  json: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/house_waybills/:house_id/json',
    permission: 'air_waybills:read',
    tags,
    summary: 'A house waybill as the FHL model (JSON)',
    params: houseParam,
    response: fhlHouseJson,
  }),
  cimp: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/house_waybills/:house_id/cimp',
    permission: 'air_waybills:read',
    tags,
    summary: 'A house waybill as FHL text, with its shipper and consignee',
    params: houseParam,
    response: cimpText,
  }),
  previousSsr: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/previous_special_service_requests',
    permission: 'air_waybills:read',
    tags,
    summary: "Distinct special service requests of the caller's earlier waybills, for a picker",
    query: previousSsrQuery,
    response: previousSsrList,
  }),
};

export const waybillMessagesApi = {
  fhl: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/fhl',
    permission: 'air_waybills:read',
    tags,
    summary: 'FHL text of the houses of a master',
    params: awbRefParam,
    response: cimpText,
  }),
  fwb: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/eap.cimp',
    permission: 'air_waybills:read',
    tags,
    summary: 'FWB text of a master air waybill',
    params: awbRefParam,
    response: cimpText,
  }),
};
