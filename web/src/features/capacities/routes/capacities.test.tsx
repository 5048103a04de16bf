import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { CapacitiesRoute } from './capacities';
import { BaggageStatsRoute, SegmentPayloadsRoute } from './records';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };
type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let role = 'airline_manager';
let answer: (call: Call) => Response | null = () => null;

beforeEach(() => {
  calls = [];
  role = 'airline_manager';
  answer = () => null;
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
      const body =
        init.body instanceof FormData ? init.body : init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      const call = { method, url, body };
      calls.push(call);
      if (url.startsWith('/api/v3/profiles/me')) {
        return Response.json(makeProfile({ company_id: 2, role, company_business_type: 'airline' }));
      }
      const custom = answer(call);
      if (custom) return custom;
      return Response.json({ data: [], meta: { ...META, total_count: 0 } });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const CAPACITIES = [
  { aircraft_type: '321', description: 'Airbus A321', weight: 3500, volume: 20 },
  { aircraft_type: '77F', description: 'Boeing 777F Freighter', weight: null, volume: null },
];

describe('settings / capacities', { timeout: 30_000 }, () => {
  it('shows every aircraft type with its kg and m3 and saves only the changed rows', async () => {
    answer = (call) => {
      if (call.url.startsWith('/api/v3/aircraft_capacities')) {
        if (call.method === 'PATCH') {
          return Response.json(
            CAPACITIES.map((c) => (c.aircraft_type === '77F' ? { ...c, weight: 102000, volume: 650 } : c)),
          );
        }
        return Response.json(CAPACITIES);
      }
      return null;
    };
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings/capacities', element: <CapacitiesRoute /> }], '/settings/capacities');
    expect(await screen.findByText('Boeing 777F Freighter')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Capacity of 321, kg' })).toHaveValue('3500');
    const save = screen.getByRole('button', { name: 'Save changes (0)' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Capacity of 77F, kg' }), '102000');
    await user.type(screen.getByRole('textbox', { name: 'Capacity of 77F, m3' }), '650');
    await user.click(screen.getByRole('button', { name: 'Save changes (1)' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      capacities: [{ aircraft_type: '77F', weight: 102000, volume: 650 }],
    });
  });

  it('shows the values read-only and no save button to a role that may not change them', async () => {
    role = 'airline_billing';
    answer = (call) => (call.url.startsWith('/api/v3/aircraft_capacities') ? Response.json(CAPACITIES) : null);
    renderRoutes([{ path: '/settings/capacities', element: <CapacitiesRoute /> }], '/settings/capacities');
    expect(await screen.findByText('Airbus A321')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Capacity of 321, kg' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /Save changes/ })).not.toBeInTheDocument();
  });
});

const PAYLOAD = {
  id: 7,
  airline_id: 2,
  origin: 'SVO',
  destination: 'LED',
  aircraft_type: '320',
  reg_numbers: ['VP-BAA'],
  payload: 16000,
  season: 'winter',
};

describe('settings / segment payloads', { timeout: 30_000 }, () => {
  it('lists the payloads and shows the per-row report of an upload, failed rows by number', async () => {
    answer = (call) => {
      if (call.url.startsWith('/api/v3/segment_payloads/upload')) {
        return Response.json({
          created: 1,
          updated: 1,
          failed: 1,
          rows: [
            { row: 2, status: 'created', errors: [] },
            { row: 3, status: 'failed', errors: ['destination: Airport not found'] },
            { row: 4, status: 'updated', errors: [] },
          ],
        });
      }
      if (call.url.startsWith('/api/v3/segment_payloads')) return Response.json({ data: [PAYLOAD], meta: META });
      return null;
    };
    const user = userEvent.setup();
    const { container } = renderRoutes(
      [{ path: '/settings/segment-payloads', element: <SegmentPayloadsRoute /> }],
      '/settings/segment-payloads',
    );
    expect(await screen.findByText('VP-BAA')).toBeInTheDocument();
    expect(screen.getByText('Winter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['xlsx'], 'payloads.xlsx', { type: 'application/octet-stream' }));
    const report = await screen.findByLabelText('Upload report');
    expect(within(report).getByText('Created 1, updated 1, unchanged 0, failed 1')).toBeInTheDocument();
    expect(within(report).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(report).getByText('destination: Airport not found')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.startsWith('/api/v3/segment_payloads/upload'));
    expect(sent).toBeDefined();
    expect(sent!.method).toBe('POST');
    expect((sent!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('deletes a payload after confirmation', async () => {
    answer = (call) => {
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      if (call.url.startsWith('/api/v3/segment_payloads')) return Response.json({ data: [PAYLOAD], meta: META });
      return null;
    };
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/settings/segment-payloads', element: <SegmentPayloadsRoute /> }],
      '/settings/segment-payloads',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the record SVO–LED?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/segment_payloads/7'))).toBe(true),
    );
  });

  it('shows the create dialog in Russian and refuses an empty form before sending', async () => {
    await changeLocale('ru');
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/settings/segment-payloads', element: <SegmentPayloadsRoute /> }],
      '/settings/segment-payloads',
    );
    await user.click(await screen.findByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect((await within(dialog).findAllByText('Обязательное поле')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('settings / baggage stats', { timeout: 30_000 }, () => {
  it('offers create and edit to the airline manager and not to the operator', async () => {
    answer = (call) =>
      call.url.startsWith('/api/v3/baggage_stats')
        ? Response.json({
            data: [
              {
                id: 3,
                airline_id: 2,
                segment_id: null,
                origin: 'SVO',
                destination: 'AER',
                flight_date: '2026-06-01',
                pax: 100,
                baggage_pcs: 90,
                baggage_weight: 1500,
              },
            ],
            meta: META,
          })
        : null;
    const first = renderRoutes(
      [{ path: '/settings/baggage-stats', element: <BaggageStatsRoute /> }],
      '/settings/baggage-stats',
    );
    expect(await screen.findByText('2026-06-01')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/settings/baggage-stats/create');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/settings/baggage-stats/3/edit');
    first.unmount();
    resetApiClient();
    resetSessionCache();
    role = 'airline_operator';
    renderRoutes([{ path: '/settings/baggage-stats', element: <BaggageStatsRoute /> }], '/settings/baggage-stats');
    expect(await screen.findByText('2026-06-01')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
  });
});
