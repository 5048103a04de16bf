import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/notify';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { FORWARDER } from '../testing';
import { ReportMenu } from './report-menu';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const FILTERED = '/air-waybills?date_type=created&date_from=2026-10-01&date_to=2026-10-31&origin=SVO&cursor=abc';

function answer({ url }: Call) {
  if (url.startsWith('/api/v3/air_waybills/reports/')) {
    return new Response(new Blob([new Uint8Array([80, 75, 3, 4])]), {
      headers: { 'content-disposition': 'attachment; filename="awb_xlsx_report.xlsx"' },
    });
  }
  if (url === '/api/v3/air_waybills/send_report')
    return Response.json({ queued: 2, download_path: '/x' }, { status: 202 });
  return undefined;
}

function render(path = FILTERED) {
  const calls = mockApi(FORWARDER, answer);
  renderRoutes([{ path: '/air-waybills', element: <ReportMenu /> }], path);
  return calls;
}

async function open(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(await screen.findByRole('button', { name: 'Report' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('report menu', { timeout: 60_000 }, () => {
  it("downloads the XLSX of the list's current filters, without its paging", async () => {
    const clicks: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const user = userEvent.setup();
    const calls = render();
    await open(user, 'XLSX (current filters)');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicks).toEqual(['awb_xlsx_report.xlsx']));
    const call = calls.find((c) => c.url.startsWith('/api/v3/air_waybills/reports/xlsx?'));
    const query = new URL(call?.url ?? '/', 'http://x').searchParams;
    expect(query.get('origin')).toBe('SVO');
    expect(query.get('date_from')).toBe('2026-10-01');
    expect(query.get('date_to')).toBe('2026-10-31');
    expect(query.has('cursor')).toBe(false);
    click.mockRestore();
  });

  it('refuses a range over 31 days before asking the server', async () => {
    const user = userEvent.setup();
    const calls = render('/air-waybills?date_from=2026-10-01&date_to=2026-11-01');
    await open(user, 'XLSX (current filters)');
    expect(await screen.findByText('must not exceed 31 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(calls.some((c) => c.url.includes('/reports/'))).toBe(false);
  });

  it('asks the CASS listing for issued waybills in a range', async () => {
    const user = userEvent.setup();
    render('/air-waybills');
    await open(user, 'CASS listing');
    expect(await screen.findByText(/not the IATA CASS file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.getByText('CASS report needs date type Issued plus a range')).toBeInTheDocument();
  });

  it('sends the report link to the recipients', async () => {
    const user = userEvent.setup();
    const calls = render();
    await open(user, 'Send by e-mail');
    await user.type(await screen.findByRole('textbox', { name: /Recipients/ }), 'a@example.com, b@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v3/air_waybills/send_report')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/v3/air_waybills/send_report');
    expect(sent?.body).toMatchObject({
      kind: 'xlsx',
      emails: ['a@example.com', 'b@example.com'],
      origin: 'SVO',
      date_from: '2026-10-01',
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('The report link goes to 2 recipients'));
  });
});
