import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { getSession, resetSessionCache } from '@/lib/auth/session';
import { renderRoutes } from '@/testing/render';
import { SignInRoute } from './sign-in';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));

const TOKEN = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 7200,
  created_at: 1_800_000_000,
  scope: 'public',
  token_type: 'Bearer',
  email: 'fwd.agent@demo.aero',
};

function routes() {
  return [
    { path: '/signIn', element: <SignInRoute /> },
    { path: '/profile', element: <p>Profile page</p> },
    { path: '/', element: <p>Landing page</p> },
  ];
}

async function submit(password: string, remember = true) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'fwd.agent@demo.aero');
  await user.type(screen.getByLabelText(/^Password/), password);
  if (!remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  resetApiClient();
  resetSessionCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('says so when the login or password is wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'invalid_grant', error_description: 'x', message: 'Invalid' }, { status: 400 }),
      ),
    );
    renderRoutes(routes(), '/signIn');
    await submit('wrong-password');
    expect(await screen.findByText('Incorrect login or password')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('validates the fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes(), '/signIn');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with remember me into localStorage and returns to the original page', async () => {
    const fetchMock = vi.fn(async () => Response.json(TOKEN));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes(), '/signIn?redirect=%2Fprofile');
    await submit('demo-pass-2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      grant_type: 'password',
      email: 'fwd.agent@demo.aero',
      password: 'demo-pass-2026',
      remember_me: true,
    });
    expect(localStorage.getItem('aircargo.session')).not.toBeNull();
  });

  it('keeps the session for this tab only without remember me', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(TOKEN)),
    );
    const { router } = renderRoutes(routes(), '/signIn');
    await submit('demo-pass-2026', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('aircargo.session')).toBeNull();
    expect(sessionStorage.getItem('aircargo.session')).not.toBeNull();
  });

  it('shows how long to wait when sign-in is throttled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'TooManyRequests' }, { status: 429, headers: { 'retry-after': '30' } })),
    );
    renderRoutes(routes(), '/signIn');
    await submit('demo-pass-2026');
    expect(await screen.findByText('Too many attempts. Try again in 30 s.')).toBeInTheDocument();
  });
});
