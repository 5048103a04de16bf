import { describe, expect, it } from 'vitest';
import { loadConfig, runsInlineWorker } from './config';

describe('loadConfig', () => {
  it('defaults to embedded PGlite in ./data with the demo seed on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/\/data$/) });
    expect(config.seedDemo).toBe(true);
    expect(loadConfig({ SEED: 'none' }).seedDemo).toBe(false);
  });

  it('uses a PostgreSQL server from DATABASE_URL and seeds it only when asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgresql', url, poolSize: 10 });
    expect(loadConfig({ DATABASE_URL: url, DB_POOL_SIZE: '25' }).database).toEqual({
      kind: 'postgresql',
      url,
      poolSize: 25,
    });
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED: 'demo' }).seedDemo).toBe(true);
  });

  it('trusts no proxy unless told, then a flag, a hop count or a list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
  });

  it('runs the job worker inside the API on PGlite unless told otherwise, and outside it on PostgreSQL', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/x';
    expect(runsInlineWorker(loadConfig({}))).toBe(true);
    expect(runsInlineWorker(loadConfig({ WORKER: 'off' }))).toBe(false);
    expect(runsInlineWorker(loadConfig({ DATABASE_URL: url }))).toBe(false);
    expect(runsInlineWorker(loadConfig({ DATABASE_URL: url, WORKER: 'inline' }))).toBe(true);
    expect(() => loadConfig({ WORKER: 'sometimes' })).toThrow();
  });

  it('sends mail to the log without SMTP_URL, over SMTP with one; job lock and webhook timeouts are settable', () => {
    const plain = loadConfig({});
    expect(plain).toMatchObject({ smtpUrl: null, jobLockTimeoutMs: 300_000, webhookTimeoutMs: 5000 });
    expect(plain.mailFrom).toMatch(/@/);
    const smtp = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      MAIL_FROM: 'Cargo <cargo@example.com>',
      JOB_LOCK_TIMEOUT_MS: '2000',
      WEBHOOK_TIMEOUT_MS: '1500',
    });
    expect(smtp).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example:587',
      mailFrom: 'Cargo <cargo@example.com>',
      jobLockTimeoutMs: 2000,
      webhookTimeoutMs: 1500,
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow();
  });

  it('refuses a malformed value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow();
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow();
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' })).toThrow();
  });
});
