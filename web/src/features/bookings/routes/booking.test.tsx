import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { resetPreferences, setPreferences } from '@/lib/preferences';
import { renderRoutes } from '@/testing/render';
import {
  FORWARDER,
  KC_MANAGER,
  keysetPage,
  makeBooking,
  makeBookingDetail,
  makeFlightSegment,
  makeWaybill,
  mockApi,
} from '../testing';
import { BookingRoute } from './booking';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  resetPreferences();
  await changeLocale('en');
});

const routes = [{ path: '/bookings/:id', element: <BookingRoute /> }];

const WARNING = {
  code: 'cancelled_flight' as const,
  message: 'Cancelled flight or segment',
  message_key: { key: 'warningCancelledFlight' as const, params: {} },
  segment_id: 42,
};

describe('booking detail', { timeout: 60_000 }, () => {
  it('cancels the booking only after the confirmation', async () => {
    let detail = makeBookingDetail({ response_status: 'KK' });
    const calls = mockApi(FORWARDER, ({ url, method }) => {
      if (url === '/api/v3/bookings/17' && method === 'DELETE') {
        detail = { ...detail, response_status: 'XX', active: false, effective: false };
        return Response.json(detail);
      }
      if (url === '/api/v3/bookings/17') return Response.json(detail);
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings/17');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect(
      await screen.findByText('Cancel booking 465-12345675? Its capacity returns to the flight.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Its capacity returns/)).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v3/bookings/17');
    // Refetched: a cancelled booking offers neither change nor cancel.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  });

  it('shows the fields, warnings, segments with allotment use, history and change log', async () => {
    mockApi(KC_MANAGER, ({ url }) =>
      url === '/api/v3/bookings/17' ? Response.json(makeBookingDetail({ warnings: [WARNING] })) : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings/17');
    expect(await screen.findByRole('heading', { name: 'Booking 465-12345675' })).toBeInTheDocument();
    expect(within(screen.getByTestId('booking-warnings')).getByText('Cancelled flight or segment')).toBeInTheDocument();
    const fields = screen.getByTestId('booking-fields');
    expect(within(fields).getByText('120 kg (K)')).toBeInTheDocument();
    expect(within(fields).getByText('FWDA · Demo Forwarder A')).toBeInTheDocument();

    const segments = screen.getByTestId('booking-segments');
    const second = within(segments).getByRole('link', { name: 'KC903/02DEC' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Allotment #5: 120 kg, 0.8 m³')).toBeInTheDocument();
    expect(within(segments).getByRole('link', { name: 'KC901/02DEC' })).toHaveAttribute('href', '/flights/41');

    await user.click(screen.getByRole('tab', { name: 'History (1)' }));
    const history = await screen.findByTestId('booking-history');
    expect(within(history).getByText('90 kg')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Change log' }));
    const log = await screen.findByTestId('booking-change-log');
    expect(within(log).getByText('User #12')).toBeInTheDocument();
    expect(within(log).getByText('90 → 120', { exact: false })).toBeInTheDocument();
    // The airline answers a waiting booking from its page too.
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('shows times in UTC or local time as the header toggle says', async () => {
    mockApi(FORWARDER, ({ url }) => (url === '/api/v3/bookings/17' ? Response.json(makeBookingDetail()) : undefined));
    setPreferences({ utcTime: true });
    renderRoutes(routes, '/bookings/17');
    const segments = await screen.findByTestId('booking-segments');
    expect(within(segments).getByText('02.12.2026 07:00 UTC')).toBeInTheDocument();
  });

  it('changes the cargo figures and shows the server refusal', async () => {
    const calls = mockApi(FORWARDER, ({ url, method }) => {
      if (url === '/api/v3/bookings/17/change' && method === 'POST') {
        const body = (calls.at(-1)?.body ?? {}) as { weight?: number };
        if ((body.weight ?? 0) > 5000) {
          return Response.json(
            {
              error: 'ValidationFailed',
              errors: { weight: ['must be at most 5000 kg'] },
              message: 'weight: must be at most 5000 kg',
            },
            { status: 422 },
          );
        }
        return Response.json(makeBooking({ weight: body.weight, response_status: 'KK' }));
      }
      if (url === '/api/v3/bookings/17') return Response.json(makeBookingDetail({ response_status: 'KK' }));
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings/17');
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change booking 465-12345675' });
    const weight = within(dialog).getByRole('textbox', { name: 'Weight, kg' });
    await user.clear(weight);
    await user.type(weight, '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('must be at most 5000 kg')).toBeInTheDocument();

    await user.clear(weight);
    await user.type(weight, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'POST').at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ pieces: 4, weight: 150, volume: 0.8, shcs: ['GEN'] });
    // The flights did not change, so they are not sent.
    expect(sent).not.toHaveProperty('segment_ids');
  });

  it('moves a leg to another flight of its route and sends the flights only then', async () => {
    const calls = mockApi(FORWARDER, ({ url, method }) => {
      if (url.startsWith('/api/v3/segments?')) {
        const query = new URL(url, 'http://x').searchParams;
        if (query.get('origin') !== 'NQZ') return Response.json(keysetPage([]));
        return Response.json(
          keysetPage([
            makeFlightSegment(42, '903', '2026-12-02T12:30:00Z'),
            makeFlightSegment(52, '905', '2026-12-03T12:30:00Z'),
            makeFlightSegment(53, '907', '2026-12-04T12:30:00Z', { available: false }),
          ]),
        );
      }
      if (url === '/api/v3/bookings/17/change' && method === 'POST') return Response.json(makeBooking());
      if (url === '/api/v3/bookings/17') return Response.json(makeBookingDetail({ response_status: 'KK' }));
      return undefined;
    });
    setPreferences({ utcTime: true });
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings/17');
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change booking 465-12345675' });
    const leg = within(dialog).getByLabelText('Flight NQZ – SVO');
    await waitFor(() => expect(leg).toBeEnabled());
    const legCall = calls.find((c) => c.url.includes('origin=NQZ'));
    const query = new URL(legCall?.url ?? '', 'http://x').searchParams;
    expect([query.get('destination'), query.get('date_from'), query.get('date_to')]).toEqual([
      'SVO',
      '2026-11-29',
      '2026-12-05',
    ]);
    await user.click(leg);
    // A flight closed for sale is not offered.
    await user.click(await screen.findByText('KC905/03DEC · 03.12.2026 12:30 UTC'));
    expect(screen.queryByText(/KC907/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ segment_ids: [41, 52], weight: 120 });
  });

  it('names a booking the server does not find', async () => {
    mockApi(FORWARDER, ({ url }) =>
      url === '/api/v3/bookings/99'
        ? Response.json({ error: 'NotFound', errors: {}, message: 'Booking not found' }, { status: 404 })
        : undefined,
    );
    renderRoutes(routes, '/bookings/99');
    expect(await screen.findByText('Booking not found')).toBeInTheDocument();
  });

  it('reads in Russian', async () => {
    await changeLocale('ru');
    mockApi(FORWARDER, ({ url }) => (url === '/api/v3/bookings/17' ? Response.json(makeBookingDetail()) : undefined));
    renderRoutes(routes, '/bookings/17');
    expect(await screen.findByRole('button', { name: 'Отменить бронь' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Журнал изменений' })).toBeInTheDocument();
  });

  it("links the booking's air waybill, or offers to make it when its number has none yet", async () => {
    let waybill: Response | undefined;
    mockApi(FORWARDER, ({ url }) => {
      if (url === '/api/v3/bookings/17') return Response.json(makeBookingDetail({ response_status: 'KK' }));
      if (url === '/api/v3/air_waybills/465-12345675')
        return waybill ?? Response.json({ error: 'NotFound', message: 'Shipment not found' }, { status: 404 });
      return undefined;
    });
    const first = renderRoutes(routes, '/bookings/17');
    const create = await screen.findByRole('link', { name: 'Create air waybill' });
    expect(create).toHaveAttribute('href', '/bookings/17/air-waybill');
    expect(screen.queryByRole('link', { name: /^Air waybill / })).not.toBeInTheDocument();
    first.unmount();

    waybill = Response.json(makeWaybill({ mawb: '465-12345675', booking_id: 17 }));
    renderRoutes(routes, '/bookings/17');
    const open = await screen.findByRole('link', { name: 'Air waybill 465-12345675' });
    expect(open).toHaveAttribute('href', '/shipments/465-12345675');
    expect(screen.queryByRole('link', { name: 'Create air waybill' })).not.toBeInTheDocument();
  });
});
