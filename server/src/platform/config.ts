import { resolve } from 'node:path';
import { z } from 'zod';

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).optional(),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(7200),
  REMEMBER_ME_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  NODE_ENV: z.string().default('development'),
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  TRUST_PROXY: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  database: { kind: 'postgresql'; url: string } | { kind: 'pglite'; dataDir: string | null };
  logLevel: z.infer<typeof env>['LOG_LEVEL'];
  /** Whether to fill an empty database with the demo data on start. */
  seedDemo: boolean;
  webDist: string;
  accessTokenTtl: number;
  rememberMeTtl: number;
  /** How long a token context or profile may be served from memory; 0 turns the cache off. */
  authCacheTtlMs: number;
  /**
   * Which proxies may name the client address in X-Forwarded-For: false (none, the default), true (any), a hop count,
   * or a comma-separated list of addresses/CIDRs. Sign-in throttling per address depends on it.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  version: string;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads the configuration from the environment; `overrides` serve tests and scripts. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = env.parse(source);
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgresql', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(e.DATA_DIR) };
  const seedDemo = database.kind === 'pglite' ? e.SEED !== 'none' : e.SEED === 'demo';
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(repoRoot, 'web/dist'),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    rememberMeTtl: e.REMEMBER_ME_TTL,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    version: process.env.npm_package_version ?? '0.1.0',
    ...overrides,
  };
}
