import type { Profile } from '@aircargo/contract/profile';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { appRoutes } from './router';

vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));
vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));

const EMPTY_PAGE = {
  data: [],
  meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 0, per_page: 25 },
};

function signIn() {
  setSession(
    {
      access_token: 'token',
      refresh_token: 'refresh',
      expires_in: 7200,
      created_at: Math.floor(Date.now() / 1000),
      scope: 'public',
      token_type: 'Bearer',
      email: 'user@demo.aero',
    },
    false,
  );
}

function serve(profile: Profile | 401) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/v3/profiles/me')) {
        return profile === 401
          ? Response.json({ error: 'Unauthorized', errors: {}, message: 'Not authorized' }, { status: 401 })
          : Response.json(profile);
      }
      if (url.startsWith('/api/v3/')) return Response.json(EMPTY_PAGE);
      return new Response(null, { status: 404 });
    }),
  );
}

function render(path: string) {
  const result = renderRoutes(appRoutes(), path);
  configureApiClient({
    navigate: (to) => void result.router.navigate(to),
    currentPath: () => `${result.router.state.location.pathname}${result.router.state.location.search}`,
    later: (fn) => fn(),
  });
  return result;
}

const location = (router: ReturnType<typeof render>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  resetApiClient();
  resetSessionCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routing and gating', () => {
  it('sends a signed-out user to sign-in with the original path', async () => {
    const { router } = render('/settings/users?page=2');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location(router)).toBe(`/signIn?redirect=${encodeURIComponent('/settings/users?page=2')}`);
  });

  it('shows the 404 page for an unknown path', async () => {
    render('/no/such/page');
    expect(await screen.findByTestId('error-404-page')).toBeInTheDocument();
  });

  it('shows the not-found page when a forwarder opens a platform-only route', async () => {
    signIn();
    serve(makeProfile({ role: 'forwarder_default', company_business_type: 'forwarder', airline_code: null }));
    render('/settings/companies');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('opens the first flight tab and names the capability that is coming', async () => {
    signIn();
    serve(makeProfile({ role: 'airline_manager', airline_code: 'KC' }));
    const { router } = render('/flights/tabs');
    expect(await screen.findByText('Current flights — this capability is coming.')).toBeInTheDocument();
    expect(location(router)).toBe('/flights/tabs/current');
  });

  it('sends a signed-in user from the landing page where the role belongs', async () => {
    signIn();
    serve(makeProfile({ role: 'airline_admin', airline_code: 'SU' }));
    const { router } = render('/');
    await waitFor(() => expect(location(router)).toBe('/settings/users'));
  });

  it('opens the first settings child the user may enter', async () => {
    signIn();
    serve(makeProfile({ role: 'forwarder_admin', company_business_type: 'forwarder', airline_code: null }));
    const { router } = render('/settings');
    await waitFor(() => expect(location(router)).toBe('/settings/segment-payloads'));
  });

  it('titles the page with the route title and the brand', async () => {
    signIn();
    serve(makeProfile({ role: 'platform', company_business_type: 'platform', airline_code: null }));
    render('/settings/companies');
    expect(await screen.findByRole('heading', { name: 'Companies' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Companies — AirCargo'));
  });

  it('signs the user out on a 401 and goes to sign-in', async () => {
    signIn();
    serve(401);
    const { router } = render('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(location(router)).toBe(`/signIn?redirect=${encodeURIComponent('/profile')}`);
  });
});
