import { z } from 'zod';
import { idParam, keysetPaginated, pageQuery, paginated } from './common';
import { text } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Flights of seed 001 section 3 "Flight segment" and the calls of section 7 (segments, schedules, change_logs,
// capacity). A flight is one dated departure of a flight number; it has one or more legs (physical hops, which hold the
// aircraft, the times and the capacity) and its segments are the sellable leg combinations (SVO-NQZ, NQZ-ALA and
// SVO-ALA of the flight SVO-NQZ-ALA), as SSIM describes. Times travel as UTC instants (`...Z`) with the local time of the
// airport beside them (`std_local`: ISO with the offset in force there).

const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, msg('invalidFormat'));
const carrierCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, msg('invalidFormat'));
/** Flight number: 1 to 4 digits and an optional operational suffix letter (SSIM). */
const flightNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{1,4}[A-Z]?$/, msg('invalidFormat'));
const aircraftType = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3}$/, msg('invalidFormat'));
const registration = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{2,10}$/, msg('invalidFormat'));
/** A calendar date `YYYY-MM-DD`. */
const calendarDate = z.iso.date();
/** A wall-clock time without zone, `YYYY-MM-DDTHH:mm`, read in the time mode of the request. */
const wallClock = z.iso.datetime({ local: true, precision: -1 });

/** Seed 001: segment type, a letter A to X (F scheduled cargo/mail, J scheduled passenger, H charter cargo ...). */
export const SEGMENT_TYPES = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
] as const;
export const segmentType = z.enum(SEGMENT_TYPES);
/** Freighter service types: their cargo capacity is the aircraft's; the others carry passengers and baggage. */
export const CARGO_SEGMENT_TYPES = ['F', 'H', 'A'] as const;

/** `local`: wall-clock times are the airport's local time; `utc`: they are UTC. */
export const timeMode = z.enum(['local', 'utc']);
export type TimeMode = z.infer<typeof timeMode>;

export const FLIGHT_TABS = ['current', 'action_required', 'with_shipments', 'aci', 'all'] as const;
export const SEGMENT_STATES = ['open', 'sales_closed', 'locked', 'canceled'] as const;
export const CHANGE_CHANNELS = ['web', 'api', 'ssim', 'ssm', 'asm', 'system'] as const;

// Responses.

/** Weight (kg) and volume (m3) figures of a segment; booked stays 0 until bookings exist. */
export const segmentLoad = z.object({
  capacity_weight: z.number(),
  capacity_volume: z.number(),
  /** Where the capacity comes from: the aircraft type, a per-segment override, or payload minus passengers and baggage. */
  capacity_source: z.enum(['aircraft', 'override', 'payload', 'none']),
  estimated_weight: z.number(),
  estimated_volume: z.number(),
  booked_weight: z.number(),
  booked_volume: z.number(),
  actual_weight: z.number(),
  actual_volume: z.number(),
  /** Booked over capacity, in percent, by weight and by volume (null without capacity). */
  load_factor_weight: z.number().nullable(),
  load_factor_volume: z.number().nullable(),
});
export type SegmentLoad = z.infer<typeof segmentLoad>;

export const flightLeg = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  aircraft_type: z.string().nullable(),
  aircraft_reg: z.string().nullable(),
  std: z.string(),
  sta: z.string(),
  std_local: z.string(),
  sta_local: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  atd: z.string().nullable(),
  ata: z.string().nullable(),
  canceled: z.boolean(),
});
export type FlightLeg = z.infer<typeof flightLeg>;

