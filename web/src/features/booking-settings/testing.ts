import type { Allotment, BookingRule } from '@aircargo/contract/bookings';
import type { Segment } from '@aircargo/contract/flights';
import type { Profile } from '@aircargo/contract/profile';

// Fetch mocks and records for the booking settings screens' tests, shaped as the contract answers.

export const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };

export const SU_MANAGER: Partial<Profile> = {
  company_id: 2,
  role: 'airline_manager',
  company_business_type: 'airline',
  airline_code: 'SU',
};
export const SU_BILLING: Partial<Profile> = { ...SU_MANAGER, role: 'airline_billing' };

export function makeAllotment(overrides: Partial<Allotment> = {}): Allotment {
  return {
    id: 5,
    airline_id: 2,
    carrier: 'SU',
    origin_iata: 'SVO',
    destination_iata: 'LED',
    forwarder_id: 4,
    forwarder_short_name: 'FWDA',
    type: 'hard',
    weight: 1500,
    volume: 9.5,
    timelimit_to_std: 48,
    segment_id: 31,
    segment_number_with_date: 'SU1234/23NOV',
    valid_until: '2026-12-31',
    postal: false,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function makeRule(overrides: Partial<BookingRule> = {}): BookingRule {
  return {
    id: 9,
    airline_id: 2,
    carrier: 'SU',
    origin_iata: 'SVO',
    destination_iata: null,
    segment_id: null,
    flight_number_with_date: null,
    shcs: ['DGR'],
    min_percent: 80,
    max_percent: null,
    min_weight: null,
    max_weight: null,
    min_volume: null,
    max_volume: null,
    response_status: 'NN',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function makeSegment(overrides: Partial<Segment> = {}): Segment {
  return {
    id: 31,
    flight_id: 30,
    airline_id: 2,
    carrier: 'SU',
    number: '1234',
    segment_number: 'SU1234',
    number_with_date: 'SU1234/23NOV',
    flight_date: '2026-11-23',
    origin: 'SVO',
    destination: 'LED',
    origin_timezone: 'Europe/Moscow',
    destination_timezone: 'Europe/Moscow',
    legs: [],
    aircraft_type: null,
    aircraft_reg: null,
    segment_type: 'J',
    std: '2026-11-23T07:00:00Z',
    sta: '2026-11-23T08:30:00Z',
    std_local: '2026-11-23T10:00:00',
    sta_local: '2026-11-23T11:30:00',
    etd: null,
    eta: null,
    atd: null,
    ata: null,
    available: true,
    sales_closed: false,
    sales_open_at: null,
    sales_close_at: null,
    canceled: false,
    locked: false,
    aci_required: false,
    schedule_status: 'adhoc',
    schedule_id: null,
    notation: null,
    load: {
      capacity_weight: 10000,
      capacity_volume: 60,
      capacity_source: 'aircraft',
      estimated_weight: 0,
      estimated_volume: 0,
      booked_weight: 8000,
      booked_volume: 20,
      actual_weight: 0,
      actual_volume: 0,
      load_factor_weight: 80,
      load_factor_volume: 33.3,
    },
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export { type Answer, type Call, mockApi } from '@/testing/mock-api';
