import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, makeWaybill } from '../testing';
import { ShipmentRoute } from './shipment';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/shipments/:mawb', element: <ShipmentRoute /> }];
const PDF_HEADERS = { 'content-type': 'application/pdf' };

function answer(waybill: ReturnType<typeof makeWaybill>) {
  return ({ method, url }: Call) => {
    if (method === 'GET' && url === `/api/v3/air_waybills/${waybill.mawb}`) return Response.json(waybill);
    if (method === 'GET' && url.startsWith(`/api/v3/air_waybills/${waybill.id}/mawb_labels`))
      return new Response('%PDF-1.7', {
        headers: { ...PDF_HEADERS, 'content-disposition': `attachment; filename="labels_${waybill.mawb}.pdf"` },
      });
    if (method === 'GET' && url === `/api/v3/air_waybills/${waybill.id}/sli.pdf`)
      return new Response('%PDF-1.7', { headers: PDF_HEADERS });
    if (method === 'POST' && url === `/api/v3/air_waybills/${waybill.id}/send_shipper_letter`)
      return Response.json({
        id: waybill.id,
        mawb: waybill.mawb,
        sli_barcode: 'SLI46512345675',
        sli_sent_at: '2026-11-27T10:00:00.000Z',
        sli_accepted: null,
        sli_answered_at: null,
        can_send_sli: true,
        sent_to: ['shipper@example.com'],
      });
    return undefined;
  };
}

const action = async (name: string) =>
  within(await screen.findByTestId('waybill-actions')).findByRole('button', { name });

describe('shipment labels and shipper letter', { timeout: 60_000 }, () => {
  it('downloads the labels with the station, format and houses chosen', async () => {
    const waybill = makeWaybill();
    const calls = mockApi(FORWARDER, answer(waybill));
    const createObjectURL = vi.fn(() => 'blob:labels');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${waybill.mawb}`);
    await user.click(await action('Labels'));
    const dialog = await screen.findByRole('dialog', { name: `Labels of ${waybill.mawb}` });
    const station = within(dialog).getByRole('textbox', { name: /Printing station/ });
    await user.clear(station);
    await user.type(station, 'le');
    expect(within(dialog).getByRole('button', { name: 'Download labels' })).toBeDisabled();
    await user.type(station, 'd');
    await user.click(within(dialog).getByText('A4 sheets (8 per page)'));
    await user.click(within(dialog).getByRole('switch', { name: 'Also the labels of the house waybills' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download labels' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const sent = new URL(calls.find((c) => c.url.includes('/mawb_labels'))?.url ?? '', 'http://x');
    expect(sent.pathname).toBe(`/api/v3/air_waybills/${waybill.id}/mawb_labels`);
    expect(Object.fromEntries(sent.searchParams)).toEqual({ station: 'LED', format: 'a4', houses: 'false' });
  });

  it('downloads the letter and sends it to the addresses typed', async () => {
    const waybill = makeWaybill();
    const calls = mockApi(FORWARDER, answer(waybill));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sli'), revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${waybill.mawb}`);
    await user.click(await action('Shipper letter'));
    const dialog = await screen.findByRole('dialog', { name: `Shipper's letter of instruction, ${waybill.mawb}` });
    expect(within(dialog).getByTestId('sli-state')).toHaveTextContent('Not sent yet');
    await user.click(within(dialog).getByRole('button', { name: 'Download the letter (PDF)' }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/v3/air_waybills/${waybill.id}/sli.pdf`)).toBe(true));
    await user.type(within(dialog).getByLabelText(/Send to/), 'shipper@example.com{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send by e-mail' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ emails: ['shipper@example.com'] });
  });

  it('does not let a letter go for a waybill that cannot send one', async () => {
    const waybill = makeWaybill({ can_send_sli: false });
    mockApi(FORWARDER, answer(waybill));
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${waybill.mawb}`);
    await user.click(await action('Shipper letter'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/needs a shipper and a consignee/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send by e-mail' })).toBeDisabled();
  });
});
