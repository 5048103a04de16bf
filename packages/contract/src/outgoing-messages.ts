import { OUTGOING_TELEGRAM_TYPES } from '@aircargo/domain';
import { z } from 'zod';
import { idParam, isoDate, numberFrom, paginated } from './common';
import { listQuery } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Outgoing messages (issue 14 items 2-4; seed 000 section 2 /messaging/outgoing-messages, /settings/message-settings and
// /settings/messaging, /messaging/sita; seed 001 sections 3 "Messaging" and 7 "message_settings", "outgoing_messages",
// "sita_messages"). Events write telegrams to an outbox in the transaction of the change; workers deliver them by e-mail,
// through the company's SITA Type B gateway or to a signed webhook (decision "outgoing messages").

/** What produced a message. */
export const OUTGOING_EVENTS = [
  'booking_created',
  'awb_created',
  'awb_changed',
  'hawb_changed',
  'status_changed',
  'flight_document',
  'manual',
] as const;
export type OutgoingEvent = (typeof OUTGOING_EVENTS)[number];

export const MESSAGE_CHANNELS = ['email', 'sita', 'webhook'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** pending (queued), sending (a worker has it), sent, failed (a try failed, another follows), dead (no more tries). */
export const OUTGOING_STATUSES = ['pending', 'sending', 'sent', 'failed', 'dead'] as const;
export type OutgoingStatus = (typeof OUTGOING_STATUSES)[number];

/** How the company's Type B traffic reaches SITA: mail to the gateway's address or an HTTP POST to its URL. */
export const SITA_GATEWAY_KINDS = ['email', 'http'] as const;

const id = numberFrom(z.number().int().positive().max(2_147_483_647));

const ref = z.object({ id: z.number().int(), short_name: z.string() });

/** A seven-character Type B address (city, department, airline: e.g. MOWFMSU). */
export const typeBAddress = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{7}$/, msg('exactLength', { length: 7 }));

const mailAddress = z.string().trim().toLowerCase().email(msg('invalidFormat')).max(254);

const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, msg('invalidFormat'));

const optionalAirport = airportCode
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url(msg('invalidFormat'))
  .refine((v) => /^https?:\/\//i.test(v), msg('invalidFormat'));

// Message settings.

/** Who gets which message type of an airline's traffic, by which channel (seed 001 "message_settings"). */
export const messageSetting = z.object({
  id: z.number().int(),
  /** The company that owns the setting: the airline itself or the platform. */
  company: ref,
  /** The carrier whose traffic the setting concerns. */
  airline: ref,
  event: z.enum(OUTGOING_EVENTS),
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES),
  /** Cargo-IMP version of the message (e.g. 16 for FWB/16); null for the current one. */
  version: z.number().int().nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** E-mail addresses (channel email) or Type B addresses (channel sita); empty for a webhook. */
  addresses: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  webhook_url: z.string().nullable(),
  /** Whether the webhook has a signing secret (the secret itself is never answered). */
  has_webhook_secret: z.boolean(),
  enabled: z.boolean(),
  /** Only traffic from / to this airport (null: any). */
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  row_version: z.number().int(),
});
export type MessageSetting = z.infer<typeof messageSetting>;

const mailList = z
  .array(mailAddress)
  .max(50)
  .transform((v) => [...new Set(v)]);

const settingFields = {
  event: z.enum(OUTGOING_EVENTS),
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES),
  version: numberFrom(z.number().int().min(1).max(99)).nullable().optional(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** E-mail addresses for channel email, seven-character Type B addresses for channel sita. */
  addresses: z
    .array(z.string().trim().min(1).max(254))
    .max(50)
    .transform((v) => [...new Set(v)]),
  cc: mailList.optional(),
  bcc: mailList.optional(),
  webhook_url: httpUrl
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** Write-only: the HMAC-SHA256 key of the webhook's X-Signature; null removes it, absent keeps it. */
  webhook_secret: z.string().min(16).max(200).nullable().optional(),
  enabled: z.boolean().optional(),
  origin: optionalAirport,
  destination: optionalAirport,
};

