import type { Profile } from '@aircargo/contract/profile';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { resetPreferences, setPreferences } from '@/lib/preferences';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { type Call, keysetPage, makeSegment, SESSION } from '../testing/fixtures';
import { FlightsActionRequiredRoute, FlightsCurrentRoute } from './flights';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

let calls: Call[] = [];
let profile: Profile;

beforeEach(() => {
  calls = [];
  resetApiClient();
  resetSessionCache();
  resetPreferences();
  localStorage.clear();
  setSession(SESSION, false);
  profile = makeProfile({
    company_id: 3,
    role: 'airline_manager',
    company_business_type: 'airline',
    airline_code: 'KC',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ method: init.method ?? 'GET', url, body: undefined });
      if (url.startsWith('/api/v3/profiles/me')) return Response.json(profile);
      if (url.startsWith('/api/v3/segments')) {
        const cursor = new URL(url, 'http://x').searchParams.get('cursor');
        return cursor === 'page-2'
          ? Response.json(keysetPage([makeSegment({ id: 42, number_with_date: 'KC901/04DEC' })], { prev_cursor: 'p1' }))
          : Response.json(keysetPage([makeSegment()], { next_cursor: 'page-2' }));
      }
      return Response.json({}, { status: 404 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  resetPreferences();
  await changeLocale('en');
});

const routes = [
  { path: '/flights/tabs/current', element: <FlightsCurrentRoute /> },
  { path: '/flights/tabs/action_required', element: <FlightsActionRequiredRoute /> },
  { path: '/flights/:id', element: <div data-testid="flight-page" /> },
];

const segmentCalls = () => calls.filter((c) => c.url.startsWith('/api/v3/segments'));
const lastQuery = () => new URL(segmentCalls().at(-1)?.url ?? '/', 'http://x').searchParams;

describe('flights list', { timeout: 30_000 }, () => {
  it('shows a segment with its via stop and times in the airport zone, then in UTC by the header switch', async () => {
    renderRoutes(routes, '/flights/tabs/current');
    const row = (await screen.findByText('KC901/02DEC')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/SVO – NQZ – ALA/)).toBeInTheDocument();
    expect(within(row).getByText('via NQZ', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('02.12.2026 10:00 UTC+03:00')).toBeInTheDocument();
    expect(within(row).getByText('Available')).toBeInTheDocument();
    expect(within(row).getByText('25% / 40%')).toBeInTheDocument();

    act(() => setPreferences({ utcTime: true }));
    expect(await within(row).findByText('02.12.2026 07:00 UTC')).toBeInTheDocument();
    expect(within(row).getByText('02.12.2026 14:10 UTC')).toBeInTheDocument();
  });

  it('sends the tab and the URL filters, and pages by cursor', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      routes,
      '/flights/tabs/current?origin=svo&carrier=KC&state=sales_closed&number=x12',
    );
    await screen.findByText('KC901/02DEC');
    const query = lastQuery();
    expect(query.get('tab')).toBe('current');
    expect(query.get('origin')).toBe('SVO');
    expect(query.get('carrier')).toBe('KC');
    expect(query.get('state')).toBe('sales_closed');
    // A filter the contract refuses is not sent (the field says why).
    expect(query.has('number')).toBe(false);
    expect(screen.getByText('Invalid format')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('KC901/04DEC')).toBeInTheDocument();
    expect(lastQuery().get('cursor')).toBe('page-2');
    expect(router.state.location.search).toContain('cursor=page-2');
    expect(router.state.location.search).toContain('origin=svo');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('opens the flight on a row click', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/flights/tabs/current');
    await user.click(await screen.findByText('SVO – NQZ – ALA', { exact: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flights/41'));
  });

  it('shows the airline tabs to airline staff and not to a forwarder, who cannot create flights', async () => {
    renderRoutes(routes, '/flights/tabs/current');
    expect(await screen.findByRole('tab', { name: 'Action required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New flight' })).toBeInTheDocument();
  });

  it('hides the airline tabs and the create button from a forwarder', async () => {
    profile = makeProfile({
      company_id: 9,
      role: 'forwarder_default',
      company_business_type: 'forwarder',
      airline_code: null,
    });
    renderRoutes(routes, '/flights/tabs/current');
    expect(await screen.findByRole('tab', { name: 'Current flights' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All flights' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Action required' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Flights with shipments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New flight' })).not.toBeInTheDocument();
  });

  it('reads in Russian', async () => {
    await changeLocale('ru');
    renderRoutes(routes, '/flights/tabs/current');
    expect(await screen.findByText('В продаже')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Маршрут' })).toBeInTheDocument();
  });
});
