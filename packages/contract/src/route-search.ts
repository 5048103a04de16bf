import { z } from 'zod';
import { idParam, isoDate, numberFrom, paginated } from './common';
import { booleanParam, listQuery, refId } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Route search (issue 11 items 1, 2; seed 001 section 7 "trips", "flight_routes", "permitted_routes") and the
// routing settings it reads: permitted routes and minimum connection times (decision 016).

const code = (pattern: RegExp) => z.string().trim().toUpperCase().regex(pattern, msg('invalidFormat'));
/** An IATA airport or city code (MOW covers SVO, DME, VKO). */
export const placeCode = code(/^[A-Z]{3}$/);
export const carrierCode = code(/^[A-Z0-9]{2}$/);
export const shcCode = code(/^[A-Z]{3}$/);
const codes = <T extends z.ZodType<string>>(item: T, max = 50) =>
  z
    .array(item)
    .max(max)
    .transform((v) => [...new Set(v)]);

/** Dimensions of a group of pieces in centimetres, `LxWxH` or `LxWxHxPIECES` (120x80x100x2). */
export const dimensionText = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^\d{1,4}(\.\d{1,2})?x\d{1,4}(\.\d{1,2})?x\d{1,4}(\.\d{1,2})?(x\d{1,5})?$/, msg('invalidFormat'));

export const ROUTE_SORTS = ['faster', 'cheaper'] as const;

/**
 * GET /segments/trips and /segments/flight_routes. Everything is optional to the schema: a query without origin,
 * destination, dates, pieces and weight answers 422 EmptyFields "Fill in required fields" (seed 001 section 8).
 * The date range is the desired shipping dates, local at the origin, both inclusive.
 */
export const routeSearchQuery = z.object({
  origin: placeCode.optional(),
  destination: placeCode.optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  direct_only: booleanParam.optional(),
  /** 0, 1 or 2 transfers at most (default 2). */
  max_transfers: numberFrom(z.number().int().min(0).max(2)).optional(),
  pieces: numberFrom(z.number().int().min(1).max(99_999)).optional(),
  /** Gross weight, kg. */
  weight: numberFrom(z.number().positive().max(1_000_000)).optional(),
  /** Volume, m3; computed from `dimensions` when those are given instead. */
  volume: numberFrom(z.number().min(0).max(100_000)).optional(),
  dimensions: codes(dimensionText, 100).optional(),
  commodity: z.string().trim().max(200).optional(),
  shcs: codes(shcCode).optional(),
  /** Only routes on these carriers. */
  carriers: codes(carrierCode).optional(),
  /** Cargo aircraft only (CAO). */
  freighter_only: booleanParam.optional(),
  sort: z.enum(ROUTE_SORTS).optional(),
  /** Also answer the candidates that cannot be booked, each with its reasons, and the nearest bookable alternatives. */
  explain: booleanParam.optional(),
  limit: numberFrom(z.number().int().min(1).max(200)).optional(),
  /** The platform searches for a forwarder: its agreements and tariffs apply. */
  forwarder_id: numberFrom(refId).optional(),
});
export type RouteSearchQuery = z.infer<typeof routeSearchQuery>;

/** Why a candidate route cannot be booked (explain mode), or why it has no price. */
export const ROUTE_REASONS = [
  'no_agreement',
  'no_tariff',
  'no_capacity',
  'sales_closed',
  'locked',
  'cancelled',
  'shc_forbidden',
  'connection_not_workable',
  'interline_not_allowed',
  'route_not_permitted',
  'outside_booking_window',
  'cargo_limits',
] as const;
export type RouteReason = (typeof ROUTE_REASONS)[number];

export const routeRejection = z.object({
  reason: z.enum(ROUTE_REASONS),
  /** The segment the reason is about (per-leg reasons; the departing segment of a short connection). */
  segment_id: z.number().int().nullable(),
  airport: z.string().nullable(),
  /** connection_not_workable: the connection and the minimum that applies, minutes. */
  connection_minutes: z.number().int().nullable(),
  minimum_minutes: z.number().int().nullable(),
  /** no_capacity: what the segment still has. */
  available_weight: z.number().nullable(),
  available_volume: z.number().nullable(),
  /** no_agreement / interline_not_allowed: the carriers concerned. */
  carrier: z.string().nullable(),
  other_carrier: z.string().nullable(),
  /** shc_forbidden: the codes refused; cargo_limits: the limits broken. */
  details: z.array(z.string()),
  /** English text of the reason. */
  message: z.string(),
});
export type RouteRejection = z.infer<typeof routeRejection>;