/** Seed 001 section 3 Flight segment. */
export const segment = z.object({
  id: z.number().int(),
  flight_id: z.number().int(),
  airline_id: z.number().int(),
  carrier: z.string(),
  /** Flight number with suffix, e.g. "1234" or "1234A". */
  number: z.string(),
  /** Carrier and number, "SU1234". */
  segment_number: z.string(),
  /** "SU1234/23NOV", as telegrams write it. */
  number_with_date: z.string(),
  /** Local date of the flight's first departure (the SSIM flight date). */
  flight_date: z.string(),
  origin: z.string(),
  destination: z.string(),
  origin_timezone: z.string(),
  destination_timezone: z.string(),
  /** Legs the segment spans, in order (one for a non-stop segment). */
  legs: z.array(flightLeg),
  aircraft_type: z.string().nullable(),
  aircraft_reg: z.string().nullable(),
  segment_type: segmentType,
  std: z.string(),
  sta: z.string(),
  std_local: z.string(),
  sta_local: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  atd: z.string().nullable(),
  ata: z.string().nullable(),
  /** Bookable now: not cancelled, sales open and inside the sales window. */
  available: z.boolean(),
  sales_closed: z.boolean(),
  /** When sales open and close by the airline's sales_open_rules (null without a rule). */
  sales_open_at: z.string().nullable(),
  sales_close_at: z.string().nullable(),
  canceled: z.boolean(),
  locked: z.boolean(),
  aci_required: z.boolean(),
  /** "scheduled" (from a schedule or regular creation), "adhoc" (single), "changed" (edited after scheduling). */
  schedule_status: z.string(),
  schedule_id: z.number().int().nullable(),
  notation: z.string().nullable(),
  load: segmentLoad,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Segment = z.infer<typeof segment>;

// Requests.

export const segmentsQuery = z.object({
  tab: z.enum(FLIGHT_TABS).default('current'),
  /** Local departure dates, inclusive. */
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
  carrier: carrierCode.optional(),
  origin: airportCode.optional(),
  destination: airportCode.optional(),
  number: flightNumber.optional(),
  state: z.enum(SEGMENT_STATES).optional(),
  sort: z.enum(['std', '-std']).default('std'),
  cursor: z.string().max(200).optional(),
  per_page: pageQuery.shape.per_page,
});
export type SegmentsQuery = z.infer<typeof segmentsQuery>;

/** One leg of a flight to create: wall-clock departure and arrival in the request's time mode. */
export const legInput = z.object({
  origin: airportCode,
  destination: airportCode,
  /** For a single flight the full date and time; for a regular one the date part is ignored and `departure_day_offset` applies. */
  std: wallClock,
  sta: wallClock,
  aircraft_type: aircraftType.nullable().optional(),
  aircraft_reg: registration.nullable().optional(),
});

const flightInputBase = z.object({
  carrier: carrierCode,
  number: flightNumber,
  segment_type: segmentType.default('J'),
  time_mode: timeMode.default('local'),
  aci_required: z.boolean().default(false),
  notation: text(500).nullable().optional(),
  legs: z.array(legInput).min(1).max(10),
});

/** Create: a single dated flight, a regular one (weekdays over a period), or the flights of a stored schedule. */
export const segmentCreate = z.discriminatedUnion('mode', [
  flightInputBase.extend({ mode: z.literal('single') }),
  flightInputBase.extend({
    mode: z.literal('regular'),
    period_from: calendarDate,
    period_to: calendarDate,
    /** ISO weekdays 1 (Monday) to 7 (Sunday) of the first departure, in the request's time mode. */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  }),
  z.object({
    mode: z.literal('schedule'),
    schedule_id: z.number().int().positive(),
    period_from: calendarDate.optional(),
    period_to: calendarDate.optional(),
  }),
]);
export type SegmentCreate = z.infer<typeof segmentCreate>;

export const segmentCreateResult = z.object({
  /** Segments created (every sellable leg combination of every new flight). */
  created: z.array(segment),
  /** Dates that were not created and why (e.g. "Flight already exists"). */
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
});

/** Edit one segment's flight: times of its legs, aircraft, type, notation. Times in the given time mode. */
export const segmentUpdate = z.object({
  time_mode: timeMode.default('local'),
  segment_type: segmentType.optional(),
  aircraft_type: aircraftType.nullable().optional(),
  aircraft_reg: registration.nullable().optional(),
  aci_required: z.boolean().optional(),
  notation: text(500).nullable().optional(),
  legs: z
    .array(
      z.object({
        sequence: z.number().int().min(1),
        std: wallClock.optional(),
        sta: wallClock.optional(),
        etd: wallClock.nullable().optional(),
        eta: wallClock.nullable().optional(),
        atd: wallClock.nullable().optional(),
        ata: wallClock.nullable().optional(),
      }),
    )
    .max(10)
    .optional(),
});
export type SegmentUpdate = z.infer<typeof segmentUpdate>;

export const salesUpdate = z.object({ sales_closed: z.boolean() });
/** The segment after a sales change, with the warning seed 000 section 4 gives when a closed flight reopens. */
export const salesResult = z.object({ segment, warning: z.string().nullable() });

// Capacity data (seed 001 section 3).

export const aircraftCapacity = z.object({
  aircraft_type: z.string(),
  description: z.string().nullable(),
  /** Cargo capacity of a freighter / the default of the type, kg and m3; null when the airline has not set it. */
  weight: z.number().nullable(),
  volume: z.number().nullable(),
});
export const aircraftCapacitiesQuery = z.object({ airline_id: z.coerce.number().int().positive().optional() });
export const aircraftCapacitiesUpdate = z.object({
  airline_id: z.number().int().positive().optional(),
  capacities: z
    .array(
      z.object({
        aircraft_type: aircraftType,
        weight: z.number().min(0).max(500_000).nullable(),
        volume: z.number().min(0).max(2_000).nullable(),
      }),
    )
    .min(1)
    .max(500),
});

export const segmentCapacity = z.object({
  segment_id: z.number().int(),
  /** The per-segment override, null when the segment uses the computed capacity. */
  weight: z.number().nullable(),
  volume: z.number().nullable(),
  load: segmentLoad,
});
export const segmentCapacityUpdate = z.object({
  weight: z.number().min(0).max(500_000).nullable(),
  volume: z.number().min(0).max(2_000).nullable(),
});

export const SEASONS = ['summer', 'winter'] as const;

export const segmentPayload = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  aircraft_type: z.string(),
  reg_numbers: z.array(z.string()),
  /** Maximum payload in kg (passengers, baggage and cargo). */
  payload: z.number(),
  season: z.enum(SEASONS),
});
export const segmentPayloadInput = z.object({
  airline_id: z.number().int().positive().optional(),
  origin: airportCode,
  destination: airportCode,
  aircraft_type: aircraftType,
  reg_numbers: z.array(registration).max(100).default([]),
  payload: z.number().positive().max(500_000),
  season: z.enum(SEASONS),
});

