import type { Readable } from 'node:stream';
import {
  ATTACHMENT_FILE_FIELD,
  ATTACHMENTS_PER_RECORD_MAX,
  type AttachmentRecord,
  type AttachmentsQuery,
  type AttachmentUploadFields,
  attachmentUploadFields,
} from '@aircargo/contract/attachments';
import { issueMessage } from '@aircargo/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth';
import { writeChangeLogs } from '../../platform/change-log';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, type FieldErrors, message, validation } from '../../platform/errors';
import { type FileStorage, StorageNotFound } from '../../platform/storage';
import { inTransaction } from '../../platform/transactions';
import { presentAttachment } from './attachments.presenter';
import * as repo from './attachments.repository';
import { fileMissing, type ReceivedFile, receiveUpload } from './attachments.upload';

const attachmentNotFound = () => new AppError(404, 'NotFound', message('attachmentNotFound'));
const attachableNotFound = (type: AttachmentUploadFields['attachable_type']) =>
  new AppError(404, 'NotFound', message(type === 'air_waybill' ? 'shipmentNotFound' : 'attachmentHouseNotFound'));

/** What the change log of the waybill says of an attachment. */
function logged(row: {
  id: number;
  doc_type: string;
  file_name: string;
  sha256: string;
  house_waybill_id: number | null;
}): Record<string, unknown> {
  return {
    id: row.id,
    doc_type: row.doc_type,
    file_name: row.file_name,
    sha256: row.sha256,
    ...(row.house_waybill_id !== null ? { house_waybill_id: row.house_waybill_id } : {}),
  };
}

export interface AttachmentDownload {
  record: AttachmentRecord;
  body: Readable;
}

/**
 * Attachments of air waybills and house waybills (issue 12 item 6; decision 025): the bytes in the file storage, the
 * row in `attachments`, an entry in the waybill's change log for each upload and delete. Whoever sees the waybill sees
 * its attachments; everything else is not found.
 */
export class AttachmentsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthContext, query: AttachmentsQuery): Promise<{ data: AttachmentRecord[] }> {
    if (!(await repo.attachableVisible(this.db, auth, query.attachable_type, query.attachable_id))) {
      throw attachableNotFound(query.attachable_type);
    }
    const rows = await repo.listOf(this.db, auth, query.attachable_type, query.attachable_id);
    return { data: rows.map(presentAttachment) };
  }

  /**
   * Stores the uploaded file, then records it in one transaction with its change log entry. Whatever fails after the
   * file was stored (fields, the waybill not found, the limit, the database) removes the file again.
   */
  async upload(auth: AuthContext, request: FastifyRequest): Promise<AttachmentRecord> {
    const received = await receiveUpload(request, this.storage, this.clock);
    let id: number;
    try {
      const fields = this.fieldsOf(received.fields);
      const file = this.fileOf(received.file);
      id = await inTransaction(this.db, async (tx) => {
        const target = await repo.lockAttachable(tx, auth, fields.attachable_type, fields.attachable_id);
        if (!target) throw attachableNotFound(fields.attachable_type);
        if ((await repo.countOf(tx, target.type, target.id)) >= ATTACHMENTS_PER_RECORD_MAX) {
          const m = message('attachmentTooMany', { max: ATTACHMENTS_PER_RECORD_MAX });
          throw validation({ attachable_id: [m] }, m);
        }
        const values = {
          attachable_type: target.type,
          attachable_id: target.id,
          air_waybill_id: target.airWaybillId,
          house_waybill_id: target.houseWaybillId,
          doc_type: fields.doc_type,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.size,
          storage_key: file.key,
          sha256: file.sha256,
          company_id: auth.companyId,
          uploaded_by: auth.userId,
        };
        const newId = await repo.insertAttachment(tx, values);
        await writeChangeLogs(tx, [
          {
            record_type: 'air_waybill',
            record_id: target.airWaybillId,
            channel: 'web',
            user_id: auth.userId,
            change_set: { attachments: [null, logged({ ...values, id: newId })] },
          },
        ]);
        return newId;
      });
    } catch (error) {
      if (received.file) await this.storage.delete(received.file.key);
      throw error;
    }
    const row = await repo.findVisible(this.db, auth, id);
    if (!row) throw attachmentNotFound();
    return presentAttachment(row);
  }

  async download(auth: AuthContext, id: number): Promise<AttachmentDownload> {
    const row = await repo.findVisible(this.db, auth, id);
    if (!row) throw attachmentNotFound();
    try {
      return { record: presentAttachment(row), body: await this.storage.get(row.storage_key) };
    } catch (error) {
      // The row outlived its file (a storage restored from an older backup): the attachment is gone, not a failure.
      if (error instanceof StorageNotFound) throw attachmentNotFound();
      throw error;
    }
  }

  /** Deletes the row (and logs it) in a transaction, then the file: a failed file delete leaves an orphan, never a row without bytes. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const key = await inTransaction(this.db, async (tx) => {
      const row = await repo.lockVisible(tx, auth, id);
      if (!row) throw attachmentNotFound();
      await repo.deleteAttachment(tx, row.id);
      await writeChangeLogs(tx, [
        {
          record_type: 'air_waybill',
          record_id: row.air_waybill_id,
          channel: 'web',
          user_id: auth.userId,
          change_set: { attachments: [logged(row), null] },
        },
      ]);
      return row.storage_key;
    });
    await this.storage.delete(key);
  }

  private fieldsOf(fields: Record<string, string>): AttachmentUploadFields {
    const parsed = attachmentUploadFields.safeParse(fields);
    if (parsed.success) return parsed.data;
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] = [...(errors[field] ?? []), issueMessage({ ...issue, input: fields[field] })];
    }
    const [first] = Object.values(errors)[0] ?? [];
    throw validation(errors, first);
  }

  private fileOf(file: ReceivedFile | null): ReceivedFile {
    if (!file) throw fileMissing();
    if (file.size === 0) {
      throw validation({ [ATTACHMENT_FILE_FIELD]: [message('attachmentEmpty')] }, message('attachmentEmpty'));
    }
    return file;
  }
}
