import { z } from 'zod';
import { idParam, isoDate, numberFrom, paginated } from './common';
import { listQuery } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Schedule telegrams (seed 001 section 7 "ssim_telegrams", seed 000 /messaging/ssim and /messaging/ssim-telegrams): an
// SSIM chapter 7 file, an SSM or an ASM as received, its parsing and processing status and the report of what it did to
// the schedule (issue 9 item 4, decision 017). Plus the schedule export as an SSIM file (seed 001 "schedules").

export const TELEGRAM_KINDS = ['ssim', 'ssm', 'asm'] as const;
export const TELEGRAM_SOURCES = ['upload', 'http', 'email', 'demo'] as const;
export const PARSING_STATUSES = ['pending', 'parsed', 'failed'] as const;
export const PROCESSING_STATUSES = ['pending', 'processing', 'processed', 'partially_processed', 'failed'] as const;
/** What a record (SSIM type 3 with its type 4 records) did: its dated legs' outcome, or skipped with the reason. */
export const RECORD_STATUSES = ['created', 'changed', 'unchanged', 'cancelled', 'skipped'] as const;

/** Largest telegram accepted (characters): a year of a large carrier's SSIM is a few megabytes. */
export const MAX_TELEGRAM_LENGTH = 32 * 1024 * 1024;

const carrierCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, msg('invalidFormat'));

/** Dated legs per outcome (created, changed, unchanged, cancelled) and records or sub-messages skipped. */
export const telegramCounts = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  cancelled: z.number().int(),
  skipped: z.number().int(),
});
export type TelegramCounts = z.infer<typeof telegramCounts>;

const legCounts = telegramCounts.omit({ skipped: true });