export const paxOdAverage = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  aircraft_type: z.string(),
  /** Average passengers on the O&D with this aircraft type. */
  quantity: z.number(),
});
export const paxOdAverageInput = z.object({
  airline_id: z.number().int().positive().optional(),
  origin: airportCode,
  destination: airportCode,
  aircraft_type: aircraftType,
  quantity: z.number().min(0).max(1_000),
});

export const baggageAverage = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  weight_stat: z.number().nullable(),
  weight_data: z.number().nullable(),
  beginning_of_period: z.string(),
  end_of_period: z.string(),
  total_baggage_weight: z.number(),
  total_baggage_pcs: z.number().int(),
  total_pax: z.number().int(),
  /** total_baggage_weight / total_pax, kg per passenger. */
  average_baggage_weight: z.number().nullable(),
  external_source: z.boolean(),
  manual_average_baggage_weight: z.number().nullable(),
  segments_count: z.number().int(),
});
export const baggageAverageInput = z.object({
  airline_id: z.number().int().positive().optional(),
  origin: airportCode,
  destination: airportCode,
  beginning_of_period: calendarDate,
  end_of_period: calendarDate,
  manual_average_baggage_weight: z.number().min(0).max(100).nullable().optional(),
});

/** One observed flight's baggage, the input of the baggage averages. */
export const baggageStat = z.object({
  id: z.number().int(),
  airline_id: z.number().int(),
  segment_id: z.number().int().nullable(),
  origin: z.string(),
  destination: z.string(),
  flight_date: z.string(),
  pax: z.number().int(),
  baggage_pcs: z.number().int(),
  baggage_weight: z.number(),
});
export const baggageStatInput = z.object({
  airline_id: z.number().int().positive().optional(),
  segment_id: z.number().int().positive().nullable().optional(),
  origin: airportCode,
  destination: airportCode,
  flight_date: calendarDate,
  pax: z.number().int().min(0).max(1_000),
  baggage_pcs: z.number().int().min(0).max(5_000),
  baggage_weight: z.number().min(0).max(100_000),
});