/** Addresses as stored: mail addresses in lower case, Type B addresses in upper case, each once. */
export function normalizeAddresses(channel: MessageChannel, addresses: string[]): string[] {
  if (channel === 'webhook') return [];
  const norm = addresses.map((a) => (channel === 'sita' ? a.trim().toUpperCase() : a.trim().toLowerCase()));
  return [...new Set(norm)];
}

/** Indexes of the addresses that do not suit the channel (mail addresses for email, Type B for sita). */
export function invalidAddresses(channel: MessageChannel, addresses: string[]): number[] {
  if (channel === 'webhook') return [];
  const schema = channel === 'sita' ? typeBAddress : mailAddress;
  return addresses.flatMap((address, index) => (schema.safeParse(address).success ? [] : [index]));
}

/** Addresses must suit the channel: mail addresses, Type B addresses, or a webhook URL. */
function checkChannel(
  value: { channel?: MessageChannel; addresses?: string[]; webhook_url?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (!value.channel) return;
  const addresses = value.addresses ?? [];
  if (value.channel === 'webhook') {
    if (value.webhook_url === undefined || value.webhook_url === null)
      ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: msg('required') });
    return;
  }
  if (value.addresses !== undefined && addresses.length === 0)
    ctx.addIssue({ code: 'custom', path: ['addresses'], message: msg('required') });
  for (const index of invalidAddresses(value.channel, addresses))
    ctx.addIssue({ code: 'custom', path: ['addresses', index], message: msg('invalidFormat') });
}

/** With the channel known, the addresses as stored. */
function normalized<T extends { channel?: MessageChannel; addresses?: string[] }>(value: T): T {
  return value.channel && value.addresses
    ? { ...value, addresses: normalizeAddresses(value.channel, value.addresses) }
    : value;
}

/** POST /message_settings: the owner is the caller's company; the platform may name the carrier with airline_id. */
export const messageSettingCreate = z
  .object({ airline_id: id.optional(), ...settingFields })
  .superRefine((v, ctx) => checkChannel(v, ctx))
  .transform(normalized);
export type MessageSettingCreate = z.infer<typeof messageSettingCreate>;

/** PATCH /message_settings/{id}: any field; with `channel` the addresses (or URL) are checked against it. */
export const messageSettingUpdate = z
  .object({
    event: settingFields.event.optional(),
    message_type: settingFields.message_type.optional(),
    version: settingFields.version,
    channel: settingFields.channel.optional(),
    addresses: settingFields.addresses.optional(),
    cc: settingFields.cc,
    bcc: settingFields.bcc,
    webhook_url: settingFields.webhook_url,
    webhook_secret: settingFields.webhook_secret,
    enabled: settingFields.enabled,
    origin: settingFields.origin,
    destination: settingFields.destination,
    /** When given, must be the stored one (409 otherwise). */
    row_version: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => checkChannel(v, ctx))
  .transform(normalized);
export type MessageSettingUpdate = z.infer<typeof messageSettingUpdate>;

export const messageSettingsQuery = listQuery(['id', 'event', 'message_type', 'created_at']).extend({
  airline_id: id.optional(),
  event: z.enum(OUTGOING_EVENTS).optional(),
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  enabled: z.enum(['yes', 'no']).optional(),
});
export type MessageSettingsQuery = z.infer<typeof messageSettingsQuery>;

// Messaging settings (the company's own addresses and gateway).

/** The caller company's Type B address, mailbox and SITA gateway; secrets are write-only. */
export const messagingSettings = z.object({
  company: ref,
  /** The company's own Type B address: the origin of its telegrams. */
  type_b_address: z.string().nullable(),
  /** The mailbox its telegrams are sent from and answered to. */
  mailbox_address: z.string().nullable(),
  gateway_kind: z.enum(SITA_GATEWAY_KINDS).nullable(),
  /** The gateway's e-mail address (kind email). */
  gateway_address: z.string().nullable(),
  /** The gateway's URL (kind http). */
  gateway_url: z.string().nullable(),
  gateway_username: z.string().nullable(),
  has_password: z.boolean(),
  has_api_key: z.boolean(),
  /** Whether a webhook signing secret is set (the secret signs the company's webhooks without their own). */
  has_secret: z.boolean(),
  updated_at: z.string().nullable(),
});
export type MessagingSettings = z.infer<typeof messagingSettings>;

const secret = z.string().min(1).max(500).nullable().optional();

/** PUT /messaging_settings: every field; a secret absent keeps the stored one, null removes it. */
export const messagingSettingsUpdate = z
  .object({
    type_b_address: typeBAddress
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    mailbox_address: mailAddress
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    gateway_kind: z.enum(SITA_GATEWAY_KINDS).nullable().optional(),
    gateway_address: mailAddress
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    gateway_url: httpUrl
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    gateway_username: z.string().trim().max(200).nullable().optional(),
    gateway_password: secret,
    gateway_api_key: secret,
    webhook_secret: z.string().min(16).max(200).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.gateway_kind === 'email' && !v.gateway_address)
      ctx.addIssue({ code: 'custom', path: ['gateway_address'], message: msg('required') });
    if (v.gateway_kind === 'http' && !v.gateway_url)
      ctx.addIssue({ code: 'custom', path: ['gateway_url'], message: msg('required') });
  });
