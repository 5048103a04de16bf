import { isValidAwb } from '@aircargo/domain/awb';
import { RESPONSE_STATUSES, RULE_ANSWERS } from '@aircargo/domain/booking-rules';
import { z } from 'zod';
import { iataAirport, idParam, isoDate, messageRef, paginated } from './common';
import { booleanParam, listQuery, optionalText, refId } from './companies';
import { endpoint } from './endpoint';
import { CHANGE_CHANNELS, uploadReport } from './flights';
import { msg } from './messages';

/**
 * Bookings, capacity, allotments and booking rules (seed 001 sections 3, 5, 7 and 8; issue 11 items 3 and 4).
 * Weights are kg (`weight_code` K), volumes m3 (`volume_code` MC). A booking holds capacity on each of its segments
 * (the legs of its route) while its answer is KK (confirmed) or NN (waiting for the airline); UU (refused) and XX
 * (cancelled) hold none.
 */

export const responseStatus = z.enum(RESPONSE_STATUSES);
export const ruleAnswer = z.enum(RULE_ANSWERS);
export const BOOKING_SOURCES = ['web', 'api', 'ffr', 'system'] as const;

const shcCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3}$/, msg('invalidFormat'));
export const shcList = z
  .array(shcCode)
  .max(9)
  .transform((v) => [...new Set(v)]);

const positiveAmount = (max: number) => z.number().positive().max(max).multipleOf(0.001);

/** One line of the pieces' dimensions, cm and kg. */
export const bookingDimension = z.object({
  pieces: z.number().int().positive().max(99_999),
  length: z.number().positive().max(10_000),
  width: z.number().positive().max(10_000),
  height: z.number().positive().max(10_000),
  weight: z.number().positive().max(1_000_000).optional(),
});

// Responses.

export const bookingSegment = z.object({
  segment_id: z.number().int(),
  /** Carrier, number and date, "SU1234/15JUN". */
  number_with_date: z.string(),
  carrier: z.string(),
  airline_id: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  std: z.string(),
  sta: z.string(),
  /** The part of the booking drawn from the forwarder's allotment on this segment (kg and m3), else free sale. */
  allotment_id: z.number().int().nullable(),
  allotment_weight: z.number(),
  allotment_volume: z.number(),
});
export type BookingSegment = z.infer<typeof bookingSegment>;

export const bookingWarning = z.object({
  code: z.enum([
    'cancelled_flight',
    'connection_not_workable',
    'interline_not_allowed',
    'route_not_allowed',
    'shipment_duplicate',
    'awb_weight_differs',
  ]),
  message: z.string(),
  message_key: messageRef,
  segment_id: z.number().int().nullable(),
});
export type BookingWarning = z.infer<typeof bookingWarning>;

