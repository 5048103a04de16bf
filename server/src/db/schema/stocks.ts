import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** AWB prefixes of an airline (3 digits, unique across airlines): ranges are made on them. */
export const awbPrefixes = pgTable(
  'awb_prefixes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id),
    prefix: text('prefix').notNull(),
    description: text('description'),
    /** An inactive prefix keeps its ranges and numbers but takes no new ranges and issues no numbers. */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('awb_prefixes_prefix_key').on(t.prefix), index('awb_prefixes_airline_idx').on(t.airline_id)],
);

/**
 * Blank AWB number ranges an airline has handed to a forwarder or a location. Serials `first_serial..last_serial`
 * (7 digits each); `next_serial` is the allocation counter (decision 023): serials below it have been issued, the
 * ones from it up to `last_serial` are free unless a typed number took one.
 */
export const awbStockRanges = pgTable(
  'awb_stock_ranges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id),
    prefix: text('prefix').notNull(),
    first_serial: integer('first_serial').notNull(),
    last_serial: integer('last_serial').notNull(),
    next_serial: integer('next_serial').notNull(),
    holder_company_id: integer('holder_company_id').references(() => companies.id),
    location: text('location'),
    bso: boolean('bso').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('awb_stock_ranges_airline_idx').on(t.airline_id),
    index('awb_stock_ranges_prefix_idx').on(t.prefix, t.first_serial),
    index('awb_stock_ranges_holder_idx').on(t.holder_company_id, t.prefix),
    check('awb_stock_ranges_order', sql`${t.first_serial} <= ${t.last_serial}`),
    check(
      'awb_stock_ranges_serials',
      sql`${t.first_serial} >= 0 and ${t.last_serial} <= 9999999 and ${t.next_serial} between ${t.first_serial} and ${t.last_serial} + 1`,
    ),
    check('awb_stock_ranges_holder', sql`${t.holder_company_id} is null or ${t.location} is null`),
  ],
);

export const AWB_NUMBER_STATUSES = ['allocated', 'used', 'voided'] as const;
export type AwbNumberStatus = (typeof AWB_NUMBER_STATUSES)[number];

/**
 * Every AWB number ever issued or typed: one row per (prefix, serial), never deleted. `voided` blocks the number for good:
 * allocation skips any serial that has a row here.
 */
export const awbNumbers = pgTable(
  'awb_numbers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id),
    prefix: text('prefix').notNull(),
    serial: integer('serial').notNull(),
    range_id: integer('range_id').references(() => awbStockRanges.id, { onDelete: 'set null' }),
    forwarder_id: integer('forwarder_id').references(() => companies.id),
    status: text('status', { enum: AWB_NUMBER_STATUSES }).notNull().default('allocated'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('awb_numbers_prefix_serial_key').on(t.prefix, t.serial),
    index('awb_numbers_range_idx').on(t.range_id),
  ],
);
