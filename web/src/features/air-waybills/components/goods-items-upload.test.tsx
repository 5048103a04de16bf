import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, makeWaybill } from '../testing';
import { GoodsItemsUpload } from './goods-items-upload';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const WRITER = { ...FORWARDER, permissions: ['air_waybills:read', 'air_waybills:write'] } as typeof FORWARDER;

function render(report: object, profile = WRITER) {
  const calls = mockApi(profile, ({ url, method }: Call) =>
    method === 'POST' && url === '/api/v3/air_waybills/1/goods_items/upload' ? Response.json(report) : undefined,
  );
  renderRoutes([{ path: '/shipments/:mawb', element: <GoodsItemsUpload waybill={makeWaybill()} /> }], '/shipments/x');
  return calls;
}

async function upload(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: 'Upload goods items' });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['PK'], 'goods.xlsx'));
}

describe('goods items upload', { timeout: 60_000 }, () => {
  it('sends the file as the multipart field "file" and says how many items were written', async () => {
    const user = userEvent.setup();
    const calls = render({ created: 2, updated: 0, failed: 0, rows: [] });
    expect(await screen.findByRole('button', { name: 'Template' })).toBeInTheDocument();
    await upload(user);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect((body.get('file') as File).name).toBe('goods.xlsx');
    expect(await screen.findByText('2 goods items written')).toBeInTheDocument();
  });

  it('lists the refused rows with their reasons and says nothing was written', async () => {
    const user = userEvent.setup();
    render({
      created: 0,
      updated: 0,
      failed: 1,
      rows: [
        { row: 2, status: 'unchanged', errors: [] },
        { row: 3, status: 'failed', errors: ['pieces: must be positive', 'hs_code: invalid format'] },
      ],
    });
    await upload(user);
    const report = await screen.findByLabelText('Upload report');
    expect(within(report).getByText(/Nothing was written/)).toBeInTheDocument();
    const rows = within(report).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement).getByText('pieces: must be positive; hs_code: invalid format'),
    ).toBeInTheDocument();
  });

  it('is not offered without the write permission', async () => {
    const calls = render({}, { ...FORWARDER, permissions: ['air_waybills:read'] } as typeof FORWARDER);
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v3/profiles/me'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Upload goods items' })).toBeNull();
    expect(screen.queryByText('Goods items from a file')).toBeNull();
  });
});
