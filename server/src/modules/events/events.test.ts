import { Writable } from 'node:stream';
import { maskSecrets } from '@aircargo/contract/log';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { prepareDatabase } from '../../db/bootstrap';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db';
import { DEMO } from '../../test/harness';
import { EVENT_LIMITS, MAX_BATCH } from './events.routes';

describe("maskSecrets (the contract's one masking function)", () => {
  it('masks every field named password at any depth, and inside logged JSON text', () => {
    expect(
      maskSecrets({
        password: 'secret',
        nested: { Password: 'x', list: [{ password_confirmation: 'y' }] },
        body: '{"email":"a@b.c","password":"hunter22"}',
      }),
    ).toEqual({
      password: '****',
      nested: { Password: '****', list: [{ password_confirmation: '****' }] },
      body: '{"email":"a@b.c","password":"****"}',
    });
  });
});

const KEY = 'intake-key-0123456789';

describe('POST /api/events/raw', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'info' },
    { database: { kind: 'pglite', dataDir: null }, seedDemo: true, webDist: '/nonexistent', eventsApiKey: KEY },
  );
  const database = await openDatabase(config.database);
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', email: DEMO.fwdA, password: DEMO_PASSWORD },
  });
  const token = signIn.json().access_token as string;
  let address = 0;
  /** Each test sends from its own address, so the per-address limits of one do not reach the next. */
  const post = (payload: unknown, options: { url?: string; headers?: Record<string, string>; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: options.url ?? `/api/events/raw?apiKey=${KEY}`,
      remoteAddress: options.ip ?? `198.51.100.${++address}`,
      headers: options.headers,
      payload: payload as object,
    });
  const logged = () => lines.map((l) => JSON.parse(l));

  it('writes each event to the log with passwords masked', async () => {
    const response = await post({
      Events: [
        {
          Level: 'Error',
          MessageTemplate: 'Request {url} failed',
          Properties: { url: '/api/v3/companies', request: { password: 'hunter22' } },
          Timestamp: '2026-11-21T10:00:00+03:00',
          Exception: 'TypeError: x is undefined',
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ MinimumLevelAccepted: 'Information' });
    const line = logged().find((l) => l.template === 'Request {url} failed');
    expect(line).toMatchObject({ client: true, client_level: 'error', properties: { request: { password: '****' } } });
    expect(lines.join('')).not.toContain('hunter22');
  });

  it('takes the compact form, one event per line', async () => {
    const response = await post(
      '{"@t":"2026-11-21T07:00:00Z","@mt":"compact one","@l":"Warning"}\n{"@t":"2026-11-21T07:00:01Z","@mt":"compact two"}\n',
      { headers: { 'content-type': 'application/vnd.serilog.clef' } },
    );
    expect(response.statusCode).toBe(201);
    const templates = logged().map((l) => l.template);
    expect(templates).toEqual(expect.arrayContaining(['compact one', 'compact two']));
  });

  it('refuses a batch that is not one', async () => {
    const response = await post({ Events: 'nope' });
    expect(response.statusCode).toBe(422);
  });

  it('refuses a caller with neither a session nor the configured key', async () => {
    const events = { Events: [{ Level: 'Information', MessageTemplate: 'anonymous' }] };
    expect((await post(events, { url: '/api/events/raw' })).statusCode).toBe(401);
    expect((await post(events, { url: '/api/events/raw?apiKey=intake-key-0123456780' })).statusCode).toBe(401);
    expect((await post(events, { url: '/api/events/raw', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(
      401,
    );
    const signedIn = await post(events, { url: '/api/events/raw', headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.statusCode).toBe(201);
    expect(logged().filter((l) => l.template === 'anonymous')).toHaveLength(1);
  });

  it('validates Level as one of the level names: "constructor" is a 422, not a 500', async () => {
    for (const Level of ['constructor', '__proto__', 'toString', 'Critical']) {
      const response = await post({ Events: [{ Level, MessageTemplate: 'x' }] });
      expect(response.statusCode, Level).toBe(422);
    }
  });

  it('logs client events under their own logger, at most at warn, never as a server line', async () => {
    const response = await post({
      Events: [{ Level: 'Fatal', MessageTemplate: 'password reset requested', Properties: { path: '/users/x' } }],
    });
    expect(response.statusCode).toBe(201);
    const line = logged().find((l) => l.template === 'password reset requested');
    expect(line).toMatchObject({ level: 40, logger: 'client-events', msg: 'client event', client_level: 'fatal' });
    expect(logged().some((l) => l.msg === 'password reset requested')).toBe(false);
  });

  it('limits requests per address, whoever the caller', async () => {
    const ip = '203.0.113.50';
    const responses = [];
    for (let i = 0; i <= EVENT_LIMITS.requestsPerMinute; i++) {
      // Half with the key, half with a session: neither caller reaches its own limit, the address does.
      const options = i % 2 ? { ip } : { ip, url: '/api/events/raw', headers: { authorization: `Bearer ${token}` } };
      responses.push(await post({ Events: [] }, options));
    }
    expect(responses.slice(0, -1).every((r) => r.statusCode === 201)).toBe(true);
    const last = responses.at(-1)!;
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('caps the events a caller may send per minute, from any address', async () => {
    const full = {
      Events: Array.from({ length: MAX_BATCH }, (_, i) => ({ Level: 'Debug', MessageTemplate: `e${i}` })),
    };
    const headers = { authorization: `Bearer ${token}` };
    const sent = EVENT_LIMITS.eventsPerMinute / MAX_BATCH;
    for (let i = 0; i < sent - 1; i++) {
      expect((await post(full, { url: '/api/events/raw', headers })).statusCode).toBe(201);
    }
    // One event was sent by this user earlier in the file: the last full batch no longer fits.
    expect((await post(full, { url: '/api/events/raw', headers })).statusCode).toBe(429);
  });
});
