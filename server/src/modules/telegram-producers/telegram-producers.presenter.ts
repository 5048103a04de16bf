import type { OutgoingMessageSummary } from '@aircargo/contract/outgoing-messages';
import type { MessageRow } from './telegram-producers.repository';

/** An outgoing message as the log lists it (the outgoing-messages module's summary shape). */
export function presentMessage(row: MessageRow): OutgoingMessageSummary {
  const m = row.message;
  return {
    id: m.id,
    event: m.event as OutgoingMessageSummary['event'],
    message_type: (m.message_type ?? null) as OutgoingMessageSummary['message_type'],
    airline: row.airline?.id ? { id: row.airline.id, short_name: row.airline.short_name } : null,
    segment: m.segment,
    channel: m.channel,
    subject: m.subject,
    request_url: m.request_url,
    from: m.from_address,
    to: m.to_addresses,
    air_waybill: row.awb_number ?? null,
    status: m.status,
    created_at: m.created_at.toISOString(),
    sent_at: m.sent_at?.toISOString() ?? null,
    forwarded: m.forwarded,
    sender: row.sender?.id ? { id: row.sender.id, short_name: row.sender.short_name } : null,
    user_email: row.user_email ?? null,
  };
}
