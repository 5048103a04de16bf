import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { airWaybills, houseWaybills } from './air-waybills';
import { companies, users } from './companies';

// Attachments of air waybills and house waybills (seed 001 section 3 "Attachment"; issue 12 item 6; decision 025). The
// row holds what the file is (document type, name, detected content type, size, SHA-256) and the key of its bytes in
// the file storage (server/src/platform/storage.ts); the bytes are never in the database. `air_waybill_id` is the
// master waybill (the attachable itself, or the house waybill's master), so tenancy is one join and the rows go with
// their waybill or house waybill (ON DELETE CASCADE).

export const attachments = pgTable(
  'attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    attachable_type: text('attachable_type').notNull(),
    attachable_id: integer('attachable_id').notNull(),
    air_waybill_id: integer('air_waybill_id')
      .notNull()
      .references(() => airWaybills.id, { onDelete: 'cascade' }),
    house_waybill_id: integer('house_waybill_id').references(() => houseWaybills.id, { onDelete: 'cascade' }),
    doc_type: text('doc_type').notNull(),
    file_name: text('file_name').notNull(),
    /** Detected from the file's first bytes, never the type the client declared. */
    content_type: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storage_key: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** The uploader's company and user. */
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_attachable_idx').on(t.attachable_type, t.attachable_id, t.created_at),
    index('attachments_air_waybill_idx').on(t.air_waybill_id),
    uniqueIndex('attachments_storage_key_key').on(t.storage_key),
    check('attachments_attachable_type_check', sql`${t.attachable_type} in ('air_waybill', 'house_waybill')`),
    check(
      'attachments_attachable_check',
      sql`(${t.attachable_type} = 'air_waybill' and ${t.house_waybill_id} is null and ${t.attachable_id} = ${t.air_waybill_id})
        or (${t.attachable_type} = 'house_waybill' and ${t.attachable_id} = ${t.house_waybill_id})`,
    ),
    check(
      'attachments_doc_type_check',
      sql`${t.doc_type} in ('CargoManifest', 'NOTOC', 'Invoice', 'InvoiceIssued', 'AirWaybill', 'CSD', 'DGD', 'ELIDeclaration', 'TransitStatement', 'FHL', 'SLI', 'PackingList', 'MRN', 'DocsForConsignee', 'CCA', 'CDR', 'Photo', 'AircraftData', 'Other', 'Undefined')`,
    ),
    check('attachments_size_check', sql`${t.size} > 0`),
  ],
);
