import type { IncomingTelegram, TelegramValidation } from '@aircargo/contract/incoming-telegrams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { makeProfile } from '@/testing/profiles';
import { renderRoutes } from '@/testing/render';
import { CimpEditRoute } from './cimp-edit';
import { CimpSendRoute } from './cimp-send';
import { CimpUploadRoute } from './cimp-upload';
import { AhmTelegramRoute, CimpTelegramRoute } from './telegram';
import { AhmTelegramsRoute, CimpTelegramsRoute } from './telegrams';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };
const BROKEN_FWB = 'FWB/16\n555-12345675LEDSVO/T2K40.0\nFLT/SU1234/27\nRTG/SVOSU\nSHP';

function telegram(overrides: Partial<IncomingTelegram> = {}): IncomingTelegram {
  return {
    id: 41,
    family: 'cimp',
    message_type: 'FWB',
    version: 16,
    sent_at: '2026-11-26T08:15:00.000Z',
    airline: { id: 2, code: 'SU', name: 'Aeroflot' },
    station: 'LED',
    source: 'upload',
    sender: 'xx.manager@demo.aero',
    notes: 'from the LED office',
    corrected: false,
    parsing_status: 'failed',
    processing_status: 'failed',
    errors: [{ line: 2, message: 'weight code must be K or L' }],
    received_at: '2026-11-26T08:16:00.000Z',
    processed_at: '2026-11-26T08:16:01.000Z',
    duplicate_of: null,
    mawb: '555-12345675',
    links: {
      air_waybill: { id: 9, mawb: '555-12345675' },
      booking_id: 12,
      flight_id: null,
      house_waybill_ids: [],
      ssim_telegram_id: null,
    },
    row_version: 3,
    body: BROKEN_FWB,
    original_body: BROKEN_FWB,
    result: {},
    envelope: { priority: 'QK', destinations: ['LEDFMSU'], origin: 'MOWFMXX', message_id: null },
    ...overrides,
  };
}

