import type { MessageSetting, MessagingSettings } from '@aircargo/contract/outgoing-messages';
import type { OutgoingTelegramType } from '@aircargo/domain';
import type { findMessaging, MessageSettingRow } from './message-settings.repository';

export function presentSetting({ setting: s, company, airline }: MessageSettingRow): MessageSetting {
  return {
    id: s.id,
    company,
    airline,
    event: s.event as MessageSetting['event'],
    message_type: s.message_type as OutgoingTelegramType,
    version: s.version,
    channel: s.channel,
    addresses: s.addresses,
    cc: s.cc,
    bcc: s.bcc,
    webhook_url: s.webhook_url,
    has_webhook_secret: Boolean(s.webhook_secret),
    enabled: s.enabled,
    origin: s.origin,
    destination: s.destination,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
    row_version: s.row_version,
  };
}

/** The company's messaging settings with every secret reduced to whether it is set. */
export function presentMessaging(
  company: { id: number; short_name: string },
  row: Awaited<ReturnType<typeof findMessaging>>,
): MessagingSettings {
  return {
    company,
    type_b_address: row?.type_b_address ?? null,
    mailbox_address: row?.mailbox_address ?? null,
    gateway_kind: row?.gateway_kind ?? null,
    gateway_address: row?.gateway_address ?? null,
    gateway_url: row?.gateway_url ?? null,
    gateway_username: row?.gateway_username ?? null,
    has_password: Boolean(row?.gateway_password),
    has_api_key: Boolean(row?.gateway_api_key),
    has_secret: Boolean(row?.webhook_secret),
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
