import { OUTGOING_TELEGRAM_TYPES } from '@aircargo/domain';
import { z } from 'zod';
import { awbRefParam } from './air-waybills';
import { errorBody, idParam, messageRef, paginated } from './common';
import { listQuery } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';
import { MESSAGE_CHANNELS, type MessageChannel, outgoingMessageSummary, typeBAddress } from './outgoing-messages';

// Telegrams sent from a waybill, a house or the CIMP send screen (issue 14 item 2; seed 001 section 7 "air waybill
// send_fwb, fwb_list, outgoing_messages", seed 001 section 9 "telegram types sendable"). Every call writes outgoing
// messages to the outbox with the recipients it names (message settings are not consulted) and answers them as the
// outgoing-messages log lists them; the workers deliver them. A caller whose company type may not send the type is
// refused with 403 and the catalogue's `telegramNotSendable` (a forwarder may not send FWB or FHL).

/** Most addresses one explicit send takes. */
export const MAX_EXPLICIT_ADDRESSES = 32;
/** Most waybill numbers of one fwb_list call. */
export const MAX_FWB_LIST = 100;
/** Longest telegram text the CIMP send screen takes. */
export const MAX_CIMP_BODY = 64 * 1024;

const mailAddress = z.string().trim().toLowerCase().email(msg('invalidFormat')).max(254);
const hookUrl = z
  .string()
  .trim()
  .max(2000)
  .url(msg('invalidFormat'))
  .refine((v) => /^https?:\/\//i.test(v), msg('invalidFormat'));

/** Addresses per channel: mail addresses (email), seven-character Type B addresses (sita), one URL (webhook). */
function checkAddresses(value: { channel: MessageChannel; addresses: string[] }, ctx: z.RefinementCtx): void {
  const schema = value.channel === 'sita' ? typeBAddress : value.channel === 'webhook' ? hookUrl : mailAddress;
  value.addresses.forEach((address, index) => {
    // A webhook is one URL: the message is one POST.
    if (!schema.safeParse(address).success || (value.channel === 'webhook' && index > 0)) {
      ctx.addIssue({ code: 'custom', path: ['addresses', index], message: msg('invalidFormat') });
    }
  });
}

/** Type B addresses travel upper case, mail addresses lower case; duplicates go. */
function normalise(value: { channel: MessageChannel; addresses: string[] }): string[] {
  const out = value.addresses.map((a) =>
    value.channel === 'sita' ? a.toUpperCase() : value.channel === 'email' ? a.toLowerCase() : a,
  );
  return [...new Set(out)];
}

const recipientFields = {
  channel: z.enum(MESSAGE_CHANNELS),
  /** At least one; checked against the channel. */
  addresses: z
    .array(z.string().trim().min(1).max(2000))
    .max(MAX_EXPLICIT_ADDRESSES)
    .refine((v) => v.length > 0, msg('messageRequiredFields')),
};

/** POST /air_waybills/:id/send_fwb: the FWB (and with `with_houses` the FHL of each house) to these recipients. */
export const sendFwbBody = z
  .object({
    ...recipientFields,
    /** Also send one FHL per house of the waybill (none when it has no houses). */
    with_houses: z.boolean().default(false),
  })
  .superRefine(checkAddresses)
  .transform((v) => ({ ...v, addresses: normalise(v) }));
export type SendFwbBody = z.infer<typeof sendFwbBody>;

/** POST /house_waybills/:id/send_fhl: the house's FHL (MBI, HBS, its shipper and consignee) to these recipients. */
export const sendFhlBody = z
  .object(recipientFields)
  .superRefine(checkAddresses)
  .transform((v) => ({ ...v, addresses: normalise(v) }));
export type SendFhlBody = z.infer<typeof sendFhlBody>;

/** The messages a send wrote to the outbox, as the outgoing-messages log lists them. */
export const sentMessages = z.object({ data: z.array(outgoingMessageSummary) });
export type SentMessages = z.infer<typeof sentMessages>;

/**
 * POST /air_waybills/fwb_list: one FWB per number. Numbers are answered one by one (`results`, in the order given; a
 * number given twice is answered once): a badly written, unknown or invisible number, or a waybill whose FWB cannot
 * be made (no shipper or consignee name), is `refused` with its reason; the FWBs of all the others are written in one
 * transaction, so either every accepted number has its message or (the call failing) none has.
 */
export const fwbListBody = z
  .object({
    ...recipientFields,
    mawbs: z
      .array(z.string().trim().max(20))
      .max(MAX_FWB_LIST)
      .refine((v) => v.some((m) => m.length > 0), msg('messageRequiredFields')),
  })
  .superRefine(checkAddresses)
  .transform((v) => ({ ...v, addresses: normalise(v) }));
export type FwbListBody = z.infer<typeof fwbListBody>;

export const fwbListResult = z.object({
  /** The number as given. */
  mawb: z.string(),
  /** The waybill it names, when it names a visible one. */
  air_waybill_id: z.number().int().nullable(),
  status: z.enum(['queued', 'refused']),
  /** Ids of the outgoing messages written (one per FWB). */
  message_ids: z.array(z.number().int()),
  /** Why it was refused (English text) and its catalogue key. */
  error: z.string().nullable(),
  error_key: messageRef.nullable(),
});
export type FwbListResult = z.infer<typeof fwbListResult>;

export const fwbListResponse = z.object({
  results: z.array(fwbListResult),
  queued: z.number().int(),
  refused: z.number().int(),
});
export type FwbListResponse = z.infer<typeof fwbListResponse>;

/** GET /air_waybills/:id/outgoing_messages: the waybill's messages (its FWB, FHL, FSU, ...), newest first. */
export const waybillOutgoingQuery = listQuery(['id', 'created_at', 'sent_at']).extend({
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES).optional(),
});
export type WaybillOutgoingQuery = z.infer<typeof waybillOutgoingQuery>;