export const capacityListQuery = pageQuery.extend({
  airline_id: z.coerce.number().int().positive().optional(),
  origin: airportCode.optional(),
  destination: airportCode.optional(),
});

/** Per-row report of an XLSX upload: rows created, updated and refused, with the reasons per row. */
export const uploadReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      status: z.enum(['created', 'updated', 'unchanged', 'failed']),
      errors: z.array(z.string()),
    }),
  ),
});

// Change log (seed 001 section 3 "Change log").

export const changeLog = z.object({
  id: z.number().int(),
  record_type: z.string(),
  record_id: z.number().int(),
  channel: z.enum(CHANGE_CHANNELS),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  /** Per field: [before, after]. */
  change_set: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  created_at: z.string(),
});
export const changeLogsQuery = pageQuery.extend({
  record_type: z.enum(['segment', 'flight', 'booking', 'air_waybill', 'tariff']),
  record_id: z.coerce.number().int().positive(),
});

const segmentParam = z.object({ segment: z.coerce.number().int().positive() });

const tags = ['flights'];
const capacityTags = ['capacity'];

export const flightsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/segments',
    permission: 'flights:read',
    tags,
    summary: 'Flight segments by tab and filters, keyset paged by departure',
    query: segmentsQuery,
    response: keysetPaginated(segment),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/segments/:id',
    permission: 'flights:read',
    tags,
    summary: 'A flight segment with its legs and load',
    params: idParam,
    response: segment,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/segments',
    permission: 'flights:write',
    tags,
    summary: 'Create a single flight, a regular one on weekdays over a period, or the flights of a schedule',
    body: segmentCreate,
    response: segmentCreateResult,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/segments/:id',
    permission: 'flights:write',
    tags,
    summary: "Edit a segment's flight: times, aircraft, type, notation",
    params: idParam,
    body: segmentUpdate,
    response: segment,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v3/segments/:id/cancel',
    permission: 'flights:write',
    tags,
    summary: 'Cancel the flight of a segment (all its segments)',
    params: idParam,
    response: segment,
  }),
  sales: endpoint({
    method: 'PATCH',
    path: '/api/v3/segments/:id/sales',
    permission: 'flights:operate',
    tags,
    summary: 'Open or close sales',
    params: idParam,
    body: salesUpdate,
    response: salesResult,
  }),
  lock: endpoint({
    method: 'POST',
    path: '/api/v3/segments/:id/lock',
    permission: 'flights:operate',
    tags,
    summary: 'Lock: booking changes are refused',
    params: idParam,
    response: segment,
  }),
  unlock: endpoint({
    method: 'DELETE',
    path: '/api/v3/segments/:id/lock',
    permission: 'flights:operate',
    tags,
    summary: 'Unlock',
    params: idParam,
    response: segment,
  }),
  loadFactor: endpoint({
    method: 'GET',
    path: '/api/v3/segments/:id/loadfactor',
    permission: 'flights:read',
    tags,
    summary: 'Estimated, booked and actual weight and volume of a segment, per leg',
    params: idParam,
    response: z.object({ segment: segmentLoad, legs: z.array(segmentLoad.extend({ leg_id: z.number().int() })) }),
  }),
  changeLogs: endpoint({
    method: 'GET',
    path: '/api/v3/change_logs',
    permission: 'flights:read',
    tags,
    summary: 'Changes to a record: who, when, through which channel, before and after per field',
    query: changeLogsQuery,
    response: paginated(changeLog),
  }),
};

