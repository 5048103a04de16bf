import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './companies';
import { airports } from './reference';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A ground handler an airline works with at one of its airports (settings/handlers). */
export const handlers = pgTable(
  'handlers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    airport: text('airport')
      .notNull()
      .references(() => airports.iata),
    name: text('name').notNull(),
    /** The handler's own company on the platform, when it has one (a company of type handler). */
    handler_company_id: integer('handler_company_id').references(() => companies.id, { onDelete: 'set null' }),
    contact_name: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    /** Seven-character Type B address the handler receives telegrams at. */
    sita_address: text('sita_address'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('handlers_airline_airport_name_key').on(t.airline_id, t.airport, sql`lower(${t.name})`),
    index('handlers_handler_company_idx').on(t.handler_company_id),
  ],
);

/** A forwarder's own customer, the party its offers are made to. */
export const forwarderCustomers = pgTable(
  'forwarder_customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    forwarder_id: integer('forwarder_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    post_code: text('post_code'),
    tax_id: text('tax_id'),
    contacts: jsonb('contacts')
      .$type<{ name: string | null; email: string | null; phone: string | null }[]>()
      .notNull()
      .default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('forwarder_customers_forwarder_name_key').on(t.forwarder_id, sql`lower(${t.name})`)],
);

/** The airports (stations) an airline serves. */
export const airlineAirports = pgTable(
  'airline_airports',
  {
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    airport: text('airport')
      .notNull()
      .references(() => airports.iata),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.airline_id, t.airport] })],
);

/** A user's interface preferences, so they follow the user across browsers; the locale lives on the user. */
export const userUiSettings = pgTable('user_ui_settings', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  left_drawer_open: boolean('left_drawer_open').notNull().default(true),
  utc_time: boolean('utc_time').notNull().default(false),
  dark_mode: boolean('dark_mode').notNull().default(false),
  markup_mode: boolean('markup_mode').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
