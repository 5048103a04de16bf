import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { renderRoutes } from '@/testing/render';
import { makePrefix, makeRange, mockApi, page, SU_BILLING, SU_MANAGER } from '../testing';
import { StocksRoute } from './stocks';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  await changeLocale('en');
});

const LOW = makeRange({
  id: 8,
  first_blank: '2000000',
  last_blank: '2000099',
  first_number: '555-20000002',
  last_number: '555-20000993',
  quantity: 100,
  free_count: 6,
  allocated_count: 0,
  used_count: 94,
  voided_count: 0,
  low_stock: true,
  forwarder_id: null,
  forwarder_short_name: null,
  location: 'LED',
  bso: true,
});

const FORWARDERS = () =>
  Response.json({
    data: [
      {
        id: 4,
        name: 'Demo Forwarder A',
        short_name: 'FWDA',
        local_name: null,
        company_type: 'forwarder',
        airline_code: null,
        relations: ['client'],
      },
    ],
    meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 200 },
  });

const PULKOVO = {
  iata: 'LED',
  icao: 'ULLI',
  name: 'Pulkovo',
  full_name: 'Pulkovo Airport, Saint Petersburg',
  cyrillic_name: 'Пулково',
  city_code: 'LED',
  city_name: 'Saint Petersburg',
  cyrillic_city_name: 'Санкт-Петербург',
  country_code: 'RU',
  latitude: 59.8,
  longitude: 30.26,
  timezone: 'Europe/Moscow',
  separator: false,
};

function answers({ method, url }: { method: string; url: string }) {
  if (method === 'GET' && url.startsWith('/api/v3/stocks/prefixes')) return Response.json({ data: [makePrefix()] });
  if (method === 'GET' && url.startsWith('/api/v1/stocks/ranges')) return page(makeRange(), LOW);
  if (method === 'GET' && url.startsWith('/api/v3/notable_companies')) return FORWARDERS();
  if (method === 'GET' && url.startsWith('/api/v3/airports')) return page(PULKOVO);
  return undefined;
}

function render(path = '/settings/stocks') {
  renderRoutes([{ path: '/settings/stocks', element: <StocksRoute /> }], path);
}