export const capacityApi = {
  aircraftCapacities: endpoint({
    method: 'GET',
    path: '/api/v3/aircraft_capacities',
    permission: 'capacities:read',
    tags: capacityTags,
    summary: "Aircraft types with the airline's cargo capacity in kg and m3",
    query: aircraftCapacitiesQuery,
    response: z.array(aircraftCapacity),
  }),
  updateAircraftCapacities: endpoint({
    method: 'PATCH',
    path: '/api/v3/aircraft_capacities',
    permission: 'capacities:write',
    tags: capacityTags,
    summary: "Set the airline's capacity of aircraft types",
    body: aircraftCapacitiesUpdate,
    response: z.array(aircraftCapacity),
  }),
  segmentCapacity: endpoint({
    method: 'GET',
    path: '/api/v3/segments/:segment/aircraft_capacity',
    permission: 'capacities:read',
    tags: capacityTags,
    summary: "A segment's capacity override and load",
    params: segmentParam,
    response: segmentCapacity,
  }),
  updateSegmentCapacity: endpoint({
    method: 'PUT',
    path: '/api/v3/segments/:segment/aircraft_capacity',
    permission: 'capacities:write',
    tags: capacityTags,
    summary: "Override a segment's capacity (null clears the override)",
    params: segmentParam,
    body: segmentCapacityUpdate,
    response: segmentCapacity,
  }),
};

/** List, create, edit, delete and XLSX upload of one kind of capacity record. */
function capacityCrud<I extends z.ZodObject, R extends z.ZodType>(path: string, what: string, input: I, record: R) {
  return {
    list: endpoint({
      method: 'GET',
      path: `/api/v3/${path}`,
      permission: 'capacities:read',
      tags: capacityTags,
      summary: `${what}: list`,
      query: capacityListQuery,
      response: paginated(record),
    }),
    create: endpoint({
      method: 'POST',
      path: `/api/v3/${path}`,
      permission: 'capacities:write',
      tags: capacityTags,
      summary: `${what}: create`,
      body: input,
      response: record,
      status: 201,
    }),
    update: endpoint({
      method: 'PATCH',
      path: `/api/v3/${path}/:id`,
      permission: 'capacities:write',
      tags: capacityTags,
      summary: `${what}: edit`,
      params: idParam,
      body: input.partial(),
      response: record,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `/api/v3/${path}/:id`,
      permission: 'capacities:write',
      tags: capacityTags,
      summary: `${what}: delete`,
      params: idParam,
      response: null,
    }),
  };
}

export const segmentPayloadsApi = capacityCrud(
  'segment_payloads',
  'Segment payloads',
  segmentPayloadInput,
  segmentPayload,
);
export const paxOdAveragesApi = capacityCrud('pax_od_averages', 'PAX O&D averages', paxOdAverageInput, paxOdAverage);
export const baggageAveragesApi = capacityCrud(
  'baggage_averages',
  'Baggage averages',
  baggageAverageInput,
  baggageAverage,
);
export const baggageStatsApi = capacityCrud('baggage_stats', 'Baggage stats', baggageStatInput, baggageStat);

/** Query of an XLSX upload or template download of a capacity kind. */
export const capacityUploadQuery = z.object({ airline_id: z.coerce.number().int().positive().optional() });

// XLSX upload and template download of capacity records (seed 000 section 2: segment payloads and PAX O&D averages
// have upload and template download; seed 001 section 7: each kind has list, create and upload). The upload is a
// multipart form with one file field `file`; rows are created or updated by the record's natural key, and a row with
// errors writes nothing. The template is an XLSX workbook with the header row and one example row.

