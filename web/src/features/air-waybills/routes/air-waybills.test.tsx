import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_MANAGER, FORWARDER, listPage, makeRow } from '../testing';
import { AgentAirWaybillsRoute, AirWaybillsRoute, ShipmentsRoute } from './air-waybills';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const routes = [
  { path: '/air-waybills', element: <AirWaybillsRoute /> },
  { path: '/shipments', element: <ShipmentsRoute /> },
  { path: '/agent/air-waybills', element: <AgentAirWaybillsRoute /> },
];

/** Page 1 holds 465-12345675; the cursor "page-2" holds 465-12345686. */
function answerList({ url }: Call) {
  if (!url.startsWith('/api/v3/air_waybills') && !url.startsWith('/api/v3/agent/air_waybills')) return undefined;
  const cursor = new URL(url, 'http://x').searchParams.get('cursor');
  return cursor === 'page-2'
    ? Response.json(listPage([makeRow({ id: 2, mawb: '465-12345686' })], { prev_cursor: 'p1' }))
    : Response.json(listPage([makeRow()], { next_cursor: 'page-2' }));
}

const listCalls = (calls: Call[], path = '/api/v3/air_waybills') => calls.filter((c) => c.url.startsWith(`${path}?`));
const lastQuery = (calls: Call[], path?: string) =>
  new URL(listCalls(calls, path).at(-1)?.url ?? '/', 'http://x').searchParams;

/** Opens a select by its label and picks an option of its own list. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls');
    const found = id ? document.getElementById(id) : null;
    if (!found) throw new Error(`no options of ${label}`);
    return found;
  });
  await user.click(await within(list).findByText(option));
}

describe('air waybill lists', { timeout: 60_000 }, () => {
  it("shows the seed's columns of a row, the forwarder for an airline, and links the number to the shipment", async () => {
    mockApi(AIRLINE_MANAGER, answerList);
    renderRoutes(routes, '/air-waybills');
    const link = await screen.findByRole('link', { name: '465-12345675' });
    expect(link).toHaveAttribute('href', '/shipments/465-12345675');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Issued').length).toBeGreaterThan(0);
    for (const text of ['ALA', 'SVO', '5 pcs / 120 kg / 0.8 m3', '133.5 kg', 'GEN', 'EAW', 'SPARE PARTS', 'FWD'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#17 KK' })).toHaveAttribute('href', '/bookings/17');
    for (const header of ['Date', 'AWB', 'Postal number', 'Booking status', 'Reason', 'Payment', 'Forwarder'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
  });

  it('hides the forwarder column from a forwarder', async () => {
    mockApi(FORWARDER, answerList);
    renderRoutes(routes, '/air-waybills');
    await screen.findByRole('link', { name: '465-12345675' });
    expect(screen.queryByRole('columnheader', { name: 'Forwarder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New air waybill' })).not.toBeInTheDocument();
  });

  it('sends the tab and the filters of the URL; a tab, a flag or a date type is a new query from the first page', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answerList);
    const user = userEvent.setup();
    const { router } = renderRoutes(
      routes,
      '/air-waybills?tab=tracking&origin=ala&q=465-123&booked=manual&void_payment=required&carrier=x&cursor=c9',
    );
    await screen.findByRole('link', { name: '465-12345675' });
    let query = lastQuery(calls);
    expect(query.get('tab')).toBe('tracking');
    expect(query.get('origin')).toBe('ALA');
    expect(query.get('q')).toBe('465-123');
    expect(query.get('booked')).toBe('manual');
    expect(query.get('void_payment')).toBe('required');
    expect(query.get('cursor')).toBe('c9');
    // A filter the contract refuses is not sent; the field says why.
    expect(query.has('carrier')).toBe(false);
    expect(screen.getByText('Invalid format')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Voided' }));
    await waitFor(() => expect(lastQuery(calls).get('tab')).toBe('voided'));
    query = lastQuery(calls);
    expect(query.has('cursor')).toBe(false);
    expect(query.get('origin')).toBe('ALA');
    expect(router.state.location.search).toContain('tab=voided');

    await pick(user, 'Issued', 'No');
    await waitFor(() => expect(lastQuery(calls).get('issued')).toBe('false'));

    await pick(user, 'Date type', 'Report (departed)');
    await waitFor(() => expect(lastQuery(calls).get('date_type')).toBe('report'));
    expect(router.state.location.search).toContain('date_type=report');
  });

  it('sends the date range of the URL with its date type', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answerList);
    renderRoutes(routes, '/air-waybills?date_type=billing&date_from=2026-11-01&date_to=2026-11-30&date_to_x=1');
    await screen.findByRole('link', { name: '465-12345675' });
    const query = lastQuery(calls);
    expect(query.get('date_type')).toBe('billing');
    expect(query.get('date_from')).toBe('2026-11-01');
    expect(query.get('date_to')).toBe('2026-11-30');
    expect(query.has('date_to_x')).toBe(false);
  });

  it('sorts on the server by a column header: ascending, descending, then the default', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answerList);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/air-waybills');
    await screen.findByRole('link', { name: '465-12345675' });
    expect(lastQuery(calls).has('sort')).toBe(false);
    // The server's default order is the newest first.
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /^AWB/ }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('mawb'));
    expect(screen.getByRole('columnheader', { name: /AWB/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /^AWB/ }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('-mawb'));
    // The third click goes back to the server's default order (the first page, answered from the cache).
    await user.click(screen.getByRole('button', { name: /^AWB/ }));
    await waitFor(() => expect(router.state.location.search).not.toContain('sort'));
    expect(screen.getByRole('columnheader', { name: /AWB/ })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('date'));
    // Columns the server does not sort by are plain headers.
    expect(screen.queryByRole('button', { name: 'Commodity' })).not.toBeInTheDocument();
  });

  it('pages by cursor on /air-waybills and keeps it in the URL', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answerList);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/air-waybills?origin=ALA');
    await screen.findByRole('link', { name: '465-12345675' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: '465-12345686' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '465-12345675' })).not.toBeInTheDocument();
    expect(lastQuery(calls).get('cursor')).toBe('page-2');
    expect(router.state.location.search).toContain('cursor=page-2');
    expect(router.state.location.search).toContain('origin=ALA');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('loads more on the compact /shipments list, appending the next keyset page', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answerList);
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments');
    await screen.findByRole('link', { name: '465-12345675' });
    expect(screen.queryByRole('columnheader', { name: 'Commodity' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: '465-12345686' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '465-12345675' })).toBeInTheDocument();
    expect(lastQuery(calls).get('cursor')).toBe('page-2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled());
  });

  it("reads the platform's staging list from the agent endpoint", async () => {
    const calls = mockApi({ role: 'platform', company_business_type: 'platform', airline_code: null }, answerList);
    renderRoutes(routes, '/agent/air-waybills?tab=warning');
    await screen.findByRole('link', { name: '465-12345675' });
    expect(lastQuery(calls, '/api/v3/agent/air_waybills').get('tab')).toBe('warning');
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('reads in Russian', async () => {
    await changeLocale('ru');
    mockApi(AIRLINE_MANAGER, answerList);
    renderRoutes(routes, '/air-waybills');
    expect(await screen.findByRole('tab', { name: 'Аннулированные' })).toBeInTheDocument();
    expect(await screen.findByText('Выпущена')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Платный вес' })).toBeInTheDocument();
  });
});