/** POST /cimp_messages/send: a Cargo-IMP text as composed on the CIMP send screen, to these recipients. */
export const cimpSendBody = z
  .object({
    ...recipientFields,
    body: z
      .string()
      .max(MAX_CIMP_BODY)
      .refine((v) => v.trim().length > 0, msg('messageRequiredFields')),
  })
  .superRefine(checkAddresses)
  .transform((v) => ({ ...v, addresses: normalise(v) }));
export type CimpSendBody = z.infer<typeof cimpSendBody>;

/** One finding of the parser in the text sent (1-based line and column). */
export const cimpIssue = z.object({
  line: z.number().int(),
  column: z.number().int(),
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  text: z.string(),
});
export type CimpIssue = z.infer<typeof cimpIssue>;

export const cimpSendResult = z.object({
  /** The type and version the text was read as. */
  message_type: z.enum(OUTGOING_TELEGRAM_TYPES),
  version: z.number().int().nullable(),
  /** Warnings of the parser (errors refuse the send). */
  issues: z.array(cimpIssue),
  data: z.array(outgoingMessageSummary),
});
export type CimpSendResult = z.infer<typeof cimpSendResult>;

/** 422 of cimp_messages/send when the text has errors: message "CIMP has errors" and the parser's findings per line. */
export const cimpSendRefusal = errorBody.extend({ issues: z.array(cimpIssue) });
export type CimpSendRefusal = z.infer<typeof cimpSendRefusal>;

export const waybillTelegramsApi = {
  sendFwb: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/send_fwb',
    permission: 'air_waybills:write',
    tags: ['air_waybills', 'outgoing_messages'],
    summary: "Send the waybill's FWB (and its houses' FHL) to the recipients given",
    params: awbRefParam,
    body: sendFwbBody,
    response: sentMessages,
    status: 202,
  }),
  fwbList: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/fwb_list',
    permission: 'air_waybills:write',
    tags: ['air_waybills', 'outgoing_messages'],
    summary: 'Send one FWB per waybill number to the recipients given; answered per number',
    body: fwbListBody,
    response: fwbListResponse,
    status: 202,
  }),
  outgoingMessages: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/outgoing_messages',
    permission: 'air_waybills:read',
    tags: ['air_waybills', 'outgoing_messages'],
    summary: "The waybill's outgoing messages (FWB, FHL, FSU, ...), newest first",
    params: awbRefParam,
    query: waybillOutgoingQuery,
    response: paginated(outgoingMessageSummary),
  }),
  sendFhl: endpoint({
    method: 'POST',
    path: '/api/v3/house_waybills/:id/send_fhl',
    permission: 'air_waybills:write',
    tags: ['house_waybills', 'outgoing_messages'],
    summary: "Send the house's FHL to the recipients given",
    params: idParam,
    body: sendFhlBody,
    response: sentMessages,
    status: 202,
  }),
  sendCimp: endpoint({
    method: 'POST',
    path: '/api/v3/cimp_messages/send',
    permission: 'messaging:write',
    tags: ['cimp_messages', 'outgoing_messages'],
    summary: 'Check a Cargo-IMP text and send it to the recipients given (refused with its errors per line)',
    body: cimpSendBody,
    response: cimpSendResult,
    errors: { 422: cimpSendRefusal },
    status: 202,
  }),
} as const;