/** The columns of an upload file per kind, in order (the template's header row). */
export const CAPACITY_UPLOAD_COLUMNS = {
  segment_payloads: ['origin', 'destination', 'aircraft_type', 'season', 'payload', 'reg_numbers'],
  pax_od_averages: ['origin', 'destination', 'aircraft_type', 'quantity'],
  baggage_stats: ['origin', 'destination', 'flight_date', 'pax', 'baggage_pcs', 'baggage_weight'],
} as const;
export type CapacityUploadKind = keyof typeof CAPACITY_UPLOAD_COLUMNS;
/** At most this many data rows per upload file. */
export const CAPACITY_UPLOAD_MAX_ROWS = 5_000;
/** At most this many bytes per upload file. */
export const CAPACITY_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The body of a template download: an XLSX workbook (binary). */
const xlsxFile = z.string().describe('XLSX workbook (binary)');

function capacityFiles(path: string, what: string, write: 'capacities:write' | 'statistics:write') {
  return {
    upload: endpoint({
      method: 'POST',
      path: `/api/v3/${path}/upload`,
      permission: write,
      tags: capacityTags,
      summary: `${what}: upload an XLSX file (multipart, field "file"); per-row report`,
      query: capacityUploadQuery,
      response: uploadReport,
    }),
    template: endpoint({
      method: 'GET',
      path: `/api/v3/${path}/template.xlsx`,
      permission: 'capacities:read',
      tags: capacityTags,
      summary: `${what}: XLSX template with the header row and an example row`,
      response: xlsxFile,
    }),
  };
}

export const segmentPayloadFilesApi = capacityFiles('segment_payloads', 'Segment payloads', 'capacities:write');
export const paxOdAverageFilesApi = capacityFiles('pax_od_averages', 'PAX O&D averages', 'capacities:write');
/**
 * Baggage stats by upload: a row stands for the route's flight day (origin, destination, flight_date); it updates the
 * one stat of that day or creates it, and is refused where several stats of that day exist already (edit them one by
 * one). Written under the baggage statistics permission, like their create and edit.
 */
export const baggageStatFilesApi = capacityFiles('baggage_stats', 'Baggage stats', 'statistics:write');

/** One baggage stat (its edit screen loads it). */
export const baggageStatRecordApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v3/baggage_stats/:id',
    permission: 'capacities:read',
    tags: capacityTags,
    summary: 'Baggage stats: one record',
    params: idParam,
    response: baggageStat,
  }),
};

// Baggage statistics are written under their own row of seed 000 section 6 ("Baggage-stats create/edit: platform;
// airline manager; only when no subdomain or one named airline subdomain"): the permission `statistics:write` holds
// that rule, so their create, edit and delete calls name it instead of the capacity permission.
Object.assign(baggageStatsApi, {
  create: { ...baggageStatsApi.create, permission: 'statistics:write' },
  update: { ...baggageStatsApi.update, permission: 'statistics:write' },
  remove: { ...baggageStatsApi.remove, permission: 'statistics:write' },
});

export type AircraftCapacity = z.infer<typeof aircraftCapacity>;
export type AircraftCapacitiesUpdate = z.infer<typeof aircraftCapacitiesUpdate>;
export type SegmentPayload = z.infer<typeof segmentPayload>;
export type SegmentPayloadInput = z.infer<typeof segmentPayloadInput>;
export type PaxOdAverage = z.infer<typeof paxOdAverage>;
export type PaxOdAverageInput = z.infer<typeof paxOdAverageInput>;
export type BaggageAverage = z.infer<typeof baggageAverage>;
export type BaggageAverageInput = z.infer<typeof baggageAverageInput>;
export type BaggageStat = z.infer<typeof baggageStat>;
export type BaggageStatInput = z.infer<typeof baggageStatInput>;
export type CapacityListQuery = z.infer<typeof capacityListQuery>;
export type UploadReport = z.infer<typeof uploadReport>;
