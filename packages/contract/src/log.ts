import { z } from 'zod';
import { endpoint } from './endpoint';

/** Serilog levels the web logger writes and the intake reads. */
export const LOG_LEVELS = ['Verbose', 'Debug', 'Information', 'Warning', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A level name in any letter case, read as its lower-case form; anything else (`constructor`) is refused. */
export const CLIENT_LEVELS = ['verbose', 'debug', 'information', 'warning', 'error', 'fatal'] as const;
export type ClientLevel = (typeof CLIENT_LEVELS)[number];
const levelName = z
  .string()
  .max(20)
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(CLIENT_LEVELS));

/** One client log event (seed 001 section 7 "Logging"), plain or in the compact form (CLEF: @t, @mt, @l, @x). */
export const logEvent = z
  .object({
    Level: levelName.optional(),
    MessageTemplate: z.string().max(10_000).optional(),
    Properties: z.record(z.string(), z.unknown()).optional(),
    Timestamp: z.string().max(64).optional(),
    Exception: z.string().max(50_000).optional(),
    '@t': z.string().max(64).optional(),
    '@mt': z.string().max(10_000).optional(),
    '@l': levelName.optional(),
    '@x': z.string().max(50_000).optional(),
  })
  .catchall(z.unknown());

/** What the web logger sends: the plain form with every field it always sets. */
export interface ClientLogEvent {
  Level: LogLevel;
  MessageTemplate: string;
  Properties: Record<string, unknown>;
  Timestamp: string;
  Exception?: string;
}

/** The web client queues at most 200 events; a batch is at most that. */
export const MAX_LOG_BATCH = 200;
export const logBatch = z.object({ Events: z.array(logEvent).max(MAX_LOG_BATCH) });
export type LogBatch = z.infer<typeof logBatch>;

export const logIntakeQuery = z.object({ apiKey: z.string().max(200).optional() });

export const logIntakeAnswer = z.object({ MinimumLevelAccepted: z.enum(LOG_LEVELS) });

/** Field names whose values never reach a log: passwords (and confirmations) and tokens. */
const SECRET_KEY = /password|token/i;
const MASK = '****';
const MAX_DEPTH = 20;

/**
 * Masks secrets before anything is logged, on both sides: any field named like a password or a token (any case, any
 * depth) becomes four asterisks, and so does such a field inside JSON text carried in a string (a logged body).
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = SECRET_KEY.test(key) ? MASK : maskSecrets(item, depth + 1);
    return out;
  }
  if (typeof value === 'string' && SECRET_KEY.test(value)) {
    return value.replace(/("[^"]*(?:password|token)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${MASK}"`);
  }
  return value;
}

/** Client log intake (seed 001 section 7 "Logging"): structured events, plain JSON or compact. */
export const eventsApi = {
  intake: endpoint({
    method: 'POST',
    path: '/api/events/raw',
    // Public as a route: the handler requires a session or the configured api key (either one).
    permission: 'public',
    tags: ['platform'],
    summary: 'Client log intake (structured events, plain or compact): a session or the configured api key',
    query: logIntakeQuery,
    body: logBatch,
    response: logIntakeAnswer,
    status: 201,
  }),
};
