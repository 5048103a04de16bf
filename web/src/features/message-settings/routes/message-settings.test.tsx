import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_DEFAULT, AIRLINE_MANAGER, fieldError, META, makeSetting } from '../testing';
import { MessageSettingCreateRoute } from './message-setting-create';
import { MessageSettingEditRoute } from './message-setting-edit';
import { MessageSettingsRoute } from './message-settings';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [
  { path: '/settings/message-settings', element: <MessageSettingsRoute /> },
  { path: '/settings/message-settings/create', element: <MessageSettingCreateRoute /> },
  { path: '/settings/message-settings/:id/edit', element: <MessageSettingEditRoute /> },
];

function answerSettings({ url, method }: Call): Response | undefined {
  if (method === 'GET' && url.startsWith('/api/v3/message_settings/5')) return Response.json(makeSetting());
  if (method === 'GET' && url.startsWith('/api/v3/message_settings'))
    return Response.json({ data: [makeSetting()], meta: META });
  return undefined;
}

const listQuery = (calls: Call[]) =>
  new URL(calls.filter((c) => c.url.startsWith('/api/v3/message_settings?')).at(-1)?.url ?? '/', 'http://x')
    .searchParams;

/** Opens a select by its label and picks an option of its own list. */
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

describe('settings / message settings', { timeout: 60_000 }, () => {
  it('lists the settings with type and version, channel, addresses and airports, and filters by channel', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answerSettings);
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/message-settings');
    const row = (await screen.findByText('FWB/16')).closest('tr') as HTMLElement;
    for (const text of ['Air waybill created', 'SITA Type B', 'ALAFMKC, ALAKKKC', 'ALA – Any', 'On'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/settings/message-settings/5/edit',
    );
    expect(screen.getByRole('link', { name: 'New message setting' })).toBeInTheDocument();
    await pick(user, 'Channel', 'Webhook');
    await waitFor(() => expect(listQuery(calls).get('channel')).toBe('webhook'));
  });

  it('deletes a setting only after the confirmation', async () => {
    const calls = mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : answerSettings(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/message-settings');
    const row = (await screen.findByText('FWB/16')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the FWB setting for Air waybill created?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v3/message_settings/5']),
    );
  });

  it('offers no changes to a role that may only read', async () => {
    mockApi(AIRLINE_DEFAULT, answerSettings);
    renderRoutes(routes, '/settings/message-settings');
    await screen.findByText('FWB/16');
    expect(screen.queryByRole('link', { name: 'New message setting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('creates a setting: addresses are required, Type B addresses go upper case', async () => {
    const calls = mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'POST' ? Response.json(makeSetting(), { status: 201 }) : answerSettings(call),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/settings/message-settings/create');
    await pick(user, 'Channel', 'SITA Type B');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('combobox', { name: 'Addresses' }), 'alafmkc{enter}');
    await user.type(screen.getByRole('textbox', { name: 'Origin' }), 'ALA');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      event: 'awb_created',
      message_type: 'FWB',
      version: null,
      channel: 'sita',
      addresses: ['ALAFMKC'],
      cc: [],
      bcc: [],
      webhook_url: null,
      enabled: true,
      origin: 'ALA',
      destination: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/message-settings'));
  });

  it("shows the server's message on its field, in Russian", async () => {
    await changeLocale('ru');
    mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'POST' ? fieldError('webhook_url', 'invalidFormat', 'Invalid format') : answerSettings(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/message-settings/create');
    await pick(user, 'Канал', 'Вебхук');
    await user.type(await screen.findByRole('textbox', { name: 'URL вебхука' }), 'https://hooks.example.aero/in');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Неверный формат')).toBeInTheDocument();
  });

  it("edits a setting, sending its row version and the channel's addresses", async () => {
    const calls = mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'PATCH' ? Response.json(makeSetting({ enabled: false, row_version: 3 })) : answerSettings(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/message-settings/5/edit');
    const enabled = await screen.findByRole('switch', { name: 'Enabled' });
    expect(screen.getByText('ALAFMKC')).toBeInTheDocument();
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/v3/message_settings/5',
      body: { enabled: false, row_version: 2, channel: 'sita', addresses: ['ALAFMKC', 'ALAKKKC'], webhook_url: null },
    });
  });
});
