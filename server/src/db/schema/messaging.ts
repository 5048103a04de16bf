import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { airWaybills, houseWaybills } from './air-waybills';
import { bookings } from './bookings';
import { companies, users } from './companies';
import { flights } from './flights';

// Outgoing messages (issue 14 items 2-4, decision "outgoing messages"): message settings say who gets which telegram of
// an airline's traffic and how; messaging settings hold a company's own Type B address and SITA gateway; outgoing
// messages are the outbox rows, each written with its delivery job in the transaction of the change that caused it.

export const MESSAGE_CHANNELS = ['email', 'sita', 'webhook'] as const;
export const OUTGOING_STATUSES = ['pending', 'sending', 'sent', 'failed', 'dead'] as const;
export const SITA_GATEWAY_KINDS = ['email', 'http'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true });
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** Who gets which message type of an airline's traffic, by which channel. */
export const messageSettings = pgTable(
  'message_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The owner: the airline itself or the platform. */
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The carrier whose traffic the setting concerns. */
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    message_type: text('message_type').notNull(),
    version: integer('version'),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    addresses: textArray('addresses'),
    cc: textArray('cc'),
    bcc: textArray('bcc'),
    webhook_url: text('webhook_url'),
    /** Signs the webhook (X-Signature); never answered by the API. */
    webhook_secret: text('webhook_secret'),
    enabled: boolean('enabled').notNull().default(true),
    origin: text('origin'),
    destination: text('destination'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
    row_version: integer('row_version').notNull().default(1),
  },
  (t) => [
    index('message_settings_company_idx').on(t.company_id, t.id),
    index('message_settings_match_idx').on(t.airline_id, t.event, t.message_type),
  ],
);

/** A company's own Type B address, mailbox and SITA gateway; the credentials stay on the server. */
export const messagingSettings = pgTable('messaging_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  type_b_address: text('type_b_address'),
  mailbox_address: text('mailbox_address'),
  gateway_kind: text('gateway_kind', { enum: SITA_GATEWAY_KINDS }),
  gateway_address: text('gateway_address'),
  gateway_url: text('gateway_url'),
  gateway_username: text('gateway_username'),
  gateway_password: text('gateway_password'),
  gateway_api_key: text('gateway_api_key'),
  webhook_secret: text('webhook_secret'),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/** The outbox: one message to one recipient set by one channel, and its delivery state. */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The sending company (platform or airline). */
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The carrier the traffic concerns. */
    airline_id: integer('airline_id').references(() => companies.id, { onDelete: 'set null' }),
    message_setting_id: integer('message_setting_id').references(() => messageSettings.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    message_type: text('message_type'),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    segment: text('segment'),
    subject: text('subject'),
    from_address: text('from_address'),
    to_addresses: textArray('to_addresses'),
    cc: textArray('cc'),
    bcc: textArray('bcc'),
    body: text('body').notNull(),
    request_url: text('request_url'),
    request_method: text('request_method'),
    request_params: jsonb('request_params').$type<Record<string, unknown>>(),
    /** As sent, with credentials and signatures masked. */
    request_headers: jsonb('request_headers').$type<Record<string, string>>(),
    files_url: text('files_url'),
    origin: text('origin'),
    destination: text('destination'),
    /** The Message-ID (`<om-{id}.{random}@{domain}>`) the receiver deduplicates on. */
    message_id: text('message_id').notNull(),
    key: text('key'),
    topic: text('topic'),
    correlation_id: text('correlation_id'),
    value: text('value'),
    source_id: text('source_id'),
    air_waybill_id: integer('air_waybill_id').references(() => airWaybills.id, { onDelete: 'set null' }),
    house_waybill_id: integer('house_waybill_id').references(() => houseWaybills.id, { onDelete: 'set null' }),
    booking_id: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    flight_id: integer('flight_id').references(() => flights.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: OUTGOING_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** The worker that sends or sent it. */
    sent_by: text('sent_by'),
    created_at: at('created_at').notNull().defaultNow(),
    sent_at: at('sent_at'),
    /** Handed on to a SITA gateway. */
    forwarded: boolean('forwarded').notNull().default(false),
  },
  (t) => [
    uniqueIndex('outgoing_messages_message_id_key').on(t.message_id),
    index('outgoing_messages_company_idx').on(t.company_id, t.id.desc()),
    index('outgoing_messages_airline_idx').on(t.airline_id, t.id.desc()),
    index('outgoing_messages_air_waybill_idx').on(t.air_waybill_id),
    check('outgoing_messages_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
