import type { Booking } from '@aircargo/contract/bookings';
import type { Profile } from '@aircargo/contract/profile';
import type { Route, RouteSearchResult } from '@aircargo/contract/route-search';
import { type Answer, mockApi as mockSession } from '@/testing/mock-api';

// Fetch mocks and records for the booking selection's tests, shaped as the contract answers.

export const FORWARDER: Partial<Profile> = {
  company_id: 4,
  company_short_name: 'FWDA',
  role: 'forwarder_default',
  company_business_type: 'forwarder',
  airline_code: null,
};

const leg = (
  id: number,
  carrier: string,
  number: string,
  origin: string,
  destination: string,
  std: string,
  sta: string,
) => ({
  segment_id: id,
  carrier,
  number,
  number_with_date: `${carrier}${number}/15JUN`,
  flight_date: '2027-06-15',
  origin,
  destination,
  std,
  sta,
  aircraft_type: '321',
  freighter: false,
  available_weight: 2900,
  available_volume: 19.5,
  selected_for_booking: true,
});

export function makeRoute(overrides: Partial<Route> = {}): Route {
  return {
    key: '11-12',
    available: true,
    origin: 'SVO',
    destination: 'ALA',
    carriers: ['KC'],
    carrier: 'KC',
    std: '2027-06-15T06:00:00Z',
    sta: '2027-06-15T15:30:00Z',
    transfers: 1,
    transit_airports: ['NQZ'],
    segments: [
      leg(11, 'KC', '7101', 'SVO', 'NQZ', '2027-06-15T06:00:00Z', '2027-06-15T10:00:00Z'),
      leg(12, 'KC', '7102', 'NQZ', 'ALA', '2027-06-15T12:00:00Z', '2027-06-15T15:30:00Z'),
    ],
    connections: [{ airport: 'NQZ', minutes: 120, minimum_minutes: 60 }],
    trip_time: { hours: 9, minutes: 30 },
    trip_minutes: 570,
    available_weight: 2900,
    available_volume: 19.5,
    cost: '300.00',
    currency: 'USD',
    forbidden_shc: [],
    reasons: [],
    ...overrides,
  };
}

export function makeResult(overrides: Partial<RouteSearchResult> = {}): RouteSearchResult {
  return {
    routes: [makeRoute()],
    rejected: [],
    alternatives: [],
    query: {
      origin_airports: ['SVO'],
      destination_airports: ['ALA'],
      departure_from: '2027-06-14T21:00:00Z',
      departure_to: '2027-06-15T21:00:00Z',
      weight: 100,
      volume: 0.5,
    },
    stats: { candidates: 3, scanned_legs: 10, truncated: false, millis: 1.2, index_legs: 100 },
    ...overrides,
  };
}

export type { Answer, Call } from '@/testing/mock-api';

/** Reference data the offers form reads (an airport's zone, SHCs, products), unless the test answers it. */
const referenceData: Answer = ({ url }) => {
  if (url.startsWith('/api/v3/airports/')) {
    const iata = url.split('/').at(-1)?.split('?')[0] ?? '';
    return Response.json({
      iata,
      icao: null,
      name: iata,
      full_name: null,
      cyrillic_name: null,
      city_code: iata,
      city_name: null,
      cyrillic_city_name: null,
      country_code: 'RU',
      latitude: null,
      longitude: null,
      timezone: iata === 'ALA' || iata === 'NQZ' ? 'Asia/Almaty' : 'Europe/Moscow',
      separator: false,
    });
  }
  if (url.startsWith('/api/v3/special_handlings') || url.startsWith('/api/v3/product_codes')) {
    return Response.json([]);
  }
  return undefined;
};

/** Signs in a session and answers fetches: the profile, then `answer`, then reference data, else an empty page. */
export function mockApi(profile: Partial<Profile>, answer: Answer) {
  return mockSession(profile, (call) => answer(call) ?? referenceData(call));
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const segment = (id: number, number: string, origin: string, destination: string) => ({
    segment_id: id,
    number_with_date: `KC${number}/15JUN`,
    carrier: 'KC',
    airline_id: 3,
    origin,
    destination,
    std: '2027-06-15T06:00:00Z',
    sta: '2027-06-15T10:00:00Z',
    allotment_id: null,
    allotment_weight: 0,
    allotment_volume: 0,
  });
  const segments = [segment(11, '7101', 'SVO', 'NQZ'), segment(12, '7102', 'NQZ', 'ALA')];
  return {
    id: 501,
    version: 1,
    forwarder: { id: 4, name: 'Demo Forwarder A', short_name: 'FWDA' },
    airline_id: 3,
    carrier: 'KC',
    mawb: null,
    parts_code: null,
    origin: 'SVO',
    destination: 'ALA',
    pieces: 2,
    weight: 100,
    weight_code: 'K',
    volume: 0.5,
    volume_code: 'MC',
    density_group: null,
    commodity: null,
    shcs: [],
    dimensions: [],
    segment: segments[0]!,
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
    created_at: '2026-11-23T10:00:00Z',
    updated_at: '2026-11-23T10:00:00Z',
    ...overrides,
  };
}
