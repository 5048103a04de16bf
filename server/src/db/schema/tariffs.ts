import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './companies';

// Billing tariffs, charges, surcharges and commodity groups (seed 001 section 3; issue 10). Money, rates, percents and
// weights are numeric (decision 005); places are a kind (airport, city, country, region) and a code.

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const PLACE_KINDS = ['airport', 'city', 'country', 'region'] as const;
const BASES = ['gross', 'charge', 'fixed', 'pieces'] as const;
const VAT_INCLUSIONS = ['without', 'notIncluded', 'included'] as const;
const LEVELS = ['first', 'second'] as const;

/** Conditions shared by tariffs, charges and surcharges. */
const applicability = {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  airline_id: integer('airline_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Transfer airports in order: the shipment must travel via exactly these. */
  transfers: textArray('transfers'),
  non_stop: boolean('non_stop').notNull().default(false),
  effective_from: date('effective_from'),
  effective_to: date('effective_to'),
  sales_channel: text('sales_channel'),
  /** Commodity group codes (tariff_groups.code of the same airline). */
  groups: textArray('groups'),
  products: textArray('products'),
  ...timestamps,
};

export const tariffs = pgTable(
  'tariffs',
  {
    ...applicability,
    internal_id: text('internal_id'),
    origin_kind: text('origin_kind', { enum: PLACE_KINDS }).notNull(),
    origin_code: text('origin_code').notNull(),
    destination_kind: text('destination_kind', { enum: PLACE_KINDS }).notNull(),
    destination_code: text('destination_code').notNull(),
    basis: text('basis', { enum: BASES }).notNull(),
    currency: text('currency').notNull(),
    vat_inclusion: text('vat_inclusion', { enum: VAT_INCLUSIONS }).notNull().default('without'),
    vat_percent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    level: text('level', { enum: LEVELS }).notNull().default('first'),
    document: text('document'),
    notes: text('notes'),
    min_charge_weight: numeric('min_charge_weight', { precision: 10, scale: 3 }),
    is_derivative: boolean('is_derivative').notNull().default(false),
    base_tariff_id: integer('base_tariff_id').references((): AnyPgColumn => tariffs.id, {
      onDelete: 'restrict',
    }),
    derivation_percent: numeric('derivation_percent', { precision: 12, scale: 6 }),
    derivation_amount: numeric('derivation_amount', { precision: 18, scale: 6 }),
  },
  (t) => [
    index('tariffs_airline_route_idx').on(t.airline_id, t.origin_code, t.destination_code),
    index('tariffs_base_idx').on(t.base_tariff_id),
    check(
      'tariffs_dates_check',
      sql`${t.effective_to} is null or ${t.effective_from} is null or ${t.effective_to} >= ${t.effective_from}`,
    ),
  ],
);

/** Seed 001 "Rate" of a tariff. */
export const tariffRates = pgTable(
  'tariff_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tariff_id: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'cascade' }),
    /** Order of the rate in the tariff's list. */
    position: integer('position').notNull(),
    rate_class: text('rate_class', { enum: ['M', 'N', 'Q'] }).notNull(),
    rate_type: text('rate_type', { enum: ['default', 'minimal', 'normal', 'weight'] }).notNull(),
    value: numeric('value', { precision: 18, scale: 6 }).notNull(),
    weight_break: numeric('weight_break', { precision: 10, scale: 3 }),
    level: text('level', { enum: LEVELS }),
    is_derivative: boolean('is_derivative').notNull().default(false),
    expired: boolean('expired').notNull().default(false),
  },
  (t) => [index('tariff_rates_tariff_idx').on(t.tariff_id, t.position)],
);

