import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionCache, setSession } from '@/lib/auth/session';
import { detectHost } from '@/lib/gating/subdomain';
import { logEvent } from '@/lib/log/log-intake';
import { notify, toast } from '@/lib/notify';
import { readJson } from '@/lib/storage';
import {
  ACCESS_DENIED_KEY,
  apiRequest,
  backoffMs,
  configureApiClient,
  filenameFromDisposition,
  parseRetryAfter,
  resetApiClient,
  resolveUrl,
  TIMEOUT_MS,
} from './api-client';

vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));
vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that answers through `handler` and rejects like a browser when its signal aborts. */
function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      Promise.resolve(handler(url, init)).then(resolve, reject);
    });
  });
  return { fn, calls };
}

const NOW = 1_800_000_000_000;
const token2 = {
  access_token: 'access-2',
  refresh_token: 'refresh-2',
  expires_in: 7200,
  created_at: NOW / 1000,
  scope: 'public',
  token_type: 'Bearer',
  email: 'su.manager@demo.aero',
};
const sleeps: number[] = [];
const scheduled: { fn: () => void; ms: number }[] = [];
const navigate = vi.fn();

let path = '/flights/tabs/current';

function setup(handler: Handler, host = 'example.aero') {
  const fetch = fakeFetch(handler);
  path = '/flights/tabs/current';
  configureApiClient({
    fetch: fetch.fn as unknown as typeof globalThis.fetch,
    navigate,
    currentPath: () => path,
    later: (fn, ms) => {
      scheduled.push({ fn, ms });
    },
    now: () => NOW,
    host: () => detectHost(host),
  });
  return fetch;
}

function signIn(overrides: { created_at?: number; expires_in?: number; refresh_token?: string } = {}) {
  setSession(
    {
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: 7200,
      created_at: NOW / 1000 - 60,
      scope: 'public',
      token_type: 'Bearer',
      email: 'su.manager@demo.aero',
      ...overrides,
    },
    true,
  );
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string>)[name];
}

/**
 * Runs a call under fake timers and records the waits between its attempts (ky's retry delays; the per-attempt
 * timeout timers are left out).
 */
async function timed<T>(call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const fakeSetTimeout = globalThis.setTimeout;
  const waits: number[] = [];
  globalThis.setTimeout = ((handler: () => void, ms?: number) => {
    waits.push(Number(ms));
    return fakeSetTimeout(handler, ms);
  }) as typeof setTimeout;
  try {
    const promise = call();
    await vi.runAllTimersAsync();
    const result = await promise;
    sleeps.push(...waits.filter((ms) => ms !== TIMEOUT_MS));
    return result;
  } finally {
    globalThis.setTimeout = fakeSetTimeout;
    vi.useRealTimers();
  }
}

function runScheduled() {
  for (const item of scheduled.splice(0)) item.fn();
}

beforeEach(() => {
  resetApiClient();
  resetSessionCache();
  sleeps.length = 0;
  scheduled.length = 0;
  navigate.mockReset();
  vi.mocked(toast).mockReset();
  vi.mocked(notify).mockReset();
  vi.mocked(logEvent).mockReset();
});

afterEach(() => {
  resetApiClient();
});

describe('requests', () => {
  it('prefixes api/v3 and writes query arrays in bracket style', () => {
    expect(resolveUrl('companies', { page: 2, sort: '-name', ids: [1, 2], q: undefined, f: { state: 'active' } })).toBe(
      '/api/v3/companies?page=2&sort=-name&ids[]=1&ids[]=2&f[state]=active',
    );
    expect(resolveUrl('/api/v2/users')).toBe('/api/v2/users');
  });

  it('sends JSON with the Authorization header and no carrier header on the default host', async () => {
    signIn();
    const fetch = setup(() => json(200, { id: 1 }));
    const result = await apiRequest('profiles/me', { method: 'PATCH', body: { locale: 'ru' } });
    expect(result.ok).toBe(true);
    const call = fetch.calls[0]!;
    expect(call.url).toBe('/api/v3/profiles/me');
    expect(call.init.method).toBe('PATCH');
    expect(call.init.body).toBe('{"locale":"ru"}');
    expect(header(call.init, 'Content-Type')).toBe('application/json');
    expect(header(call.init, 'Accept')).toBe('application/json');
    expect(header(call.init, 'Authorization')).toBe('Bearer access-1');
    expect(header(call.init, 'X-Carrier')).toBeUndefined();
  });

  it('sends the carrier header on a company subdomain', async () => {
    const fetch = setup(() => json(200, {}), 'su.example.aero');
    await apiRequest('airports');
    expect(header(fetch.calls[0]!.init, 'X-Carrier')).toBe('su');
  });

  it('returns a failure instead of throwing, with the server error code and field errors', async () => {
    setup(() => json(422, { error: 'Exists', errors: { email: ['taken'] }, message: 'User already exists' }));
    const result = await apiRequest('companies/1/user_profiles', { method: 'POST', body: {} });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('Exists');
    expect(result.error.fieldErrors).toEqual({ email: ['taken'] });
    expect(result.error.serverMessage).toBe('User already exists');
  });
});

