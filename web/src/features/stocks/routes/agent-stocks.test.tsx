import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/testing/render';
import { FORWARDER_ADMIN, makeRange, mockApi, page } from '../testing';
import { AgentStocksRoute } from './agent-stocks';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const LOW = makeRange({
  id: 8,
  airline_short_name: 'KC',
  prefix: '465',
  first_number: '465-20000002',
  last_number: '465-20000993',
  quantity: 100,
  free_count: 3,
  used_count: 97,
  allocated_count: 0,
  voided_count: 0,
  low_stock: true,
});

function render() {
  renderRoutes([{ path: '/settings/agent/stocks', element: <AgentStocksRoute /> }], '/settings/agent/stocks');
}

describe('settings / my AWB stocks', { timeout: 60_000 }, () => {
  it("shows the forwarder's ranges with their free numbers and warns of the low one, with nothing to change", async () => {
    const calls = mockApi(FORWARDER_ADMIN, ({ url }) =>
      url.startsWith('/api/v1/stocks/ranges') ? page(makeRange(), LOW) : undefined,
    );
    render();
    const range = await screen.findByRole('row', { name: /555-10000001 – 555-10009996/ });
    for (const text of ['SU', '990', '1000']) expect(within(range).getByText(text)).toBeInTheDocument();
    const low = screen.getByRole('row', { name: /465-20000002/ });
    for (const text of ['KC', '3', 'low stock']) expect(within(low).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Low AWB stock');
    expect(screen.getByRole('status')).toHaveTextContent('465-20000002 – 465-20000993 (3)');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Assigned to' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Forwarder' })).not.toBeInTheDocument();
    // The forwarder's own ranges come from the server's tenancy: the page asks for no forwarder.
    const sent = new URL(calls.find((c) => c.url.startsWith('/api/v1/stocks/ranges'))?.url ?? '', 'http://x');
    expect(sent.searchParams.has('forwarder_id')).toBe(false);
    expect(calls.some((c) => c.url.startsWith('/api/v3/notable_companies'))).toBe(false);
  });

  it('has no warning when every range has enough numbers, in Spanish', async () => {
    await changeLocale('es');
    mockApi(FORWARDER_ADMIN, ({ url }) => (url.startsWith('/api/v1/stocks/ranges') ? page(makeRange()) : undefined));
    render();
    const range = await screen.findByRole('row', { name: /555-10000001/ });
    expect(within(range).getByText('990')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Libres' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
