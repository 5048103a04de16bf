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

export { makeAirWaybill } from '@/testing/air-waybills';

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