/** Seed 001 section 3 Booking. */
export const booking = z.object({
  id: z.number().int(),
  /** Counts up with every change; history rows carry the version they were. */
  version: z.number().int(),
  forwarder: z.object({ id: z.number().int(), name: z.string(), short_name: z.string() }),
  airline_id: z.number().int(),
  carrier: z.string(),
  mawb: z.string().nullable(),
  parts_code: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  weight_code: z.literal('K'),
  volume: z.number(),
  volume_code: z.literal('MC'),
  density_group: z.number().int().nullable(),
  commodity: z.string().nullable(),
  shcs: z.array(z.string()),
  dimensions: z.array(bookingDimension),
  /** The first segment; `segments` lists all of them in route order. */
  segment: bookingSegment,
  segments: z.array(bookingSegment),
  request_status: responseStatus,
  response_status: responseStatus,
  response_reason: z.string().nullable(),
  source: z.enum(BOOKING_SOURCES),
  /** Holds capacity (KK or NN). */
  effective: z.boolean(),
  /** Not cancelled. */
  active: z.boolean(),
  is_history: z.boolean(),
  warnings: z.array(bookingWarning),
  touched_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof booking>;

export const bookingDetail = booking.extend({
  /** Earlier versions, newest first (`is_history` true). */
  history: z.array(booking),
  change_log: z.array(
    z.object({
      id: z.number().int(),
      channel: z.enum(CHANGE_CHANNELS),
      user_id: z.number().int().nullable(),
      change_set: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
      created_at: z.string(),
    }),
  ),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

// Requests.

const cargoFields = {
  pieces: z.number().int().positive().max(99_999),
  weight: positiveAmount(1_000_000),
  volume: positiveAmount(100_000),
  density_group: z.number().int().min(0).max(99).nullable().optional(),
  commodity: optionalText(200),
  shcs: shcList.default([]),
  dimensions: z.array(bookingDimension).max(100).default([]),
};

/** POST /bookings (and the external v1 variant). `forwarder_id`: the platform and airlines book for a forwarder. */
export const bookingCreate = z.object({
  segment_ids: z.array(refId).min(1, msg('required')).max(4),
  forwarder_id: refId.optional(),
  mawb: z
    .string()
    .trim()
    .regex(/^\d{3}-\d{8}$/, msg('invalidFormat'))
    .refine(isValidAwb, msg('awbControlBit'))
    .nullable()
    .optional(),
  parts_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, msg('invalidFormat'))
    .nullable()
    .optional(),
  ...cargoFields,
});
export type BookingCreate = z.infer<typeof bookingCreate>;

/** POST /bookings/{id}/change: new cargo figures and/or segments; the rules and capacity are judged again. */
export const bookingChange = z.object({
  segment_ids: z.array(refId).min(1, msg('required')).max(4).optional(),
  pieces: cargoFields.pieces.optional(),
  weight: cargoFields.weight.optional(),
  volume: cargoFields.volume.optional(),
  density_group: cargoFields.density_group,
  commodity: cargoFields.commodity,
  shcs: shcList.optional(),
  dimensions: z.array(bookingDimension).max(100).optional(),
});
export type BookingChange = z.infer<typeof bookingChange>;

/** PATCH /bookings/{id}/status: the airline confirms (KK) or refuses (UU) a waiting (NN) booking. */
export const bookingStatusChange = z.object({
  response_status: z.enum(['KK', 'UU']),
  response_reason: optionalText(500),
});
export type BookingStatusChange = z.infer<typeof bookingStatusChange>;

const bookingSort = ['id', 'created_at', 'weight', 'response_status'] as const;

/** GET /bookings: `response_status=NN` is the airline's queue of waiting requests. */
export const bookingsQuery = listQuery(bookingSort).extend({
  response_status: responseStatus.optional(),
  segment_id: z.coerce.number().int().positive().optional(),
  forwarder_id: z.coerce.number().int().positive().optional(),
  mawb: z.string().max(20).optional(),
  active: booleanParam.optional(),
});
export type BookingsQuery = z.infer<typeof bookingsQuery>;

export const ffrMessage = z.object({ text: z.string() });

// Capacity.

/** The capacity counters of a segment (kg and m3) and what is free for a forwarder now. */
export const segmentAvailability = z.object({
  segment_id: z.number().int(),
  capacity_weight: z.number(),
  capacity_volume: z.number(),
  /** Capacity with the airline's overflow tolerance. */
  limit_weight: z.number(),
  limit_volume: z.number(),
  /** Everything booked (free sale and allotments). */
  booked_weight: z.number(),
  booked_volume: z.number(),
  free_sale_booked_weight: z.number(),
  free_sale_booked_volume: z.number(),
  /** Allotments not yet returned to free sale, and what their bookings use. */
  allotted_weight: z.number(),
  allotted_volume: z.number(),
  allotment_used_weight: z.number(),
  allotment_used_volume: z.number(),
  /** Free for the asking forwarder: free sale plus the unused part of its own allotments. */
  available_weight: z.number(),
  available_volume: z.number(),
});
export type SegmentAvailability = z.infer<typeof segmentAvailability>;

export const availabilityQuery = z.object({
  segment_ids: z
    .union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive()).max(50)])
    .transform((v) => (Array.isArray(v) ? v : [v])),
  forwarder_id: z.coerce.number().int().positive().optional(),
});

