import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { segments } from './flights';

// Bookings and capacity (seed 001 section 3 Booking, Allotment, Booking rule; issue 11 items 3 and 4). Weights kg,
// volumes m3, numeric(12,3). A booking spans one or several segments (the legs of its route); while it holds
// capacity (`effective`: KK or NN) each of its segments' counters carry its weight and volume. Counters change only
// with the segment's counter row locked (segment ids in ascending order), in the transaction that changes the
// bookings; the CHECK constraints are the last guard against overselling.

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const kg = (name: string) => numeric(name, { precision: 12, scale: 3 });

export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull().default(1),
    forwarder_id: integer('forwarder_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The airline of the first segment (the booking's carrier). */
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    mawb: text('mawb'),
    parts_code: text('parts_code'),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    pieces: integer('pieces').notNull(),
    weight: kg('weight').notNull(),
    volume: kg('volume').notNull(),
    density_group: smallint('density_group'),
    commodity: text('commodity'),
    shcs: text('shcs').array().notNull().default(sql`'{}'::text[]`),
    dimensions: jsonb('dimensions')
      .$type<{ pieces: number; length: number; width: number; height: number; weight?: number }[]>()
      .notNull()
      .default([]),
    request_status: text('request_status').notNull().default('NN'),
    /** KK confirmed, NN waiting for the airline, UU refused, XX cancelled. */
    response_status: text('response_status').notNull(),
    response_reason: text('response_reason'),
    /** web, api, ffr, system. */
    source: text('source').notNull(),
    /** Holds capacity (KK or NN). */
    effective: boolean('effective').notNull(),
    /** Not cancelled. */
    active: boolean('active').notNull().default(true),
    touched_at: timestamp('touched_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('bookings_forwarder_idx').on(t.forwarder_id, t.id),
    index('bookings_airline_status_idx').on(t.airline_id, t.response_status, t.id),
    index('bookings_mawb_idx').on(t.mawb),
    check('bookings_figures_check', sql`${t.pieces} > 0 and ${t.weight} > 0 and ${t.volume} > 0`),
    check('bookings_effective_check', sql`not ${t.effective} or ${t.response_status} in ('KK', 'NN')`),
  ],
);

/** The segments of a booking in route order, with the part drawn from an allotment. */
export const bookingSegments = pgTable(
  'booking_segments',
  {
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    segment_id: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    /** Copy of the segment's airline: an airline's bookings are those on its segments. */
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    allotment_id: integer('allotment_id').references(() => allotments.id, { onDelete: 'set null' }),
    allotment_weight: kg('allotment_weight').notNull().default('0'),
    allotment_volume: kg('allotment_volume').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.booking_id, t.sequence] }),
    index('booking_segments_segment_idx').on(t.segment_id),
    index('booking_segments_airline_idx').on(t.airline_id, t.booking_id),
    check('booking_segments_allotment_check', sql`${t.allotment_weight} >= 0 and ${t.allotment_volume} >= 0`),
  ],
);

/** Earlier versions of a booking (seed `isHistory` rows): the booking as it was before each change. */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The presented booking of that version. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_history_version_key').on(t.booking_id, t.version)],
);

/**
 * Capacity counters of a segment. `limit_*` is the capacity with the airline's overflow tolerance as last judged (never
 * below what is booked, so a capacity cut keeps the row valid and sells nothing more). `booked_*` is every effective
 * booking's share, `allotment_used_*` the part of it drawn from allotments (the rest is free sale).
 */