export const tariffCharges = pgTable(
  'tariff_charges',
  {
    ...applicability,
    charge_code: text('charge_code').notNull(),
    charge_name: text('charge_name'),
    due: text('due', { enum: ['A', 'C'] })
      .notNull()
      .default('C'),
    basis: text('basis', { enum: BASES }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    minimal_rate: numeric('minimal_rate', { precision: 18, scale: 6 }),
    currency: text('currency').notNull(),
    vat_inclusion: text('vat_inclusion', { enum: VAT_INCLUSIONS }).notNull().default('without'),
    vat: numeric('vat', { precision: 5, scale: 2 }).notNull().default('0'),
    origin_kind: text('origin_kind', { enum: PLACE_KINDS }),
    origin_code: text('origin_code'),
    destination_kind: text('destination_kind', { enum: PLACE_KINDS }),
    destination_code: text('destination_code'),
    shcs: textArray('shcs'),
  },
  (t) => [index('tariff_charges_airline_idx').on(t.airline_id, t.charge_code)],
);

export const tariffSurcharges = pgTable(
  'tariff_surcharges',
  {
    ...applicability,
    code: text('code'),
    name: text('name'),
    type: text('type', { enum: ['percent', 'value'] }).notNull(),
    value: numeric('value', { precision: 18, scale: 6 }).notNull(),
    minimal_weight: numeric('minimal_weight', { precision: 10, scale: 3 }),
    product_code: text('product_code'),
    currency: text('currency'),
    vat_inclusion: text('vat_inclusion', { enum: VAT_INCLUSIONS }).notNull().default('without'),
    vat_percent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    origin_kind: text('origin_kind', { enum: PLACE_KINDS }),
    origin_code: text('origin_code'),
    destination_kind: text('destination_kind', { enum: PLACE_KINDS }),
    destination_code: text('destination_code'),
  },
  (t) => [index('tariff_surcharges_airline_idx').on(t.airline_id)],
);

/** An airline's commodity group: a named set of product codes. */
export const tariffGroups = pgTable(
  'tariff_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    products: textArray('products'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tariff_groups_airline_code_key').on(t.airline_id, t.code)],
);

/** The record a restriction or an awareness mark belongs to: exactly one of the three. */
const recordRefs = {
  tariff_id: integer('tariff_id').references(() => tariffs.id, { onDelete: 'cascade' }),
  charge_id: integer('charge_id').references(() => tariffCharges.id, { onDelete: 'cascade' }),
  surcharge_id: integer('surcharge_id').references(() => tariffSurcharges.id, { onDelete: 'cascade' }),
};
const oneRecord = (t: { tariff_id: unknown; charge_id: unknown; surcharge_id: unknown }) =>
  sql`num_nonnulls(${t.tariff_id}, ${t.charge_id}, ${t.surcharge_id}) = 1`;

/**
 * Client-company restrictions: `excluded` false limits the record to the listed companies (a record without any is
 * public), `excluded` true keeps a company out.
 */
export const tariffCompanies = pgTable(
  'tariff_companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...recordRefs,
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    excluded: boolean('excluded').notNull().default(false),
  },
  (t) => [
    check('tariff_companies_one_record', oneRecord(t)),
    uniqueIndex('tariff_companies_tariff_key').on(t.tariff_id, t.company_id).where(sql`${t.tariff_id} is not null`),
    uniqueIndex('tariff_companies_charge_key').on(t.charge_id, t.company_id).where(sql`${t.charge_id} is not null`),
    uniqueIndex('tariff_companies_surcharge_key')
      .on(t.surcharge_id, t.company_id)
      .where(sql`${t.surcharge_id} is not null`),
    index('tariff_companies_company_idx').on(t.company_id),
  ],
);

/** Notification (awareness) marks: a forwarder company confirmed it knows of the record (seed 000 "can be marked notified"). */
export const tariffNotificationMarks = pgTable(
  'tariff_notification_marks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...recordRefs,
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tariff_notification_marks_one_record', oneRecord(t)),
    uniqueIndex('tariff_marks_tariff_key').on(t.tariff_id, t.company_id).where(sql`${t.tariff_id} is not null`),
    uniqueIndex('tariff_marks_charge_key').on(t.charge_id, t.company_id).where(sql`${t.charge_id} is not null`),
    uniqueIndex('tariff_marks_surcharge_key')
      .on(t.surcharge_id, t.company_id)
      .where(sql`${t.surcharge_id} is not null`),
    index('tariff_marks_company_idx').on(t.company_id),
  ],
);
