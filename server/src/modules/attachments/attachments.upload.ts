import { pipeline } from 'node:stream';
import {
  ATTACHMENT_FILE_FIELD,
  ATTACHMENT_MAX_BYTES,
  type AttachmentContentType,
} from '@aircargo/contract/attachments';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock';
import { AppError, message, validation } from '../../platform/errors';
import { FileInspector, safeFileName } from '../../platform/file-types';
import { type FileStorage, newStorageKey } from '../../platform/storage';

/** One file of at most ATTACHMENT_MAX_BYTES and a few short text fields. */
const UPLOAD_LIMITS = { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 };

/** The text fields an upload reads; any other field is ignored. */
const FIELDS = new Set(['doc_type', 'attachable_type', 'attachable_id']);

/** The file of an upload, stored under `key` and measured on the way. */
export interface ReceivedFile {
  key: string;
  fileName: string;
  size: number;
  sha256: string;
  contentType: AttachmentContentType;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

export const fileMissing = () =>
  validation({ [ATTACHMENT_FILE_FIELD]: [message('attachmentFileMissing')] }, message('attachmentFileMissing'));

const tooLarge = () =>
  new AppError(413, 'PayloadTooLarge', message('attachmentTooLarge', { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 }), {
    [ATTACHMENT_FILE_FIELD]: [message('attachmentTooLarge', { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 })],
  });

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a multipart upload: the text fields, and the file of the field `doc` streamed straight into the storage under a
 * fresh key while its size, SHA-256 and first and last bytes (for the content type) are taken. The file is never held
 * whole in memory. A file over the limit is removed again and answered 413; so is any stored file when reading the
 * rest of the form fails. The caller removes the file when it does not keep it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  clock: Clock,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw fileMissing();
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let pending: string | null = null;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        if (FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== ATTACHMENT_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      const key = newStorageKey('attachments', clock.now());
      pending = key;
      const inspector = new FileInspector();
      // Errors of the upload stream (too large, cut off) reach the storage's write through the inspector.
      pipeline(part.file, inspector, () => {});
      await storage.put(key, inspector);
      if (part.file.truncated) throw tooLarge();
      file = {
        key,
        fileName: safeFileName(part.filename),
        size: inspector.size,
        sha256: inspector.digest(),
        contentType: inspector.contentType(),
      };
      pending = null;
    }
  } catch (error) {
    for (const key of [pending, file?.key]) if (key) await storage.delete(key);
    throw isTooLarge(error) ? tooLarge() : error;
  }
  return { fields, file };
}