const VALIDATION: TelegramValidation = {
  valid: false,
  telegrams: [
    {
      first_line: 1,
      message_type: 'FWB',
      version: 16,
      family: 'cimp',
      valid: false,
      issues: [{ line: 2, column: 22, code: 'WEIGHT_CODE', severity: 'error', message: 'weight code must be K or L' }],
    },
  ],
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let answers: { post?: (url: string, body: unknown) => Response; get?: (url: string) => Response | undefined } = {};
let role: { role: string; company_business_type: 'airline' | 'platform'; airline_code: string | null } = {
  role: 'airline_manager',
  company_business_type: 'airline',
  airline_code: 'SU',
};
const posts = () => calls.filter((c) => c.method !== 'GET');

beforeEach(() => {
  calls = [];
  answers = {};
  role = { role: 'airline_manager', company_business_type: 'airline', airline_code: 'SU' };
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
      email: 'su.manager@demo.aero',
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
      if (method !== 'GET') return answers.post?.(url, body) ?? Response.json({}, { status: 500 });
      const own = answers.get?.(url);
      if (own) return own;
      if (url.startsWith('/api/v3/ahm_telegrams/'))
        return Response.json(telegram({ id: 77, family: 'ahm', message_type: 'MVT', version: null, mawb: null }));
      if (url.startsWith('/api/v3/ahm_telegrams'))
        return Response.json({
          data: [telegram({ id: 77, family: 'ahm', message_type: 'MVT', version: null, errors: [], mawb: null })],
          meta: META,
        });
      if (url.startsWith('/api/v3/cimp_telegrams/')) return Response.json(telegram());
      if (url.startsWith('/api/v3/cimp_telegrams')) return Response.json({ data: [telegram()], meta: META });
      return Response.json({ data: [], meta: { ...META, total_count: 0 } });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

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

const lastListQuery = (path: string) =>
  new URL(calls.filter((c) => c.url.startsWith(`${path}?`)).at(-1)?.url ?? '/', 'http://x').searchParams;

describe('CIMP telegrams list', { timeout: 30_000 }, () => {
  it("shows the seed's fields, statuses and errors, and links the detail", async () => {
    renderRoutes([{ path: '/messaging/cimp-telegrams', element: <CimpTelegramsRoute /> }], '/messaging/cimp-telegrams');
    const link = await screen.findByRole('link', { name: '41' });
    expect(link).toHaveAttribute('href', '/messaging/cimp-telegrams/41');
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByText('FWB/16')).toBeInTheDocument();
    expect(row.getByText('SU')).toBeInTheDocument();
    expect(row.getByText('LED')).toBeInTheDocument();
    expect(row.getByText('555-12345675')).toBeInTheDocument();
    expect(row.getByText('Upload')).toBeInTheDocument();
    expect(row.getByText('xx.manager@demo.aero')).toBeInTheDocument();
    expect(row.getByText('from the LED office')).toBeInTheDocument();
    expect(row.getByText('Not parsed')).toBeInTheDocument();
    expect(row.getByText('Failed')).toBeInTheDocument();
    expect(row.getByText('1 error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload CIMP' })).toHaveAttribute('href', '/messaging/cimp');
  });

  it('sends the filters to the server: type, has errors and the received range', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/cimp-telegrams', element: <CimpTelegramsRoute /> }], '/messaging/cimp-telegrams');
    await screen.findByRole('link', { name: '41' });
    await pick(user, 'Type', 'FSU');
    await waitFor(() => expect(lastListQuery('/api/v3/cimp_telegrams').get('message_type')).toBe('FSU'));
    await pick(user, 'Has errors', 'Yes');
    await waitFor(() => expect(lastListQuery('/api/v3/cimp_telegrams').get('has_errors')).toBe('true'));
    await user.type(screen.getByLabelText('Received from'), '2026-11-01');
    await waitFor(() => expect(lastListQuery('/api/v3/cimp_telegrams').get('received_from')).toBe('2026-11-01'));
    expect(lastListQuery('/api/v3/cimp_telegrams').get('message_type')).toBe('FSU');
  });

  it('shows the server error of the list', async () => {
    answers.get = (url) =>
      url.startsWith('/api/v3/cimp_telegrams?')
        ? Response.json({ error: 'Forbidden', errors: {}, message: 'Access denied' }, { status: 403 })
        : undefined;
    renderRoutes([{ path: '/messaging/cimp-telegrams', element: <CimpTelegramsRoute /> }], '/messaging/cimp-telegrams');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '41' })).toBeNull();
  });

  it('offers no detail links, upload or send to an airline default user', async () => {
    role = { role: 'airline_default', company_business_type: 'airline', airline_code: 'SU' };
    renderRoutes([{ path: '/messaging/cimp-telegrams', element: <CimpTelegramsRoute /> }], '/messaging/cimp-telegrams');
    expect(await screen.findByText('FWB/16')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '41' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload CIMP' })).toBeNull();
  });
});

