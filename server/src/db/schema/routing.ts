import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { airports } from './reference';

// Routing settings the route search reads (issue 11, decision 016): an airline's permitted routes and the minimum
// connection times per airport with carrier and domestic/international exceptions. Every change notifies
// 'routing_change' (migration), so each process reloads its search configuration; flight, leg and segment changes
// notify 'timetable_change' with the segment or flight ids, so each process patches its timetable index.

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A permitted route of an airline's table: once an airline has rows, a route its legs join must match one of them
 * (origin and destination as airport or city codes; `via` the exact transit airports, null = any).
 */
export const permittedRoutes = pgTable(
  'permitted_routes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    via: text('via').array(),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('permitted_routes_airline_idx').on(t.airline_id, t.origin, t.destination),
    uniqueIndex('permitted_routes_key').on(
      t.airline_id,
      t.origin,
      t.destination,
      sql`coalesce(${t.via}, '{*}'::text[])`,
    ),
  ],
);

/**
 * A minimum connection time at an airport: with no carrier and no connection type the airport's standard (platform
 * only), otherwise an exception; the most specific matching row wins (decision 016).
 */
export const connectionTimes = pgTable(
  'connection_times',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The airline that keeps the row (its exceptions); null = a platform row. */
    airline_id: integer('airline_id').references(() => companies.id, { onDelete: 'cascade' }),
    airport: text('airport')
      .notNull()
      .references(() => airports.iata),
    minutes: smallint('minutes').notNull(),
    arrival_carrier: text('arrival_carrier'),
    departure_carrier: text('departure_carrier'),
    /** DD, DI, ID, II: inbound then outbound leg domestic or international; null = any. */
    connection_type: text('connection_type'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('connection_times_key').on(
      t.airport,
      sql`coalesce(${t.arrival_carrier}, '')`,
      sql`coalesce(${t.departure_carrier}, '')`,
      sql`coalesce(${t.connection_type}, '')`,
    ),
    index('connection_times_airline_idx').on(t.airline_id),
    check('connection_times_minutes_check', sql`${t.minutes} >= 0 and ${t.minutes} <= 1440`),
    check(
      'connection_times_type_check',
      sql`${t.connection_type} is null or ${t.connection_type} in ('DD', 'DI', 'ID', 'II')`,
    ),
  ],
);
