import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { makeMessage, PLATFORM } from '../testing';
import { SitaRoute } from './sita';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [{ path: '/messaging/sita', element: <SitaRoute /> }];

const OWN = {
  company: { id: 1, short_name: 'PLATFORM' },
  type_b_address: 'MOWPLXH',
  mailbox_address: null,
  gateway_kind: 'email',
  gateway_address: 'typeb@gateway.example.aero',
  gateway_url: null,
  gateway_username: null,
  has_password: false,
  has_api_key: false,
  has_secret: false,
  updated_at: null,
};

function answer(post: () => Response) {
  return (call: Call): Response | undefined => {
    if (call.method === 'POST') return post();
    if (call.url.startsWith('/api/v3/messaging_settings')) return Response.json(OWN);
    return undefined;
  };
}

describe('messaging / SITA', { timeout: 60_000 }, () => {
  it('says "Required fields are not filled in" and sends nothing while a field is empty', async () => {
    const calls = mockApi(
      PLATFORM,
      answer(() => Response.json({}, { status: 500 })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/sita');
    // The sign defaults to the company's own Type B address.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Sign/ })).toHaveValue('MOWPLXH'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Required fields are not filled in');
    await user.type(screen.getByRole('combobox', { name: 'Addresses' }), 'mowfmsu{enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Required fields are not filled in');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the addresses, sign, subject and body, and links the queued message', async () => {
    const calls = mockApi(
      PLATFORM,
      answer(() => Response.json(makeMessage({ id: 77, status: 'pending', last_error: null }), { status: 202 })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/sita');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Sign/ })).toHaveValue('MOWPLXH'));
    await user.type(screen.getByRole('combobox', { name: 'Addresses' }), 'mowfmsu{enter}ledkksu{enter}');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Schedule change');
    await user.type(screen.getByRole('textbox', { name: /Message text/ }), 'PLS NOTE NEW STD 1030');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v3/sita_messages',
      body: {
        addresses: ['MOWFMSU', 'LEDKKSU'],
        sign: 'MOWPLXH',
        subject: 'Schedule change',
        body: 'PLS NOTE NEW STD 1030',
      },
    });
    expect(await screen.findByRole('link', { name: 'Queued as message 77' })).toHaveAttribute(
      'href',
      '/messaging/messages/77',
    );
  });

  it("shows the server's refusal in Russian", async () => {
    await changeLocale('ru');
    mockApi(
      PLATFORM,
      answer(() =>
        Response.json(
          {
            error: 'Forbidden',
            message: 'A company of type airline does not send FFR',
            message_key: { key: 'telegramNotSendable', params: { company_type: 'airline', message_type: 'FFR' } },
          },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/messaging/sita');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Подпись/ })).toHaveValue('MOWPLXH'));
    await user.type(screen.getByRole('combobox', { name: 'Адреса' }), 'MOWFMSU{enter}');
    await user.type(screen.getByRole('textbox', { name: /Текст сообщения/ }), 'TEST');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Компания типа airline не отправляет FFR');
  });
});
