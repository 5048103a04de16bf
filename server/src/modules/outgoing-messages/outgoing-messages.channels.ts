import { createHmac } from 'node:crypto';
import { wrap } from '@aircargo/cargo-messages/typeb/envelope';
import type { MailTransport } from '../../platform/mail';
import type { MessagingSettingsData, OutgoingRowData } from './outgoing-messages.repository';

/**
 * The channels an outgoing message travels by (issue 14 item 4): e-mail over the mail transport, SITA Type B through
 * the sending company's gateway (by e-mail or an HTTP POST), and a signed HTTP webhook. Each answers what the log keeps
 * of the delivery: the sender, the request as sent (credentials masked) and whether a SITA gateway took it.
 */

export interface ChannelDeps {
  mail: MailTransport;
  /** The platform's sender address (MAIL_FROM). */
  mailFrom: string;
  /** Timeout of webhook and HTTP gateway calls. */
  httpTimeoutMs: number;
  /** Unix seconds for the webhook signature. */
  now: () => Date;
}

export interface Delivery {
  from_address: string | null;
  request_url: string | null;
  request_method: string | null;
  request_headers: Record<string, string> | null;
  request_params: Record<string, unknown> | null;
  forwarded: boolean;
}

/** A delivery that cannot succeed as configured; retried like any failure, so fixing the settings lets it go. */
export class ChannelError extends Error {
  override name = 'ChannelError';
}

const MASK = '****';

/** `t=<unix>,v1=<hex hmac-sha256(secret, t + '.' + body)>`. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The Type B identity: day, hour and minute (UTC) of the hand-over. */
function dateTimeGroup(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}

/** The telegram in its Type B envelope: priority QK, the recipients, the sender's own address and the identity. */
export function typeBText(row: OutgoingRowData, origin: string, now: Date): string {
  return wrap(row.body, { priority: 'QK', addresses: row.to_addresses, origin, identity: dateTimeGroup(now) }, '\r\n');
}

async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number }> {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The answer's body is not needed; read it so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new ChannelError(`${url} answered ${response.status}`);
  return { status: response.status };
}

function subjectOf(row: OutgoingRowData): string {
  return row.subject || [row.message_type, row.segment].filter(Boolean).join(' ') || row.event;
}

async function sendEmail(
  row: OutgoingRowData,
  own: MessagingSettingsData | null,
  deps: ChannelDeps,
): Promise<Delivery> {
  if (!row.to_addresses.length) throw new ChannelError('the message has no recipients');
  const from = own?.mailbox_address || deps.mailFrom;
  await deps.mail.send({
    from,
    to: row.to_addresses,
    cc: row.cc,
    bcc: row.bcc,
    subject: subjectOf(row),
    text: row.body,
    messageId: row.message_id,
  });
  return {
    from_address: from,
    request_url: null,
    request_method: null,
    request_headers: null,
    request_params: null,
    forwarded: false,
  };
}

async function sendSita(row: OutgoingRowData, own: MessagingSettingsData | null, deps: ChannelDeps): Promise<Delivery> {
  const origin = row.from_address || own?.type_b_address;
  if (!origin) throw new ChannelError('the sender has no Type B address (messaging settings)');
  if (!row.to_addresses.length) throw new ChannelError('the message has no Type B addresses');
  if (!own?.gateway_kind) throw new ChannelError('the sender has no SITA gateway (messaging settings)');
  const text = typeBText(row, origin, deps.now());
  if (own.gateway_kind === 'email') {
    if (!own.gateway_address) throw new ChannelError('the SITA gateway has no address');
    await deps.mail.send({
      from: own.mailbox_address || deps.mailFrom,
      to: own.gateway_address,
      subject: subjectOf(row),
      text,
      messageId: row.message_id,
    });
    return {
      from_address: origin,
      request_url: `mailto:${own.gateway_address}`,
      request_method: null,
      request_headers: null,
      request_params: null,
      forwarded: true,
    };
  }
  if (!own.gateway_url) throw new ChannelError('the SITA gateway has no URL');
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=utf-8',
    'message-id': row.message_id,
  };
  const shown: Record<string, string> = { ...headers };
  if (own.gateway_username || own.gateway_password) {
    const basic = Buffer.from(`${own.gateway_username ?? ''}:${own.gateway_password ?? ''}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
    shown.authorization = `Basic ${MASK}`;
  }
  if (own.gateway_api_key) {
    headers['x-api-key'] = own.gateway_api_key;
    shown['x-api-key'] = MASK;
  }
  await post(own.gateway_url, text, headers, deps.httpTimeoutMs);
  return {
    from_address: origin,
    request_url: own.gateway_url,
    request_method: 'POST',
    request_headers: shown,
    request_params: { addresses: row.to_addresses, origin },
    forwarded: true,
  };
}

async function sendWebhook(
  row: OutgoingRowData,
  own: MessagingSettingsData | null,
  secret: string | null,
  deps: ChannelDeps,
): Promise<Delivery> {
  const url = row.request_url ?? row.to_addresses[0];
  if (!url) throw new ChannelError('the webhook has no URL');
  const body = JSON.stringify({
    id: row.id,
    event: row.event,
    message_type: row.message_type,
    message_id: row.message_id,
    key: row.key,
    topic: row.topic,
    correlation_id: row.correlation_id,
    value: row.value ?? row.body,
  });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'message-id': row.message_id };
  const shown: Record<string, string> = { ...headers };
  const key = secret ?? own?.webhook_secret ?? null;
  if (key) {
    headers['x-signature'] = webhookSignature(key, Math.floor(deps.now().getTime() / 1000), body);
    shown['x-signature'] = MASK;
  }
  await post(url, body, headers, deps.httpTimeoutMs);
  return {
    from_address: null,
    request_url: url,
    request_method: 'POST',
    request_headers: shown,
    request_params: null,
    forwarded: false,
  };
}

/** Sends the row by its channel; throws on any failure (the job retries). */
export function deliver(
  row: OutgoingRowData,
  own: MessagingSettingsData | null,
  webhookSecret: string | null,
  deps: ChannelDeps,
): Promise<Delivery> {
  switch (row.channel) {
    case 'email':
      return sendEmail(row, own, deps);
    case 'sita':
      return sendSita(row, own, deps);
    case 'webhook':
      return sendWebhook(row, own, webhookSecret, deps);
  }
}