export type MessagingSettingsUpdate = z.infer<typeof messagingSettingsUpdate>;

/** The platform names the company whose settings it reads or writes; everyone else gets their own. */
export const messagingSettingsQuery = z.object({ company_id: id.optional() });

// Outgoing messages.

/** A message in the log (seed 000 "Message logs show ..."). */
export const outgoingMessageSummary = z.object({
  id: z.number().int(),
  event: z.enum(OUTGOING_EVENTS),
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES).nullable(),
  /** The carrier the traffic concerns. */
  airline: ref.nullable(),
  /** Flight and route, e.g. 'SU 1234/27NOV SVO-LED'. */
  segment: z.string().nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  subject: z.string().nullable(),
  /** Where a webhook or HTTP gateway call went. */
  request_url: z.string().nullable(),
  /** The sender address: mailbox, Type B origin or the platform's MAIL_FROM. */
  from: z.string().nullable(),
  to: z.array(z.string()),
  /** The MAWB the message concerns (123-12345678). */
  air_waybill: z.string().nullable(),
  status: z.enum(OUTGOING_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** Handed on to a SITA gateway. */
  forwarded: z.boolean(),
  /** The company that sent it and the user whose action produced it. */
  sender: ref.nullable(),
  user_email: z.string().nullable(),
});
export type OutgoingMessageSummary = z.infer<typeof outgoingMessageSummary>;