export const segmentCapacity = pgTable(
  'segment_capacity',
  {
    segment_id: integer('segment_id')
      .primaryKey()
      .references(() => segments.id, { onDelete: 'cascade' }),
    capacity_weight: kg('capacity_weight').notNull().default('0'),
    capacity_volume: kg('capacity_volume').notNull().default('0'),
    limit_weight: kg('limit_weight').notNull().default('0'),
    limit_volume: kg('limit_volume').notNull().default('0'),
    booked_weight: kg('booked_weight').notNull().default('0'),
    booked_volume: kg('booked_volume').notNull().default('0'),
    allotment_used_weight: kg('allotment_used_weight').notNull().default('0'),
    allotment_used_volume: kg('allotment_used_volume').notNull().default('0'),
    /**
     * Raised by every change of the allotments that hold on the segment (taken with the row locked): a new booking's
     * plan made without allotments stays valid while it is the same (BookingsService.create).
     */
    allotment_epoch: integer('allotment_epoch').notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'segment_capacity_weight_check',
      sql`0 <= ${t.allotment_used_weight} and ${t.allotment_used_weight} <= ${t.booked_weight} and ${t.booked_weight} <= ${t.limit_weight}`,
    ),
    check(
      'segment_capacity_volume_check',
      sql`0 <= ${t.allotment_used_volume} and ${t.allotment_used_volume} <= ${t.booked_volume} and ${t.booked_volume} <= ${t.limit_volume}`,
    ),
  ],
);

/** Seed 001 Allotment: capacity reserved for a forwarder on a flight (segment) or on every flight of a route. */
export const allotments = pgTable(
  'allotments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    forwarder_id: integer('forwarder_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    weight: kg('weight').notNull(),
    volume: kg('volume').notNull(),
    /** Hours before STD the unused part returns to free sale; 0 = full block. */
    timelimit_to_std: integer('timelimit_to_std').notNull().default(0),
    segment_id: integer('segment_id').references(() => segments.id, { onDelete: 'cascade' }),
    valid_until: date('valid_until', { mode: 'string' }),
    postal: boolean('postal').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('allotments_airline_idx').on(t.airline_id, t.id),
    index('allotments_route_idx').on(t.airline_id, t.origin, t.destination, t.forwarder_id),
    index('allotments_segment_idx').on(t.segment_id),
    check('allotments_figures_check', sql`${t.weight} > 0 and ${t.volume} > 0 and ${t.timelimit_to_std} >= 0`),
  ],
);

/** What bookings use of an allotment on one segment; `weight`/`volume` copy the allotment's so the CHECK can hold. */
export const allotmentUsage = pgTable(
  'allotment_usage',
  {
    allotment_id: integer('allotment_id')
      .notNull()
      .references(() => allotments.id, { onDelete: 'cascade' }),
    segment_id: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    weight: kg('weight').notNull(),
    volume: kg('volume').notNull(),
    used_weight: kg('used_weight').notNull().default('0'),
    used_volume: kg('used_volume').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.allotment_id, t.segment_id] }),
    index('allotment_usage_segment_idx').on(t.segment_id),
    check(
      'allotment_usage_check',
      sql`0 <= ${t.used_weight} and ${t.used_weight} <= ${t.weight} and 0 <= ${t.used_volume} and ${t.used_volume} <= ${t.volume}`,
    ),
  ],
);

/** Seed 001 Booking rule: which answer (KK, NN, UU) a shipment gets; null bounds and an empty SHC list match all. */
export const bookingRules = pgTable(
  'booking_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    origin: text('origin'),
    destination: text('destination'),
    segment_id: integer('segment_id').references(() => segments.id, { onDelete: 'cascade' }),
    shcs: text('shcs').array().notNull().default(sql`'{}'::text[]`),
    min_percent: numeric('min_percent', { precision: 7, scale: 2 }),
    max_percent: numeric('max_percent', { precision: 7, scale: 2 }),
    min_weight: kg('min_weight'),
    max_weight: kg('max_weight'),
    min_volume: kg('min_volume'),
    max_volume: kg('max_volume'),
    response_status: text('response_status').notNull(),
    ...timestamps,
  },
  (t) => [
    index('booking_rules_airline_idx').on(t.airline_id, t.id),
    check('booking_rules_answer_check', sql`${t.response_status} in ('KK', 'NN', 'UU')`),
  ],
);
