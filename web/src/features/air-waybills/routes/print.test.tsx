import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { printQuery } from '../components/print-dialog';
import { FORWARDER, makeWaybill } from '../testing';
import { ShipmentRoute } from './shipment';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/shipments/:mawb', element: <ShipmentRoute /> }];

describe('print query', () => {
  it('sends only the flags set, the copies in order and the paper', () => {
    const flags = {
      exclude_pcs_weight_volume: false,
      exclude_headers: true,
      hide_shipper: true,
      no_layout: false,
      reverse_side: false,
      use_cyrillic_codes: false,
    };
    expect(printQuery(flags, [4, 1, 2], 'letter')).toEqual({
      paper: 'letter',
      copies: '1,2,4',
      exclude_headers: 'true',
      hide_shipper: 'true',
    });
  });
});

describe('print dialog', { timeout: 60_000 }, () => {
  it('previews the PDF with the options chosen and offers its download', async () => {
    const waybill = makeWaybill();
    const createObjectURL = vi.fn(() => 'blob:awb');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (method === 'GET' && url === `/api/v3/air_waybills/${waybill.mawb}`) return Response.json(waybill);
      if (url.startsWith(`/api/v3/air_waybills/${waybill.id}/eap.pdf`))
        return new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `inline; filename="awb_${waybill.mawb}.pdf"`,
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${waybill.mawb}`);
    await user.click(
      await within(await screen.findByTestId('waybill-actions')).findByRole('button', { name: 'Print' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Print air waybill ${waybill.mawb}` });
    const pdfCalls = () => calls.filter((c) => c.url.includes('/eap.pdf')).map((c) => decodeURIComponent(c.url));
    await waitFor(() =>
      expect(pdfCalls()).toEqual([`/api/v3/air_waybills/${waybill.id}/eap.pdf?paper=a4&copies=1,2,3`]),
    );
    expect(await within(dialog).findByTitle('Preview of the air waybill')).toHaveAttribute('src', 'blob:awb');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Hide the shipper' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'COPY 4 (DELIVERY RECEIPT)' }));
    await waitFor(() =>
      expect(pdfCalls().at(-1)).toBe(
        `/api/v3/air_waybills/${waybill.id}/eap.pdf?paper=a4&copies=1,2,3,4&hide_shipper=true`,
      ),
    );

    for (const n of [
      'ORIGINAL 3 (FOR SHIPPER)',
      'ORIGINAL 2 (FOR CONSIGNEE)',
      'ORIGINAL 1 (FOR ISSUING CARRIER)',
      'COPY 4 (DELIVERY RECEIPT)',
    ])
      await user.click(within(dialog).getByRole('checkbox', { name: n }));
    expect(within(dialog).getByText('Choose at least one copy')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(within(dialog).queryByTitle('Preview of the air waybill')).not.toBeInTheDocument();
  });
});
