import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { resetPreferences, setPreferences } from '@/lib/preferences';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, makeBooking, makeResult, makeRoute, mockApi } from '../testing';
import { OffersSelectRoute } from './offers-select';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
  resetPreferences();
});

const PAGE = [{ path: '/offers/select', element: <OffersSelectRoute /> }];

async function fillCargo(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Origin' }), 'svo');
  await user.type(screen.getByRole('textbox', { name: 'Destination' }), 'ALA');
  await user.type(screen.getByRole('textbox', { name: 'Pieces' }), '2');
  await user.type(screen.getByRole('textbox', { name: 'Weight, kg' }), '100');
  await user.type(screen.getByRole('textbox', { name: 'Volume, m3' }), '0.5');
}

const tripsCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/v3/segments/trips'));

describe('booking selection', { timeout: 60_000 }, () => {
  it('shows the server\'s "Fill in required fields" and marks the missing fields', async () => {
    mockApi(FORWARDER, ({ url }) =>
      url.startsWith('/api/v3/segments/trips')
        ? Response.json(
            {
              error: 'EmptyFields',
              message: 'Fill in required fields',
              message_key: { key: 'fillRequiredFields', params: {} },
              errors: { pieces: ['Required field'], weight: ['Required field'] },
            },
            { status: 422 },
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(PAGE, '/offers/select');
    await user.click(await screen.findByRole('button', { name: 'Find routes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in required fields');
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
  });

  it('lists routes with transit airports, flights, capacity and price, explains rejected candidates and sorts', async () => {
    const rejected = makeRoute({
      key: '21-22',
      available: false,
      carriers: ['SU', 'KC'],
      carrier: 'SU',
      transit_airports: ['KZN'],
      reasons: [
        {
          reason: 'connection_not_workable',
          segment_id: 12,
          airport: 'KZN',
          connection_minutes: 30,
          minimum_minutes: 60,
          available_weight: null,
          available_volume: null,
          carrier: null,
          other_carrier: null,
          details: [],
          message: 'Connection not workable',
        },
      ],
    });
    const route = makeRoute();
    const calls = mockApi(FORWARDER, ({ url }) => {
      if (url.startsWith('/api/v3/segments/trips')) return Response.json(makeResult({ rejected: [rejected] }));
      if (url.startsWith('/api/v3/segments/flight_routes'))
        return Response.json({
          data: route.segments.map((s) => ({ ...s, routes: [route.key], available: true })),
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(PAGE, '/offers/select');
    await fillCargo(user);
    await user.click(screen.getByRole('button', { name: 'Find routes' }));

    const routes = await screen.findByRole('table', { name: 'Routes' });
    const row = within(routes).getByRole('row', { name: /KC7101/ });
    expect(within(row).getByText('SVO → NQZ → ALA')).toBeInTheDocument();
    expect(within(row).getByText('1 via NQZ')).toBeInTheDocument();
    expect(within(row).getByText('KC7102/15JUN')).toBeInTheDocument();
    expect(within(row).getByText('2900 kg / 19.5 m3')).toBeInTheDocument();
    expect(within(row).getByText('300.00')).toBeInTheDocument();
    // Min STA in the destination's local time (Almaty, UTC+5).
    expect(within(row).getByText(/15\.06\.2027 20:30 UTC\+05:00/)).toBeInTheDocument();
    expect(new URL(tripsCalls(calls)[0]!.url, 'http://x').searchParams.get('origin')).toBe('SVO');
    act(() => setPreferences({ utcTime: true }));
    expect(await within(row).findByText('15.06.2027 15:30 UTC')).toBeInTheDocument();

    const why = screen.getByRole('table', { name: 'Candidates that cannot be booked' });
    expect(
      within(why).getByText('Connection not workable: 30 min at KZN, minimum 60 min; KC7102/15JUN'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Cheaper' }));
    await waitFor(() => expect(tripsCalls(calls).some((c) => c.url.includes('sort=cheaper'))).toBe(true));

    // The segments tab lists the legs of the found routes (GET /segments/flight_routes with the same request).
    await user.click(screen.getByRole('tab', { name: 'Segments' }));
    const segments = await screen.findByRole('table', { name: 'Segments' });
    const first = within(segments).getByRole('row', { name: /KC7101\/15JUN/ });
    expect(within(first).getByText('SVO → NQZ')).toBeInTheDocument();
    expect(within(first).getByText('Bookable')).toBeInTheDocument();
    const flightRoutes = calls.find((c) => c.url.startsWith('/api/v3/segments/flight_routes'));
    expect(new URL(flightRoutes!.url, 'http://x').searchParams.get('destination')).toBe('ALA');

    // In Russian the reasons read in Russian.
    await act(() => changeLocale('ru'));
    await user.click(screen.getByRole('tab', { name: 'Маршруты' }));
    const russian = await screen.findByRole('table', { name: 'Варианты, которые нельзя забронировать' });
    expect(
      within(russian).getByText('Стыковка невыполнима: 30 мин в KZN, минимум 60 мин; KC7102/15JUN'),
    ).toBeInTheDocument();
  });

  it('books the selected route on its segments and shows the answer', async () => {
    const calls = mockApi(FORWARDER, ({ url, method }) => {
      if (url.startsWith('/api/v3/segments/trips')) return Response.json(makeResult());
      if (url.startsWith('/api/v3/airlines'))
        return Response.json({
          data: [
            {
              id: 3,
              iata: 'KC',
              icao: 'KZR',
              awb_prefix: '465',
              name: 'Air Astana',
              cyrillic_name: null,
              country_code: 'KZ',
            },
          ],
          meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 },
        });
      if (url === '/api/v3/bookings' && method === 'POST')
        return Response.json(makeBooking({ response_status: 'NN', request_status: 'NN' }), { status: 201 });
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(PAGE, '/offers/select');
    await fillCargo(user);
    await user.type(screen.getByRole('combobox', { name: /Dimensions, cm/ }), '120x80x50x2{Enter}');
    await user.click(screen.getByRole('button', { name: 'Find routes' }));
    const row = await screen.findByRole('row', { name: /KC7101/ });
    expect(calls.find((c) => c.url.startsWith('/api/v3/segments/trips'))?.url).toContain('dimensions[]=120x80x50x2');
    await user.click(within(row).getByRole('button', { name: 'Select' }));

    const panel = await screen.findByRole('region', { name: 'Selected route' });
    expect(within(panel).getByRole('textbox', { name: 'AWB carrier' })).toHaveValue('KC');
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Prefix' })).toHaveValue('465'));
    expect(within(panel).getByTestId('dg-certification')).toHaveTextContent(/dangerous goods/i);
    await user.click(within(panel).getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Booking is waiting for the airline (NN)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open bookings' })).toHaveAttribute('href', '/bookings');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      segment_ids: [11, 12],
      pieces: 2,
      weight: 100,
      volume: 0.5,
      commodity: null,
      shcs: [],
      dimensions: [{ pieces: 2, length: 120, width: 80, height: 50 }],
    });
  });

  it("shows the seed's message when the airline has no agreement with the forwarder", async () => {
    mockApi(FORWARDER, ({ url, method }) => {
      if (url.startsWith('/api/v3/segments/trips')) return Response.json(makeResult());
      if (url === '/api/v3/bookings' && method === 'POST')
        return Response.json(
          {
            error: 'NoValidAgreement',
            message: 'No valid agreement with airline',
            message_key: { key: 'noValidAgreement', params: {} },
          },
          { status: 403 },
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(PAGE, '/offers/select');
    await fillCargo(user);
    await user.click(screen.getByRole('button', { name: 'Find routes' }));
    const row = await screen.findByRole('row', { name: /KC7101/ });
    await user.click(within(row).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No valid agreement with airline');
  });
});