// Allotments (seed 001 section 3 Allotment).

export const ALLOTMENT_TYPES = ['hard', 'soft'] as const;

export const allotment = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  forwarder_id: z.number().int(),
  forwarder_short_name: z.string(),
  /** hard: paid for whether used or not; soft: only what is booked. */
  type: z.enum(ALLOTMENT_TYPES),
  weight: z.number(),
  volume: z.number(),
  /** Hours before STD the unused part returns to free sale; 0 = full block. */
  timelimit_to_std: z.number().int(),
  /** A flight's allotment names its segment; without one it holds on every flight of the route until valid_until. */
  segment_id: z.number().int().nullable(),
  segment_number_with_date: z.string().nullable(),
  valid_until: z.string().nullable(),
  postal: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Allotment = z.infer<typeof allotment>;

const allotmentFields = {
  forwarder_id: refId,
  type: z.enum(ALLOTMENT_TYPES).default('hard'),
  weight: positiveAmount(1_000_000),
  volume: positiveAmount(100_000),
  timelimit_to_std: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  segment_id: refId.nullable().optional(),
  valid_until: isoDate.nullable().optional(),
  postal: z.boolean().default(false),
};

/** POST /allotments. `carrier`: the platform names the airline's code; an airline its own (may omit it). */
export const allotmentCreate = z.object({
  carrier: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/, msg('exactLength', { length: 2 }))
    .optional(),
  origin_iata: iataAirport,
  destination_iata: iataAirport,
  ...allotmentFields,
});
export type AllotmentCreate = z.infer<typeof allotmentCreate>;

export const allotmentUpdate = z.object({
  type: z.enum(ALLOTMENT_TYPES).optional(),
  weight: allotmentFields.weight.optional(),
  volume: allotmentFields.volume.optional(),
  timelimit_to_std: allotmentFields.timelimit_to_std.optional(),
  valid_until: allotmentFields.valid_until,
  postal: z.boolean().optional(),
});
export type AllotmentUpdate = z.infer<typeof allotmentUpdate>;

export const allotmentsQuery = listQuery(['id', 'created_at', 'weight', 'valid_until'] as const).extend({
  forwarder_id: z.coerce.number().int().positive().optional(),
  segment_id: z.coerce.number().int().positive().optional(),
  origin_iata: iataAirport.optional(),
  destination_iata: iataAirport.optional(),
});
export type AllotmentsQuery = z.infer<typeof allotmentsQuery>;

// XLSX upload of allotments (seed 001 section 7 "Allotments: CRUD plus file upload"): a multipart form with one file
// field `file`. Each row goes through the rules of a single create; a row with errors writes nothing and is reported by
// its row number, the others are created. The template is an XLSX workbook with the header row and one example row.

/** The columns of an allotment upload file, in order (the template's header row). `carrier`: the platform's only. */
export const ALLOTMENT_UPLOAD_COLUMNS = [
  'carrier',
  'origin',
  'destination',
  'forwarder',
  'type',
  'weight',
  'volume',
  'flight',
  'flight_date',
  'valid_until',
  'timelimit_to_std',
  'postal',
] as const;
/** Columns a file may leave out (an airline's own carrier, the defaults of a create, a route's allotment). */
export const ALLOTMENT_UPLOAD_OPTIONAL = ['carrier', 'type', 'flight', 'flight_date', 'valid_until', 'postal'] as const;

// Booking rules (seed 001 section 3 Booking rule).

export const bookingRule = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  carrier: z.string(),
  origin_iata: z.string().nullable(),
  destination_iata: z.string().nullable(),
  segment_id: z.number().int().nullable(),
  flight_number_with_date: z.string().nullable(),
  shcs: z.array(z.string()),
  min_percent: z.number().nullable(),
  max_percent: z.number().nullable(),
  min_weight: z.number().nullable(),
  max_weight: z.number().nullable(),
  min_volume: z.number().nullable(),
  max_volume: z.number().nullable(),
  response_status: ruleAnswer,
  created_at: z.string(),
  updated_at: z.string(),
});
export type BookingRule = z.infer<typeof bookingRule>;

