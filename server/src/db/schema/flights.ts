import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './companies';
import { airports } from './reference';

// Flights (seed 001 section 3 "Flight segment"; decision 017): a flight is one dated departure of a flight number
// (carrier + number + suffix + SSIM flight date); its legs are the physical hops and hold the aircraft and the times
// (UTC instants); its segments are the sellable leg combinations (SVO-NQZ, NQZ-ALA, SVO-ALA of SVO-NQZ-ALA) and hold
// the commercial state (sales, lock) and the capacity override. Times are timestamptz; the airport's IANA zone comes
// from `airports.timezone`.

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** A stored schedule: the definition a regular creation or a schedule import made flights from. */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    /** Flight number with suffix ("1234", "1234A"). */
    number: text('number').notNull(),
    /** Where it came from: regular (created on screen), ssim, ssm, asm. */
    source: text('source').notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    /** ISO weekdays 1-7 of the first departure. */
    weekdays: smallint('weekdays').array().notNull(),
    /** The creation request (legs with wall-clock times, time mode, type ...) to create more dates from. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [index('schedules_airline_idx').on(t.airline_id, t.carrier, t.number)],
);

export const flights = pgTable(
  'flights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    number: text('number').notNull(),
    /** SSIM flight date: local date of the first leg's departure. */
    flight_date: date('flight_date', { mode: 'string' }).notNull(),
    /** Seed 001 segment type, a letter A to X. */
    segment_type: text('segment_type').notNull().default('J'),
    aci_required: boolean('aci_required').notNull().default(false),
    notation: text('notation'),
    canceled: boolean('canceled').notNull().default(false),
    /** scheduled (regular creation or schedule import), adhoc (single), changed (edited after scheduling). */
    schedule_status: text('schedule_status').notNull().default('adhoc'),
    schedule_id: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('flights_designator_date_key').on(t.carrier, t.number, t.flight_date),
    index('flights_airline_date_idx').on(t.airline_id, t.flight_date),
  ],
);

/** One physical hop of a flight. */
export const flightLegs = pgTable(
  'flight_legs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** SSIM leg sequence, 1 for the first leg. */
    sequence: smallint('sequence').notNull(),
    origin: text('origin')
      .notNull()
      .references(() => airports.iata),
    destination: text('destination')
      .notNull()
      .references(() => airports.iata),
    aircraft_type: text('aircraft_type'),
    aircraft_reg: text('aircraft_reg'),
    std: instant('std').notNull(),
    sta: instant('sta').notNull(),
    etd: instant('etd'),
    eta: instant('eta'),
    atd: instant('atd'),
    ata: instant('ata'),
    canceled: boolean('canceled').notNull().default(false),
  },
  (t) => [
    uniqueIndex('flight_legs_flight_sequence_key').on(t.flight_id, t.sequence),
    index('flight_legs_std_idx').on(t.std),
  ],
);

/** A sellable leg combination of a flight; the row lists page through and bookings will point at. */
export const segments = pgTable(
  'segments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** Copies of the flight's and legs' values the lists filter and sort on. */
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    number: text('number').notNull(),
    flight_date: date('flight_date', { mode: 'string' }).notNull(),
    origin: text('origin')
      .notNull()
      .references(() => airports.iata),
    destination: text('destination')
      .notNull()
      .references(() => airports.iata),
    /** First and last leg sequence the segment flies. */
    first_leg: smallint('first_leg').notNull(),
    last_leg: smallint('last_leg').notNull(),
    std: instant('std').notNull(),
    sta: instant('sta').notNull(),
    canceled: boolean('canceled').notNull().default(false),
    sales_closed: boolean('sales_closed').notNull().default(false),
    /** True when a person closed or opened sales by hand: the automatic sales_open_rules leave it alone. */
    sales_manual: boolean('sales_manual').notNull().default(false),
    sales_open_at: instant('sales_open_at'),
    sales_close_at: instant('sales_close_at'),
    locked: boolean('locked').notNull().default(false),
    /** Per-segment capacity override, kg and m3 (null: computed). */
    capacity_weight: numeric('capacity_weight', { precision: 12, scale: 3 }),
    capacity_volume: numeric('capacity_volume', { precision: 12, scale: 3 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('segments_flight_route_key').on(t.flight_id, t.first_leg, t.last_leg),
    index('segments_std_idx').on(t.std, t.id),
    index('segments_airline_std_idx').on(t.airline_id, t.std, t.id),
    index('segments_origin_std_idx').on(t.origin, t.std),
    index('segments_number_idx').on(t.carrier, t.number, t.flight_date),
  ],
);

/** Seed 001 "Change log": every change to a record, in the transaction that made it. */
export const changeLogs = pgTable(
  'change_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    record_type: text('record_type').notNull(),
    record_id: bigint('record_id', { mode: 'number' }).notNull(),
    /** web, api, ssim, ssm, asm, system. */
    channel: text('channel').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Per field: [before, after]. */
    change_set: jsonb('change_set').$type<Record<string, [unknown, unknown]>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_logs_record_idx').on(t.record_type, t.record_id, t.id)],
);

/** An airline's cargo capacity of an aircraft type (a freighter's capacity, or the default of the type). */
export const aircraftCapacities = pgTable(
  'aircraft_capacities',
  {
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    aircraft_type: text('aircraft_type').notNull(),
    weight: numeric('weight', { precision: 12, scale: 3 }),
    volume: numeric('volume', { precision: 12, scale: 3 }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.airline_id, t.aircraft_type] })],
);

