import type { Segment, SegmentLoad } from '../api/flights';

// Flights as the contract shapes them, for the feature's component tests.

export const LOAD: SegmentLoad = {
  capacity_weight: 20_000,
  capacity_volume: 120,
  capacity_source: 'aircraft',
  estimated_weight: 5_000,
  estimated_volume: 30,
  booked_weight: 0,
  booked_volume: 0,
  actual_weight: 0,
  actual_volume: 0,
  load_factor_weight: 25,
  load_factor_volume: 40,
};

/** KC901 SVO-NQZ-ALA on 2 December 2026: the through segment of a two-leg flight. STD 10:00 in Moscow is 07:00 UTC. */
export function makeSegment(overrides: Partial<Segment> = {}): Segment {
  return {
    id: 41,
    flight_id: 7,
    airline_id: 3,
    carrier: 'KC',
    number: '901',
    segment_number: 'KC901',
    number_with_date: 'KC901/02DEC',
    flight_date: '2026-12-02',
    origin: 'SVO',
    destination: 'ALA',
    origin_timezone: 'Europe/Moscow',
    destination_timezone: 'Asia/Almaty',
    legs: [
      {
        id: 71,
        sequence: 1,
        origin: 'SVO',
        destination: 'NQZ',
        aircraft_type: '77F',
        aircraft_reg: 'EI-KCA',
        std: '2026-12-02T07:00:00Z',
        sta: '2026-12-02T11:00:00Z',
        std_local: '2026-12-02T10:00:00+03:00',
        sta_local: '2026-12-02T16:00:00+05:00',
        etd: null,
        eta: null,
        atd: null,
        ata: null,
        canceled: false,
      },
      {
        id: 72,
        sequence: 2,
        origin: 'NQZ',
        destination: 'ALA',
        aircraft_type: '77F',
        aircraft_reg: 'EI-KCA',
        std: '2026-12-02T12:30:00Z',
        sta: '2026-12-02T14:10:00Z',
        std_local: '2026-12-02T17:30:00+05:00',
        sta_local: '2026-12-02T19:10:00+05:00',
        etd: null,
        eta: null,
        atd: null,
        ata: null,
        canceled: false,
      },
    ],
    aircraft_type: '77F',
    aircraft_reg: 'EI-KCA',
    segment_type: 'F',
    std: '2026-12-02T07:00:00Z',
    sta: '2026-12-02T14:10:00Z',
    std_local: '2026-12-02T10:00:00+03:00',
    sta_local: '2026-12-02T19:10:00+05:00',
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
    load: LOAD,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

export function keysetPage(data: Segment[], meta: { next_cursor?: string | null; prev_cursor?: string | null } = {}) {
  return {
    data,
    meta: {
      per_page: 25,
      next_cursor: meta.next_cursor ?? null,
      prev_cursor: meta.prev_cursor ?? null,
      total_count: data.length,
      total_count_exact: true,
    },
  };
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export const SESSION = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 7200,
  created_at: Math.floor(Date.now() / 1000),
  scope: 'public',
  token_type: 'Bearer' as const,
  email: 'manager@kc.aero',
};