const bound = (max: number) => z.number().min(0).max(max).nullable().optional();
const ruleFields = {
  origin_iata: iataAirport.nullable().optional(),
  destination_iata: iataAirport.nullable().optional(),
  segment_id: refId.nullable().optional(),
  shcs: shcList.optional(),
  min_percent: bound(1000),
  max_percent: bound(1000),
  min_weight: bound(1_000_000),
  max_weight: bound(1_000_000),
  min_volume: bound(100_000),
  max_volume: bound(100_000),
};
const boundsInOrder = (v: Record<string, unknown>) =>
  ['percent', 'weight', 'volume'].every((k) => {
    const min = v[`min_${k}`];
    const max = v[`max_${k}`];
    return typeof min !== 'number' || typeof max !== 'number' || min <= max;
  });
const boundsMessage = { message: msg('dateOrder', { field: 'min' }), path: ['max_percent'] };

export const bookingRuleCreate = z
  .object({
    carrier: allotmentCreate.shape.carrier,
    ...ruleFields,
    response_status: ruleAnswer,
  })
  .refine(boundsInOrder, boundsMessage);
export type BookingRuleCreate = z.infer<typeof bookingRuleCreate>;

export const bookingRuleUpdate = z
  .object({ ...ruleFields, response_status: ruleAnswer.optional() })
  .refine(boundsInOrder, boundsMessage);
export type BookingRuleUpdate = z.infer<typeof bookingRuleUpdate>;

export const bookingRulesQuery = listQuery(['id', 'created_at'] as const).extend({
  segment_id: z.coerce.number().int().positive().optional(),
  response_status: ruleAnswer.optional(),
});
export type BookingRulesQuery = z.infer<typeof bookingRulesQuery>;

/** POST /booking_rules/check: the answer the rules would give a shipment on segments now (nothing is booked). */
export const bookingRuleCheck = z.object({
  segment_ids: z.array(refId).min(1, msg('required')).max(4),
  pieces: cargoFields.pieces,
  weight: cargoFields.weight,
  volume: cargoFields.volume,
  shcs: shcList.default([]),
});
export type BookingRuleCheck = z.infer<typeof bookingRuleCheck>;

export const bookingRuleCheckResult = z.object({
  response_status: ruleAnswer,
  segments: z.array(
    z.object({
      segment_id: z.number().int(),
      response_status: ruleAnswer,
      rule_id: z.number().int().nullable(),
      load_percent: z.number().nullable(),
    }),
  ),
});
export type BookingRuleCheckResult = z.infer<typeof bookingRuleCheckResult>;

const tags = ['bookings'];

/** The booking calls of seed 001 section 7. */
export const bookingsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/bookings',
    permission: 'bookings:read',
    tags,
    summary: "Bookings: a forwarder's own, an airline's on its flights, all for the platform",
    query: bookingsQuery,
    response: paginated(booking),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/bookings/:id',
    permission: 'bookings:read',
    tags,
    summary: 'A booking with its history and change log',
    params: idParam,
    response: bookingDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/bookings',
    permission: 'bookings:write',
    tags,
    summary: 'Book cargo on one or several segments (the legs of a route)',
    body: bookingCreate,
    response: booking,
    status: 201,
  }),
  createV1: endpoint({
    method: 'POST',
    path: '/api/v1/bookings',
    permission: 'bookings:write',
    tags,
    summary: 'Book cargo (external v1 variant for API clients; the same rules, source api)',
    body: bookingCreate,
    response: booking,
    status: 201,
  }),
  change: endpoint({
    method: 'POST',
    path: '/api/v3/bookings/:id/change',
    permission: 'bookings:write',
    tags,
    summary: 'Change the cargo or segments of a booking',
    params: idParam,
    body: bookingChange,
    response: booking,
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/v3/bookings/:id',
    permission: 'bookings:write',
    tags,
    summary: 'Cancel a booking (XX): its capacity returns',
    params: idParam,
    response: booking,
  }),
  status: endpoint({
    method: 'PATCH',
    path: '/api/v3/bookings/:id/status',
    permission: 'bookings:write',
    tags,
    summary: 'The airline confirms (KK) or refuses (UU) a waiting booking',
    params: idParam,
    body: bookingStatusChange,
    response: booking,
  }),
  touch: endpoint({
    method: 'POST',
    path: '/api/v3/bookings/:id/touch',
    permission: 'bookings:write',
    tags,
    summary: 'Mark a booking as seen now and judge its warnings again',
    params: idParam,
    response: booking,
  }),
  ffr: endpoint({
    method: 'GET',
    path: '/api/v3/bookings/:id/ffr',
    permission: 'bookings:read',
    tags,
    summary: 'The booking as a Cargo-IMP FFR (booking request) text',
    params: idParam,
    response: ffrMessage,
  }),
  availability: endpoint({
    method: 'GET',
    path: '/api/v3/bookings/availability',
    permission: 'bookings:read',
    tags,
    summary: 'Capacity counters of segments and what is free for a forwarder now',
    query: availabilityQuery,
    response: z.object({ data: z.array(segmentAvailability) }),
  }),
};