export const segmentPayloads = pgTable(
  'segment_payloads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    aircraft_type: text('aircraft_type').notNull(),
    reg_numbers: text('reg_numbers').array().notNull().default(sql`'{}'::text[]`),
    payload: numeric('payload', { precision: 12, scale: 3 }).notNull(),
    season: text('season').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('segment_payloads_key').on(t.airline_id, t.origin, t.destination, t.aircraft_type, t.season)],
);

export const paxOdAverages = pgTable(
  'pax_od_averages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    aircraft_type: text('aircraft_type').notNull(),
    quantity: numeric('quantity', { precision: 8, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('pax_od_averages_key').on(t.airline_id, t.origin, t.destination, t.aircraft_type)],
);

export const baggageAverages = pgTable(
  'baggage_averages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    beginning_of_period: date('beginning_of_period', { mode: 'string' }).notNull(),
    end_of_period: date('end_of_period', { mode: 'string' }).notNull(),
    weight_stat: numeric('weight_stat', { precision: 12, scale: 3 }),
    weight_data: numeric('weight_data', { precision: 12, scale: 3 }),
    total_baggage_weight: numeric('total_baggage_weight', { precision: 14, scale: 3 }).notNull().default('0'),
    total_baggage_pcs: integer('total_baggage_pcs').notNull().default(0),
    total_pax: integer('total_pax').notNull().default(0),
    external_source: boolean('external_source').notNull().default(false),
    manual_average_baggage_weight: numeric('manual_average_baggage_weight', { precision: 8, scale: 3 }),
    segments_count: integer('segments_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('baggage_averages_key').on(t.airline_id, t.origin, t.destination, t.beginning_of_period)],
);

export const baggageStats = pgTable(
  'baggage_stats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    segment_id: integer('segment_id').references(() => segments.id, { onDelete: 'set null' }),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    flight_date: date('flight_date', { mode: 'string' }).notNull(),
    pax: integer('pax').notNull(),
    baggage_pcs: integer('baggage_pcs').notNull(),
    baggage_weight: numeric('baggage_weight', { precision: 12, scale: 3 }).notNull(),
    ...timestamps,
  },
  (t) => [index('baggage_stats_route_idx').on(t.airline_id, t.origin, t.destination, t.flight_date)],
);

/** A schedule telegram as received (SSIM file, SSM, ASM), with its parsing and processing outcome and report. */
export const ssimTelegrams = pgTable(
  'ssim_telegrams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The airline whose schedule it changes (null until parsed, or when no airline of the platform matches). */
    airline_id: integer('airline_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** ssim, ssm, asm. */
    kind: text('kind').notNull(),
    /** upload, http, email, demo. */
    source: text('source').notNull(),
    file_name: text('file_name'),
    body: text('body').notNull(),
    /** sha256 of the body: the same content twice is recognised. */
    body_hash: text('body_hash').notNull(),
    /** pending, parsed, failed. */
    parsing_status: text('parsing_status').notNull().default('pending'),
    /** pending, processing, processed, partially_processed, failed. */
    processing_status: text('processing_status').notNull().default('pending'),
    /** Counts and per-record outcomes (created, changed, unchanged, cancelled, skipped with the reason and line). */
    report: jsonb('report').$type<Record<string, unknown>>(),
    errors: jsonb('errors').$type<{ line: number | null; message: string }[]>().notNull().default([]),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('ssim_telegrams_airline_idx').on(t.airline_id, t.id),
    index('ssim_telegrams_company_idx').on(t.company_id, t.id),
    index('ssim_telegrams_hash_idx').on(t.body_hash),
  ],
);
