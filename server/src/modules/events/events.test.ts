import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db';
import { maskPasswords } from './events.routes';

describe('maskPasswords', () => {
  it('masks every field named password at any depth, and inside logged JSON text', () => {
    expect(
      maskPasswords({
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

describe('POST /api/events/raw', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'info' }, { database: { kind: 'pglite', dataDir: null } });
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes each event to the server log with passwords masked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/events/raw?apiKey=abc',
      payload: {
        Events: [
          {
            Level: 'Error',
            MessageTemplate: 'Request {url} failed',
            Properties: { url: '/api/v3/companies', request: { password: 'hunter22' } },
            Timestamp: '2026-11-21T10:00:00+03:00',
            Exception: 'TypeError: x is undefined',
          },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ MinimumLevelAccepted: 'Information' });
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'Request {url} failed');
    expect(logged).toMatchObject({ level: 50, client: true, properties: { request: { password: '****' } } });
    expect(lines.join('')).not.toContain('hunter22');
  });

  it('takes the compact form, one event per line', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/events/raw',
      headers: { 'content-type': 'application/vnd.serilog.clef' },
      payload:
        '{"@t":"2026-11-21T07:00:00Z","@mt":"compact one","@l":"Warning"}\n{"@t":"2026-11-21T07:00:01Z","@mt":"compact two"}\n',
    });
    expect(response.statusCode).toBe(201);
    const messages = lines.map((l) => JSON.parse(l).msg);
    expect(messages).toEqual(expect.arrayContaining(['compact one', 'compact two']));
  });

  it('refuses a batch that is not one', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/events/raw', payload: { Events: 'nope' } });
    expect(response.statusCode).toBe(422);
  });
});
