import { z } from 'zod';
import { awbRefParam } from './air-waybills';
import { idParam, isoDate, numberFrom, paginated } from './common';
import { listQuery } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Incoming Cargo-IMP and AHM telegrams (issue 14 item 1; seed 001 section 3 "Messaging", section 7 cimp_telegrams and
// ahm_telegrams; seed 000 /messaging/cimp-telegrams, /messaging/ahm-telegrams, /messaging/cimp). A telegram is stored
// as received (upload, the gateway's HTTP intake or e-mail), then parsed and processed by a worker; processing applies it
// to the data (FWB -> master waybill, FHL -> houses, FSU/FSA -> movements ...) when the receiving company's type
// processes its type (PROCESSED_TELEGRAM_TYPES, packages/domain).

export const TELEGRAM_FAMILIES = ['cimp', 'ahm'] as const;
export const INCOMING_TELEGRAM_SOURCES = ['upload', 'http', 'email'] as const;
export const INCOMING_PARSING_STATUSES = ['pending', 'parsed', 'failed'] as const;
/**
 * pending: waiting for the worker; processing: being applied; processed: applied; partially_processed: some lines
 * applied (see errors); ignored: nothing to change; not_processed: the receiver's company type does not process this
 * type (stored and parsed only); duplicate: already received (duplicate_of), not applied again; failed: not applied.
 */
export const INCOMING_PROCESSING_STATUSES = [
  'pending',
  'processing',
  'processed',
  'partially_processed',
  'ignored',
  'not_processed',
  'duplicate',
  'failed',
] as const;
export type TelegramFamily = (typeof TELEGRAM_FAMILIES)[number];
export type IncomingTelegramSource = (typeof INCOMING_TELEGRAM_SOURCES)[number];
export type IncomingParsingStatus = (typeof INCOMING_PARSING_STATUSES)[number];
export type IncomingProcessingStatus = (typeof INCOMING_PROCESSING_STATUSES)[number];

/** Largest telegram body accepted (characters); a file or mail of several telegrams is split first. */
export const MAX_INCOMING_TELEGRAM_LENGTH = 1024 * 1024;
/** Largest upload or intake call (characters): a file of many telegrams. */
export const MAX_INCOMING_BATCH_LENGTH = 8 * 1024 * 1024;
/** Longest free-text note on a telegram. */
export const MAX_TELEGRAM_NOTES = 2000;

/** A problem of one line (1-based line of the body, null when not tied to a line). */
export const incomingTelegramError = z.object({ line: z.number().int().nullable(), message: z.string() });
export type IncomingTelegramError = z.infer<typeof incomingTelegramError>;

/** What the telegram touched: shown as links on the detail page. */
export const incomingTelegramLinks = z.object({
  air_waybill: z.object({ id: z.number().int(), mawb: z.string() }).nullable(),
  booking_id: z.number().int().nullable(),
  flight_id: z.number().int().nullable(),
  house_waybill_ids: z.array(z.number().int()),
  ssim_telegram_id: z.number().int().nullable(),
});
export type IncomingTelegramLinks = z.infer<typeof incomingTelegramLinks>;

const airlineRef = z.object({ id: z.number().int(), code: z.string().nullable(), name: z.string() });

/** A telegram in the lists. */
export const incomingTelegramSummary = z.object({
  id: z.number().int(),
  family: z.enum(TELEGRAM_FAMILIES),
  /** FWB, FSU, MVT ...; null when the type was not recognised. */
  message_type: z.string().nullable(),
  version: z.number().int().nullable(),
  /** Sent time from the Type B envelope (DTG) or SITATEX header, when the telegram has one. */
  sent_at: z.string().nullable(),
  /** The carrier the telegram is about (null when unknown). */
  airline: airlineRef.nullable(),
  /** Station (airport code) the telegram names: origin of an FWB, station of an FSU, ... */
  station: z.string().nullable(),
  source: z.enum(INCOMING_TELEGRAM_SOURCES),
  /** Type B origin address, e-mail sender or uploading user's e-mail. */
  sender: z.string().nullable(),
  notes: z.string().nullable(),
  /** The body was edited after receipt (the original is kept). */
  corrected: z.boolean(),
  parsing_status: z.enum(INCOMING_PARSING_STATUSES),
  processing_status: z.enum(INCOMING_PROCESSING_STATUSES),
  errors: z.array(incomingTelegramError),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  duplicate_of: z.number().int().nullable(),
  /** The AWB number the telegram is about (XXX-XXXXXXXX), when any. */
  mawb: z.string().nullable(),
  links: incomingTelegramLinks,
  row_version: z.number().int(),
});
export type IncomingTelegramSummary = z.infer<typeof incomingTelegramSummary>;

/** The Type B / SITATEX envelope as read from the telegram. */
export const incomingTelegramEnvelope = z.object({
  priority: z.string().nullable(),
  destinations: z.array(z.string()),
  origin: z.string().nullable(),
  message_id: z.string().nullable(),
});

/** A telegram with its bodies, envelope and processing result. */
export const incomingTelegram = incomingTelegramSummary.extend({
  body: z.string(),
  /** The body as received (equal to body unless corrected). */
  original_body: z.string(),
  /** What processing did, e.g. { created: 'air_waybill', mawb: '555-12345675' }. */
  result: z.record(z.string(), z.unknown()),
  envelope: incomingTelegramEnvelope.nullable(),
});
export type IncomingTelegram = z.infer<typeof incomingTelegram>;

const telegramBody = z
  .string()
  .max(MAX_INCOMING_BATCH_LENGTH, msg('maxLength', { max: MAX_INCOMING_BATCH_LENGTH }))
  .refine((v) => v.trim().length > 0, msg('required'));
const notes = z
  .string()
  .trim()
  .max(MAX_TELEGRAM_NOTES, msg('maxLength', { max: MAX_TELEGRAM_NOTES }))
  .nullable()
  .optional();

/**
 * Upload as JSON (`body`, optional `notes`) or multipart/form-data (a `file` field, optional `notes`). A file may hold
 * several telegrams (Type B envelopes, SITATEX blocks or bare messages one after the other): each becomes a row.
 */
export const incomingTelegramUpload = z.object({ body: telegramBody, notes });
export type IncomingTelegramUpload = z.infer<typeof incomingTelegramUpload>;

/** The ids of the telegrams stored, in the order of the text; they are processed by the worker. */
export const incomingTelegramsCreated = z.object({ ids: z.array(z.number().int()) });
export type IncomingTelegramsCreated = z.infer<typeof incomingTelegramsCreated>;

/** Correction: a new body and/or notes; the stored row_version must match (409 otherwise). */
export const incomingTelegramUpdate = z.object({
  body: z
    .string()
    .max(MAX_INCOMING_TELEGRAM_LENGTH, msg('maxLength', { max: MAX_INCOMING_TELEGRAM_LENGTH }))
    .refine((v) => v.trim().length > 0, msg('required'))
    .optional(),
  notes,
  row_version: z.number().int().positive(),
});
export type IncomingTelegramUpdate = z.infer<typeof incomingTelegramUpdate>;

/** Validation before sending: the body's telegrams are parsed, nothing is stored. */
export const telegramValidateBody = z.object({ body: telegramBody });
export type TelegramValidateBody = z.infer<typeof telegramValidateBody>;

export const telegramIssue = z.object({
  line: z.number().int(),
  column: z.number().int(),
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type TelegramIssue = z.infer<typeof telegramIssue>;

export const telegramValidation = z.object({
  /** One entry per telegram found in the body. */
  telegrams: z.array(
    z.object({
      /** 1-based line of the whole body where this telegram starts. */
      first_line: z.number().int(),
      message_type: z.string().nullable(),
      version: z.number().int().nullable(),
      family: z.enum(TELEGRAM_FAMILIES).nullable(),
      valid: z.boolean(),
      /** Lines are relative to the telegram (first_line is its line 1). */
      issues: z.array(telegramIssue),
    }),
  ),
  valid: z.boolean(),
});
export type TelegramValidation = z.infer<typeof telegramValidation>;

const idNumber = numberFrom(z.number().int().positive().max(2_147_483_647));

export const incomingTelegramsQuery = listQuery(['id', 'received_at', 'message_type']).extend({
  message_type: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3,4}$/, msg('invalidFormat'))
    .optional(),
  parsing_status: z.enum(INCOMING_PARSING_STATUSES).optional(),
  processing_status: z.enum(INCOMING_PROCESSING_STATUSES).optional(),
  source: z.enum(INCOMING_TELEGRAM_SOURCES).optional(),
  airline_id: idNumber.optional(),
  /** AWB number, with or without the dash. */
  mawb: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{8}$/, msg('awbPattern'))
    .transform((v) => (v.includes('-') ? v : `${v.slice(0, 3)}-${v.slice(3)}`))
    .optional(),
  /** Received on or after / on or before these dates (UTC). */
  received_from: isoDate.optional(),
  received_to: isoDate.optional(),
  /** true: only telegrams with errors; false: only without. */
  has_errors: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type IncomingTelegramsQuery = z.infer<typeof incomingTelegramsQuery>;

/** The gateway's intake: a JSON body; a text/plain body is taken as `body` as well. */
export const telegramIntakeBody = z.object({ body: telegramBody });
export type TelegramIntakeBody = z.infer<typeof telegramIntakeBody>;

export const telegramIntakeKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** First characters of the key, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TelegramIntakeKey = z.infer<typeof telegramIntakeKey>;

/** The new key with its secret, shown once. */
export const telegramIntakeKeyCreated = telegramIntakeKey.extend({ key: z.string() });
export type TelegramIntakeKeyCreated = z.infer<typeof telegramIntakeKeyCreated>;

export const telegramIntakeKeyCreate = z.object({
  name: z
    .string()
    .trim()
    .min(1, msg('required'))
    .max(100, msg('maxLength', { max: 100 })),
});
export type TelegramIntakeKeyCreate = z.infer<typeof telegramIntakeKeyCreate>;

const tags = ['cimp_telegrams'];

export const cimpTelegramsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/cimp_telegrams',
    permission: 'messaging:read',
    tags,
    summary: 'Incoming Cargo-IMP telegrams: an airline the ones it received or about its flights, the platform all',
    query: incomingTelegramsQuery,
    response: paginated(incomingTelegramSummary),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v3/cimp_telegrams',
    permission: 'messaging:write',
    tags,
    summary:
      'Upload telegrams (JSON {body, notes} or a multipart file): each telegram of the text is stored and processed ' +
      'by the worker; answers the ids',
    body: incomingTelegramUpload,
    response: incomingTelegramsCreated,
    status: 201,
  }),
  validate: endpoint({
    method: 'POST',
    path: '/api/v3/cimp_telegrams/validate',
    permission: 'messaging:read',
    tags,
    summary: 'Parse telegrams without storing them: detected type and version, issues per line',
    body: telegramValidateBody,
    response: telegramValidation,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/cimp_telegrams/:id',
    permission: 'messaging:write',
    tags,
    summary: 'An incoming telegram with its body, original body, envelope, result and errors',
    params: idParam,
    response: incomingTelegram,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/cimp_telegrams/:id',
    permission: 'messaging:write',
    tags,
    summary: 'Correct a telegram (body and/or notes; the original body is kept); restart it to apply the correction',
    params: idParam,
    body: incomingTelegramUpdate,
    response: incomingTelegram,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v3/cimp_telegrams/:id',
    permission: 'messaging:write',
    tags,
    summary: 'Delete a telegram (what it applied stays)',
    params: idParam,
    response: null,
  }),
  restart: endpoint({
    method: 'POST',
    path: '/api/v3/cimp_telegrams/:id/restart',
    permission: 'messaging:write',
    tags,
    summary: 'Parse and process the telegram again (after a correction, or after a failure)',
    params: idParam,
    response: incomingTelegram,
    status: 202,
  }),
  forWaybill: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/cimp_telegrams',
    permission: 'messaging:read',
    tags: ['air_waybills', ...tags],
    summary: 'The incoming telegrams about an air waybill (by id or number), newest first',
    params: awbRefParam,
    response: z.array(incomingTelegramSummary),
  }),
} as const;

