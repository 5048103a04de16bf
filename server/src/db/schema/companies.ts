import { COMPANY_STATES, COMPANY_TYPES, ROLES } from '@aircargo/domain';
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_type: text('company_type', { enum: COMPANY_TYPES }).notNull(),
    state: text('state', { enum: COMPANY_STATES }).notNull().default('active'),
    name: text('name').notNull(),
    short_name: text('short_name').notNull(),
    local_name: text('local_name'),
    /** IATA two-character designator of an airline company. */
    airline_code: text('airline_code'),
    operations_type: text('operations_type'),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    tax_number: text('tax_number'),
    /** Russian tax registration reason code; an INN/KPP pair names one Russian company (seed 001 section 5). */
    kpp: text('kpp'),
    post_code: text('post_code'),
    default_airport: text('default_airport'),
    forwarder_iata_code: text('forwarder_iata_code'),
    cass_codes: textArray('cass_codes'),
    pima: text('pima'),
    pima_location: text('pima_location'),
    eori: text('eori'),
    account_number: text('account_number'),
    access_to_all_carriers: boolean('access_to_all_carriers').notNull().default(false),
    interline_booking: boolean('interline_booking').notNull().default(false),
    intl_cargo_accepted: boolean('intl_cargo_accepted').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    permitted_carriers: textArray('permitted_carriers'),
    service_shcs: textArray('service_shcs'),
    shcs_accepted: textArray('shcs_accepted'),
    dg_storage: boolean('dg_storage').notNull().default(false),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    customs_hours: text('customs_hours'),
    terminal_hours: text('terminal_hours'),
    cimp_code: text('cimp_code'),
    cimp_email: text('cimp_email'),
    cimp_sita: text('cimp_sita'),
    maildomain: text('maildomain'),
    web_link: text('web_link'),
    notes: text('notes'),
    interline_agreements: textArray('interline_agreements'),
    ui_settings: jsonb('ui_settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_short_name_key').on(sql`lower(${t.short_name})`),
    uniqueIndex('companies_inn_kpp_key')
      .on(t.tax_number, sql`coalesce(${t.kpp}, '')`)
      .where(sql`${t.country} = 'RU' and ${t.tax_number} is not null`),
    index('companies_type_idx').on(t.company_type),
    check('companies_airline_code_check', sql`${t.airline_code} is null or ${t.airline_code} ~ '^[A-Z0-9]{2}$'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    firstname: text('firstname'),
    lastname: text('lastname'),
    phone: text('phone'),
    locale: text('locale').notNull().default('en'),
    /** A system user has a password here; a non-system (external, federated) user's roles cannot be assigned. */
    system: boolean('system').notNull().default(true),
    stations_allowed: textArray('stations_allowed'),
    stations_denied: textArray('stations_denied'),
    locations: textArray('locations'),
    permitted_external_airlines: textArray('permitted_external_airlines'),
    bi_dashboard_id: text('bi_dashboard_id'),
    /**
     * When the owner proved the address by following the mailed link; null for a self sign-up not yet confirmed (it
     * cannot sign in). Accounts made by an administrator count as confirmed.
     */
    email_confirmed_at: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    /** Set when the platform banned the account: no sign-in, no token, in any company. */
    banned_at: timestamp('banned_at', { withTimezone: true }),
    /** The membership the user acts as now; null until the user has one. */
    current_membership_id: integer('current_membership_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** A user's role in a company (a user_profile). Platform and visitor memberships carry no role. */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }),
    description: text('description'),
    blocked: boolean('blocked').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_user_company_role_key').on(t.user_id, t.company_id, sql`coalesce(${t.role}, '')`),
    index('memberships_company_idx').on(t.company_id),
  ],
);

/**
 * An invitation to join a company with roles, for an account that exists already: only its owner accepts it (an
 * administrator never attaches someone else's account, nor moves its current membership).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    description: text('description'),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    responded_at: timestamp('responded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invitations_pending_key').on(t.company_id, t.user_id).where(sql`${t.state} = 'pending'`),
    index('invitations_user_idx').on(t.user_id),
  ],
);

export const agreements = pgTable(
  'agreements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => companies.id),
    client_id: integer('client_id')
      .notNull()
      .references(() => companies.id),
    client_local_name: text('client_local_name'),
    street: text('street'),
    local_street: text('local_street'),
    country: text('country'),
    city: text('city'),
    tax_number: text('tax_number'),
    account_number: text('account_number'),
    currency: text('currency').notNull(),
    sales_origins: textArray('sales_origins'),
    show_tariffs: boolean('show_tariffs').notNull().default(true),
    beneficiary: text('beneficiary'),
    effective_from: date('effective_from').notNull(),
    effective_to: date('effective_to'),
    contract_number: text('contract_number'),
    balance_check_disabled: boolean('balance_check_disabled').notNull().default(false),
    additional_prefixes: textArray('additional_prefixes'),
    smart_contract: boolean('smart_contract').notNull().default(false),
    allowed_manual_routes: boolean('allowed_manual_routes').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('agreements_supplier_idx').on(t.supplier_id), index('agreements_client_idx').on(t.client_id)],
);

export const airlineSettings = pgTable('airline_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  awb_prefix: text('awb_prefix'),
  interline_accepted_prefixes: textArray('interline_accepted_prefixes'),
  /** Sales-open interval rules: when sales open and close relative to departure. */
  sales_open_rules: jsonb('sales_open_rules')
    .$type<{ open_days_before_std: number; close_hours_before_std: number }[]>()
    .notNull()
    .default([]),
  overflow_weight_percent: numeric('overflow_weight_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  overflow_volume_percent: numeric('overflow_volume_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  /** Standard passenger weights by season, kg. */
  pax_weights: jsonb('pax_weights')
    .$type<{ summer: number; winter: number }>()
    .notNull()
    .default({ summer: 75, winter: 80 }),
  auto_billing: boolean('auto_billing').notNull().default(false),
  auto_awb_verification: boolean('auto_awb_verification').notNull().default(false),
  /** Volume divisor in cm3 per kg (6000 = 166.67 kg per m3). */
  chargeable_ratio: integer('chargeable_ratio').notNull().default(6000),
  minimum_charge_weight: numeric('minimum_charge_weight', { precision: 10, scale: 2 }).notNull().default('0'),
  rounding_rule: text('rounding_rule').notNull().default('up_0_5'),
  billing_date_source: text('billing_date_source').notNull().default('issue'),
  ...timestamps,
});
