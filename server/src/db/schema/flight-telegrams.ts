import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { flights } from './flights';

// Flight documents (issue 14 item 1): what an incoming telegram about a flight brought — the booking list (FBL), the
// manifest (FFM), the ULD weight statement (UWS) and the AHM movement, load and container messages (MVT, LDM, CPM,
// UCM) — attached to the dated flight with the parsed summary. One row per telegram: a multi-part FFM or FBL sent as
// several telegrams is one row per part (`part`, `last_part`), shown together by the flight they share.

export const flightDocuments = pgTable(
  'flight_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** FBL, FFM, UWS, MVT, LDM, CPM, UCM. */
    message_type: text('message_type').notNull(),
    /** The incoming telegram it came from (modules/incoming-telegrams); one document per telegram. */
    telegram_id: integer('telegram_id').notNull(),
    /** The station the document was issued at (loading airport, UWS station, MVT departure or arrival station). */
    station: text('station'),
    /** The part number of a multi-part FFM or FBL (null for single-part types) and whether it ended LAST. */
    part: smallint('part'),
    last_part: boolean('last_part'),
    /** sha256 of the telegram body: the same document arriving as another telegram is not stored twice. */
    content_hash: text('content_hash').notNull(),
    /** The parsed summary: AWBs, pieces, weight, ULDs (Cargo-IMP) or the message's content (AHM). */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flight_documents_telegram_key').on(t.telegram_id),
    index('flight_documents_flight_idx').on(t.flight_id, t.message_type, t.part),
    index('flight_documents_content_idx').on(t.flight_id, t.content_hash),
    check('flight_documents_part_check', sql`${t.part} is null or ${t.part} > 0`),
  ],
);
