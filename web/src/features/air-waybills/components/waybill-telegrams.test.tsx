import type { OutgoingMessageSummary } from '@aircargo/contract/outgoing-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { ShipmentRoute } from '../routes/shipment';
import { ShipmentFhlRoute, ShipmentFwbRoute } from '../routes/shipment-pages';
import { AIRLINE_MANAGER, FORWARDER, makeWaybill, PAGE_META } from '../testing';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  await changeLocale('en');
});

const MAWB = '465-12345675';
const routes = [
  { path: '/shipments/:mawb', element: <ShipmentRoute /> },
  { path: '/shipments/:mawb/fwb', element: <ShipmentFwbRoute /> },
  { path: '/shipments/:mawb/fhl', element: <ShipmentFhlRoute /> },
];

const house = (id: number, serial: string) => ({
  id,
  air_waybill_id: 1,
  mawb: MAWB,
  serial_number: serial,
  origin_iata: 'ALA',
  destination_iata: 'SVO',
  pieces: 2,
  weight_code: 'K',
  weight: 40,
  weight_kg: 40,
  manifest_description_of_goods: 'PARTS',
  shcs: [],
  free_text: null,
  hs_codes: [],
  shipper: null,
  consignee: null,
  placi_status: null,
  placi_comment: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});

function sent(overrides: Partial<OutgoingMessageSummary> = {}): OutgoingMessageSummary {
  return {
    id: 90,
    event: 'manual',
    message_type: 'FWB',
    airline: { id: 3, short_name: 'KC' },
    segment: null,
    channel: 'sita',
    subject: null,
    request_url: null,
    from: 'ALAFMKC',
    to: ['MOWFMSU'],
    air_waybill: MAWB,
    status: 'pending',
    created_at: '2026-11-27T10:00:00.000Z',
    sent_at: null,
    forwarded: false,
    sender: { id: 3, short_name: 'KC' },
    user_email: 'kc.manager@demo.aero',
    ...overrides,
  };
}

function answer(post?: (call: Call) => Response) {
  return (call: Call): Response | undefined => {
    const { method, url } = call;
    if (method === 'POST' && post) return post(call);
    if (method === 'GET' && url === `/api/v3/air_waybills/${MAWB}`) return Response.json(makeWaybill());
    if (url === '/api/v3/air_waybills/1/void_requests') return Response.json({ data: [] });
    if (url === `/api/v3/air_waybills/${MAWB}/house_waybills`)
      return Response.json({
        data: [house(31, 'HAWB001'), house(32, 'HAWB002')],
        totals: { pieces: 4, weight_kg: 80, master_pieces: 5, master_weight_kg: 120 },
      });
    if (url === `/api/v3/air_waybills/${MAWB}/eap.cimp`)
      return new Response('FWB/16\n465-12345675ALASVO/T5K120', { headers: { 'content-type': 'text/plain' } });
    if (url === `/api/v3/air_waybills/${MAWB}/fhl`)
      return new Response('FHL/4\nMBI/465-12345675ALASVO/T5K120', { headers: { 'content-type': 'text/plain' } });
    if (url.startsWith('/api/v3/air_waybills/1/outgoing_messages'))
      return Response.json({
        data: [
          sent({ id: 91, status: 'sent', sent_at: '2026-11-27T10:00:03.000Z', event: 'awb_created' }),
          sent({
            id: 92,
            message_type: 'FSU',
            status: 'dead',
            event: 'status_changed',
            channel: 'email',
            to: ['ops@kc.aero'],
          }),
        ],
        meta: { ...PAGE_META, total_count: 2 },
      });
    return undefined;
  };
}

describe("the waybill's telegrams", { timeout: 60_000 }, () => {
  it("lists the waybill's outgoing messages on their tab", async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer());
    renderRoutes(routes, `/shipments/${MAWB}?tab=outgoing_messages`);
    const table = await screen.findByRole('table', { name: 'Outgoing messages of this waybill' });
    const fsu = within(table).getByText('FSU').closest('tr') as HTMLElement;
    for (const text of ['Status changed', 'E-mail', 'ops@kc.aero', 'Gave up'])
      expect(within(fsu).getByText(text)).toBeInTheDocument();
    const fwb = within(table).getByText('91').closest('tr') as HTMLElement;
    expect(within(fwb).getByText('Sent')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/v3/air_waybills/1/outgoing_messages'))?.url).toBe(
      '/api/v3/air_waybills/1/outgoing_messages?page=1&per_page=25',
    );
  });

  it('sends the FWB with its houses to the Type B addresses given, after asking for the addresses', async () => {
    const calls = mockApi(
      AIRLINE_MANAGER,
      answer(() => Response.json({ data: [sent(), sent({ id: 93, message_type: 'FHL' })] }, { status: 202 })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}/fwb`);
    await user.click(await screen.findByRole('button', { name: 'Send FWB' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Required fields are not filled in');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('combobox', { name: 'Addresses' }), 'mowfmsu{enter}');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also send the FHL of every house' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v3/air_waybills/1/send_fwb',
      body: { channel: 'sita', addresses: ['MOWFMSU'], with_houses: true },
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('2 messages queued for sending'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the addresses against the channel before sending', async () => {
    const calls = mockApi(
      AIRLINE_MANAGER,
      answer(() => Response.json({ data: [] }, { status: 202 })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}/fwb`);
    await user.click(await screen.findByRole('button', { name: 'Send FWB' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Addresses' }), 'not-an-address{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid format');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the FHL of each chosen house', async () => {
    const calls = mockApi(
      AIRLINE_MANAGER,
      answer((call) =>
        Response.json({ data: [sent({ id: Number(call.url.split('/')[4]), message_type: 'FHL' })] }, { status: 202 }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}/fhl`);
    await user.click(await screen.findByRole('button', { name: 'Send FHL' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('HAWB001 · ALA–SVO')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Addresses' }), 'MOWFMSU{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/v3/house_waybills/31/send_fhl',
      '/api/v3/house_waybills/32/send_fhl',
    ]);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ channel: 'sita', addresses: ['MOWFMSU'] });
  });

  it("shows the server's refusal in the dialog, in Russian", async () => {
    await changeLocale('ru');
    mockApi(
      AIRLINE_MANAGER,
      answer(() =>
        Response.json(
          {
            error: 'Forbidden',
            message: 'A company of type airline does not send FWB',
            message_key: { key: 'telegramNotSendable', params: { company_type: 'airline', message_type: 'FWB' } },
          },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}/fwb`);
    await user.click(await screen.findByRole('button', { name: 'Отправить FWB' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: 'Адреса' }), 'MOWFMSU{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Компания типа airline не отправляет FWB');
  });

  it('offers a forwarder no sending: its company type does not send FWB', async () => {
    mockApi(FORWARDER, answer());
    renderRoutes(routes, `/shipments/${MAWB}/fwb`);
    expect(await screen.findByTestId('message-text')).toHaveTextContent('FWB/16');
    expect(screen.queryByRole('button', { name: 'Send FWB' })).not.toBeInTheDocument();
  });
});