describe('settings / AWB stocks', { timeout: 60_000 }, () => {
  it('lists prefixes and ranges with their counts, holders and the low-stock warning', async () => {
    const calls = mockApi(SU_MANAGER, answers);
    render('/settings/stocks?prefix=555&free_only=true');
    const range = await screen.findByRole('row', { name: /555-10000001 – 555-10009996/ });
    for (const text of ['1000', '990', '4', '5', '1', 'FWDA', 'No'])
      expect(within(range).getByText(text)).toBeInTheDocument();
    expect(within(range).queryByText('low stock')).not.toBeInTheDocument();
    const low = screen.getByRole('row', { name: /555-20000002 – 555-20000993/ });
    for (const text of ['100', '6', '94', 'location LED', 'Yes', 'low stock'])
      expect(within(low).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 range has 10% of its numbers or fewer left: 555-20000002 – 555-20000993 (6).',
    );

    const prefix = screen.getByRole('row', { name: /Main stock/ });
    for (const text of ['555', 'active', '2', '1040']) expect(within(prefix).getByText(text)).toBeInTheDocument();

    const sent = new URL(
      calls.find((c) => c.url.startsWith('/api/v1/stocks/ranges?') && c.url.includes('prefix='))?.url ?? '',
      'http://x',
    );
    expect(sent.searchParams.get('prefix')).toBe('555');
    expect(sent.searchParams.get('free_only')).toBe('true');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeInTheDocument();
  });

  it('warns of a low range that the page shown does not hold', async () => {
    mockApi(SU_MANAGER, (call) => {
      if (call.url.startsWith('/api/v1/stocks/ranges?') && call.url.includes('per_page=200'))
        return page(makeRange(), LOW);
      if (call.url.startsWith('/api/v1/stocks/ranges?')) return page(makeRange());
      return answers(call);
    });
    render('/settings/stocks?prefix=555');
    await screen.findByRole('row', { name: /555-10000001/ });
    expect(screen.queryByRole('row', { name: /555-20000002/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('555-20000002 – 555-20000993 (6)');
  });

  it('exports the filtered ranges as CSV through the download primitive', async () => {
    const calls = mockApi(SU_MANAGER, (call) => {
      if (call.url.startsWith('/api/v1/stocks/ranges.csv'))
        return new Response('prefix,first_number\n555,555-10000001\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="stocks.csv"' },
        });
      return answers(call);
    });
    const createObjectURL = vi.fn(() => 'blob:stocks');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    render('/settings/stocks?location=led&page=2');
    await screen.findByRole('row', { name: /555-10000001/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/stocks/ranges.csv'))).toBe(true));
    const sent = new URL(calls.find((c) => c.url.startsWith('/api/v1/stocks/ranges.csv'))?.url ?? '', 'http://x');
    expect(sent.searchParams.get('location')).toBe('LED');
    expect(sent.searchParams.has('page')).toBe(false);
  });

  it('assigns a range of blanks to a forwarder with the body the API reads', async () => {
    const calls = mockApi(SU_MANAGER, (call) => {
      if (call.method === 'POST' && call.url === '/api/v1/stocks/assign')
        return Response.json(makeRange({ id: 9, first_number: '555-30000003', last_number: '555-30004993' }), {
          status: 201,
        });
      return answers(call);
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('row', { name: /555-10000001/ });
    await user.click(screen.getByRole('button', { name: 'Assign range' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a range of blanks' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Prefix' }));
    await user.click(await screen.findByText('555 — SU'));
    await user.type(within(dialog).getByRole('textbox', { name: 'First blank' }), '3000000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '500');
    await user.click(within(dialog).getByRole('combobox', { name: 'Forwarder' }));
    await user.click((await screen.findAllByText('FWDA — Demo Forwarder A')).at(-1) as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      prefix: '555',
      airline_id: 2,
      first_blank: 3000000,
      quantity: 500,
      forwarder_id: 4,
      bso: false,
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Numbers 555-30000003 to 555-30004993 have been assigned'));
  });

  it('refuses a blank whose check digit is wrong before sending, and shows the server overlap on the field', async () => {
    const calls = mockApi(SU_MANAGER, (call) => {
      if (call.method === 'POST')
        return Response.json(
          {
            error: 'ValidationFailed',
            message: 'overlapping range: 1000000 to 1000999',
            errors: { first_blank: ['overlapping range: 1000000 to 1000999'] },
            error_keys: {
              first_blank: [{ key: 'stockRangeOverlap', params: { first: '1000000', last: '1000999' } }],
            },
          },
          { status: 422 },
        );
      return answers(call);
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('row', { name: /555-10000001/ });
    await user.click(screen.getByRole('button', { name: 'Assign range' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a range of blanks' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Prefix' }));
    await user.click(await screen.findByText('555 — SU'));
    await user.click(within(dialog).getByRole('radio', { name: 'To a location' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'First blank' }), '10000002');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last blank' }), '1000500');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Invalid control bit')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const first = within(dialog).getByRole('textbox', { name: 'First blank' });
    await user.clear(first);
    await user.type(first, '10000001');
    await user.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'LED');
    await user.click(await screen.findByText('LED — Pulkovo, Saint Petersburg'));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Overlapping range: 1000000 to 1000999')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      prefix: '555',
      airline_id: 2,
      first_blank: 1000000,
      last_blank: 1000500,
      location: 'LED',
      bso: false,
    });
  });

  it('withdraws the last numbers of a range and reports how many went back', async () => {
    const calls = mockApi(SU_MANAGER, (call) => {
      if (call.method === 'POST' && call.url === '/api/v1/stocks/withdraw')
        return Response.json({ withdrawn: 90, first_blank: '1000910', last_blank: '1000999', range: makeRange() });
      return answers(call);
    });
    const user = userEvent.setup();
    render();
    const range = await screen.findByRole('row', { name: /555-10000001/ });
    await user.click(within(range).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw numbers of the range from 555-10000001' });
    expect(dialog).toHaveTextContent('(990 free now)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/stocks/withdraw')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v1/stocks/withdraw')?.body).toEqual({ range_id: 7, quantity: 90 });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('90 numbers withdrawn (blanks 1000910 to 1000999)'));
  });

  it('adds a prefix and edits one, the digits locked while ranges use it', async () => {
    const calls = mockApi(SU_MANAGER, (call) => {
      if (call.method === 'POST' && call.url === '/api/v3/stocks/prefixes')
        return Response.json(makePrefix({ id: 4, prefix: '421', ranges_count: 0 }), { status: 201 });
      if (call.method === 'PATCH') return Response.json(makePrefix({ description: 'Spare' }));
      return answers(call);
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('row', { name: /Main stock/ });
    await user.click(screen.getByRole('button', { name: 'New prefix' }));
    let dialog = await screen.findByRole('dialog', { name: 'New AWB prefix' });
    expect(within(dialog).queryByRole('textbox', { name: 'Airline' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Prefix' }), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/3 digits/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Prefix' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ prefix: '421', description: null, active: true });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Prefix 421 has been added'));

    const row = screen.getByRole('row', { name: /Main stock/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'AWB prefix 555' });
    expect(within(dialog).getByRole('textbox', { name: 'Prefix' })).toBeDisabled();
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Spare');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/api/v3/stocks/prefixes/3');
    expect(patch?.body).toMatchObject({ description: 'Spare', active: true });
  });

  it("shows the server's refusal in Russian", async () => {
    await changeLocale('ru');
    mockApi(SU_MANAGER, (call) => {
      if (call.method === 'POST')
        return Response.json(
          { error: 'NotFound', message: 'Stock not found', message_key: { key: 'stockNotFound', params: {} } },
          { status: 404 },
        );
      return answers(call);
    });
    const user = userEvent.setup();
    render();
    const range = await screen.findByRole('row', { name: /555-10000001/ });
    await user.click(within(range).getByRole('button', { name: 'Изъять' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изъять' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Сток не найден', 'negative'));
  });

  it('offers no assign, withdraw or prefix changes to a role that may only read', async () => {
    mockApi(SU_BILLING, answers);
    render();
    const range = await screen.findByRole('row', { name: /555-10000001/ });
    expect(within(range).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign range' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New prefix' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Main stock/ })).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
