import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_INSPECTOR, AIRLINE_MANAGER, META, makeMessage, makeSummary, PLATFORM } from '../testing';
import { MessageRoute } from './message';
import { OutgoingMessagesRoute } from './outgoing-messages';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  await changeLocale('en');
});

const routes = [
  { path: '/messaging/outgoing-messages', element: <OutgoingMessagesRoute /> },
  { path: '/messaging/messages/:id', element: <MessageRoute /> },
];

function answer({ url, method }: Call): Response | undefined {
  if (method === 'POST' && url === '/api/v3/outgoing_messages/41/restart')
    return Response.json(makeMessage({ status: 'pending', last_error: null }), { status: 202 });
  if (url.startsWith('/api/v3/outgoing_messages/41')) return Response.json(makeMessage());
  if (url.startsWith('/api/v3/outgoing_messages'))
    return Response.json({
      data: [
        makeSummary(),
        makeSummary({ id: 42, status: 'sent', forwarded: true, sent_at: '2026-11-27T10:00:05.000Z' }),
      ],
      meta: { ...META, total_count: 2 },
    });
  return undefined;
}

const listQuery = (calls: Call[]) =>
  new URL(calls.filter((c) => c.url.startsWith('/api/v3/outgoing_messages?')).at(-1)?.url ?? '/', 'http://x')
    .searchParams;

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls');
    const found = id ? document.getElementById(id) : null;
    if (!found) throw new Error(`no options of ${label}`);
    return found;
  });
  await user.click(await within(list).findByText(option));
}

describe('messaging / outgoing messages', { timeout: 60_000 }, () => {
  it("shows the seed's log columns and filters forwarded yes/no through the server", async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer);
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/outgoing-messages');
    const segment = await screen.findAllByText('KC 901/01DEC ALA-SVO');
    const row = segment[0]?.closest('tr') as HTMLElement;
    for (const text of ['Air waybill created', 'FWB · 465-12345675', 'SITA Type B', 'FWB 465-12345675', 'ALAFMKC'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText('No')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('kc.manager@demo.aero')).toBeInTheDocument();
    for (const header of [
      'Event',
      'Airline',
      'Segment',
      'Channel',
      'Subject',
      'Request URL',
      'From',
      'Created',
      'Sent',
    ])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    for (const header of ['Forwarded', 'Sender'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    // Only the platform opens the message page (seed 000): the ID is no link for an airline.
    expect(screen.queryByRole('link', { name: '41' })).not.toBeInTheDocument();

    await pick(user, 'Forwarded', 'No');
    await waitFor(() => expect(listQuery(calls).get('forwarded')).toBe('no'));
    expect(listQuery(calls).get('sort')).toBe('-id');
  });

  it('expands a row to its details, loaded from the server, and restarts a failed message', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer);
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/outgoing-messages');
    await user.click(await screen.findByRole('button', { name: 'Show details 41' }));
    const details = await screen.findByTestId('message-details-41');
    for (const text of ['<om-41.ab12@kc.aero>', 'air_waybill:1', 'c-41', 'MOWFMSU', 'POST', 'gateway answered 503'])
      expect(within(details).getByText(text)).toBeInTheDocument();
    expect(within(details).getByTestId('message-body')).toHaveTextContent('FWB/16');
    expect(within(details).getByText(/"authorization": "\*\*\*\*"/)).toBeInTheDocument();
    expect(screen.queryByTestId('message-details-42')).not.toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'Restart' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/v3/outgoing_messages/41/restart',
      ]),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('The message is queued again'));

    await user.click(screen.getByRole('button', { name: 'Hide details 41' }));
    await waitFor(() => expect(screen.queryByTestId('message-details-41')).not.toBeInTheDocument());
  });

  it('offers no restart to a role that only reads', async () => {
    mockApi(AIRLINE_INSPECTOR, answer);
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/outgoing-messages');
    await user.click(await screen.findByRole('button', { name: 'Show details 41' }));
    const details = await screen.findByTestId('message-details-41');
    expect(within(details).queryByRole('button', { name: 'Restart' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the list, in Russian", async () => {
    await changeLocale('ru');
    mockApi(AIRLINE_MANAGER, ({ url }) =>
      url.startsWith('/api/v3/outgoing_messages')
        ? Response.json({ error: 'Forbidden', message: 'Access denied' }, { status: 403 })
        : undefined,
    );
    renderRoutes(routes, '/messaging/outgoing-messages');
    expect(await screen.findByRole('alert')).toHaveTextContent('Доступ запрещён');
  });
});

describe('messaging / message (platform)', { timeout: 60_000 }, () => {
  it('links the ID of the log to the message page for the platform, and filters by airline', async () => {
    const calls = mockApi(PLATFORM, (call) =>
      call.url.startsWith('/api/v3/notable_companies')
        ? Response.json({
            data: [
              {
                id: 3,
                name: 'Air Astana',
                short_name: 'KC',
                local_name: null,
                company_type: 'airline',
                airline_code: 'KC',
                relations: ['platform'],
              },
            ],
            meta: { ...META, per_page: 200 },
          })
        : answer(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/outgoing-messages');
    expect(await screen.findByRole('link', { name: '41' })).toHaveAttribute('href', '/messaging/messages/41');
    await pick(user, 'Airline', 'KC — Air Astana');
    await waitFor(() => expect(listQuery(calls).get('airline_id')).toBe('3'));
  });

  it('shows one message with every detail, and restarts it', async () => {
    const calls = mockApi(PLATFORM, answer);
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/messages/41');
    expect(await screen.findByText('Message 41')).toBeInTheDocument();
    for (const label of ['Message setting ID', 'Source ID', 'Files URL', 'Message ID', 'Key', 'Topic', 'Value'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('Segment: KC 901/01DEC ALA-SVO')).toBeInTheDocument();
    expect(screen.getByText('gateway answered 503')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText('Waiting')).toBeInTheDocument();
  });

  it('says when the message is not there', async () => {
    mockApi(PLATFORM, ({ url }) =>
      url.startsWith('/api/v3/outgoing_messages/')
        ? Response.json(
            {
              error: 'NotFound',
              message: 'Message not found',
              message_key: { key: 'outgoingMessageNotFound', params: {} },
            },
            { status: 404 },
          )
        : undefined,
    );
    renderRoutes(routes, '/messaging/messages/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not found');
  });
});