/** One carrier block of an SSIM file (or the carrier of an SSM/ASM) and what became of it. */
export const telegramCarrier = z.object({
  carrier: z.string(),
  airline_id: z.number().int().nullable(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  /** pending (not reached yet), processing, imported, skipped (not this caller's carrier, no such airline), failed. */
  status: z.enum(['pending', 'processing', 'imported', 'skipped', 'failed']),
  reason: z.string().optional(),
  counts: legCounts,
});
export type TelegramCarrier = z.infer<typeof telegramCarrier>;

/** An SSIM flight-leg record with its line numbers. */
export const telegramRecord = z.object({
  line: z.number().int(),
  segment_lines: z.array(z.number().int()),
  flight: z.string(),
  itinerary_variation: z.number().int(),
  leg_sequence: z.number().int(),
  status: z.enum(RECORD_STATUSES),
  reason: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  counts: legCounts,
});
export type TelegramRecord = z.infer<typeof telegramRecord>;

/** A sub-message of an SSM or ASM (NEW, CNL, TIM ...). */
export const telegramSubMessage = z.object({
  index: z.number().int(),
  action: z.string(),
  flights: z.array(z.string()),
  status: z.enum(['applied', 'skipped']),
  reason: z.string().optional(),
  counts: legCounts,
});
export type TelegramSubMessage = z.infer<typeof telegramSubMessage>;

export const telegramReport = z.object({
  counts: telegramCounts,
  carriers: z.array(telegramCarrier),
  records: z.array(telegramRecord),
  sub_messages: z.array(telegramSubMessage),
  /** Parts done and in all (a part is a carrier's period chunk); the screen shows progress while a job runs. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type TelegramReport = z.infer<typeof telegramReport>;

export const telegramError = z.object({ line: z.number().int().nullable(), message: z.string() });

const ref = z.object({ id: z.number().int(), short_name: z.string() });

/** A telegram in the list. */
export const ssimTelegramSummary = z.object({
  id: z.number().int(),
  kind: z.enum(TELEGRAM_KINDS),
  source: z.enum(TELEGRAM_SOURCES),
  file_name: z.string().nullable(),
  /** The airline whose schedule it changes (null for a file of several carriers). */
  airline: ref.nullable(),
  /** Carriers the telegram names. */
  carriers: z.array(z.string()),
  /** The company that sent it (null for the demo data). */
  company: ref.nullable(),
  user_email: z.string().nullable(),
  parsing_status: z.enum(PARSING_STATUSES),
  processing_status: z.enum(PROCESSING_STATUSES),
  counts: telegramCounts,
  progress: telegramReport.shape.progress,
  /** Characters of the body. */
  size: z.number().int(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
});
export type SsimTelegramSummary = z.infer<typeof ssimTelegramSummary>;

/** A telegram with its body, report and errors. */
export const ssimTelegram = ssimTelegramSummary.extend({
  body: z.string(),
  report: telegramReport,
  errors: z.array(telegramError),
});
export type SsimTelegram = z.infer<typeof ssimTelegram>;

/**
 * Upload as JSON (`body`, optional `file_name`) or as multipart/form-data (a file field, its name becomes file_name).
 * The kind is read from the content: an SSIM chapter 7 file, or an SSM or ASM.
 */
export const ssimTelegramUpload = z.object({
  body: z
    .string()
    .max(MAX_TELEGRAM_LENGTH, msg('maxLength', { max: MAX_TELEGRAM_LENGTH }))
    .refine((v) => v.trim().length > 0, msg('required')),
  file_name: z.string().trim().max(255).nullable().optional(),
});
export type SsimTelegramUpload = z.infer<typeof ssimTelegramUpload>;

export const ssimTelegramsQuery = listQuery(['id', 'received_at']).extend({
  kind: z.enum(TELEGRAM_KINDS).optional(),
  processing_status: z.enum(PROCESSING_STATUSES).optional(),
  parsing_status: z.enum(PARSING_STATUSES).optional(),
  /** Received on or after / on or before these dates (UTC). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  airline_id: numberFrom(z.number().int().positive().max(2_147_483_647)).optional(),
});
export type SsimTelegramsQuery = z.infer<typeof ssimTelegramsQuery>;

/** Longest schedule export, in days. */
export const MAX_EXPORT_DAYS = 400;

export const scheduleExportQuery = z
  .object({
    carrier: carrierCode,
    from: isoDate,
    to: isoDate,
    /** local (default): local times with each station's UTC variation; utc: a UTC-mode file. */
    time_mode: z.enum(['local', 'utc']).default('local'),
  })
  .refine((q) => q.to >= q.from, { path: ['to'], message: msg('dateOrder', { field: 'from' }) })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_EXPORT_DAYS, {
    path: ['to'],
    message: msg('maxValue', { max: MAX_EXPORT_DAYS }),
  });
export type ScheduleExportQuery = z.infer<typeof scheduleExportQuery>;

const tags = ['ssim_telegrams'];

export const ssimTelegramsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/ssim_telegrams',
    permission: 'messaging:read',
    tags,
    summary: 'Schedule telegrams received (SSIM, SSM, ASM): an airline its own, the platform all',
    query: ssimTelegramsQuery,
    response: paginated(ssimTelegramSummary),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/ssim_telegrams/:id',
    permission: 'ssim:read',
    tags,
    summary: 'A schedule telegram with its body, statuses, report per record and errors',
    params: idParam,
    response: ssimTelegram,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v3/ssim_telegrams',
    permission: 'ssim:upload',
    tags,
    summary:
      'Upload an SSIM file, SSM or ASM (JSON or multipart): stored, then applied to the schedule; a large file is ' +
      'applied by a job and the answer carries its progress',
    body: ssimTelegramUpload,
    response: ssimTelegram,
    status: 202,
  }),
  restart: endpoint({
    method: 'POST',
    path: '/api/v3/ssim_telegrams/:id/restart',
    permission: 'ssim:upload',
    tags,
    summary: 'Apply a telegram to the schedule again',
    params: idParam,
    response: ssimTelegram,
    status: 202,
  }),
  exportSchedule: endpoint({
    method: 'GET',
    path: '/api/v3/schedules/export',
    permission: 'ssim:read',
    tags: ['schedules'],
    summary: "A carrier's schedule for a period as an SSIM chapter 7 file (text/plain download)",
    query: scheduleExportQuery,
    response: z.string(),
  }),
} as const;