describe('CIMP telegram detail', { timeout: 30_000 }, () => {
  it('numbers the lines, marks the line with its error and links the waybill and booking', async () => {
    renderRoutes(
      [{ path: '/messaging/cimp-telegrams/:id', element: <CimpTelegramRoute /> }],
      '/messaging/cimp-telegrams/41',
    );
    const body = await screen.findByRole('region', { name: 'Telegram text' });
    const marked = body.querySelector('[data-error="error"]');
    expect(marked?.getAttribute('data-line')).toBe('2');
    expect(within(marked as HTMLElement).getByText(/weight code must be K or L/)).toBeInTheDocument();
    expect(body.querySelectorAll('[data-line]')).toHaveLength(5);
    expect(screen.getByRole('alert')).toHaveTextContent('CIMP has errors');
    expect(screen.getByRole('link', { name: 'Air waybill 555-12345675' })).toHaveAttribute(
      'href',
      '/shipments/555-12345675',
    );
    expect(screen.getByRole('link', { name: 'Booking 12' })).toHaveAttribute('href', '/bookings/12');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/messaging/cimp/41/edit');
    expect(screen.getByText('MOWFMXX')).toBeInTheDocument();
  });

  it('restarts only after the confirmation', async () => {
    answers.post = () => Response.json(telegram({ processing_status: 'pending' }), { status: 202 });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/messaging/cimp-telegrams/:id', element: <CimpTelegramRoute /> }],
      '/messaging/cimp-telegrams/41',
    );
    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(posts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(posts().map((c) => c.url)).toEqual(['/api/v3/cimp_telegrams/41/restart']));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('The telegram is being processed again'));
  });

  it('shows a duplicate with a link to the original, in Russian', async () => {
    await changeLocale('ru');
    answers.get = (url) =>
      url.startsWith('/api/v3/cimp_telegrams/41')
        ? Response.json(
            telegram({ errors: [], parsing_status: 'parsed', processing_status: 'duplicate', duplicate_of: 40 }),
          )
        : undefined;
    renderRoutes(
      [{ path: '/messaging/cimp-telegrams/:id', element: <CimpTelegramRoute /> }],
      '/messaging/cimp-telegrams/41',
    );
    expect(await screen.findByRole('link', { name: 'Повтор телеграммы 40' })).toHaveAttribute(
      'href',
      '/messaging/cimp-telegrams/40',
    );
    expect(screen.getByText('Повтор')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Перезапустить' })).toBeInTheDocument();
  });

  it('says when the telegram is not there', async () => {
    answers.get = (url) =>
      url.startsWith('/api/v3/cimp_telegrams/41')
        ? Response.json({ error: 'NotFound', errors: {}, message: 'Telegram not found' }, { status: 404 })
        : undefined;
    renderRoutes(
      [{ path: '/messaging/cimp-telegrams/:id', element: <CimpTelegramRoute /> }],
      '/messaging/cimp-telegrams/41',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The telegram was not found');
  });
});

describe('CIMP upload', { timeout: 30_000 }, () => {
  it('validates pasted text, shows the type and the issue on its line, then sends and lists the created telegram', async () => {
    answers.post = (url) =>
      url === '/api/v3/cimp_telegrams/validate'
        ? Response.json(VALIDATION)
        : Response.json({ ids: [41, 77] }, { status: 201 });
    answers.get = (url) => {
      if (url.startsWith('/api/v3/cimp_telegrams/41'))
        return Response.json(telegram({ parsing_status: 'parsed', processing_status: 'processed', errors: [] }));
      // The second telegram of the text is an AHM one: not a Cargo-IMP telegram, read as AHM.
      if (url.startsWith('/api/v3/cimp_telegrams/77'))
        return Response.json({ error: 'NotFound', errors: {}, message: 'Telegram not found' }, { status: 404 });
      return undefined;
    };
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/cimp', element: <CimpUploadRoute /> }], '/messaging/cimp');
    await user.click(await screen.findByText('Paste text'));
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Telegram text' }), 'FWB/16{enter}555-12345675LEDSVO/T2K40.0');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    const found = await screen.findByRole('table', { name: 'Telegrams found' });
    expect(within(found).getByText('FWB')).toBeInTheDocument();
    expect(within(found).getByText('16')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('CIMP has errors');
    const lines = screen.getByRole('region', { name: 'Issues by line' });
    expect(lines.querySelector('[data-error="error"]')?.getAttribute('data-line')).toBe('2');
    expect(within(lines).getByText(/weight code must be K or L \(WEIGHT_CODE, column 22\)/)).toBeInTheDocument();
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/v3/cimp_telegrams/validate', body: { body: 'FWB/16\n555-12345675LEDSVO/T2K40.0' } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send with errors' }));
    const result = await screen.findByRole('table', { name: 'Telegrams received' });
    expect(posts().at(-1)).toMatchObject({
      url: '/api/v3/cimp_telegrams',
      body: { body: 'FWB/16\n555-12345675LEDSVO/T2K40.0', notes: null },
    });
    expect(await within(result).findByRole('link', { name: 'CIMP telegram 41' })).toHaveAttribute(
      'href',
      '/messaging/cimp-telegrams/41',
    );
    expect(within(result).getByText('Processed')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'AHM telegram 77' })).toHaveAttribute(
      'href',
      '/messaging/ahm-telegrams/77',
    );
    expect(screen.getByText('2 telegrams stored')).toBeInTheDocument();
    expect(within(result).getAllByRole('link', { name: '555-12345675' })[0]).toHaveAttribute(
      'href',
      '/shipments/555-12345675',
    );
  });

  it('sends a chosen file as multipart with the notes, and shows a refusal', async () => {
    answers.post = (url) =>
      url === '/api/v3/cimp_telegrams/validate'
        ? Response.json({
            ...VALIDATION,
            valid: true,
            telegrams: [{ ...VALIDATION.telegrams[0], valid: true, issues: [] }],
          })
        : Response.json(
            {
              error: 'ValidationFailed',
              errors: {},
              message: 'No telegram found in the text',
              message_key: { key: 'telegramNoneInText', params: {} },
            },
            { status: 422 },
          );
    const user = userEvent.setup();
    const { container } = renderRoutes([{ path: '/messaging/cimp', element: <CimpUploadRoute /> }], '/messaging/cimp');
    await screen.findByText('Telegram file');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['FSU/15\n555-12345675LEDSVO/T2K40'], 'fsu.txt', { type: 'text/plain' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'LED handling');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('The telegram is valid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('No telegram found in the text')).toBeInTheDocument();
    const upload = posts().at(-1);
    expect(upload?.url).toBe('/api/v3/cimp_telegrams');
    const form = upload?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('fsu.txt');
    expect(form.get('notes')).toBe('LED handling');
  });
});

