import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './logger';

async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLoggerFactory });
  app.get('/', async (request) => {
    request.log.info({ step: 'info' }, 'handler info');
    request.log.warn({ step: 'warn' }, 'handler warn');
    request.log.debug({ step: 'debug' }, 'handler debug');
    return { ok: true };
  });
  app.get('/verbose', { logLevel: 'debug' }, async (request) => {
    request.log.debug({ step: 'debug' }, 'route debug');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('lazy request loggers', () => {
  it('write what a level enables, with the request id, as an eager child would', async () => {
    const { app, lines } = await appLogging('info');
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(['incoming request', 'handler info', 'handler warn', 'request completed']);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(1);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('write nothing below the level, and warnings still with the request id', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ method: 'GET', url: '/' });
    expect(lines.map((l) => l.msg)).toEqual(['handler warn']);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('honour a route of its own log level', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ method: 'GET', url: '/verbose' });
    expect(lines.map((l) => l.msg)).toContain('route debug');
    await app.close();
  });
});
