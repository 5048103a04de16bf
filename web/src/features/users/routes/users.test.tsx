import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { UsersRoute } from './users';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };
const ANNA = {
  id: 7,
  email: 'anna@fwda.aero',
  firstname: 'Anna',
  lastname: 'Agent',
  roles: [{ id: 70, name: 'default' }],
  description: null,
  blocked: false,
};

let calls: { method: string; url: string; body: unknown }[] = [];

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
      email: 'admin@fwda.aero',
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
        return Response.json(
          makeProfile({
            company_id: 4,
            role: 'forwarder_admin',
            company_business_type: 'forwarder',
            airline_code: null,
          }),
        );
      }
      if (method === 'PATCH') return Response.json({ ...ANNA, blocked: true });
      if (method === 'POST') return Response.json({ ...ANNA, id: 8, email: 'new@fwda.aero' }, { status: 201 });
      return Response.json({ data: [ANNA], meta: META });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('users page', () => {
  it('lists the company users with paging, sorting and filters from the URL', async () => {
    renderRoutes([{ path: '/settings/users', element: <UsersRoute /> }], '/settings/users?blocked=false&page=1');
    const row = (await screen.findByText('anna@fwda.aero')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Operator')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const list = calls.find((c) => c.url.startsWith('/api/v3/companies/4/user_profiles'));
    expect(list?.url).toBe('/api/v3/companies/4/user_profiles?page=1&per_page=25&sort=email&blocked=false');
  });

  it('blocks a user after the confirmation', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings/users', element: <UsersRoute /> }], '/settings/users');
    const row = (await screen.findByText('anna@fwda.aero')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(/Block anna@fwda.aero\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v3/companies/4/user_profiles/7',
      body: { blocked: true },
    });
  });

  it('adds a user with roles of the company type', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings/users', element: <UsersRoute /> }], '/settings/users');
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'new@fwda.aero');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ email: 'new@fwda.aero', roles: [] });
  });
});
