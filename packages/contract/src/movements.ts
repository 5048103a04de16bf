import { z } from 'zod';
import { awbRef, awbRefParam } from './air-waybills';
import { iataAirport, numberFrom } from './common';
import { endpoint } from './endpoint';
import { weightCode } from './house-waybills';
import { msg } from './messages';

/**
 * Movements of an air waybill and public tracking (seed 001 sections 3 and 7; issue 12 item 5; domain primer section 7).
 * A movement is a Cargo-IMP status event (FSU code) at an airport: the time is entered as the airport's local wall-clock
 * time (`time_local`, `YYYY-MM-DDTHH:mm`) and stored with its UTC instant (`time_utc`) computed from the airport's IANA
 * zone; a local time that does not exist there (the spring-forward gap) is refused, one that occurs twice means the
 * first. The waybill's flags follow the events: DEP sets departed (and departed_at), DLV delivered (and delivered_at),
 * DIS warning.
 *
 * Only the airline side (the airline owning the waybill) and the platform record or deactivate movements; every reader
 * of the waybill reads them. DELETE deactivates a movement rather than deleting it: the history of what was reported
 * stays (`deactivated` true; the change log holds when and who), tracking shows active movements only, and the flags are recomputed from
 * the active ones.
 *
 * GET /tracking/:mawb is public: the number, route, pieces and weight and the active movements, nothing about parties,
 * prices or companies; an unknown or voided number is 404 "Shipment not found".
 */

const tags = ['movements'] as const;

/** Cargo-IMP FSU status codes (domain primer section 7). */
export const MOVEMENT_STATUS_CODES = [
  'BKD',
  'RCS',
  'PRE',
  'MAN',
  'DEP',
  'TFD',
  'RCT',
  'RCF',
  'ARR',
  'TRM',
  'NFD',
  'AWD',
  'CCD',
  'TGC',
  'CRC',
  'FOH',
  'DLV',
  'DDL',
  'DIS',
  'AWR',
] as const;
export const movementStatusCode = z.enum(MOVEMENT_STATUS_CODES);
export type MovementStatusCode = z.infer<typeof movementStatusCode>;

/** A wall-clock time without offset: `YYYY-MM-DDTHH:mm` (seconds allowed and dropped). */
export const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, msg('invalidFormat'));

/** A ULD id: type, serial and owner, e.g. AKE12345SU. */
export const uldId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{2}[A-Z0-9]{4,5}[A-Z0-9]{2}$/, msg('invalidFormat'));

export const movement = z.object({
  id: z.number().int(),
  air_waybill_id: z.number().int(),
  location_iata: z.string(),
  status_code: movementStatusCode,
  /** Wall-clock time at the location, `YYYY-MM-DDTHH:mm`. */
  time_local: z.string(),
  /** The same instant in UTC (ISO, `Z`). */
  time_utc: z.string(),
  /** The location's IANA zone the times were converted with. */
  timezone: z.string(),
  pieces: z.number().int().nullable(),
  weight: z.number().nullable(),
  weight_code: weightCode,
  volume: z.number().nullable(),
  uld: z.string().nullable(),
  deactivated: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof movement>;

export const movementList = z.object({ data: z.array(movement) });
export type MovementList = z.infer<typeof movementList>;

export const movementCreate = z.object({
  location_iata: iataAirport,
  status_code: movementStatusCode,
  time_local: localDateTime,
  pieces: z.number().int().positive().max(9999).nullable().optional(),
  /** kg. */
  weight: z.number().positive().max(999_999).multipleOf(0.1).nullable().optional(),
  /** m3. */
  volume: z.number().positive().max(99_999).multipleOf(0.001).nullable().optional(),
  uld: uldId.nullable().optional(),
});
export type MovementCreate = z.infer<typeof movementCreate>;

const movementParam = z.object({
  id: awbRef,
  movement_id: numberFrom(z.number().int().positive().max(2_147_483_647)),
});

/** An active movement as the public sees it. */
export const trackingEvent = z.object({
  location_iata: z.string(),
  status_code: movementStatusCode,
  time_local: z.string(),
  time_utc: z.string(),
  pieces: z.number().int().nullable(),
  weight: z.number().nullable(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

export const tracking = z.object({
  mawb: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  weight_code: weightCode,
  /** The status code of the latest active movement, or null before any. */
  latest_status: movementStatusCode.nullable(),
  departed: z.boolean(),
  delivered: z.boolean(),
  /** Oldest first. */
  movements: z.array(trackingEvent),
});
export type Tracking = z.infer<typeof tracking>;

export const trackingParam = z.object({
  /** `PPP-SSSSSSSC` (or the 11 digits without the dash). */
  mawb: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{8}$/, msg('awbPattern')),
});

/** Public tracking calls per client address per minute. */
export const TRACKING_LIMIT_PER_MINUTE = 60;

export const movementsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/movements',
    permission: 'air_waybills:read',
    tags,
    summary: 'Movements of an air waybill (deactivated ones included, flagged), oldest first',
    params: awbRefParam,
    response: movementList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/movements',
    permission: 'air_waybills:write',
    tags,
    summary: 'Record a movement (airline or platform); the waybill flags follow',
    params: awbRefParam,
    body: movementCreate,
    response: movement,
    status: 201,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/movements/:movement_id',
    permission: 'air_waybills:write',
    tags,
    summary: 'Deactivate a movement (kept in the history); the waybill flags follow',
    params: movementParam,
    response: movement,
  }),
};

export const trackingApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v3/tracking/:mawb',
    permission: 'public',
    tags,
    summary: 'Public tracking of a shipment: route, pieces, weight and its movements',
    params: trackingParam,
    response: tracking,
  }),
};
