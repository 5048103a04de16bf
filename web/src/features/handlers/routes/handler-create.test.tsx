import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { HandlerCreateRoute } from './handler-create';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 0, per_page: 200 };
let calls: { method: string; url: string; body: unknown }[] = [];
let postAnswer: () => Response = () => Response.json({}, { status: 500 });

beforeEach(() => {
  calls = [];
  resetApiClient();
  resetSessionCache();
  setSession(
    {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 7200,
      created_at: Math.floor(Date.now() / 1000),
      scope: 'public',
      token_type: 'Bearer',
      email: 'manager@su.aero',
    },
    false,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v3/profiles/me')) {
        return Response.json(makeProfile({ company_id: 2, role: 'airline_manager', company_business_type: 'airline' }));
      }
      if (method === 'POST') return postAnswer();
      if (url.startsWith('/api/v3/airports')) {
        return Response.json({
          data: [
            {
              iata: 'LED',
              icao: 'ULLI',
              name: 'Pulkovo',
              full_name: 'Pulkovo Airport, Saint Petersburg',
              cyrillic_name: 'Пулково',
              city_code: 'LED',
              city_name: 'Saint Petersburg',
              cyrillic_city_name: 'Санкт-Петербург',
              country_code: 'RU',
              latitude: 59.8,
              longitude: 30.26,
              timezone: 'Europe/Moscow',
              separator: false,
            },
          ],
          meta: { ...META, total_count: 1 },
        });
      }
      return Response.json({ data: [], meta: META });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('handler create form in Russian', { timeout: 30_000 }, () => {
  it('shows the seed 001 section 5 messages in Russian before sending anything', async () => {
    await changeLocale('ru');
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings/handlers/create', element: <HandlerCreateRoute /> }], '/settings/handlers/create');
    await user.type(await screen.findByRole('textbox', { name: 'Название' }), 'Москва Карго');
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '1'.repeat(25));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Только латинские буквы')).toBeInTheDocument();
    expect(screen.getByText('Контактный номер должен быть короче 25 цифр')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's rule message on its field, translated", async () => {
    await changeLocale('ru');
    postAnswer = () =>
      Response.json(
        {
          error: 'ValidationFailed',
          errors: { name: ['Latin only'] },
          error_keys: { name: [{ key: 'latinOnly', params: {} }] },
          message: 'name: Latin only',
        },
        { status: 422 },
      );
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings/handlers/create', element: <HandlerCreateRoute /> }], '/settings/handlers/create');
    await user.type(await screen.findByRole('textbox', { name: 'Название' }), 'Pulkovo Handling');
    await user.type(screen.getByRole('combobox', { name: 'Аэропорт' }), 'LED');
    await user.click(await screen.findByText('LED — Pulkovo, Saint Petersburg'));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ airport: 'LED', name: 'Pulkovo Handling' });
    expect(await screen.findByText('Только латинские буквы')).toBeInTheDocument();
  });
});
