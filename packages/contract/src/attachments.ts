import { z } from 'zod';
import { idParam, numberFrom } from './common';
import { refId } from './companies';
import { endpoint } from './endpoint';

/**
 * Attachments of air waybills and house waybills (seed 001 section 3 "Attachment document types and payload", section
 * 7 "Attachments: POST, GET, DELETE"; issue 12 item 6). The upload is multipart/form-data with the file in the field
 * `doc` and the text fields `doc_type`, `attachable_type` and `attachable_id`. The server decides the content type from
 * the file's first bytes (the type the browser declares is never trusted) and keeps the bytes behind a storage
 * interface (local disk by default; decision 025). A download is always sent as an attachment, never shown inline, and
 * HTML, SVG and XML go out as application/octet-stream.
 *
 * Tenancy: an attachment is seen by whoever sees its waybill (a house waybill's: its master's); any other one is not
 * found (404), as is a waybill the caller may not see when attaching to it.
 */

const tags = ['attachments'] as const;

/** Seed 001: the document types of an attachment. */
export const ATTACHMENT_DOC_TYPES = [
  'CargoManifest',
  'NOTOC',
  'Invoice',
  'InvoiceIssued',
  'AirWaybill',
  'CSD',
  'DGD',
  'ELIDeclaration',
  'TransitStatement',
  'FHL',
  'SLI',
  'PackingList',
  'MRN',
  'DocsForConsignee',
  'CCA',
  'CDR',
  'Photo',
  'AircraftData',
  'Other',
  'Undefined',
] as const;
export type AttachmentDocType = (typeof ATTACHMENT_DOC_TYPES)[number];

/** What an attachment belongs to: a master air waybill or a house waybill. */
export const ATTACHABLE_TYPES = ['air_waybill', 'house_waybill'] as const;
export type AttachableType = (typeof ATTACHABLE_TYPES)[number];

/** The largest file an upload takes: 20 MiB (a larger one is refused with 413 and the limit in the message). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many attachments on one waybill or house waybill. */
export const ATTACHMENTS_PER_RECORD_MAX = 200;
/** The multipart field that carries the file. */
export const ATTACHMENT_FILE_FIELD = 'doc';

/**
 * Content types the server detects by magic bytes. `text/html`, `image/svg+xml` and `application/xml` are recorded as
 * detected but only ever downloaded as application/octet-stream; what it cannot tell is application/octet-stream.
 */
export const ATTACHMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/tiff',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/zip',
  'application/vnd.ms-excel',
  'application/msword',
  'application/x-ole-storage',
  'text/plain',
  'text/csv',
  'application/xml',
  'text/html',
  'image/svg+xml',
  'application/octet-stream',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

export const attachableType = z.enum(ATTACHABLE_TYPES);
export const attachmentDocType = z.enum(ATTACHMENT_DOC_TYPES);

export const attachmentRecord = z.object({
  id: z.number().int(),
  attachable_type: attachableType,
  attachable_id: z.number().int(),
  /** The master waybill: the attachable itself, or the house waybill's master. */
  air_waybill_id: z.number().int(),
  mawb: z.string(),
  doc_type: attachmentDocType,
  /** The name the file was uploaded with (path parts and control characters removed). */
  file_name: z.string(),
  /** Detected from the file's first bytes. */
  content_type: z.enum(ATTACHMENT_CONTENT_TYPES),
  size: z.number().int(),
  /** Hex SHA-256 of the bytes. */
  sha256: z.string(),
  /** The uploader's company and user. */
  company_id: z.number().int().nullable(),
  company_short_name: z.string().nullable(),
  uploaded_by: z.number().int().nullable(),
  uploaded_by_email: z.string().nullable(),
  created_at: z.string(),
});
export type AttachmentRecord = z.infer<typeof attachmentRecord>;

/** The text fields of an upload (multipart text parts, so the id may be decimal text). */
export const attachmentUploadFields = z.object({
  doc_type: attachmentDocType,
  attachable_type: attachableType,
  attachable_id: numberFrom(refId),
});
export type AttachmentUploadFields = z.infer<typeof attachmentUploadFields>;

export const attachmentsQuery = z.object({
  attachable_type: attachableType,
  attachable_id: numberFrom(refId),
});
export type AttachmentsQuery = z.infer<typeof attachmentsQuery>;

export const attachmentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/attachments',
    permission: 'air_waybills:read',
    tags,
    summary: 'Attachments of an air waybill or a house waybill, newest first',
    query: attachmentsQuery,
    response: z.object({ data: z.array(attachmentRecord) }),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v3/attachments',
    permission: 'air_waybills:write',
    tags,
    summary:
      'Attach a file (multipart: file field "doc", text fields doc_type, attachable_type, attachable_id); at most 20 MiB; the content type is detected from the bytes',
    response: attachmentRecord,
    status: 201,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/v3/attachments/:id/download',
    permission: 'air_waybills:read',
    tags,
    summary: 'The file of an attachment, always as a download (Content-Disposition: attachment)',
    params: idParam,
    response: z.string().describe('The file (binary)'),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/attachments/:id',
    permission: 'air_waybills:write',
    tags,
    summary: 'Delete an attachment and its stored file',
    params: idParam,
    response: null,
  }),
};
