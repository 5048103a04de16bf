import type { SsimTelegram } from '@aircargo/contract/ssim-telegrams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { SsimTelegramRoute } from './ssim-telegram';
import { SsimTelegramsRoute } from './ssim-telegrams';
import { SsimUploadRoute } from './ssim-upload';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };

function telegram(overrides: Partial<SsimTelegram> = {}): SsimTelegram {
  return {
    id: 7,
    kind: 'ssim',
    source: 'upload',
    file_name: 'kc-winter.ssim',
    airline: { id: 3, short_name: 'KC' },
    carriers: ['KC', 'SU'],
    company: { id: 3, short_name: 'KC' },
    user_email: 'xx.manager@demo.aero',
    parsing_status: 'parsed',
    processing_status: 'partially_processed',
    counts: { created: 12, changed: 0, unchanged: 0, cancelled: 0, skipped: 2 },
    progress: { done: 2, total: 2 },
    size: 2000,
    received_at: '2026-11-23T10:00:00.000Z',
    processed_at: '2026-11-23T10:00:01.000Z',
    body: '1AIRLINE STANDARD SCHEDULE DATA SET',
    errors: [{ line: 13, message: 'KC0101: line 13 column 14: period from not a date' }],
    report: {
      counts: { created: 12, changed: 0, unchanged: 0, cancelled: 0, skipped: 2 },
      carriers: [
        {
          carrier: 'KC',
          airline_id: 3,
          period_from: '2026-12-01',
          period_to: '2026-12-31',
          status: 'imported',
          counts: { created: 12, changed: 0, unchanged: 0, cancelled: 0 },
        },
        {
          carrier: 'SU',
          airline_id: 2,
          period_from: '2026-12-01',
          period_to: '2026-12-31',
          status: 'skipped',
          reason: "carrier SU is not the sender's airline",
          counts: { created: 0, changed: 0, unchanged: 0, cancelled: 0 },
        },
      ],
      records: [
        {
          line: 12,
          segment_lines: [],
          flight: 'KC100',
          itinerary_variation: 1,
          leg_sequence: 1,
          status: 'created',
          counts: { created: 12, changed: 0, unchanged: 0, cancelled: 0 },
        },
        {
          line: 13,
          segment_lines: [14],
          flight: 'KC101',
          itinerary_variation: 1,
          leg_sequence: 1,
          status: 'skipped',
          reason: 'line 13 column 14: period from not a date',
          counts: { created: 0, changed: 0, unchanged: 0, cancelled: 0 },
        },
      ],
      sub_messages: [],
      progress: { done: 2, total: 2 },
    },
    ...overrides,
  };
}

let calls: { method: string; url: string; body: unknown }[] = [];
let answers: { post?: () => Response; get?: (url: string) => Response | undefined } = {};
let role = { role: 'airline_manager', company_business_type: 'airline' as const, airline_code: 'KC' };

