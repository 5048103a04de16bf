import type { OutgoingMessage, OutgoingMessageSummary } from '@aircargo/contract/outgoing-messages';
import type { Profile } from '@aircargo/contract/profile';

// Records and profiles for the outgoing messages screens' tests, shaped as the contract answers.

export const PLATFORM: Partial<Profile> = {
  company_id: 1,
  company_short_name: 'PLATFORM',
  role: 'platform',
  company_business_type: 'platform',
  airline_code: null,
};

export const AIRLINE_MANAGER: Partial<Profile> = {
  company_id: 3,
  role: 'airline_manager',
  company_business_type: 'airline',
  airline_code: 'KC',
};

export const AIRLINE_INSPECTOR: Partial<Profile> = { ...AIRLINE_MANAGER, role: 'airline_ics_inspector' };

export const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };

export function makeSummary(overrides: Partial<OutgoingMessageSummary> = {}): OutgoingMessageSummary {
  return {
    id: 41,
    event: 'awb_created',
    message_type: 'FWB',
    airline: { id: 3, short_name: 'KC' },
    segment: 'KC 901/01DEC ALA-SVO',
    channel: 'sita',
    subject: 'FWB 465-12345675',
    request_url: null,
    from: 'ALAFMKC',
    to: ['MOWFMSU'],
    air_waybill: '465-12345675',
    status: 'failed',
    created_at: '2026-11-27T10:00:00.000Z',
    sent_at: null,
    forwarded: false,
    sender: { id: 3, short_name: 'KC' },
    user_email: 'kc.manager@demo.aero',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    ...makeSummary(),
    message_setting_id: 5,
    source_id: 'air_waybill:1',
    body: 'FWB/16\n465-12345675ALASVO/T5K120',
    cc: [],
    bcc: [],
    request_method: 'POST',
    request_params: null,
    request_headers: { authorization: '****', 'content-type': 'text/plain' },
    files_url: null,
    origin: 'ALA',
    destination: 'SVO',
    message_id: '<om-41.ab12@kc.aero>',
    key: '465-12345675',
    topic: 'fwb',
    correlation_id: 'c-41',
    value: null,
    attempts: 3,
    last_error: 'gateway answered 503',
    air_waybill_id: 1,
    house_waybill_id: null,
    booking_id: null,
    flight_id: null,
    ...overrides,
  };
}
