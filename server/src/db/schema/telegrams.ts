import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { airWaybills } from './air-waybills';
import { companies, users } from './companies';

// Incoming telegrams (issue 14 item 1, decision "incoming telegrams"): Cargo-IMP and AHM telegrams as received by
// upload, the gateway's HTTP intake or e-mail, with their parsing and processing outcome. `company_id` is the receiving
// company (whose intake took it: the platform or an airline), `airline_id` the carrier it is about (both see it).
// The body as received stays in `original_body`; a correction changes `body` and sets `corrected`.

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface TelegramEnvelopeColumn {
  priority: string | null;
  destinations: string[];
  origin: string | null;
  message_id: string | null;
}

export const incomingTelegrams = pgTable(
  'incoming_telegrams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** cimp or ahm. */
    family: text('family').notNull(),
    /** FWB, FSU, MVT ... (null until recognised). */
    message_type: text('message_type'),
    version: integer('version'),
    /** upload, http, email. */
    source: text('source').notNull(),
    /** Type B origin address, the mail's sender or the uploader's e-mail. */
    sender: text('sender'),
    notes: text('notes'),
    body: text('body').notNull(),
    original_body: text('original_body').notNull(),
    corrected: boolean('corrected').notNull().default(false),
    /** sha256 of the body without envelope and blank edges: the same content twice is recognised. */
    body_hash: text('body_hash').notNull(),
    /** Origin address + message identity/DTG of the Type B envelope, or the SITATEX =MSGID (null without envelope). */
    typeb_identity: text('typeb_identity'),
    envelope: jsonb('envelope').$type<TelegramEnvelopeColumn>(),
    sent_at: at('sent_at'),
    station: text('station'),
    /** The AWB number the telegram is about (PPP-SSSSSSSS). */
    mawb: text('mawb'),
    /** pending, parsed, failed. */
    parsing_status: text('parsing_status').notNull().default('pending'),
    /** pending, processing, processed, partially_processed, ignored, not_processed, duplicate, failed. */
    processing_status: text('processing_status').notNull().default('pending'),
    errors: jsonb('errors').$type<{ line: number | null; message: string }[]>().notNull().default([]),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    /** The receiving company. */
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The carrier the telegram is about. */
    airline_id: integer('airline_id').references(() => companies.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    duplicate_of_id: integer('duplicate_of_id'),
    air_waybill_id: integer('air_waybill_id').references(() => airWaybills.id, { onDelete: 'set null' }),
    house_waybill_ids: integer('house_waybill_ids').array().notNull().default(sql`'{}'::integer[]`),
    booking_id: integer('booking_id'),
    flight_id: integer('flight_id'),
    ssim_telegram_id: integer('ssim_telegram_id'),
    received_at: at('received_at').notNull().defaultNow(),
    processed_at: at('processed_at'),
    row_version: integer('row_version').notNull().default(1),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('incoming_telegrams_company_idx').on(t.company_id, t.family, t.id),
    index('incoming_telegrams_airline_idx').on(t.airline_id, t.family, t.id),
    index('incoming_telegrams_family_idx').on(t.family, t.id),
    index('incoming_telegrams_hash_idx').on(t.company_id, t.body_hash),
    index('incoming_telegrams_identity_idx').on(t.company_id, t.typeb_identity),
    index('incoming_telegrams_waybill_idx').on(t.air_waybill_id),
    index('incoming_telegrams_mawb_idx').on(t.mawb),
  ],
);

/** Keys of the gateway's HTTP intake: telegrams posted with one are received by its company. Stored as sha256. */
export const telegramIntakeKeys = pgTable(
  'telegram_intake_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull().unique(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    last_used_at: at('last_used_at'),
  },
  (t) => [index('telegram_intake_keys_company_idx').on(t.company_id)],
);
