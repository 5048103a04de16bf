import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import type { Booking, BookingDetail } from '@aircargo/contract/bookings';
import type { Segment } from '@aircargo/contract/flights';
import type { Profile } from '@aircargo/contract/profile';

// Fetch mocks and records for the booking screens' tests, shaped as the contract answers.

export const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const segments: Booking['segments'] = [
    {
      segment_id: 41,
      number_with_date: 'KC901/02DEC',
      carrier: 'KC',
      airline_id: 3,
      origin: 'ALA',
      destination: 'NQZ',
      std: '2026-12-02T07:00:00Z',
      sta: '2026-12-02T09:00:00Z',
      allotment_id: null,
      allotment_weight: 0,
      allotment_volume: 0,
    },
    {
      segment_id: 42,
      number_with_date: 'KC903/02DEC',
      carrier: 'KC',
      airline_id: 3,
      origin: 'NQZ',
      destination: 'SVO',
      std: '2026-12-02T12:30:00Z',
      sta: '2026-12-02T16:10:00Z',
      allotment_id: 5,
      allotment_weight: 120,
      allotment_volume: 0.8,
    },
  ];
  return {
    id: 17,
    version: 2,
    forwarder: { id: 4, name: 'Demo Forwarder A', short_name: 'FWDA' },
    airline_id: 3,
    carrier: 'KC',
    mawb: '465-12345675',
    parts_code: null,
    origin: 'ALA',
    destination: 'SVO',
    pieces: 4,
    weight: 120,
    weight_code: 'K',
    volume: 0.8,
    volume_code: 'MC',
    density_group: null,
    commodity: 'Spare parts',
    shcs: ['GEN'],
    dimensions: [],
    segment: segments[0] as Booking['segment'],
    segments,
    request_status: 'NN',
    response_status: 'NN',
    response_reason: null,
    source: 'web',
    effective: true,
    active: true,
    is_history: false,
    warnings: [],
    touched_at: null,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-21T09:15:00Z',
    ...overrides,
  };
}

export function makeBookingDetail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  const booking = makeBooking(overrides);
  return {
    ...booking,
    history: [{ ...makeBooking({ version: 1, pieces: 3, weight: 90, is_history: true }) }],
    change_log: [
      {
        id: 8,
        channel: 'web',
        user_id: 12,
        change_set: { weight: [90, 120], pieces: [3, 4] },
        created_at: '2026-11-21T09:15:00Z',
      },
    ],
    ...overrides,
  };
}

export { type Answer, type Call, mockApi } from '@/testing/mock-api';

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

/** A flight of the leg NQZ-SVO as the flights list answers it: `number` and `std` tell flights apart. */
export function makeFlightSegment(id: number, number: string, std: string, overrides: Partial<Segment> = {}): Segment {
  const zero = { capacity_weight: 0, capacity_volume: 0, estimated_weight: 0, estimated_volume: 0 };
  return {
    id,
    flight_id: id,
    airline_id: 3,
    carrier: 'KC',
    number,
    segment_number: `KC${number}`,
    number_with_date: `KC${number}/0${std.slice(9, 10)}DEC`,
    flight_date: std.slice(0, 10),
    origin: 'NQZ',
    destination: 'SVO',
    origin_timezone: 'Asia/Almaty',
    destination_timezone: 'Europe/Moscow',
    legs: [],
    aircraft_type: null,
    aircraft_reg: null,
    segment_type: 'F',
    std,
    sta: std,
    std_local: std,
    sta_local: std,
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
      ...zero,
      capacity_source: 'none',
      booked_weight: 0,
      booked_volume: 0,
      actual_weight: 0,
      actual_volume: 0,
      load_factor_weight: null,
      load_factor_volume: null,
    },
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

export const keysetPage = (data: Segment[]) => ({
  data,
  meta: { per_page: 100, next_cursor: null, prev_cursor: null, total_count: data.length, total_count_exact: true },
});

// The air waybill of a booking as GET /air_waybills/:id answers it (the booking page links it).

const party = (name: string, city: string, country: string) => ({
  name,
  address: '1 Cargo street',
  city,
  state: null,
  country_code: country,
  post_code: null,
  contacts: null,
  tax_id: null,
});

export function makeWaybill(overrides: Partial<AirWaybillRecord> = {}): AirWaybillRecord {
  return {
    id: 31,
    mawb: '555-12345675',
    prefix: '555',
    serial: '1234567',
    airline_prefix: '555',
    airline: { id: 3, short_name: 'SU', name: 'Aeroflot' },
    forwarder: {
      id: 4,
      short_name: 'FWDA',
      name: 'Demo Forwarder A',
      local_name: null,
      address: null,
      country: 'RU',
      city: 'Moscow',
      post_code: null,
    },
    booking_id: null,
    booking: null,
    origin_iata: 'SVO',
    destination_iata: 'ALA',
    pieces: 4,
    weight: 120,
    volume: 0.8,
    carrier: 'SU',
    product_type: null,
    commodity: 'SPARE PARTS',
    source: 'web',
    shcs: ['GEN'],
    hs_codes: ['847330'],
    mrn: null,
    postal: false,
    forwarder_account: null,
    notify: null,
    shipper: party('Shipper LLC', 'Moscow', 'RU'),
    consignee: party('Consignee LLP', 'Almaty', 'KZ'),
    charge_weight: null,
    charge_weight_source: null,
    airline_defined_cw: null,
    chargeable_calc: null,
    special_service_request: null,
    other_service_request: null,
    oci: [],
    acc: [],
    customs_info: null,
    as_agreed_rates: false,
    payment: 'prepaid',
    currency: null,
    prepaid_total: null,
    collect_total: null,
    manual_route: false,
    route_data: [
      { origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1950', date: '2026-12-02', segment_id: null },
    ],
    booked: false,
    issued: false,
    delivered: false,
    verified: false,
    billed: false,
    departed: false,
    warning: false,
    voided: false,
    void_payment: null,
    void_reason: null,
    void_cancel_reason: null,
    su_booking_status: null,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-21T09:15:00Z',
    issued_at: null,
    verified_at: null,
    delivered_at: null,
    voided_at: null,
    billing_date: null,
    issue_date: null,
    service_start_date: null,
    departed_at: null,
    flight_date: '2026-12-02',
    row_version: 3,
    sli_barcode: null,
    sli_sent_at: null,
    sli_accepted: null,
    sli_answered_at: null,
    can_send_sli: true,
    goods_items: [],
    dimensions: [{ id: 1, length: 120, width: 80, height: 60, pieces: 4, weight: null }],
    notices: [],
    rate_lines: [],
    ...overrides,
  };
}