export const ahmTelegramsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/ahm_telegrams',
    permission: 'messaging:read',
    tags: ['ahm_telegrams'],
    summary: 'Incoming AHM telegrams (MVT, LDM, CPM, UCM)',
    query: incomingTelegramsQuery,
    response: paginated(incomingTelegramSummary),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/ahm_telegrams/:id',
    permission: 'messaging:write',
    tags: ['ahm_telegrams'],
    summary: 'An incoming AHM telegram with its body, envelope and errors',
    params: idParam,
    response: incomingTelegram,
  }),
} as const;

export const telegramIntakeApi = {
  intake: endpoint({
    method: 'POST',
    path: '/api/v3/telegram_intake',
    permission: 'public',
    tags: ['telegram_intake'],
    summary:
      "The gateway's intake (Authorization: Bearer <intake key>): a text/plain body of one or more telegrams (Type B, " +
      'SITATEX or bare) or JSON {body}; answers the ids of the stored telegrams',
    body: telegramIntakeBody,
    response: incomingTelegramsCreated,
    status: 202,
  }),
} as const;

export const telegramIntakeKeysApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/telegram_intake_keys',
    permission: 'messaging:write',
    tags: ['telegram_intake'],
    summary: "The company's keys for the HTTP telegram intake (without their secret)",
    response: z.array(telegramIntakeKey),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/telegram_intake_keys',
    permission: 'messaging:write',
    tags: ['telegram_intake'],
    summary: 'Create an intake key; the key is in this answer only (stored hashed)',
    body: telegramIntakeKeyCreate,
    response: telegramIntakeKeyCreated,
    status: 201,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v3/telegram_intake_keys/:id',
    permission: 'messaging:write',
    tags: ['telegram_intake'],
    summary: 'Revoke an intake key',
    params: idParam,
    response: null,
  }),
} as const;
