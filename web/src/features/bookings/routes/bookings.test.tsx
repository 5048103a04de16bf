import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, KC_MANAGER, META, makeBooking, mockApi } from '../testing';
import { BookingsRoute } from './bookings';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [{ path: '/bookings', element: <BookingsRoute /> }];
const listed = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v3/bookings?'));

describe('bookings list', { timeout: 60_000 }, () => {
  it('shows the booking columns and asks the server for the queue of waiting requests', async () => {
    const calls = mockApi(KC_MANAGER, ({ url, method }) =>
      method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({ data: [makeBooking()], meta: META })
        : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings');
    const row = await screen.findByRole('row', { name: /465-12345675/ });
    expect(within(row).getByText('ALA – NQZ – SVO')).toBeInTheDocument();
    expect(within(row).getByText('KC901/02DEC')).toBeInTheDocument();
    expect(within(row).getByText('KC903/02DEC')).toBeInTheDocument();
    expect(within(row).getByText('120 kg')).toBeInTheDocument();
    expect(within(row).getByText('0.8 m³')).toBeInTheDocument();
    expect(within(row).getByText('FWDA')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '17' })).toHaveAttribute('href', '/bookings/17');
    expect(new URL(listed(calls)[0]?.url ?? '', 'http://x').searchParams.get('response_status')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Waiting for the airline' }));
    await waitFor(() =>
      expect(new URL(listed(calls).at(-1)?.url ?? '', 'http://x').searchParams.get('response_status')).toBe('NN'),
    );
    expect(await screen.findByText(/Requests waiting for your answer/)).toBeInTheDocument();
  });

  it('confirms a waiting booking from the queue after the confirmation dialog', async () => {
    const calls = mockApi(KC_MANAGER, ({ url, method }) => {
      if (method === 'PATCH' && url === '/api/v3/bookings/17/status') {
        return Response.json(makeBooking({ response_status: 'KK' }));
      }
      return method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({
            data: [makeBooking(), makeBooking({ id: 18, mawb: null, response_status: 'KK' })],
            meta: META,
          })
        : undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings?response_status=NN');
    const row = await screen.findByRole('row', { name: /465-12345675/ });
    const confirmed = screen.getByRole('row', { name: /No AWB yet/ });
    expect(within(confirmed).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Confirm booking 465-12345675? The forwarder gets the KK answer.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/v3/bookings/17/status',
      body: { response_status: 'KK', response_reason: null },
    });
    // The list is asked again so the answered request leaves the queue.
    await waitFor(() => expect(listed(calls).length).toBeGreaterThan(1));
  });

  it('refuses only with a reason', async () => {
    const calls = mockApi(KC_MANAGER, ({ url, method }) => {
      if (method === 'PATCH') return Response.json(makeBooking({ response_status: 'UU', response_reason: 'Full' }));
      return method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({ data: [makeBooking()], meta: META })
        : undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings?response_status=NN');
    const row = await screen.findByRole('row', { name: /465-12345675/ });
    await user.click(within(row).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse booking 465-12345675' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No space for DGR');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      response_status: 'UU',
      response_reason: 'No space for DGR',
    });
  });

  it('shows the server refusal of an answer', async () => {
    mockApi(KC_MANAGER, ({ url, method }) => {
      if (method === 'PATCH') {
        return Response.json(
          {
            error: 'ValidationFailed',
            errors: {},
            message: 'Only a booking waiting for the airline (NN) can be confirmed or refused',
            message_key: { key: 'bookingNotWaiting', params: {} },
          },
          { status: 422 },
        );
      }
      return method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({ data: [makeBooking()], meta: META })
        : undefined;
    });
    const { toast } = await import('@/lib/notify');
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings?response_status=NN');
    const row = await screen.findByRole('row', { name: /465-12345675/ });
    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Only a booking waiting for the airline (NN) can be confirmed or refused',
        'negative',
      ),
    );
  });

  it("narrows the list to one flight from the flight's page, and widens it again", async () => {
    const calls = mockApi(FORWARDER, ({ url, method }) =>
      method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({ data: [makeBooking()], meta: META })
        : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/bookings?segment_id=41');
    await screen.findByRole('row', { name: /465-12345675/ });
    const segmentOf = (call: { url: string } | undefined) =>
      new URL(call?.url ?? '', 'http://x').searchParams.get('segment_id');
    expect(segmentOf(listed(calls)[0])).toBe('41');
    expect(screen.getByText('Flight #41')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every flight' }));
    await waitFor(() => expect(segmentOf(listed(calls).at(-1))).toBeNull());
    expect(screen.queryByText('Flight #41')).not.toBeInTheDocument();
  });

  it('offers a forwarder no answers and no forwarder column', async () => {
    mockApi(FORWARDER, ({ url, method }) =>
      method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({ data: [makeBooking()], meta: META })
        : undefined,
    );
    renderRoutes(routes, '/bookings?response_status=NN');
    const row = await screen.findByRole('row', { name: /465-12345675/ });
    expect(within(row).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Refuse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Forwarder' })).not.toBeInTheDocument();
  });

  it('reads in Russian', async () => {
    await changeLocale('ru');
    mockApi(KC_MANAGER, ({ url, method }) =>
      method === 'GET' && url.startsWith('/api/v3/bookings?')
        ? Response.json({ data: [makeBooking()], meta: META })
        : undefined,
    );
    renderRoutes(routes, '/bookings?response_status=NN');
    const row = await screen.findByRole('row', { name: /465-12345675/ });
    expect(within(row).getByRole('button', { name: 'Подтвердить' })).toBeInTheDocument();
    expect(within(row).getByText('120 кг')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ждут ответа авиакомпании' })).toBeInTheDocument();
  });
});