export const allotmentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/allotments',
    permission: 'allotments:read',
    tags: ['allotments'],
    summary: "Allotments: an airline's own, all for the platform",
    query: allotmentsQuery,
    response: paginated(allotment),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/allotments/:id',
    permission: 'allotments:read',
    tags: ['allotments'],
    summary: 'An allotment',
    params: idParam,
    response: allotment,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/allotments',
    permission: 'allotments:write',
    tags: ['allotments'],
    summary: 'Reserve capacity for a forwarder on a flight or a route',
    body: allotmentCreate,
    response: allotment,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/allotments/:id',
    permission: 'allotments:write',
    tags: ['allotments'],
    summary: 'Change an allotment',
    params: idParam,
    body: allotmentUpdate,
    response: allotment,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/allotments/:id',
    permission: 'allotments:write',
    tags: ['allotments'],
    summary: 'Delete an allotment: its bookings stay, on free sale',
    params: idParam,
    response: null,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v3/allotments/upload',
    permission: 'allotments:write',
    tags: ['allotments'],
    summary:
      'Allotments: upload an XLSX file (multipart, field "file"); each row is created as one create; per-row report',
    response: uploadReport,
  }),
  template: endpoint({
    method: 'GET',
    path: '/api/v3/allotments/template.xlsx',
    permission: 'allotments:write',
    tags: ['allotments'],
    summary: 'Allotments: XLSX template with the header row and an example row',
    response: z.string().describe('XLSX workbook (binary)'),
  }),
};

export const bookingRulesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/booking_rules',
    permission: 'booking_rules:read',
    tags: ['booking rules'],
    summary: "Booking rules: an airline's own, all for the platform",
    query: bookingRulesQuery,
    response: paginated(bookingRule),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/booking_rules/:id',
    permission: 'booking_rules:read',
    tags: ['booking rules'],
    summary: 'A booking rule',
    params: idParam,
    response: bookingRule,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/booking_rules',
    permission: 'booking_rules:write',
    tags: ['booking rules'],
    summary: 'Create a booking rule (KK confirm, NN wait for the airline, UU refuse)',
    body: bookingRuleCreate,
    response: bookingRule,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/booking_rules/:id',
    permission: 'booking_rules:write',
    tags: ['booking rules'],
    summary: 'Change a booking rule',
    params: idParam,
    body: bookingRuleUpdate,
    response: bookingRule,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/booking_rules/:id',
    permission: 'booking_rules:write',
    tags: ['booking rules'],
    summary: 'Delete a booking rule',
    params: idParam,
    response: null,
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/v3/booking_rules/check',
    permission: 'booking_rules:read',
    tags: ['booking rules'],
    summary: 'The answer the booking rules would give a shipment on segments now',
    body: bookingRuleCheck,
    response: bookingRuleCheckResult,
  }),
};
