import { z } from 'zod';
import type { Module } from '../../platform/http';

const event = z
  .object({
    Level: z.string().max(20).optional(),
    MessageTemplate: z.string().max(10_000).optional(),
    Properties: z.record(z.string(), z.unknown()).optional(),
    Timestamp: z.string().max(64).optional(),
    Exception: z.string().max(50_000).optional(),
    // Compact form (CLEF): @t, @mt, @l, @x and free properties.
    '@t': z.string().max(64).optional(),
    '@mt': z.string().max(10_000).optional(),
    '@l': z.string().max(20).optional(),
    '@x': z.string().max(50_000).optional(),
  })
  .catchall(z.unknown());

const batch = z.object({ Events: z.array(event).max(1000) });

/** Masks any field named password (any case, any depth) with four asterisks. */
export function maskPasswords(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => maskPasswords(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = /password/i.test(k) ? '****' : maskPasswords(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'string' && value.includes('password')) {
    // A JSON text carried in a string (a logged request body) is masked too.
    return value.replace(/("[^"]*password[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"****"');
  }
  return value;
}

const LEVELS: Record<string, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  verbose: 'trace',
  debug: 'debug',
  information: 'info',
  info: 'info',
  warning: 'warn',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};

/** Reads newline-delimited compact events (application/vnd.serilog.clef). */
function parseCompact(body: string): unknown[] {
  return body
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

export const eventsRoutes: Module = (app) => {
  app.addContentTypeParser('application/vnd.serilog.clef', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, { Events: parseCompact(String(body)) });
    } catch {
      const error = Object.assign(new Error('Body is not valid compact JSON'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  app.post(
    '/api/events/raw',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Client log intake (structured events, plain or compact)',
        querystring: z.object({ apiKey: z.string().max(200).optional() }),
        body: batch,
        response: { 201: z.object({ MinimumLevelAccepted: z.string() }) },
      },
    },
    async (request, reply) => {
      for (const raw of request.body.Events) {
        const e = maskPasswords(raw) as Record<string, unknown>;
        const level = LEVELS[String(e.Level ?? e['@l'] ?? 'information').toLowerCase()] ?? 'info';
        request.log[level](
          {
            client: true,
            timestamp: e.Timestamp ?? e['@t'],
            properties: e.Properties ?? e,
            exception: e.Exception ?? e['@x'],
          },
          String(e.MessageTemplate ?? e['@mt'] ?? 'client event'),
        );
      }
      return reply.status(201).send({ MinimumLevelAccepted: 'Information' });
    },
  );
};