beforeEach(() => {
  calls = [];
  answers = {};
  role = { role: 'airline_manager', company_business_type: 'airline', airline_code: 'KC' };
  resetApiClient();
  resetSessionCache();
  setSession(
    {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 7200,
      created_at: Math.floor(Date.now() / 1000),
      scope: 'public',
      token_type: 'Bearer',
      email: 'xx.manager@demo.aero',
    },
    false,
  );
  vi.mocked(toast).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/v3/profiles/me')) return Response.json(makeProfile({ company_id: 3, ...role }));
      if (method === 'POST') return answers.post?.() ?? Response.json({}, { status: 500 });
      const own = answers.get?.(url);
      if (own) return own;
      if (url.startsWith('/api/v3/ssim_telegrams/')) return Response.json(telegram());
      if (url.startsWith('/api/v3/ssim_telegrams')) return Response.json({ data: [telegram()], meta: META });
      return Response.json({ data: [], meta: { ...META, total_count: 0 } });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('SSIM upload', { timeout: 30_000 }, () => {
  it('sends pasted text as JSON and shows the report with line numbers and the skipped reason', async () => {
    answers.post = () => Response.json(telegram(), { status: 202 });
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/ssim', element: <SsimUploadRoute /> }], '/messaging/ssim');
    await user.click(await screen.findByText('Paste text'));
    await user.click(screen.getByRole('button', { name: 'Upload and apply' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Telegram text' }), 'SSM{enter}UTC{enter}NEW');
    await user.click(screen.getByRole('button', { name: 'Upload and apply' }));
    const records = await screen.findByRole('table', { name: 'Records' });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v3/ssim_telegrams',
      body: { body: 'SSM\nUTC\nNEW' },
    });
    const skipped = within(records).getByText('line 13 column 14: period from not a date').closest('tr');
    expect(skipped).not.toBeNull();
    expect(within(skipped as HTMLElement).getByText('13, 14')).toBeInTheDocument();
    expect(within(skipped as HTMLElement).getByText('Skipped')).toBeInTheDocument();
    expect(screen.getByText('Partially processed')).toBeInTheDocument();
    const carriers = screen.getByRole('table', { name: 'Carriers' });
    expect(within(carriers).getByText("carrier SU is not the sender's airline")).toBeInTheDocument();
  });

  it('sends a chosen file as multipart and follows a job until it is done', async () => {
    let reads = 0;
    answers.post = () =>
      Response.json(
        telegram({
          processing_status: 'pending',
          progress: { done: 0, total: 9 },
          report: { ...telegram().report, records: [] },
        }),
        { status: 202 },
      );
    answers.get = (url) => {
      if (!url.startsWith('/api/v3/ssim_telegrams/7')) return undefined;
      reads++;
      return Response.json(
        reads < 2
          ? telegram({ processing_status: 'processing', progress: { done: 4, total: 9 } })
          : telegram({ processing_status: 'processed' }),
      );
    };
    const user = userEvent.setup();
    const { container } = renderRoutes([{ path: '/messaging/ssim', element: <SsimUploadRoute /> }], '/messaging/ssim');
    await screen.findByText('Schedule file');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['1AIRLINE STANDARD SCHEDULE DATA SET'], 'kc.ssim', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload and apply' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    const form = post?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(((form as FormData).get('file') as File).name).toBe('kc.ssim');
    expect(await screen.findByText('Processed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});

describe('SSIM telegrams list and detail', { timeout: 30_000 }, () => {
  it('lists telegrams with kind, carriers, statuses and counts, and offers the export', async () => {
    renderRoutes([{ path: '/messaging/ssim-telegrams', element: <SsimTelegramsRoute /> }], '/messaging/ssim-telegrams');
    const link = await screen.findByRole('link', { name: '7' });
    expect(link).toHaveAttribute('href', '/messaging/ssim-telegrams/7');
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByText('KC, SU')).toBeInTheDocument();
    expect(row.getByText('kc-winter.ssim')).toBeInTheDocument();
    expect(row.getByText('Partially processed')).toBeInTheDocument();
    expect(row.getByText('Parsed')).toBeInTheDocument();
    expect(row.getByText(/created 12 · changed 0 · unchanged 0 · cancelled 0 · skipped 2/)).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Export schedule (SSIM)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Carrier' })).toHaveValue('KC');
  });

  it('downloads the export of the carrier and period', async () => {
    answers.get = (url) =>
      url.startsWith('/api/v3/schedules/export')
        ? new Response('1AIRLINE STANDARD SCHEDULE DATA SET', {
            headers: { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="KC.ssim"' },
          })
        : undefined;
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/ssim-telegrams', element: <SsimTelegramsRoute /> }], '/messaging/ssim-telegrams');
    await user.click(await screen.findByRole('button', { name: 'Export schedule' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const call = calls.find((c) => c.url.startsWith('/api/v3/schedules/export'));
    expect(call?.url).toMatch(/carrier=KC&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&time_mode=local/);
  });

  it('restarts a telegram only after the confirmation', async () => {
    answers.post = () => Response.json(telegram({ processing_status: 'processed' }), { status: 202 });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/messaging/ssim-telegrams/:id', element: <SsimTelegramRoute /> }],
      '/messaging/ssim-telegrams/7',
    );
    expect(await screen.findByText('Telegram as received')).toBeInTheDocument();
    expect(screen.getByText('KC0101: line 13 column 14: period from not a date', { exact: false })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/v3/ssim_telegrams/7/restart']),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('The telegram is being applied again'));
  });

  it('shows the detail in Russian', async () => {
    await changeLocale('ru');
    renderRoutes(
      [{ path: '/messaging/ssim-telegrams/:id', element: <SsimTelegramRoute /> }],
      '/messaging/ssim-telegrams/7',
    );
    expect(await screen.findByText('Телеграмма в полученном виде')).toBeInTheDocument();
    expect(screen.getByText('Обработана частично')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Перезапустить' })).toBeInTheDocument();
  });
});
