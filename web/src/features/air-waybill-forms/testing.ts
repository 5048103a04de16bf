import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import type { BookingDetail, BookingSegment } from '@aircargo/contract/bookings';
import type { HouseWaybill } from '@aircargo/contract/house-waybills';
import type { Profile } from '@aircargo/contract/profile';

// Records and profiles for the waybill forms' tests, shaped as the contract answers.

export { type Answer, type Call, mockApi } from '@/testing/mock-api';

export const FORWARDER: Partial<Profile> = {
  company_id: 4,
  role: 'forwarder_default',
  company_business_type: 'forwarder',
  airline_code: null,
};
export const PLATFORM: Partial<Profile> = {
  company_id: 1,
  role: 'platform',
  company_business_type: 'platform',
  airline_code: null,
};

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

export function makeAirWaybill(overrides: Partial<AirWaybillRecord> = {}): AirWaybillRecord {
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

export function makeHouse(overrides: Partial<HouseWaybill> = {}): HouseWaybill {
  return {
    id: 7,
    air_waybill_id: 31,
    mawb: '555-12345675',
    serial_number: 'H001',
    origin_iata: 'SVO',
    destination_iata: 'ALA',
    pieces: 2,
    weight_code: 'K',
    weight: 60,
    weight_kg: 60,
    manifest_description_of_goods: 'SPARE PARTS',
    shcs: [],
    free_text: null,
    hs_codes: ['847330'],
    shipper: null,
    consignee: null,
    placi_status: null,
    placi_comment: null,
    created_at: '2026-11-21T08:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    ...overrides,
  };
}

/** A 422 as the server sends it: the English texts by field and their catalogue keys beside them. */
export function validationAnswer(field: string, key: string, text: string, params: Record<string, unknown> = {}) {
  return Response.json(
    {
      error: 'ValidationFailed',
      errors: { [field]: [text] },
      error_keys: { [field]: [{ key, params }] },
      message: text,
      message_key: { key, params },
    },
    { status: 422 },
  );
}

const segment = (id: number, number: string, origin: string, destination: string, std: string): BookingSegment => ({
  segment_id: id,
  number_with_date: number,
  carrier: 'SU',
  airline_id: 3,
  origin,
  destination,
  std,
  sta: std,
  allotment_id: null,
  allotment_weight: 0,
  allotment_volume: 0,
});

/** A forwarder's booking SVO-LED-ALA as the booking detail answers it. */
export function makeBookingDetail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  const segments = [
    segment(41, 'SU30/02DEC', 'SVO', 'LED', '2026-12-02T07:00:00Z'),
    segment(42, 'SU2960/02DEC', 'LED', 'ALA', '2026-12-02T12:00:00Z'),
  ];
  return {
    id: 17,
    version: 2,
    forwarder: { id: 4, name: 'Demo Forwarder A', short_name: 'FWDA' },
    airline_id: 3,
    carrier: 'SU',
    mawb: null,
    parts_code: null,
    origin: 'SVO',
    destination: 'ALA',
    pieces: 4,
    weight: 120,
    weight_code: 'K',
    volume: 0.8,
    volume_code: 'MC',
    density_group: null,
    commodity: 'SPARE PARTS',
    shcs: ['GEN'],
    dimensions: [],
    segment: segments[0] as BookingSegment,
    segments,
    request_status: 'KK',
    response_status: 'KK',
    response_reason: null,
    source: 'web',
    effective: true,
    active: true,
    is_history: false,
    warnings: [],
    touched_at: null,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-21T09:15:00Z',
    history: [],
    change_log: [],
    ...overrides,
  };
}