/** The expanded details (seed 000 "expanded details show ..."). */
export const outgoingMessage = outgoingMessageSummary.extend({
  message_setting_id: z.number().int().nullable(),
  /** What produced it, e.g. 'air_waybill:12'. */
  source_id: z.string().nullable(),
  body: z.string(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  request_method: z.string().nullable(),
  request_params: z.record(z.string(), z.unknown()).nullable(),
  /** Headers of the request as sent, credentials and signatures masked. */
  request_headers: z.record(z.string(), z.string()).nullable(),
  files_url: z.string().nullable(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  /** The Message-ID the receiver deduplicates on (`<om-{id}.{random}@{domain}>`). */
  message_id: z.string(),
  key: z.string().nullable(),
  topic: z.string().nullable(),
  correlation_id: z.string().nullable(),
  value: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  air_waybill_id: z.number().int().nullable(),
  house_waybill_id: z.number().int().nullable(),
  booking_id: z.number().int().nullable(),
  flight_id: z.number().int().nullable(),
});
export type OutgoingMessage = z.infer<typeof outgoingMessage>;

export const outgoingMessagesQuery = listQuery(['id', 'created_at', 'sent_at']).extend({
  event: z.enum(OUTGOING_EVENTS).optional(),
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  status: z.enum(OUTGOING_STATUSES).optional(),
  forwarded: z.enum(['yes', 'no']).optional(),
  /** The MAWB, 123-12345678 or 12312345678. */
  air_waybill: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{8}$/, msg('invalidFormat'))
    .optional(),
  air_waybill_id: id.optional(),
  airline_id: id.optional(),
  /** Created on or after / on or before these dates (UTC). */
  created_from: isoDate.optional(),
  created_to: isoDate.optional(),
});
export type OutgoingMessagesQuery = z.infer<typeof outgoingMessagesQuery>;

/** POST /sita_messages (seed 000 /messaging/sita): one Type B message to the addresses, through the gateway. */
export const sitaMessageCreate = z.object({
  addresses: z
    .array(typeBAddress)
    .max(32)
    .transform((v) => [...new Set(v)])
    .refine((v) => v.length > 0, msg('messageRequiredFields')),
  /** The originator's Type B address (the sign). */
  sign: typeBAddress,
  subject: z.string().trim().max(200).nullable().optional(),
  body: z
    .string()
    .max(64 * 1024)
    .refine((v) => v.trim().length > 0, msg('messageRequiredFields')),
});
export type SitaMessageCreate = z.infer<typeof sitaMessageCreate>;

export const messageSettingsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/message_settings',
    permission: 'messaging:read',
    tags: ['message_settings'],
    summary: "Message settings: an airline's own, the platform's all",
    query: messageSettingsQuery,
    response: paginated(messageSetting),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/message_settings/:id',
    permission: 'messaging:read',
    tags: ['message_settings'],
    summary: 'A message setting',
    params: idParam,
    response: messageSetting,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/message_settings',
    permission: 'message_settings:write',
    tags: ['message_settings'],
    summary: 'Add a message setting: who gets which message type of an event by which channel',
    body: messageSettingCreate,
    response: messageSetting,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/message_settings/:id',
    permission: 'message_settings:write',
    tags: ['message_settings'],
    summary: 'Change a message setting',
    params: idParam,
    body: messageSettingUpdate,
    response: messageSetting,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v3/message_settings/:id',
    permission: 'message_settings:write',
    tags: ['message_settings'],
    summary: 'Delete a message setting',
    params: idParam,
    response: null,
  }),
} as const;

export const messagingSettingsApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v3/messaging_settings',
    permission: 'messaging:read',
    tags: ['messaging_settings'],
    summary: "The company's Type B address, mailbox and SITA gateway (secrets are never answered)",
    query: messagingSettingsQuery,
    response: messagingSettings,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v3/messaging_settings',
    permission: 'message_settings:write',
    tags: ['messaging_settings'],
    summary: "Set the company's Type B address, mailbox and SITA gateway",
    query: messagingSettingsQuery,
    body: messagingSettingsUpdate,
    response: messagingSettings,
  }),
} as const;

export const outgoingMessagesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/outgoing_messages',
    permission: 'messaging:read',
    tags: ['outgoing_messages'],
    summary: 'Outgoing messages: those the caller sent or that concern its airline; the platform all',
    query: outgoingMessagesQuery,
    response: paginated(outgoingMessageSummary),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/outgoing_messages/:id',
    permission: 'messaging:read',
    tags: ['outgoing_messages'],
    summary: 'An outgoing message with its body, request and delivery state',
    params: idParam,
    response: outgoingMessage,
  }),
  restart: endpoint({
    method: 'POST',
    path: '/api/v3/outgoing_messages/:id/restart',
    permission: 'messaging:write',
    tags: ['outgoing_messages'],
    summary: 'Send a failed or dead message again',
    params: idParam,
    response: outgoingMessage,
    status: 202,
  }),
  sendSita: endpoint({
    method: 'POST',
    path: '/api/v3/sita_messages',
    permission: 'sita:send',
    tags: ['sita_messages'],
    summary: 'Send a Type B message to SITA addresses through the gateway',
    body: sitaMessageCreate,
    response: outgoingMessage,
    status: 202,
  }),
} as const;
