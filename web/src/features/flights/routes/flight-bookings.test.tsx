import type { Allotment, BookingRule } from '@aircargo/contract/bookings';
import type { Profile } from '@aircargo/contract/profile';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { LOAD, makeSegment, SESSION } from '../testing/fixtures';
import { FlightRoute } from './flight';

// The flight page's Allotments and Booking rules tabs, and the booked figures of its summary.

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 200 };

const allotment = (overrides: Partial<Allotment>): Allotment => ({
  id: 1,
  airline_id: 3,
  carrier: 'KC',
  origin_iata: 'SVO',
  destination_iata: 'ALA',
  forwarder_id: 4,
  forwarder_short_name: 'FWDA',
  type: 'hard',
  weight: 1500,
  volume: 9,
  timelimit_to_std: 48,
  segment_id: 41,
  segment_number_with_date: 'KC901/02DEC',
  valid_until: null,
  postal: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

const rule = (overrides: Partial<BookingRule>): BookingRule => ({
  id: 1,
  airline_id: 3,
  carrier: 'KC',
  origin_iata: null,
  destination_iata: null,
  segment_id: null,
  flight_number_with_date: null,
  shcs: [],
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
});

let profile: Profile;

beforeEach(() => {
  resetApiClient();
  resetSessionCache();
  localStorage.clear();
  setSession(SESSION, false);
  profile = makeProfile({
    company_id: 3,
    role: 'airline_manager',
    company_business_type: 'airline',
    airline_code: 'KC',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      const q = url.searchParams;
      if (url.pathname === '/api/v3/profiles/me') return Response.json(profile);
      if (url.pathname === '/api/v3/segments/41') {
        return Response.json(makeSegment({ load: { ...LOAD, booked_weight: 2400, booked_volume: 14.5 } }));
      }
      if (url.pathname === '/api/v3/allotments') {
        const data = q.get('segment_id')
          ? [allotment({ id: 1 })]
          : [
              allotment({ id: 2, segment_id: null, forwarder_short_name: 'FWDB', type: 'soft', timelimit_to_std: 0 }),
              allotment({ id: 3, segment_id: null, forwarder_short_name: 'OLD', valid_until: '2026-11-30' }),
              allotment({ id: 1 }),
            ];
        return Response.json({ data, meta: META });
      }
      if (url.pathname === '/api/v3/booking_rules') {
        const data = q.get('segment_id')
          ? [rule({ id: 5, segment_id: 41, response_status: 'UU', shcs: ['DGR'], min_percent: null })]
          : [
              rule({ id: 6 }),
              rule({ id: 7, origin_iata: 'ALA', destination_iata: 'NQZ', response_status: 'KK' }),
              rule({ id: 8, carrier: 'SU', response_status: 'KK' }),
            ];
        return Response.json({ data, meta: META });
      }
      return Response.json({}, { status: 404 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [{ path: '/flights/:id', element: <FlightRoute /> }];

describe('flight page bookings tabs', { timeout: 30_000 }, () => {
  it('shows the booked weight and volume on the summary', async () => {
    renderRoutes(routes, '/flights/41');
    const link = await screen.findByRole('link', { name: 'Bookings of the flight' });
    expect(link).toHaveAttribute('href', '/bookings?segment_id=41');
    expect(screen.getByText('Booked').parentElement).toHaveTextContent(
      /^Booked2\D?400 kg · 14\.5 m³Bookings of the flight$/,
    );
  });

  it("lists the flight's allotments and its route's still valid ones", async () => {
    renderRoutes(routes, '/flights/41?tab=allotments');
    const table = await screen.findByTestId('flight-allotments');
    const own = within(table).getByText('FWDA').closest('tr') as HTMLElement;
    expect(within(own).getByText('This flight')).toBeInTheDocument();
    expect(within(own).getByText('48 h before STD')).toBeInTheDocument();
    const route = within(table).getByText('FWDB').closest('tr') as HTMLElement;
    expect(within(route).getByText('Route, every flight')).toBeInTheDocument();
    expect(within(route).getByText('Full block')).toBeInTheDocument();
    expect(within(table).queryByText('OLD')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('lists the booking rules that apply to the flight', async () => {
    renderRoutes(routes, '/flights/41?tab=booking_rules');
    const table = await screen.findByTestId('flight-booking-rules');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('UU Refused')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('DGR')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('≥ 80')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('NN Waiting for the airline')).toBeInTheDocument();
  });

  it('shows a forwarder neither tab', async () => {
    profile = makeProfile({ company_id: 4, role: 'forwarder_default', company_business_type: 'forwarder' });
    renderRoutes(routes, '/flights/41?tab=allotments');
    expect(await screen.findByTestId('legs-table')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Allotments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Booking rules' })).not.toBeInTheDocument();
  });

  it('reads in Russian', async () => {
    await changeLocale('ru');
    renderRoutes(routes, '/flights/41?tab=allotments');
    const table = await screen.findByTestId('flight-allotments');
    expect(within(table).getByText('Маршрут, все рейсы')).toBeInTheDocument();
  });
});
