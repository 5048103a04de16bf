import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, makeAirWaybill, makeBookingDetail, mockApi } from '../testing';
import { BookingAirWaybillRoute } from './booking-air-waybill';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/bookings/:id/air-waybill', element: <BookingAirWaybillRoute /> },
      { path: '/shipments/:mawb', element: <p>shipment page</p> },
    ],
    '/bookings/17/air-waybill',
  );

type User = ReturnType<typeof userEvent.setup>;
const box = (name: string) => screen.getByRole('textbox', { name });

async function fillParties(user: User) {
  await user.type(box('Name, Shipper'), 'Shipper LLC');
  await user.type(box('Name, Consignee'), 'Consignee LLP');
  await user.type(screen.getByLabelText(/^HS codes/, { selector: 'input:not([type=hidden])' }), '847330{enter}');
}

describe('air waybill from a booking', { timeout: 120_000 }, () => {
  it("posts the booking's waybill with a typed number and goes to the shipment", async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === '/api/v3/bookings/17') return Response.json(makeBookingDetail());
      if (method === 'POST') return Response.json(makeAirWaybill({ booking_id: 17, booked: true }), { status: 201 });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    const summary = await screen.findByTestId('booking-summary');
    expect(summary).toHaveTextContent('SVO – LED – ALA');
    expect(summary).toHaveTextContent('SU30/02DEC, SU2960/02DEC');
    // The cargo and the route come from the booking: only what the booking lacks is asked.
    expect(screen.queryByRole('textbox', { name: 'Origin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Postal waybill (mail)' })).not.toBeInTheDocument();
    await fillParties(user);
    await user.click(screen.getByRole('button', { name: 'Create air waybill' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(box('AWB number'), '555-12345675');
    await user.click(screen.getByRole('button', { name: 'Create air waybill' }));
    expect(await screen.findByText('shipment page')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/bookings/17/air_waybill');
    expect(post?.body).toMatchObject({
      mawb: '555-12345675',
      hs_codes: ['847330'],
      shipper: { name: 'Shipper LLC' },
      consignee: { name: 'Consignee LLP' },
      goods_items: [],
      payment: 'prepaid',
    });
    const body = post?.body as Record<string, unknown>;
    expect(body.origin_iata).toBeUndefined();
    expect(body.pieces).toBeUndefined();
  });

  it("keeps the booking's own number and shows the server's refusal when the booking already has a waybill", async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === '/api/v3/bookings/17') return Response.json(makeBookingDetail({ mawb: '555-12345675' }));
      if (method === 'POST')
        return Response.json(
          {
            error: 'Exists',
            errors: {},
            message: 'The booking already has an air waybill',
            message_key: { key: 'bookingHasWaybill', params: {} },
          },
          { status: 422 },
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId('booking-summary')).toHaveTextContent('555-12345675');
    expect(screen.queryByRole('textbox', { name: 'AWB number' })).not.toBeInTheDocument();
    await fillParties(user);
    await user.click(screen.getByRole('button', { name: 'Create air waybill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The booking already has an air waybill');
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body.mawb).toBeUndefined();
    expect(body.from_stock).toBe(false);
  });
});
