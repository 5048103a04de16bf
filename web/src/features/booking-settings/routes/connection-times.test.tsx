import type { ConnectionTime } from '@aircargo/contract/route-search';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { META, mockApi, SU_MANAGER } from '../testing';
import { ConnectionTimesRoute } from './connection-times';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const row = (overrides: Partial<ConnectionTime>): ConnectionTime => ({
  id: 1,
  airline: null,
  airport: 'KZN',
  minutes: 120,
  arrival_carrier: null,
  departure_carrier: null,
  connection_type: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

describe('settings / connection times', { timeout: 60_000 }, () => {
  it("offers an airline edit and delete on its own exceptions only, not on the airport's standard", async () => {
    mockApi(SU_MANAGER, ({ url }) =>
      url.startsWith('/api/v3/connection_times')
        ? Response.json({
            data: [
              row({}),
              row({
                id: 2,
                airline: { id: 2, name: 'Aeroflot', short_name: 'SU' },
                minutes: 45,
                arrival_carrier: 'SU',
                departure_carrier: 'SU',
                connection_type: 'DD',
              }),
            ],
            meta: { ...META, total_count: 2 },
          })
        : undefined,
    );
    renderRoutes(
      [{ path: '/settings/connection-times', element: <ConnectionTimesRoute /> }],
      '/settings/connection-times',
    );
    const standard = await screen.findByRole('row', { name: /airport standard/ });
    expect(within(standard).getByText('120')).toBeInTheDocument();
    expect(within(standard).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const own = screen.getByRole('row', { name: /domestic to domestic/ });
    expect(within(own).getByText('45')).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/settings/connection-times/2/edit',
    );
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New connection time' })).toBeInTheDocument();
  });
});
