import type { Profile } from '@aircargo/contract/profile';
import type { QuoteResult, Tariff } from '@aircargo/contract/tariffs';
import { vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { makeProfile } from '@/testing/profiles';

// Fetch mocks and records for the tariff screens' tests, shaped as the contract answers.

export const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };
export const KC = { id: 3, name: 'Air Astana', short_name: 'KC', airline_code: 'KC' };
export const FWDA = { id: 4, name: 'Demo Forwarder A', short_name: 'FWDA' };

export function makeTariff(overrides: Partial<Tariff> = {}): Tariff {
  return {
    id: 7,
    airline: KC,
    transfers: [],
    non_stop: false,
    effective_from: '2026-01-01',
    effective_to: '2026-12-31',
    sales_channel: null,
    companies: [],
    excluded_companies: [],
    groups: [],
    is_new: false,
    notified_companies: [],
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    internal_id: 'ALA-NQZ-1',
    origin: { kind: 'airport', code: 'ALA' },
    destination: { kind: 'airport', code: 'NQZ' },
    basis: 'charge',
    currency: 'USD',
    vat_inclusion: 'without',
    vat_percent: '0',
    level: 'first',
    rates: [
      {
        rate_class: 'M',
        rate_type: 'minimal',
        value: '50.00',
        weight_break: null,
        level: null,
        is_derivative: false,
        expired: false,
      },
      {
        rate_class: 'N',
        rate_type: 'normal',
        value: '16.00',
        weight_break: null,
        level: null,
        is_derivative: false,
        expired: false,
      },
      {
        rate_class: 'Q',
        rate_type: 'weight',
        value: '9.00',
        weight_break: '45',
        level: null,
        is_derivative: false,
        expired: false,
      },
      {
        rate_class: 'Q',
        rate_type: 'weight',
        value: '7.00',
        weight_break: '200',
        level: null,
        is_derivative: false,
        expired: false,
      },
    ],
    min_rate: '50.00',
    n: '16.00',
    q45: '9.00',
    q100: null,
    q300: null,
    q500: null,
    q1000: null,
    products: [],
    document: null,
    notes: null,
    min_charge_weight: null,
    is_derivative: false,
    base_tariff_id: null,
    derivation_percent: null,
    derivation_amount: null,
    ...overrides,
  };
}

export const QUOTE_OK: QuoteResult = {
  ok: true,
  date: '2026-11-23',
  carrier: 'KC',
  tariff_id: 7,
  level: 'first',
  chargeable: {
    cw_auto_calculation: true,
    gross_weight: '30.000',
    volume: '0.000000',
    volume_weight: '0.000',
    min_chargeable: '0.000',
    chargeable_weight: '30.000',
    source: 'gross',
    chargeable_ratio: 6000,
    rounding_rule: 'up_1',
  },
  lines: [
    {
      type: 'freight',
      code: 'FRT',
      rate_class_code: 'Q',
      description: 'Freight ALA-NQZ',
      rate: '9.00',
      amount: '405.00',
      currency: 'USD',
      base_value: '45.000',
      basis: 'charge',
      unit_code: 'KG',
      vat: '0.00',
      vat_percent: '0',
      vat_inclusion: 'without',
      net: '405.00',
      total: '405.00',
      calculation_type: 'higher_weight_break',
      due: 'C',
      weight_break: '45',
      is_derivative: false,
      source_id: 7,
    },
    {
      type: 'charge',
      code: 'AWB',
      rate_class_code: null,
      description: 'AWB fee',
      rate: '25.00',
      amount: '25.00',
      currency: 'USD',
      base_value: '1',
      basis: 'fixed',
      unit_code: 'SH',
      vat: '3.00',
      vat_percent: '12',
      vat_inclusion: 'notIncluded',
      net: '25.00',
      total: '28.00',
      calculation_type: 'fixed',
      due: 'C',
      weight_break: null,
      is_derivative: false,
      source_id: 11,
    },
  ],
  totals: [{ currency: 'USD', net: '430.00', vat: '3.00', total: '433.00' }],
  alternatives: [],
};

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export type Answer = (call: Call) => Response | undefined;

/** Signs in a session and answers fetches: the profile, then `answer`, else an empty page. */
export function mockApi(profile: Partial<Profile>, answer: Answer): Call[] {
  const calls: Call[] = [];
  resetApiClient();
  resetSessionCache();
  setSession(
    {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 7200,
      created_at: Math.floor(Date.now() / 1000),
      scope: 'public',
      token_type: 'Bearer',
      email: 'user@demo.aero',
    },
    false,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method, url, body };
      calls.push(call);
      if (url.startsWith('/api/v3/profiles/me')) return Response.json(makeProfile(profile));
      return answer(call) ?? Response.json({ data: [], meta: { ...META, total_count: 0 } });
    }),
  );
  return calls;
}

export const FORWARDER: Partial<Profile> = {
  company_id: 4,
  role: 'forwarder_default',
  company_business_type: 'forwarder',
  airline_code: null,
};
export const KC_MANAGER: Partial<Profile> = {
  company_id: 3,
  role: 'airline_manager',
  company_business_type: 'airline',
  airline_code: 'KC',
};
