import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_DEFAULT, AIRLINE_MANAGER, fieldError, makeKey, makeMessaging } from '../testing';
import { MessagingSettingsRoute } from './messaging-settings';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [{ path: '/settings/messaging', element: <MessagingSettingsRoute /> }];

function answer({ url, method }: Call): Response | undefined {
  if (method === 'GET' && url.startsWith('/api/v3/messaging_settings')) return Response.json(makeMessaging());
  if (method === 'GET' && url.startsWith('/api/v3/telegram_intake_keys')) return Response.json([makeKey()]);
  return undefined;
}

describe('settings / messaging', { timeout: 60_000 }, () => {
  it('shows the own addresses and the gateway, and whether each secret is set, never its value', async () => {
    mockApi(AIRLINE_MANAGER, answer);
    renderRoutes(routes, '/settings/messaging');
    expect(await screen.findByRole('textbox', { name: 'Own Type B address' })).toHaveValue('ALAFMKC');
    expect(screen.getByRole('textbox', { name: 'Mailbox (e-mail address)' })).toHaveValue('cargo@kc.aero');
    expect(screen.getByRole('textbox', { name: /Gateway URL/ })).toHaveValue('https://gateway.example.aero/typeb');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveValue('');
    expect(within(password.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('set')).toBeInTheDocument();
    const apiKey = screen.getByLabelText(/^API key/);
    expect(
      within(apiKey.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('not set'),
    ).toBeInTheDocument();
  });

  it('sends a replaced password and leaves untouched secrets out of the request', async () => {
    const calls = mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'PUT' ? Response.json(makeMessaging({ type_b_address: 'ALAFMKC' })) : answer(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/messaging');
    await user.type(await screen.findByLabelText(/^Password/), 'n3w-Pa55');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type_b_address: 'ALAFMKC',
      gateway_kind: 'http',
      gateway_url: 'https://gateway.example.aero/typeb',
      gateway_password: 'n3w-Pa55',
    });
    expect(body).not.toHaveProperty('gateway_api_key');
    expect(body).not.toHaveProperty('webhook_secret');
  });

  it('removes a stored secret with null, and asks for the address of an e-mail gateway', async () => {
    const calls = mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'PUT' ? Response.json(makeMessaging()) : answer(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/messaging');
    await user.click(await screen.findByRole('radio', { name: 'By e-mail' }));
    await user.click(screen.getByRole('checkbox', { name: 'Remove the stored value' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Gateway e-mail address/ }), 'typeb@gateway.example.aero');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      gateway_kind: 'email',
      gateway_address: 'typeb@gateway.example.aero',
      gateway_password: null,
    });
  });

  it("shows the server's message on its field, in Russian", async () => {
    await changeLocale('ru');
    mockApi(AIRLINE_MANAGER, (call) =>
      call.method === 'PUT' ? fieldError('type_b_address', 'invalidFormat', 'Invalid format') : answer(call),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/messaging');
    const address = await screen.findByRole('textbox', { name: 'Собственный адрес Type B' });
    await user.clear(address);
    await user.type(address, 'ALA0000');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Неверный формат')).toBeInTheDocument();
  });

  it('creates an intake key, shows it once with a copy button, and revokes a key after the confirmation', async () => {
    const calls = mockApi(AIRLINE_MANAGER, (call) => {
      if (call.method === 'POST')
        return Response.json(
          { ...makeKey({ id: 5, name: 'Backup gateway' }), key: 'tik_secret_value' },
          { status: 201 },
        );
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return answer(call);
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/messaging');
    const keys = await screen.findByRole('table', { name: 'HTTP intake keys' });
    expect(within(keys).getByText('SITA gateway')).toBeInTheDocument();
    expect(screen.getByText(/\/api\/v3\/telegram_intake/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Backup gateway');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('intake-key')).toHaveTextContent('tik_secret_value');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Backup gateway' });
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('intake-key')).not.toBeInTheDocument());

    await user.click(within(keys).getByRole('button', { name: 'Revoke' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v3/telegram_intake_keys/4']),
    );
  });

  it("lets the platform edit an airline's settings, named by company_id", async () => {
    const calls = mockApi(
      { company_id: 1, role: 'platform', company_business_type: 'platform', airline_code: null },
      (call) => {
        if (call.url.startsWith('/api/v3/notable_companies'))
          return Response.json({
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
            meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 200 },
          });
        if (call.method === 'PUT') return Response.json(makeMessaging({ mailbox_address: 'ops@kc.aero' }));
        if (call.url.startsWith('/api/v3/messaging_settings?company_id=3')) return Response.json(makeMessaging());
        if (call.url.startsWith('/api/v3/messaging_settings'))
          return Response.json(
            makeMessaging({ company: { id: 1, short_name: 'PLATFORM' }, type_b_address: 'MOWPLXH' }),
          );
        return answer(call);
      },
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/messaging');
    expect(await screen.findByRole('textbox', { name: 'Own Type B address' })).toHaveValue('MOWPLXH');
    await user.click(await screen.findByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByText('KC — Air Astana'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Own Type B address' })).toHaveValue('ALAFMKC'));
    expect(screen.queryByRole('table', { name: 'HTTP intake keys' })).not.toBeInTheDocument();
    const mailbox = screen.getByRole('textbox', { name: 'Mailbox (e-mail address)' });
    await user.clear(mailbox);
    await user.type(mailbox, 'ops@kc.aero');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v3/messaging_settings?company_id=3',
      body: { mailbox_address: 'ops@kc.aero' },
    });
  });

  it('shows a reading role the settings without saving or intake keys', async () => {
    const calls = mockApi(AIRLINE_DEFAULT, answer);
    renderRoutes(routes, '/settings/messaging');
    expect(await screen.findByRole('textbox', { name: 'Own Type B address' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'HTTP intake keys' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/v3/telegram_intake_keys'))).toBe(false);
  });
});
