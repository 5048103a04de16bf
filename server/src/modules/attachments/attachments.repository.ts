import type { AttachableType } from '@aircargo/contract/attachments';
import { and, count, desc, eq } from 'drizzle-orm';
import { airWaybills, attachments, companies, houseWaybills, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';

/** What an attachment belongs to, once found within the caller's scope. */
export interface Attachable {
  type: AttachableType;
  id: number;
  airWaybillId: number;
  houseWaybillId: number | null;
  mawb: string;
}

/**
 * The air waybill or house waybill `id` if the caller sees it (a house waybill through its master), its master row
 * locked against concurrent attaching (the per-record limit is counted under that lock); null otherwise.
 */
export async function lockAttachable(
  tx: Db,
  auth: AuthContext,
  type: AttachableType,
  id: number,
): Promise<Attachable | null> {
  if (type === 'air_waybill') {
    const [row] = await tx
      .select({ id: airWaybills.id, mawb: airWaybills.mawb })
      .from(airWaybills)
      .where(and(eq(airWaybills.id, id), visibleWaybillsWhere(auth)))
      .for('no key update');
    return row ? { type, id: row.id, airWaybillId: row.id, houseWaybillId: null, mawb: row.mawb } : null;
  }
  const [row] = await tx
    .select({ id: houseWaybills.id, airWaybillId: airWaybills.id, mawb: airWaybills.mawb })
    .from(houseWaybills)
    .innerJoin(airWaybills, eq(airWaybills.id, houseWaybills.air_waybill_id))
    .where(and(eq(houseWaybills.id, id), visibleWaybillsWhere(auth)))
    .for('no key update', { of: airWaybills });
  return row ? { type, id: row.id, airWaybillId: row.airWaybillId, houseWaybillId: row.id, mawb: row.mawb } : null;
}

/** Whether the caller sees the air waybill or house waybill `id` (no lock). */
export async function attachableVisible(db: Db, auth: AuthContext, type: AttachableType, id: number): Promise<boolean> {
  const found =
    type === 'air_waybill'
      ? await db
          .select({ id: airWaybills.id })
          .from(airWaybills)
          .where(and(eq(airWaybills.id, id), visibleWaybillsWhere(auth)))
      : await db
          .select({ id: houseWaybills.id })
          .from(houseWaybills)
          .innerJoin(airWaybills, eq(airWaybills.id, houseWaybills.air_waybill_id))
          .where(and(eq(houseWaybills.id, id), visibleWaybillsWhere(auth)));
  return found.length > 0;
}

export async function countOf(tx: Db, type: AttachableType, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(attachments)
    .where(and(eq(attachments.attachable_type, type), eq(attachments.attachable_id, id)));
  return row?.n ?? 0;
}

export type NewAttachment = Omit<typeof attachments.$inferInsert, 'id' | 'created_at'>;

export async function insertAttachment(tx: Db, values: NewAttachment): Promise<number> {
  const [row] = await tx.insert(attachments).values(values).returning({ id: attachments.id });
  if (!row) throw new Error('attachments insert returned nothing');
  return row.id;
}

const columns = {
  id: attachments.id,
  attachable_type: attachments.attachable_type,
  attachable_id: attachments.attachable_id,
  air_waybill_id: attachments.air_waybill_id,
  house_waybill_id: attachments.house_waybill_id,
  mawb: airWaybills.mawb,
  doc_type: attachments.doc_type,
  file_name: attachments.file_name,
  content_type: attachments.content_type,
  size: attachments.size,
  storage_key: attachments.storage_key,
  sha256: attachments.sha256,
  company_id: attachments.company_id,
  company_short_name: companies.short_name,
  uploaded_by: attachments.uploaded_by,
  uploaded_by_email: users.email,
  created_at: attachments.created_at,
};

export interface AttachmentRow {
  id: number;
  attachable_type: string;
  attachable_id: number;
  air_waybill_id: number;
  house_waybill_id: number | null;
  mawb: string;
  doc_type: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  sha256: string;
  company_id: number | null;
  company_short_name: string | null;
  uploaded_by: number | null;
  uploaded_by_email: string | null;
  created_at: Date;
}

function selectRows(db: Db) {
  return db
    .select(columns)
    .from(attachments)
    .innerJoin(airWaybills, eq(airWaybills.id, attachments.air_waybill_id))
    .leftJoin(companies, eq(companies.id, attachments.company_id))
    .leftJoin(users, eq(users.id, attachments.uploaded_by));
}

/** The attachments of an air waybill or house waybill the caller sees, newest first. */
export function listOf(db: Db, auth: AuthContext, type: AttachableType, id: number): Promise<AttachmentRow[]> {
  return selectRows(db)
    .where(and(eq(attachments.attachable_type, type), eq(attachments.attachable_id, id), visibleWaybillsWhere(auth)))
    .orderBy(desc(attachments.created_at), desc(attachments.id));
}

/** One attachment, if the caller sees its waybill. */
export async function findVisible(db: Db, auth: AuthContext, id: number): Promise<AttachmentRow | null> {
  const [row] = await selectRows(db).where(and(eq(attachments.id, id), visibleWaybillsWhere(auth)));
  return row ?? null;
}

/** One attachment the caller sees, its waybill row locked as an upload locks it. */
export async function lockVisible(tx: Db, auth: AuthContext, id: number): Promise<AttachmentRow | null> {
  const [row] = await selectRows(tx)
    .where(and(eq(attachments.id, id), visibleWaybillsWhere(auth)))
    .for('no key update', { of: airWaybills });
  return row ?? null;
}

export async function deleteAttachment(tx: Db, id: number): Promise<void> {
  await tx.delete(attachments).where(eq(attachments.id, id));
}
