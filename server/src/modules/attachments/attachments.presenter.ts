import type { AttachmentRecord } from '@aircargo/contract/attachments';
import type { AttachmentRow } from './attachments.repository';

/** An attachment as the API answers it (the storage key stays inside the server). */
export function presentAttachment(row: AttachmentRow): AttachmentRecord {
  return {
    id: row.id,
    attachable_type: row.attachable_type as AttachmentRecord['attachable_type'],
    attachable_id: row.attachable_id,
    air_waybill_id: row.air_waybill_id,
    mawb: row.mawb,
    doc_type: row.doc_type as AttachmentRecord['doc_type'],
    file_name: row.file_name,
    content_type: row.content_type as AttachmentRecord['content_type'],
    size: row.size,
    sha256: row.sha256,
    company_id: row.company_id,
    company_short_name: row.company_short_name,
    uploaded_by: row.uploaded_by,
    uploaded_by_email: row.uploaded_by_email,
    created_at: row.created_at.toISOString(),
  };
}