describe('CIMP edit', { timeout: 30_000 }, () => {
  it('validates the text as it is typed, saves the correction with the row version and restarts', async () => {
    answers.post = (url, body) => {
      if (url === '/api/v3/cimp_telegrams/validate') {
        const text = (body as { body: string }).body;
        return Response.json(
          text.includes('FIXED')
            ? { valid: true, telegrams: [{ ...VALIDATION.telegrams[0], valid: true, issues: [] }] }
            : VALIDATION,
        );
      }
      if (url === '/api/v3/cimp_telegrams/41') return Response.json(telegram({ corrected: true, row_version: 4 }));
      return Response.json(telegram({ corrected: true, row_version: 5, processing_status: 'pending' }), {
        status: 202,
      });
    };
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/messaging/cimp/:id/edit', element: <CimpEditRoute /> },
        { path: '/messaging/cimp-telegrams/:id', element: <p>detail page</p> },
      ],
      '/messaging/cimp/41/edit',
    );
    const text = await screen.findByRole('textbox', { name: /Telegram text/ });
    expect(text).toHaveValue(BROKEN_FWB);
    expect(await screen.findByRole('table', { name: 'Telegrams found' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('CIMP has errors'));

    await user.type(text, '{enter}FIXED');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The telegram is valid'), {
      timeout: 5000,
    });
    await user.click(screen.getByRole('button', { name: 'Save and restart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messaging/cimp-telegrams/41'));
    expect(posts().filter((c) => c.url !== '/api/v3/cimp_telegrams/validate')).toEqual([
      {
        method: 'PATCH',
        url: '/api/v3/cimp_telegrams/41',
        body: { body: `${BROKEN_FWB}\nFIXED`, notes: 'from the LED office', row_version: 3 },
      },
      { method: 'POST', url: '/api/v3/cimp_telegrams/41/restart', body: undefined },
    ]);
    expect(toast).toHaveBeenCalledWith('The telegram is being processed again');
  });

  it("shows the server's answer when someone else changed the telegram", async () => {
    answers.post = (url) =>
      url === '/api/v3/cimp_telegrams/validate'
        ? Response.json(VALIDATION)
        : Response.json(
            {
              error: 'Conflict',
              errors: {},
              message: 'The telegram was changed by someone else; reload it',
              message_key: { key: 'telegramChanged', params: {} },
            },
            { status: 409 },
          );
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/cimp/:id/edit', element: <CimpEditRoute /> }], '/messaging/cimp/41/edit');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The telegram was changed by someone else; reload it')).toBeInTheDocument();
  });
});

