import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgresql', url });
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

  it('refuses a malformed value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow();
  });
});
