import type { TelegramIntakeKey } from '@aircargo/contract/incoming-telegrams';
import type { MessageSetting, MessagingSettings } from '@aircargo/contract/outgoing-messages';
import type { Profile } from '@aircargo/contract/profile';

// Records and profiles for the message settings screens' tests, shaped as the contracts answer.

export const AIRLINE_MANAGER: Partial<Profile> = {
  company_id: 3,
  role: 'airline_manager',
  company_business_type: 'airline',
  airline_code: 'KC',
};

export const AIRLINE_DEFAULT: Partial<Profile> = { ...AIRLINE_MANAGER, role: 'airline_default' };

export const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };

export function makeSetting(overrides: Partial<MessageSetting> = {}): MessageSetting {
  return {
    id: 5,
    company: { id: 3, short_name: 'KC' },
    airline: { id: 3, short_name: 'KC' },
    event: 'awb_created',
    message_type: 'FWB',
    version: 16,
    channel: 'sita',
    addresses: ['ALAFMKC', 'ALAKKKC'],
    cc: [],
    bcc: [],
    webhook_url: null,
    has_webhook_secret: false,
    enabled: true,
    origin: 'ALA',
    destination: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-21T09:30:00.000Z',
    row_version: 2,
    ...overrides,
  };
}

export function makeMessaging(overrides: Partial<MessagingSettings> = {}): MessagingSettings {
  return {
    company: { id: 3, short_name: 'KC' },
    type_b_address: 'ALAFMKC',
    mailbox_address: 'cargo@kc.aero',
    gateway_kind: 'http',
    gateway_address: null,
    gateway_url: 'https://gateway.example.aero/typeb',
    gateway_username: 'kcuser',
    has_password: true,
    has_api_key: false,
    has_secret: false,
    updated_at: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}

export function makeKey(overrides: Partial<TelegramIntakeKey> = {}): TelegramIntakeKey {
  return {
    id: 4,
    name: 'SITA gateway',
    prefix: 'tik_3f9a',
    created_at: '2026-11-20T08:00:00.000Z',
    last_used_at: null,
    ...overrides,
  };
}

/** A 422 of the server with one field's catalogue message. */
export function fieldError(field: string, key: string, text: string): Response {
  return Response.json(
    {
      error: 'ValidationFailed',
      errors: { [field]: [text] },
      error_keys: { [field]: [{ key, params: {} }] },
      message: `${field}: ${text}`,
      message_key: { key, params: {} },
    },
    { status: 422 },
  );
}