describe('CIMP send', { timeout: 30_000 }, () => {
  it('says "Required fields are not filled in" and sends nothing while fields are empty', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/cimp-send', element: <CimpSendRoute /> }], '/messaging/cimp-send');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required fields are not filled in')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('marks the lines of a refused text, then sends a good one to the addresses', async () => {
    let refuse = true;
    answers.post = () =>
      refuse
        ? Response.json(
            {
              error: 'ValidationFailed',
              errors: {},
              message: 'CIMP has errors',
              message_key: { key: 'cimpHasErrors', params: {} },
              issues: [
                { line: 2, column: 22, code: 'WEIGHT_CODE', severity: 'error', text: 'weight code must be K or L' },
              ],
            },
            { status: 422 },
          )
        : Response.json(
            {
              message_type: 'FWB',
              version: 16,
              issues: [],
              data: [
                {
                  id: 501,
                  event: 'manual',
                  message_type: 'FWB',
                  airline: null,
                  segment: null,
                  channel: 'email',
                  subject: 'FWB 555-12345675',
                  request_url: null,
                  from: 'cargo@demo.aero',
                  to: ['ops@example.com'],
                  air_waybill: '555-12345675',
                  status: 'pending',
                  created_at: '2026-11-26T09:00:00.000Z',
                  sent_at: null,
                  forwarded: false,
                  sender: null,
                  user_email: 'su.manager@demo.aero',
                },
              ],
            },
            { status: 202 },
          );
    const user = userEvent.setup();
    renderRoutes([{ path: '/messaging/cimp-send', element: <CimpSendRoute /> }], '/messaging/cimp-send');
    await user.type(await screen.findByRole('textbox', { name: /Message/ }), 'FWB/16{enter}555-12345675LEDSVO/T2K40.0');
    await pick(user, 'Channel', 'E-mail');
    await user.type(screen.getByRole('combobox', { name: /Addresses/ }), 'ops@example.com{enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('CIMP has errors')).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: 'Issues by line' });
    expect(lines.querySelector('[data-error="error"]')?.getAttribute('data-line')).toBe('2');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/The message is queued for sending · FWB\/16/)).toBeInTheDocument();
    expect(posts().at(-1)).toEqual({
      method: 'POST',
      url: '/api/v3/cimp_messages/send',
      body: { body: 'FWB/16\n555-12345675LEDSVO/T2K40.0', channel: 'email', addresses: ['ops@example.com'] },
    });
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Outgoing messages' })).toHaveAttribute(
      'href',
      '/messaging/outgoing-messages',
    );
  });
});

describe('AHM telegrams', { timeout: 30_000 }, () => {
  it('lists AHM telegrams with the AHM types in the filter and opens the detail without Cargo-IMP actions', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/messaging/ahm-telegrams', element: <AhmTelegramsRoute /> },
        { path: '/messaging/ahm-telegrams/:id', element: <AhmTelegramRoute /> },
      ],
      '/messaging/ahm-telegrams',
    );
    const link = await screen.findByRole('link', { name: '77' });
    expect(within(link.closest('tr') as HTMLElement).getByText('MVT')).toBeInTheDocument();
    await pick(user, 'Type', 'LDM');
    await waitFor(() => expect(lastListQuery('/api/v3/ahm_telegrams').get('message_type')).toBe('LDM'));
    await user.click(screen.getByRole('link', { name: '77' }));
    expect(await screen.findByRole('heading', { name: /AHM telegram 77 · MVT/ })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The telegram has errors');
    expect(screen.queryByRole('button', { name: 'Restart' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});
