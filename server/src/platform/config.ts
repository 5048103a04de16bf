import { join, resolve } from 'node:path';
import { APP_ENVIRONMENTS, type AppEnvironment } from '@aircargo/domain';
import { z } from 'zod';

/** Connections each process may hold open to a PostgreSQL server. */
export const DEFAULT_DB_POOL_SIZE = 10;

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DB_POOL_SIZE),
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
  /** Absolute lifetime of a sign-in without remember-me (its refresh tokens die after it). */
  SESSION_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  REFRESH_IDLE_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 3600),
  REMEMBER_ME_IDLE_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  NODE_ENV: z.string().default('development'),
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  TRUST_PROXY: z.string().optional(),
  EVENTS_API_KEY: z.string().min(16).optional(),
  /** Where users reach the web app: the base of links in mail (reset, confirmation). */
  APP_URL: z.string().url().optional(),
  APP_ENV: z.enum(APP_ENVIRONMENTS).default('production'),
  WORKER: z.enum(['inline', 'off', 'auto']).default('auto'),
  /** Where attachment files are kept (decision 025): only the local disk so far. */
  ATTACHMENT_STORAGE: z.enum(['local']).default('local'),
  /** The directory of the local attachment storage; by default `attachments` under DATA_DIR. */
  ATTACHMENTS_DIR: z.string().optional(),
  /** The SMTP listener of the telegram mail intake (issue 14): started when a port is set. */
  MAIL_INTAKE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MAIL_INTAKE_HOST: z.string().default('0.0.0.0'),
  /** The domain whose addresses the listener accepts (companies.cimp_email, telegrams@ for the platform). */
  MAIL_INTAKE_DOMAIN: z.string().min(1).default('localhost'),
  /** Largest mail accepted, in bytes. */
  MAIL_INTAKE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** An SMTP relay for outgoing mail, `smtp://user:pass@host:port` (smtps:// for TLS); without it mail goes to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  /** The sender of the platform's mail and the domain of its Message-IDs. */
  MAIL_FROM: z.string().min(3).default('Air Cargo <noreply@aircargo.localhost>'),
  /** How long a running job may go without finishing before another worker takes it over (decision 007). */
  JOB_LOCK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  /** How long a webhook or an HTTP gateway may take to answer (outgoing messages). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
});

export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL server (with the pool size, default DEFAULT_DB_POOL_SIZE) or embedded PGlite (in memory when dataDir is null). */
  database:
    | { kind: 'postgresql'; url: string; poolSize?: number }
    | {
        kind: 'pglite';
        dataDir: string | null;
        /** A tar image of a data directory to start from (the test suite's template; see src/test/global-setup.ts). */
        loadDataDir?: string;
      };
  logLevel: z.infer<typeof env>['LOG_LEVEL'];
  /** Whether to fill an empty database with the demo data on start. */
  seedDemo: boolean;
  webDist: string;
  /** Access token lifetime (seconds), with or without remember-me. */
  accessTokenTtl: number;
  /** Absolute lifetime of a sign-in (a refresh token family) with remember-me, and without it. */
  rememberMeTtl: number;
  sessionTtl: number;
  /** A refresh token unused for this long is dead: without remember-me, and with it. */
  refreshIdleTtl: number;
  rememberMeIdleTtl: number;
  /** How long a token context or profile may be served from memory; 0 turns the cache off. */
  authCacheTtlMs: number;
  /**
   * Which proxies may name the client address in X-Forwarded-For: false (none, the default), true (any), a hop count,
   * or a comma-separated list of addresses/CIDRs. Sign-in throttling per address depends on it.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  version: string;
  /** The api key of the client log intake (seed 001 "Logging"); without one only signed-in clients may send events. */
  eventsApiKey: string | null;
  /** The web app's public address, the base of links in mail; by default this server on localhost. */
  appUrl: string;
  /** The deployment's environment (seed 000 section 4); staging opens some screens (decision 014). */
  environment: AppEnvironment;
  /**
   * Where jobs run: 'inline' (a worker inside the API process), 'off' (only `npm run worker` processes), or 'auto'
   * (inline on embedded PGlite, which no other process can reach; off on PostgreSQL).
   */
  worker: 'inline' | 'off' | 'auto';
  /**
   * Where attachment files are kept (server/src/platform/storage.ts, decision 025): a directory of the local disk. An
   * S3-compatible store would be another kind here.
   */
  attachmentStorage: { kind: 'local'; directory: string };
  /**
   * The SMTP listener of the telegram mail intake (modules/incoming-telegrams): null when MAIL_INTAKE_PORT is unset.
   * It accepts mail only for addresses of `domain` that belong to a company.
   */
  mailIntake: { port: number; host: string; domain: string; maxBytes: number } | null;
  /** Outgoing mail: the SMTP relay (null: the log transport) and the sender address. */
  smtpUrl: string | null;
  mailFrom: string;
  /** A running job whose worker has been silent this long is claimed again. */
  jobLockTimeoutMs: number;
  /** Timeout of a webhook or HTTP gateway call of an outgoing message. */
  webhookTimeoutMs: number;
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
    ? { kind: 'postgresql', url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE }
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
    sessionTtl: e.SESSION_TTL,
    refreshIdleTtl: e.REFRESH_IDLE_TTL,
    rememberMeIdleTtl: e.REMEMBER_ME_IDLE_TTL,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    version: process.env.npm_package_version ?? '0.1.0',
    eventsApiKey: e.EVENTS_API_KEY ?? null,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    environment: e.APP_ENV,
    worker: e.WORKER,
    attachmentStorage: {
      kind: e.ATTACHMENT_STORAGE,
      directory: resolve(e.ATTACHMENTS_DIR ?? join(e.DATA_DIR, 'attachments')),
    },
    mailIntake:
      e.MAIL_INTAKE_PORT === undefined
        ? null
        : {
            port: e.MAIL_INTAKE_PORT,
            host: e.MAIL_INTAKE_HOST,
            domain: e.MAIL_INTAKE_DOMAIN.toLowerCase(),
            maxBytes: e.MAIL_INTAKE_MAX_BYTES,
          },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    jobLockTimeoutMs: e.JOB_LOCK_TIMEOUT_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    ...overrides,
  };
}

/** Whether this API process runs a job worker itself. */
export function runsInlineWorker(config: Pick<Config, 'worker' | 'database'>): boolean {
  return config.worker === 'inline' || (config.worker === 'auto' && config.database.kind === 'pglite');
}
