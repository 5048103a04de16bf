import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { type Call, LOAD, makeSegment, SESSION } from '../testing/fixtures';
import { AircraftRoute } from './aircraft';
import { SegmentCapacityRoute } from './segment-capacity';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

let calls: Call[] = [];
let override: { weight: number | null; volume: number | null };

beforeEach(() => {
  calls = [];
  override = { weight: 18_000, volume: null };
  resetApiClient();
  resetSessionCache();
  setSession(SESSION, false);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/v3/profiles/me')) {
        return Response.json(
          makeProfile({ company_id: 3, role: 'airline_manager', company_business_type: 'airline', airline_code: 'KC' }),
        );
      }
      if (url === '/api/v3/segments/41/aircraft_capacity') {
        if (method === 'PUT') override = body;
        return Response.json({
          segment_id: 41,
          ...override,
          load: { ...LOAD, capacity_source: override.weight === null ? 'aircraft' : 'override' },
        });
      }
      if (url === '/api/v3/segments/41') return Response.json(makeSegment());
      if (url.startsWith('/api/v3/aircraft_capacities')) {
        return Response.json([
          { aircraft_type: '77F', description: 'Boeing 777 Freighter', weight: 102_000, volume: 650 },
          { aircraft_type: '320', description: 'Airbus A320', weight: null, volume: null },
        ]);
      }
      return Response.json({}, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('segment capacity and aircraft pages', { timeout: 30_000 }, () => {
  it('shows the override with the load and clears it after confirmation', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/flights/:segment/aircraft-capacity', element: <SegmentCapacityRoute /> }],
      '/flights/41/aircraft-capacity',
    );
    expect(await screen.findByRole('textbox', { name: 'Weight, kg' })).toHaveValue('18000');
    expect(screen.getByText(/Segment override/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /KC901\/02DEC/ })).toBeInTheDocument();

    // The form is editable once the profile says the user may change capacities.
    await user.click(await screen.findByRole('button', { name: 'Clear override' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weight: null, volume: null });
    expect(await screen.findByText(/\(Aircraft type\)/)).toBeInTheDocument();
  });

  it('sets a new override', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/flights/:segment/aircraft-capacity', element: <SegmentCapacityRoute /> }],
      '/flights/41/aircraft-capacity',
    );
    await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByRole('textbox', { name: 'Volume, m³' }), '95.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weight: 18_000, volume: 95.5 });
  });

  it("shows an aircraft type with the airline's capacity", async () => {
    renderRoutes([{ path: '/aircrafts/:aircraft', element: <AircraftRoute /> }], '/aircrafts/77f');
    expect(await screen.findByText('Boeing 777 Freighter')).toBeInTheDocument();
    expect(screen.getByText(/102.000 kg|102,000 kg|102 000 kg/)).toBeInTheDocument();
    expect(screen.getByText('650 m³')).toBeInTheDocument();
  });

  it('says when the airline has no such aircraft type', async () => {
    renderRoutes([{ path: '/aircrafts/:aircraft', element: <AircraftRoute /> }], '/aircrafts/388');
    expect(await screen.findByText('The airline has no aircraft type 388.')).toBeInTheDocument();
  });
});
