import type { Profile } from '@aircargo/contract/profile';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { appRoutes } from './router';

vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));
vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));

/** Lazy pages load their module first; on a loaded machine that takes more than the default second. */
const SLOW = { timeout: 5000 };

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
    expect(await screen.findByRole('button', { name: 'Sign in' }, SLOW)).toBeInTheDocument();
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

  it('opens the first flight tab', async () => {
    signIn();
    serve(makeProfile({ role: 'airline_manager', airline_code: 'KC' }));
    const { router } = render('/flights/tabs');
    expect(await screen.findByRole('tab', { name: 'Current flights', selected: true }, SLOW)).toBeInTheDocument();
    expect(location(router)).toBe('/flights/tabs/current');
  });

  it('sends a signed-in user from the landing page where the role belongs', async () => {
    signIn();
    serve(makeProfile({ role: 'airline_admin', airline_code: 'SU' }));
    const { router } = render('/');
    await waitFor(() => expect(location(router)).toBe('/settings/users'));
  });

  it('opens the first settings child the user may enter, by the permissions of its calls', async () => {
    signIn();
    serve(makeProfile({ role: 'forwarder_admin', company_business_type: 'forwarder', airline_code: null }));
    const { router } = render('/settings');
    await waitFor(() => expect(location(router)).toBe('/settings/agent/agreements'));
  });

  it('passes over the Airline settings in the /settings redirect unless the airline UI settings say show_settings', async () => {
    signIn();
    serve(makeProfile({ role: 'airline_manager', airline_ui_settings: [{ show_settings: false }] }));
    const hidden = render('/settings');
    await waitFor(() => expect(location(hidden.router)).toBe('/settings/capacities'));
    hidden.unmount();
    resetSessionCache();
    signIn();
    serve(makeProfile({ role: 'airline_manager', airline_ui_settings: [{ show_settings: true }] }));
    const shown = render('/settings');
    await waitFor(() => expect(location(shown.router)).toBe('/settings/airline'));
  });

  it('lets the platform open the Airline settings to pick an airline, though its redirect passes over them', async () => {
    signIn();
    serve(
      makeProfile({ role: 'platform', company_business_type: 'platform', airline_code: null, airline_ui_settings: [] }),
    );
    const redirect = render('/settings');
    await waitFor(() => expect(location(redirect.router)).not.toBe('/settings'));
    expect(location(redirect.router)).not.toBe('/settings/airline');
    redirect.unmount();
    render('/settings/airline');
    expect(await screen.findByRole('combobox', { name: 'Airline' })).toBeInTheDocument();
  });

  it('titles the page with the route title and the brand', async () => {
    signIn();
    serve(makeProfile({ role: 'platform', company_business_type: 'platform', airline_code: null }));
    render('/settings/companies');
    expect(await screen.findByRole('heading', { name: 'Companies' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Companies — AirCargo'));
  });

  it('signs the user out on a 401 and goes to sign-in', async () => {
    signIn();
    serve(401);
    const { router } = render('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(location(router)).toBe(`/signIn?redirect=${encodeURIComponent('/profile')}`);
  });

  it('sends a user whose company has no access to the access-denied profile, which lists where to go', async () => {
    signIn();
    const blocked = makeProfile({
      role: 'forwarder_default',
      company_business_type: 'forwarder',
      airline_code: null,
      company_name: 'Demo Forwarder A',
      company_short_name: 'FWDA',
      access_denied: true,
      available_urls: ['/air-waybills?role_id=7'],
      available_roles: [
        {
          id: 7,
          name: 'manager',
          type_role: 'airline_manager',
          company_id: 3,
          company_name: 'Air Astana',
          company_short_name: 'KC',
          current: false,
        },
      ],
    });
    expect(blocked.permissions).toEqual(['profile:read', 'profile:switch_role']);
    serve(blocked);
    const { router } = render('/bookings');
    await waitFor(() => expect(location(router)).toBe('/profile?accessDenied=true'));
    const view = await screen.findByTestId('access-denied-view', {}, SLOW);
    const link = within(view).getByRole('link', { name: 'Air Astana (KC), Airline manager: /air-waybills' });
    expect(link).toHaveAttribute('href', '/air-waybills?role_id=7');
  });

  it('switches to the role a URL names, then shows the page without the parameter', async () => {
    signIn();
    const forwarder = makeProfile({
      role: 'forwarder_default',
      company_business_type: 'forwarder',
      airline_code: null,
    });
    const manager = makeProfile({ role: 'airline_manager', airline_code: 'KC' });
    let current = forwarder;
    const switches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/v3/profiles/me/current_role')) {
          switches.push(JSON.parse(String(init?.body)));
          current = manager;
          return Response.json(manager);
        }
        if (url.startsWith('/api/v3/profiles/me')) return Response.json(current);
        if (url.startsWith('/api/v3/')) return Response.json(EMPTY_PAGE);
        return new Response(null, { status: 404 });
      }),
    );
    const { router } = render('/flights/tabs/action_required?role_id=7');
    await waitFor(() => expect(location(router)).toBe('/flights/tabs/action_required'));
    expect(switches).toEqual([{ role_id: 7 }]);
    expect(await screen.findByRole('tab', { name: 'Action required', selected: true }, SLOW)).toBeInTheDocument();
  });
});