export const routeLeg = z.object({
  segment_id: z.number().int(),
  carrier: z.string(),
  number: z.string(),
  /** Seed 001: e.g. "SU1234/25NOV". */
  number_with_date: z.string(),
  flight_date: z.string(),
  origin: z.string(),
  destination: z.string(),
  std: z.string(),
  sta: z.string(),
  aircraft_type: z.string().nullable(),
  freighter: z.boolean(),
  available_weight: z.number(),
  available_volume: z.number(),
  /** Seed 001 "segments (default selectedForBooking true)". */
  selected_for_booking: z.boolean(),
});
export type RouteLeg = z.infer<typeof routeLeg>;

/** Seed 001 section 3 "Trip and route". */
export const route = z.object({
  /** The segment ids joined by "-": stable for one route. */
  key: z.string(),
  available: z.boolean(),
  origin: z.string(),
  destination: z.string(),
  carriers: z.array(z.string()),
  /** The issuing (first) carrier. */
  carrier: z.string(),
  std: z.string(),
  /** Min STA: the arrival at the destination. */
  sta: z.string(),
  transfers: z.number().int(),
  transit_airports: z.array(z.string()),
  segments: z.array(routeLeg),
  connections: z.array(z.object({ airport: z.string(), minutes: z.number().int(), minimum_minutes: z.number().int() })),
  trip_time: z.object({ hours: z.number().int(), minutes: z.number().int() }),
  trip_minutes: z.number().int(),
  /** Capacity available to this shipment: the least over the segments, kg and m3. */
  available_weight: z.number(),
  available_volume: z.number(),
  /** The rating engine's total for the caller's company; null = no tariff. */
  cost: z.string().nullable(),
  currency: z.string().nullable(),
  forbidden_shc: z.array(z.string()),
  /** Empty for a bookable route. */
  reasons: z.array(routeRejection),
});
export type Route = z.infer<typeof route>;

export const ALTERNATIVE_KINDS = ['other_date', 'with_transfers', 'other_airport', 'other_carrier'] as const;

export const routeSearchResult = z.object({
  routes: z.array(route),
  /** Explain mode: the better candidates that cannot be booked, each with its reasons. */
  rejected: z.array(route),
  /** Explain mode, when nothing is bookable: the nearest bookable dates or routes. */
  alternatives: z.array(z.object({ kind: z.enum(ALTERNATIVE_KINDS), route })),
  /** The interpretation of the request: the airports the codes cover and the UTC range searched. */
  query: z.object({
    origin_airports: z.array(z.string()),
    destination_airports: z.array(z.string()),
    departure_from: z.string(),
    departure_to: z.string(),
    weight: z.number(),
    volume: z.number(),
  }),
  stats: z.object({
    candidates: z.number().int(),
    scanned_legs: z.number().int(),
    truncated: z.boolean(),
    millis: z.number(),
    index_legs: z.number().int(),
  }),
});
export type RouteSearchResult = z.infer<typeof routeSearchResult>;

/** GET /segments/flight_routes: the segments the found routes use, for the segments tab. */
export const flightRoutesResult = z.object({
  data: z.array(routeLeg.extend({ routes: z.array(z.string()), available: z.boolean() })),
});
export type FlightRoutesResult = z.infer<typeof flightRoutesResult>;

// Permitted routes (settings/permitted-routes).

const companyRef = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });

export const permittedRoute = z.object({
  id: z.number().int(),
  airline: companyRef,
  carrier: z.string(),
  /** Airport or city codes. */
  origin: z.string(),
  destination: z.string(),
  /** Exactly these transit airports, in order; null = any transit. */
  via: z.array(z.string()).nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PermittedRoute = z.infer<typeof permittedRoute>;

const viaList = z
  .array(placeCode)
  .max(2)
  .nullable()
  .optional()
  .refine((v) => !v || new Set(v).size === v.length, msg('invalidFormat'));
const notes = z.string().trim().max(500).nullable().optional();

export const permittedRouteCreate = z.object({
  /** The platform names the airline; an airline's own is used otherwise. */
  airline_id: refId.optional(),
  origin: placeCode,
  destination: placeCode,
  via: viaList,
  notes,
});
export type PermittedRouteCreate = z.infer<typeof permittedRouteCreate>;

export const permittedRouteUpdate = z.object({
  origin: placeCode.optional(),
  destination: placeCode.optional(),
  via: viaList,
  notes,
});
export type PermittedRouteUpdate = z.infer<typeof permittedRouteUpdate>;

export const permittedRoutesQuery = listQuery(['id', 'origin', 'destination', 'created_at']).extend({
  airline_id: numberFrom(refId).optional(),
  origin: placeCode.optional(),
  destination: placeCode.optional(),
});
export type PermittedRoutesQuery = z.infer<typeof permittedRoutesQuery>;

// Minimum connection times (settings): an airport's standard (platform), and exceptions by arriving carrier,
// departing carrier and domestic/international connection type.

export const CONNECTION_TYPES = ['DD', 'DI', 'ID', 'II'] as const;

export const connectionTime = z.object({
  id: z.number().int(),
  /** The airline that owns the row (its exceptions); null = a platform row (standard or exception). */
  airline: companyRef.nullable(),
  airport: z.string(),
  minutes: z.number().int(),
  arrival_carrier: z.string().nullable(),
  departure_carrier: z.string().nullable(),
  connection_type: z.enum(CONNECTION_TYPES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConnectionTime = z.infer<typeof connectionTime>;

const minutes = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);
const optionalCarrier = carrierCode.nullable().optional();

export const connectionTimeCreate = z.object({
  /** The platform may name an airline (its exception); an airline's rows are always its own. */
  airline_id: refId.nullable().optional(),
  airport: placeCode,
  minutes,
  arrival_carrier: optionalCarrier,
  departure_carrier: optionalCarrier,
  connection_type: z.enum(CONNECTION_TYPES).nullable().optional(),
});
export type ConnectionTimeCreate = z.infer<typeof connectionTimeCreate>;

export const connectionTimeUpdate = z.object({
  airport: placeCode.optional(),
  minutes: minutes.optional(),
  arrival_carrier: optionalCarrier,
  departure_carrier: optionalCarrier,
  connection_type: z.enum(CONNECTION_TYPES).nullable().optional(),
});
export type ConnectionTimeUpdate = z.infer<typeof connectionTimeUpdate>;

export const connectionTimesQuery = listQuery(['id', 'airport', 'minutes', 'created_at']).extend({
  airport: placeCode.optional(),
  airline_id: numberFrom(refId).optional(),
});
export type ConnectionTimesQuery = z.infer<typeof connectionTimesQuery>;

const searchTags = ['route search'];

export const routeSearchApi = {
  trips: endpoint({
    method: 'GET',
    path: '/api/v3/segments/trips',
    permission: 'routes:search',
    tags: searchTags,
    summary:
      'Route search: routes of up to 2 transfers with capacity and price for the shipment, sorted faster or cheaper; explain mode says why candidates cannot be booked',
    query: routeSearchQuery,
    response: routeSearchResult,
  }),
  flightRoutes: endpoint({
    method: 'GET',
    path: '/api/v3/segments/flight_routes',
    permission: 'routes:search',
    tags: searchTags,
    summary: 'The segments of the routes a search finds (segments selection tab)',
    query: routeSearchQuery,
    response: flightRoutesResult,
  }),
};

const permittedTags = ['permitted routes'];

export const permittedRoutesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/permitted_routes',
    permission: 'permitted_routes:write',
    tags: permittedTags,
    summary: "An airline's permitted routes (every airline's for the platform)",
    query: permittedRoutesQuery,
    response: paginated(permittedRoute),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/permitted_routes/:id',
    permission: 'permitted_routes:write',
    tags: permittedTags,
    summary: 'A permitted route',
    params: idParam,
    response: permittedRoute,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/permitted_routes',
    permission: 'permitted_routes:write',
    tags: permittedTags,
    summary: 'Add a permitted route: once an airline has one, its legs join only routes its table permits',
    body: permittedRouteCreate,
    response: permittedRoute,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/permitted_routes/:id',
    permission: 'permitted_routes:write',
    tags: permittedTags,
    summary: 'Change a permitted route',
    params: idParam,
    body: permittedRouteUpdate,
    response: permittedRoute,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/permitted_routes/:id',
    permission: 'permitted_routes:write',
    tags: permittedTags,
    summary: 'Remove a permitted route',
    params: idParam,
    response: null,
  }),
};

const mctTags = ['connection times'];

export const connectionTimesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/connection_times',
    permission: 'connection_times:read',
    tags: mctTags,
    summary:
      'Minimum connection times: airport standards and exceptions (an airline sees the platform rows and its own)',
    query: connectionTimesQuery,
    response: paginated(connectionTime),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/connection_times/:id',
    permission: 'connection_times:read',
    tags: mctTags,
    summary: 'A minimum connection time',
    params: idParam,
    response: connectionTime,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/connection_times',
    permission: 'connection_times:write',
    tags: mctTags,
    summary: "Add an airport's standard (platform) or an exception by carrier and connection type",
    body: connectionTimeCreate,
    response: connectionTime,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/connection_times/:id',
    permission: 'connection_times:write',
    tags: mctTags,
    summary: 'Change a minimum connection time',
    params: idParam,
    body: connectionTimeUpdate,
    response: connectionTime,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/connection_times/:id',
    permission: 'connection_times:write',
    tags: mctTags,
    summary: 'Remove a minimum connection time',
    params: idParam,
    response: null,
  }),
};
