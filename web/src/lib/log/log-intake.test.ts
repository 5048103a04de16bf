import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, resetSessionCache, setSession } from '@/lib/auth/session';
import { readJson } from '@/lib/storage';
import { flushLogs, type LogEvent, logEvent, maskSecrets } from './log-intake';

const queue = () => readJson<LogEvent[]>(localStorage, 'aircargo.log.queue') ?? [];

const TOKEN = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  expires_in: 7200,
  created_at: Math.floor(Date.now() / 1000),
  scope: 'public',
  token_type: 'Bearer' as const,
  email: 'a@b.aero',
};

beforeEach(() => {
  resetSessionCache();
  setSession(TOKEN, false);
});

afterEach(() => {
  clearSession('user');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('log intake', () => {
  it('masks passwords (and tokens) with four asterisks', () => {
    expect(
      maskSecrets({
        email: 'a@b.aero',
        password: 'secret',
        nested: { password_confirmation: 'x', refresh_token: 'r' },
      }),
    ).toEqual({
      email: 'a@b.aero',
      password: '****',
      nested: { password_confirmation: '****', refresh_token: '****' },
    });
  });

  it('keeps events in localStorage until the intake accepts them', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response(null, { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    logEvent('Error', 'HTTP {Method} failed', { Method: 'PUT', RequestBody: { password: 'secret' } }, 'boom');
    expect(queue()).toHaveLength(1);
    expect(queue()[0]).toMatchObject({
      Level: 'Error',
      MessageTemplate: 'HTTP {Method} failed',
      Exception: 'boom',
      Properties: { Method: 'PUT', RequestBody: { password: '****' }, Facility: 'web' },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queue()).toHaveLength(1);

    fetchMock.mockImplementation(async () => Response.json({}));
    await flushLogs();
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/events/raw');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    const body = JSON.parse(String(init.body)) as { Events: LogEvent[] };
    expect(body.Events[0]?.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(queue()).toHaveLength(0);
  });

  it('keeps events queued while nobody is signed in (the intake refuses anonymous callers)', async () => {
    clearSession('user');
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    logEvent('Error', 'before sign-in');
    await flushLogs();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queue().map((e) => e.MessageTemplate)).toContain('before sign-in');
    setSession(TOKEN, false);
    await flushLogs();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queue()).toHaveLength(0);
  });

  it('respects the minimum level the intake accepts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ MinimumLevelAccepted: 'Error' })),
    );
    logEvent('Error', 'first');
    await flushLogs();
    logEvent('Warning', 'ignored');
    expect(queue()).toHaveLength(0);
    localStorage.removeItem('aircargo.log.minimumLevel');
  });
});
