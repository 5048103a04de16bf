import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { renderRoutes } from '@/testing/render';
import { META, makeAllotment, mockApi, SU_BILLING, SU_MANAGER } from '../testing';
import { AllotmentsRoute } from './allotments';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  await changeLocale('en');
});

const list = (...rows: ReturnType<typeof makeAllotment>[]) =>
  Response.json({ data: rows, meta: { ...META, total_count: rows.length } });

function render(path = '/settings/allotments') {
  renderRoutes([{ path: '/settings/allotments', element: <AllotmentsRoute /> }], path);
}

describe('settings / allotments', { timeout: 60_000 }, () => {
  it('lists every field of an allotment and sends the filters to the server upper-cased', async () => {
    const calls = mockApi(SU_MANAGER, ({ url }) =>
      url.startsWith('/api/v3/allotments')
        ? list(
            makeAllotment(),
            makeAllotment({
              id: 6,
              segment_id: null,
              segment_number_with_date: null,
              timelimit_to_std: 0,
              postal: true,
              type: 'soft',
            }),
          )
        : undefined,
    );
    render('/settings/allotments?origin_iata=svo&page=1');
    const row = await screen.findByRole('row', { name: /SU1234\/23NOV/ });
    for (const text of [
      'SU',
      'SVO–LED',
      'FWDA',
      'hard (paid whether used or not)',
      '1500',
      '9.5',
      '31.12.2026',
      '48 hours',
      'No',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const route = screen.getByRole('row', { name: /every flight of the route/ });
    expect(within(route).getByText('full block')).toBeInTheDocument();
    expect(within(route).getByText('Yes')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.startsWith('/api/v3/allotments'));
    expect(new URL(sent?.url ?? '', 'http://x').searchParams.get('origin_iata')).toBe('SVO');
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/settings/allotments/5/edit');
  });

  it('deletes an allotment only after the confirmation and reports it', async () => {
    const calls = mockApi(SU_MANAGER, ({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/v3/allotments')) return list(makeAllotment());
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    render();
    const row = await screen.findByRole('row', { name: /FWDA/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Delete the allotment SU SVO–LED FWDA? Its bookings stay, on free sale.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v3/allotments/5');
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('The allotment has been deleted; its bookings stay on free sale'),
    );
  });

  it("shows the server's not-found message in Russian when the allotment is gone", async () => {
    await changeLocale('ru');
    mockApi(SU_MANAGER, ({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/v3/allotments')) return list(makeAllotment());
      if (method === 'DELETE')
        return Response.json(
          { error: 'NotFound', message: 'Allotment not found', message_key: { key: 'allotmentNotFound', params: {} } },
          { status: 404 },
        );
      return undefined;
    });
    const user = userEvent.setup();
    render();
    const row = await screen.findByRole('row', { name: /FWDA/ });
    await user.click(within(row).getByRole('button', { name: 'Удалить' }));
    await user.click(await screen.findByRole('button', { name: 'Да' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Аллотмент не найден', 'negative'));
  });

  it('offers no create, edit or delete to a role that may only read', async () => {
    mockApi(SU_BILLING, ({ url }) => (url.startsWith('/api/v3/allotments') ? list(makeAllotment()) : undefined));
    render();
    const row = await screen.findByRole('row', { name: /FWDA/ });
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New allotment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload XLSX' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download template' })).not.toBeInTheDocument();
  });
});

describe('settings / allotments upload', { timeout: 60_000 }, () => {
  it('uploads the file as the multipart field "file", refreshes the list and shows the failed rows by number', async () => {
    const calls = mockApi(SU_MANAGER, ({ method, url }) => {
      if (method === 'POST' && url.startsWith('/api/v3/allotments/upload')) {
        return Response.json({
          created: 2,
          updated: 0,
          failed: 1,
          rows: [
            { row: 2, status: 'created', errors: [] },
            { row: 3, status: 'failed', errors: ['forwarder: Forwarder not found'] },
            { row: 4, status: 'created', errors: [] },
          ],
        });
      }
      if (url.startsWith('/api/v3/allotments')) return list(makeAllotment());
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('row', { name: /FWDA/ });
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();
    const listsBefore = calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v3/allotments?')).length;
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['xlsx'], 'allotments.xlsx', { type: 'application/octet-stream' }));
    const report = await screen.findByLabelText('Upload report');
    expect(within(report).getByText('Created 2, failed 1')).toBeInTheDocument();
    expect(within(report).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(report).queryByRole('cell', { name: '2' })).not.toBeInTheDocument();
    expect(within(report).getByText('forwarder: Forwarder not found')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith('The file has been processed', 'negative');
    const sent = calls.find((c) => c.url.startsWith('/api/v3/allotments/upload'));
    expect(sent).toBeDefined();
    expect(sent!.method).toBe('POST');
    expect((sent!.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v3/allotments?')).length).toBeGreaterThan(
        listsBefore,
      ),
    );
  });

  it("shows the server's refusal of the whole file in Russian", async () => {
    await changeLocale('ru');
    mockApi(SU_MANAGER, ({ method, url }) => {
      if (method === 'POST' && url.startsWith('/api/v3/allotments/upload')) {
        return Response.json(
          {
            error: 'ValidationFailed',
            message: 'The file is not an XLSX workbook',
            message_key: { key: 'uploadNotXlsx', params: {} },
            errors: { file: ['The file is not an XLSX workbook'] },
          },
          { status: 422 },
        );
      }
      if (url.startsWith('/api/v3/allotments')) return list(makeAllotment());
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('row', { name: /FWDA/ });
    expect(screen.getByRole('button', { name: 'Скачать шаблон' })).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['csv'], 'allotments.xlsx', { type: 'application/octet-stream' }));
    expect(await screen.findByText('Файл не принят')).toBeInTheDocument();
    expect(screen.getByText('file: Файл не является книгой XLSX')).toBeInTheDocument();
  });
});
