import type { OutgoingMessage, OutgoingMessageSummary } from '@aircargo/contract/outgoing-messages';
import type { OutgoingTelegramType } from '@aircargo/domain';
import type { OutgoingRow } from './outgoing-messages.repository';

export function presentOutgoingSummary({
  message: m,
  airline,
  sender,
  user_email,
  awb_number,
}: OutgoingRow): OutgoingMessageSummary {
  return {
    id: m.id,
    event: m.event as OutgoingMessageSummary['event'],
    message_type: (m.message_type as OutgoingTelegramType | null) ?? null,
    airline: airline?.id ? airline : null,
    segment: m.segment,
    channel: m.channel,
    subject: m.subject,
    request_url: m.request_url,
    from: m.from_address,
    to: m.to_addresses,
    air_waybill: awb_number ?? null,
    status: m.status,
    created_at: m.created_at.toISOString(),
    sent_at: m.sent_at?.toISOString() ?? null,
    forwarded: m.forwarded,
    sender: sender?.id ? sender : null,
    user_email: user_email ?? null,
  };
}

export function presentOutgoingMessage(row: OutgoingRow): OutgoingMessage {
  const m = row.message;
  return {
    ...presentOutgoingSummary(row),
    message_setting_id: m.message_setting_id,
    source_id: m.source_id,
    body: m.body,
    cc: m.cc,
    bcc: m.bcc,
    request_method: m.request_method,
    request_params: m.request_params ?? null,
    request_headers: m.request_headers ?? null,
    files_url: m.files_url,
    origin: m.origin,
    destination: m.destination,
    message_id: m.message_id,
    key: m.key,
    topic: m.topic,
    correlation_id: m.correlation_id,
    value: m.value,
    attempts: m.attempts,
    last_error: m.last_error,
    air_waybill_id: m.air_waybill_id,
    house_waybill_id: m.house_waybill_id,
    booking_id: m.booking_id,
    flight_id: m.flight_id,
  };
}
