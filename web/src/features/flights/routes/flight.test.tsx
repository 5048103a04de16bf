import type { Profile } from '@aircargo/contract/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { resetPreferences } from '@/lib/preferences';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import type { Segment } from '../api/flights';
import { type Call, LOAD, makeSegment, SESSION } from '../testing/fixtures';
import { FlightEditRoute, FlightRoute } from './flight';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const SERVER_WARNING = 'Changes are not sent to the terminal automatically; send the FBL manually';

let calls: Call[] = [];
let profile: Profile;
let segment: Segment;

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
  segment = makeSegment();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/v3/profiles/me')) return Response.json(profile);
      if (url === '/api/v3/segments/41/sales' && method === 'PATCH') {
        const closed = (body as { sales_closed: boolean }).sales_closed;
        segment = { ...segment, sales_closed: closed, available: !closed };
        return Response.json({ segment, warning: closed ? null : SERVER_WARNING });
      }
      if (url === '/api/v3/segments/41/lock' && method === 'POST') {
        segment = { ...segment, locked: true };
        return Response.json(segment);
      }
      if (url === '/api/v3/segments/41' && method === 'PATCH') {
        return Response.json({ ...segment, notation: (body as { notation: string | null }).notation });
      }
      if (url === '/api/v3/segments/41/loadfactor') {
        return Response.json({
          segment: LOAD,
          legs: [
            { ...LOAD, leg_id: 71, load_factor_weight: 60 },
            { ...LOAD, leg_id: 72, load_factor_weight: 10 },
          ],
        });
      }
      if (url.startsWith('/api/v3/change_logs')) {
        const query = new URL(url, 'http://x').searchParams;
        const data =
          query.get('record_type') === 'segment' && query.get('record_id') === '41'
            ? [
                {
                  id: 5,
                  record_type: 'segment',
                  record_id: 41,
                  channel: 'web',
                  user_id: 12,
                  user_email: 'xx.manager@demo.aero',
                  change_set: { sales_closed: [false, true] },
                  created_at: '2026-11-21T09:15:00Z',
                },
              ]
            : [];
        return Response.json({
          data,
          meta: {
            current_page: 1,
            next_page: null,
            prev_page: null,
            total_pages: 1,
            total_count: data.length,
            per_page: 25,
          },
        });
      }
      if (url === '/api/v3/segments/41') return Response.json(segment);
      if (url === '/api/v3/segments/404') {
        return Response.json({ error: 'NotFound', errors: {}, message: 'Flight not found' }, { status: 404 });
      }
      return Response.json({}, { status: 404 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [
  { path: '/flights/:id', element: <FlightRoute /> },
  { path: '/flights/:id/edit', element: <FlightEditRoute /> },
];

describe('flight page', { timeout: 30_000 }, () => {
  it('shows the legs in each airport local time and in UTC', async () => {
    renderRoutes(routes, '/flights/41');
    const legs = await screen.findByTestId('legs-table');
    const second = within(legs).getByText('NQZ – ALA').closest('tr') as HTMLElement;
    expect(within(second).getByText('02.12.2026 17:30 UTC+05:00')).toBeInTheDocument();
    expect(within(second).getByText('02.12.2026 12:30 UTC')).toBeInTheDocument();
    expect(screen.getByText('F — Scheduled cargo/mail')).toBeInTheDocument();
  });

  it('closes sales after confirmation, and shows the warning when they open again', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/41');
    await user.click(await screen.findByRole('button', { name: 'Close sales' }));
    expect(await screen.findByText('Close sales on KC901/02DEC?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/v3/segments/41/sales',
      body: { sales_closed: true },
    });
    expect(await screen.findByText('Sales closed')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Open sales' }));
    expect(await screen.findByText(/the FBL must be sent manually/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('send the FBL manually');
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ sales_closed: false });
  });

  it('does nothing when the confirmation is declined', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/41');
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Booking changes will be refused/)).not.toBeInTheDocument());
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('offers a forwarder no actions', async () => {
    profile = makeProfile({
      company_id: 9,
      role: 'forwarder_default',
      company_business_type: 'forwarder',
      airline_code: null,
    });
    renderRoutes(routes, '/flights/41');
    expect(await screen.findByTestId('legs-table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Change log' })).not.toBeInTheDocument();
  });

  it('lists who changed the segment, through which channel, before and after', async () => {
    renderRoutes(routes, '/flights/41?tab=change_log');
    const log = await screen.findByTestId('change-log');
    const row = (await within(log).findByText('xx.manager@demo.aero')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Web')).toBeInTheDocument();
    expect(within(row).getByText('Sales closed:')).toBeInTheDocument();
    expect(within(row).getByText('No → Yes', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('Segment')).toBeInTheDocument();
  });

  it('shows the load factor of the segment and of each leg', async () => {
    renderRoutes(routes, '/flights/41?tab=load_factor');
    expect(await screen.findByText('Leg SVO – NQZ')).toBeInTheDocument();
    expect(screen.getByText('Leg NQZ – ALA')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'SVO – NQZ Load factor by weight' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });

  it('says which operations come later instead of a blank tab', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/41');
    await user.click(await screen.findByRole('tab', { name: 'FBL' }));
    expect(
      await screen.findByText('FBL comes with bookings and air waybills, in a later capability.'),
    ).toBeInTheDocument();
  });

  it('edits the notation and sends the leg times in the chosen mode', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/41/edit');
    const notation = await screen.findByRole('textbox', { name: 'Notation' });
    await user.type(notation, 'Outsize cargo');
    await user.click(screen.getByRole('radio', { name: 'UTC' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      time_mode: 'utc',
      notation: 'Outsize cargo',
      legs: [
        { sequence: 1, std: '2026-12-02T07:00', sta: '2026-12-02T11:00' },
        { sequence: 2, std: '2026-12-02T12:30', sta: '2026-12-02T14:10' },
      ],
    });
  });

  it('names a flight the server does not find', async () => {
    renderRoutes(routes, '/flights/404');
    expect(await screen.findByText('Flight not found')).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await changeLocale('es');
    renderRoutes(routes, '/flights/41');
    expect(await screen.findByRole('button', { name: 'Cerrar ventas' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Registro de cambios' })).toBeInTheDocument();
  });
});