describe('token renewal', () => {
  it('renews an expired token before the call and uses the new one', async () => {
    signIn({ created_at: NOW / 1000 - 7200 });
    const fetch = setup((url) => (url === '/oauth/token' ? json(200, token2) : json(200, { ok: true })));
    const result = await apiRequest('profiles/me');
    expect(result.ok).toBe(true);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/oauth/token', '/api/v3/profiles/me']);
    expect(JSON.parse(String(fetch.calls[0]!.init.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    expect(header(fetch.calls[1]!.init, 'Authorization')).toBe('Bearer access-2');
    expect(getSession()?.access_token).toBe('access-2');
    expect(getSession()?.remember).toBe(true);
  });

  it('renews shortly before expiry, once for concurrent calls', async () => {
    signIn({ created_at: NOW / 1000 - 7190 });
    const fetch = setup((url) => (url === '/oauth/token' ? json(200, token2) : json(200, {})));
    await Promise.all([apiRequest('airports'), apiRequest('countries'), apiRequest('currencies')]);
    expect(fetch.calls.filter((c) => c.url === '/oauth/token')).toHaveLength(1);
  });

  it('does not renew for token calls', async () => {
    signIn({ created_at: NOW / 1000 - 9000 });
    const fetch = setup(() => json(200, {}));
    await apiRequest('/oauth/revoke', { method: 'POST', body: { token: 'access-1' } });
    expect(fetch.calls.map((c) => c.url)).toEqual(['/oauth/revoke']);
  });

  it('signs out when renewal fails and goes to sign-in after 2 s', async () => {
    signIn({ created_at: NOW / 1000 - 9000 });
    const fetch = setup((url) => (url === '/oauth/token' ? json(400, { error: 'invalid_grant' }) : json(200, {})));
    const result = await apiRequest('profiles/me');
    expect(result.ok).toBe(false);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/oauth/token']);
    expect(getSession()).toBeNull();
    expect(toast).toHaveBeenCalledWith('Not authorized', 'negative');
    expect(navigate).not.toHaveBeenCalled();
    expect(scheduled[0]?.ms).toBe(2000);
    runScheduled();
    expect(navigate).toHaveBeenCalledWith('/signIn?redirect=%2Fflights%2Ftabs%2Fcurrent');
  });

  it('signs out when renewal yields an empty result', async () => {
    signIn({ created_at: NOW / 1000 - 9000 });
    setup((url) => (url === '/oauth/token' ? json(200) : json(200, {})));
    const result = await apiRequest('profiles/me');
    expect(result.ok).toBe(false);
    expect(getSession()).toBeNull();
  });
});

describe('401 and 403', () => {
  it('signs out on 401, says not authorized and redirects after 2 s', async () => {
    signIn();
    setup(() => json(401, { error: 'Unauthorized' }));
    const result = await apiRequest('profiles/me');
    expect(result.ok).toBe(false);
    expect(getSession()).toBeNull();
    expect(toast).toHaveBeenCalledWith('Not authorized', 'negative');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.ms).toBe(2000);
    runScheduled();
    expect(navigate).toHaveBeenCalledWith('/signIn?redirect=%2Fflights%2Ftabs%2Fcurrent');
  });

  it('does not sign out on a 401 from the token info call', async () => {
    signIn();
    setup(() => json(401, {}));
    await apiRequest('/oauth/token/info');
    expect(getSession()).not.toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows access denied on 403 and, with available URLs, opens the profile access-denied view after 2 s', async () => {
    signIn();
    setup(() => json(403, { error: 'Forbidden', available_urls: ['/air-waybills', '/profile'], message: 'No access' }));
    const result = await apiRequest('companies');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('Forbidden');
    expect(toast).toHaveBeenCalledWith('Access denied', 'negative');
    expect(readJson(localStorage, ACCESS_DENIED_KEY)).toEqual({
      email: 'su.manager@demo.aero',
      urls: ['/air-waybills', '/profile'],
    });
    expect(getSession()).not.toBeNull();
    runScheduled();
    expect(navigate).toHaveBeenCalledWith('/profile?accessDenied=true');
  });

  it('does not pull the user back to the access-denied view after they moved to another page', async () => {
    signIn();
    setup(() => json(403, { error: 'Forbidden', available_urls: ['/air-waybills?role_id=7'], message: 'No access' }));
    await apiRequest('companies');
    path = '/air-waybills';
    runScheduled();
    expect(navigate).not.toHaveBeenCalledWith('/profile?accessDenied=true');
  });

  it('shows access denied without a redirect when no URLs are listed', async () => {
    signIn();
    setup(() => json(403, { error: 'Forbidden' }));
    await apiRequest('companies');
    expect(toast).toHaveBeenCalledWith('Access denied', 'negative');
    expect(scheduled).toHaveLength(0);
  });
});

describe('retries', () => {
  it('computes the backoff as 0.3 * 2^(n-1) seconds', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([300, 600, 1200]);
  });

  it.each([408, 413, 429, 500, 502, 503, 504])('retries an idempotent call on %i with backoff', async (status) => {
    let n = 0;
    const fetch = setup(() => (++n < 3 ? json(status, {}) : json(200, { ok: true })));
    const result = await timed(() => apiRequest('airports'));
    expect(result.ok).toBe(true);
    expect(fetch.calls).toHaveLength(3);
    expect(sleeps).toEqual([300, 600]);
  });

  it('gives up after two retries and returns the failure', async () => {
    const fetch = setup(() => json(500, { error: 'Undefined' }));
    const result = await timed(() => apiRequest('airports'));
    expect(result.ok).toBe(false);
    expect(fetch.calls).toHaveLength(3);
    expect(result.status).toBe(500);
  });

  it('honours Retry-After in seconds and as a date', async () => {
    let n = 0;
    setup(() => (++n === 1 ? json(429, {}, { 'retry-after': '2' }) : json(200, {})));
    await timed(() => apiRequest('airports'));
    expect(sleeps).toEqual([2000]);
    expect(parseRetryAfter(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
  });

  it('returns the failure instead of waiting for a Retry-After beyond 60 s', async () => {
    const fetch = setup(() => json(429, { error: 'TooManyRequests' }, { 'retry-after': '120' }));
    const result = await timed(() => apiRequest('airports'));
    expect(fetch.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.retryAfterMs).toBe(120_000);
  });

  it('ignores Retry-After on statuses that do not carry it', async () => {
    let n = 0;
    setup(() => (++n === 1 ? json(500, {}, { 'retry-after': '9' }) : json(200, {})));
    await timed(() => apiRequest('airports'));
    expect(sleeps).toEqual([300]);
  });

  it.each(['PUT', 'DELETE'] as const)('retries %s', async (method) => {
    let n = 0;
    const fetch = setup(() => (++n === 1 ? json(503, {}) : json(200, {})));
    await timed(() => apiRequest('companies/1', { method, body: {} }));
    expect(fetch.calls).toHaveLength(2);
  });

  it.each(['POST', 'PATCH'] as const)('does not retry %s', async (method) => {
    const fetch = setup(() => json(503, {}));
    const result = await timed(() => apiRequest('companies', { method, body: {} }));
    expect(result.ok).toBe(false);
    expect(fetch.calls).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    const fetch = setup(() => json(422, {}));
    await timed(() => apiRequest('airports'));
    expect(fetch.calls).toHaveLength(1);
  });

  it('retries network errors and then shows the network-error message', async () => {
    const fetch = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = await timed(() => apiRequest('airports'));
    expect(fetch.calls).toHaveLength(3);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('Network');
    expect(toast).toHaveBeenCalledWith('Network error. Check your connection.', 'negative');
  });
});

describe('cancellation and timeout', () => {
  it('cancels an older request of the same kind when a newer one starts', async () => {
    const pending: ((r: Response) => void)[] = [];
    setup(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const older = apiRequest('airports', { query: { q: 'SV' } });
    const newer = apiRequest('airports', { query: { q: 'SVO' } });
    // The older one is aborted before it reaches the network; the newer one is answered once it is sent.
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.at(-1)?.(json(200, [{ iata: 'SVO' }]));
    const [a, b] = await Promise.all([older, newer]);
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.error.kind).toBe('Aborted');
    expect(b.ok && b.data).toEqual([{ iata: 'SVO' }]);
    expect(logEvent).toHaveBeenCalledWith('Warning', expect.stringContaining('aborted'), expect.anything());
  });

  it('keeps requests of different kinds', async () => {
    setup(() => json(200, {}));
    const [a, b] = await Promise.all([apiRequest('airports'), apiRequest('countries')]);
    expect(a.ok && b.ok).toBe(true);
  });

  it('times out, shows the long-response notice and returns a Timeout failure', async () => {
    setup(() => new Promise<Response>(() => {}));
    const result = await apiRequest('airports', { timeoutMs: 10 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('Timeout');
    expect(notify).toHaveBeenCalledWith(
      'Long server response, check your internet connection',
      expect.objectContaining({ color: 'orange' }),
    );
  });
});

describe('logging and downloads', () => {
  it('logs failed responses other than 404, with the request body', async () => {
    setup((url) => (url.includes('missing') ? json(404, {}) : json(422, { error: 'PasswordTooShort' })));
    await apiRequest('missing');
    expect(logEvent).not.toHaveBeenCalled();
    await apiRequest('/api/v2/users/password', { method: 'PUT', body: { password: 'short' } });
    expect(logEvent).toHaveBeenCalledWith(
      'Error',
      expect.any(String),
      expect.objectContaining({ Status: 422, RequestBody: { password: 'short' } }),
      undefined,
    );
  });

  it('reads the download name from content-disposition', () => {
    expect(filenameFromDisposition('attachment; filename="fbl.pdf"')).toBe('fbl.pdf');
    expect(
      filenameFromDisposition("attachment; filename=x.xlsx; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82.xlsx"),
    ).toBe('отчёт.xlsx');
    expect(filenameFromDisposition('attachment; filename=tariffs.xlsx')).toBe('tariffs.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
