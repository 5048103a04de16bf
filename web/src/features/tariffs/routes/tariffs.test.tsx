import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, KC_MANAGER, META, makeTariff, mockApi, QUOTE_OK } from '../testing';
import { TariffsRoute } from './tariffs';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const PATH = '/tariffs/external-tariffs';
const render = (path = PATH) => renderRoutes([{ path: PATH, element: <TariffsRoute /> }], path);
const list = (...tariffs: ReturnType<typeof makeTariff>[]) =>
  Response.json({ data: tariffs, meta: { ...META, total_count: tariffs.length } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('external tariffs list', { timeout: 30_000 }, () => {
  it('shows a forwarder the new tariff with its summary rates and confirms awareness of the selected one', async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/v3/billing/tariffs'))
        return list(makeTariff({ is_new: true }), makeTariff({ id: 8, origin: { kind: 'city', code: 'MOW' } }));
      if (method === 'POST' && url.startsWith('/api/v3/billing/tariffs/notification_marks'))
        return Response.json({ marked: 1 });
      return undefined;
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('MOW (city)')).toBeInTheDocument();
    const [fresh, ...others] = screen.getAllByRole('row').filter((r) => within(r).queryByText('New'));
    expect(others).toHaveLength(0);
    expect(within(fresh!).getByText('ALA')).toBeInTheDocument();
    expect(within(fresh!).getByText('16.00 USD')).toBeInTheDocument();
    expect(within(fresh!).getByText('9.00 USD')).toBeInTheDocument();
    expect(within(fresh!).getByText('50.00 USD')).toBeInTheDocument();
    // A forwarder neither creates nor deletes tariffs.
    expect(screen.queryByRole('link', { name: 'New tariff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select 7' }));
    await user.click(screen.getByRole('button', { name: 'Confirm awareness of 1 selected' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [7] });

    await user.click(screen.getByRole('button', { name: 'Confirm awareness of all' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({ all: true });
  });

  it('sends the filters from the URL to the list call', async () => {
    const calls = mockApi(FORWARDER, () => undefined);
    render(`${PATH}?mode=new&order=weight&origin=ALA&date=2026-11-23&carrier=KC`);
    await screen.findByText('No records');
    const listCall = calls.find((c) => c.url.startsWith('/api/v3/billing/tariffs?'));
    const query = new URL(listCall!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      mode: 'new',
      order: 'weight',
      origin: 'ALA',
      date: '2026-11-23',
      carrier: 'KC',
    });
  });

  it('lets the airline manager delete a tariff only after the confirmation', async () => {
    const calls = mockApi(KC_MANAGER, ({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/v3/billing/tariffs')) return list(makeTariff());
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('link', { name: 'New tariff' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the tariff ALA–NQZ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v3/billing/tariffs/7');
    // A forwarder-only action is not offered to the airline.
    expect(screen.queryByRole('button', { name: 'Confirm awareness of all' })).not.toBeInTheDocument();
  });

  it('shows the per-row report of an XLSX upload', async () => {
    const calls = mockApi(KC_MANAGER, ({ method, url }) => {
      if (method === 'POST' && url.startsWith('/api/v3/billing/tariffs.xlsx'))
        return Response.json({
          created: 1,
          updated: 0,
          unchanged: 0,
          failed: 1,
          rows: [
            { row: 2, status: 'created', tariff_id: 12, errors: [] },
            { row: 3, status: 'failed', tariff_id: null, errors: ['Normal rate must be specified'] },
          ],
        });
      return undefined;
    });
    const user = userEvent.setup();
    const { container } = render();
    await screen.findByRole('button', { name: 'Upload XLSX' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['xlsx'], 'tariffs.xlsx', { type: 'application/octet-stream' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload report' });
    expect(within(dialog).getByText('Refused: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Normal rate must be specified')).toBeInTheDocument();
    const upload = calls.find((c) => c.method === 'POST')?.body;
    expect(upload).toBeInstanceOf(FormData);
    expect((upload as FormData).get('file')).toBeInstanceOf(File);
  });
});

describe('price check', { timeout: 30_000 }, () => {
  it('quotes the shipment and shows the chargeable weight, each rate line with its currency, and the totals', async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) =>
      method === 'POST' && url.startsWith('/api/v3/tariffs/quote') ? Response.json(QUOTE_OK) : undefined,
    );
    const user = userEvent.setup();
    render(`${PATH}?carrier=KC&origin=ALA&destination=NQZ`);
    await user.type(await screen.findByRole('textbox', { name: 'Weight, kg' }), '30');
    await user.click(screen.getByRole('button', { name: 'Check the price' }));
    const result = await screen.findByTestId('quote-result');
    expect(calls.find((c) => c.url.startsWith('/api/v3/tariffs/quote'))?.body).toMatchObject({
      carrier: 'KC',
      origin: 'ALA',
      destination: 'NQZ',
      pieces: 1,
      weight: '30',
    });
    expect(
      within(result).getByText('Chargeable weight 30.000 kg (gross weight)', { exact: false }),
    ).toBeInTheDocument();
    const freight = within(result).getByRole('row', { name: /FRT/ });
    expect(within(freight).getByText('Q')).toBeInTheDocument();
    expect(within(freight).getAllByText('405.00 USD')).toHaveLength(2);
    expect(within(result).getByRole('row', { name: /AWB/ })).toHaveTextContent('3.00 USD (12%)');
    expect(within(result).getByTestId('quote-totals')).toHaveTextContent(
      'Net 430.00 USD, VAT 3.00 USD, total 433.00 USD',
    );
  });

  it('says why no tariff applies, in Russian', async () => {
    await changeLocale('ru');
    mockApi(FORWARDER, ({ method, url }) =>
      method === 'POST' && url.startsWith('/api/v3/tariffs/quote')
        ? Response.json({
            ok: false,
            message: 'Information about tariffs is not available',
            chargeable: QUOTE_OK.chargeable,
            reason: { condition: 'agreement', failed: ['agreement'], tariff_id: null, detail: '' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    render(`${PATH}?carrier=KC&origin=ALA&destination=NQZ`);
    await user.type(await screen.findByRole('textbox', { name: 'Вес, кг' }), '30');
    await user.click(screen.getByRole('button', { name: 'Проверить цену' }));
    expect(await screen.findByText('Информация о тарифах недоступна')).toBeInTheDocument();
    expect(
      screen.getByText('Ближайший тариф исключён по условию: нет договора с авиакомпанией, показывающего её тарифы.'),
    ).toBeInTheDocument();
  });
});
