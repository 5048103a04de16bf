import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { resetPreferences, setPreferences } from '@/lib/preferences';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { type Call, makeSegment, SESSION } from '../testing/fixtures';
import { FlightCreateRoute } from './flight-create';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };
const airport = (iata: string, name: string, timezone: string) => ({
  iata,
  icao: null,
  name,
  full_name: name,
  cyrillic_name: null,
  city_code: iata,
  city_name: name,
  cyrillic_city_name: null,
  country_code: 'KZ',
  latitude: 0,
  longitude: 0,
  timezone,
  separator: false,
});
const AIRPORTS: Record<string, ReturnType<typeof airport>> = {
  NQ: airport('NQZ', 'Astana', 'Asia/Almaty'),
  AL: airport('ALA', 'Almaty', 'Asia/Almaty'),
};

let calls: Call[] = [];
let postAnswer: () => Response;

beforeEach(() => {
  calls = [];
  resetApiClient();
  resetSessionCache();
  resetPreferences();
  localStorage.clear();
  setSession(SESSION, false);
  postAnswer = () =>
    Response.json(
      {
        created: [
          makeSegment({ id: 51, number_with_date: 'KC123/07DEC', origin: 'NQZ', destination: 'ALA', legs: [] }),
          makeSegment({ id: 52, number_with_date: 'KC123/09DEC', origin: 'NQZ', destination: 'ALA', legs: [] }),
        ],
        skipped: [{ date: '2026-12-11', reason: 'Flight already exists' }],
      },
      { status: 201 },
    );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v3/profiles/me')) {
        return Response.json(
          makeProfile({ company_id: 3, role: 'airline_manager', company_business_type: 'airline', airline_code: 'KC' }),
        );
      }
      if (method === 'POST' && url === '/api/v3/segments') return postAnswer();
      if (url.startsWith('/api/v3/airports')) {
        const q = (new URL(url, 'http://x').searchParams.get('q') ?? '').slice(0, 2).toUpperCase();
        const found = AIRPORTS[q];
        return Response.json({ data: found ? [found] : [], meta: { ...META, total_count: found ? 1 : 0 } });
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

const routes = [{ path: '/flights/create', element: <FlightCreateRoute /> }];

async function pickAirport(user: ReturnType<typeof userEvent.setup>, label: string, code: string, option: string) {
  await user.type(screen.getByRole('combobox', { name: label }), code);
  await user.click(await screen.findByText(option));
}

function setWallClock(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
}

async function fillRegular(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Regular' }));
  await user.type(screen.getByRole('textbox', { name: 'Flight number' }), '123');
  await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
  await user.click(screen.getByRole('checkbox', { name: 'Wed' }));
  await user.click(screen.getByRole('checkbox', { name: 'Fri' }));
  const leg = screen.getByTestId('leg-1');
  await pickAirport(user, 'Origin', 'NQ', 'NQZ — Astana, Astana');
  await pickAirport(user, 'Destination', 'AL', 'ALA — Almaty, Almaty');
  setWallClock('STD', '2026-12-07T09:00');
  setWallClock('STA', '2026-12-07T10:40');
  await user.type(within(leg).getByRole('textbox', { name: 'Aircraft type' }), '77f');
}

describe('flight creation', { timeout: 60_000 }, () => {
  it('checks the form with the contract before sending', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/create');
    await user.click(await screen.findByRole('radio', { name: 'Regular' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findAllByText('Required field')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a regular flight on Monday, Wednesday and Friday and shows what was created and skipped', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/create');
    await fillRegular(user);
    // The period: December 2026.
    setWallClock('Period from', '2026-12-01');
    setWallClock('Period to', '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      mode: 'regular',
      carrier: 'KC',
      number: '123',
      segment_type: 'J',
      time_mode: 'local',
      aci_required: false,
      notation: null,
      period_from: '2026-12-01',
      period_to: '2026-12-31',
      weekdays: [1, 3, 5],
      legs: [
        {
          origin: 'NQZ',
          destination: 'ALA',
          std: '2026-12-07T09:00',
          sta: '2026-12-07T10:40',
          aircraft_type: '77F',
          aircraft_reg: null,
        },
      ],
    });
    const result = await screen.findByTestId('create-result');
    expect(within(result).getByText('Created: 2, skipped: 1')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'KC123/07DEC' })).toHaveAttribute('href', '/flights/51');
    expect(within(result).getByText('Flight already exists', { exact: false })).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Go to the flights list' })).toHaveAttribute(
      'href',
      '/flights/tabs',
    );
  });

  it('takes the time mode from the header UTC switch', async () => {
    setPreferences({ utcTime: true });
    renderRoutes(routes, '/flights/create');
    expect(await screen.findByRole('radio', { name: 'UTC' })).toBeChecked();
  });

  it("puts the server's error on the leg field it names", async () => {
    postAnswer = () =>
      Response.json(
        {
          error: 'ValidationFailed',
          errors: { 'legs.0.sta': ['Invalid format'] },
          error_keys: { 'legs.0.sta': [{ key: 'invalidFormat', params: {} }] },
          message: 'legs.0.sta: Invalid format',
        },
        { status: 422 },
      );
    const user = userEvent.setup();
    renderRoutes(routes, '/flights/create');
    await fillRegular(user);
    setWallClock('Period from', '2026-12-01');
    setWallClock('Period to', '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sta = screen.getByLabelText('STA', { exact: false, selector: 'input' });
    await waitFor(() => expect(sta).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByTestId('create-result')).not.toBeInTheDocument();
  });
});
