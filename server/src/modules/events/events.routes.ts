import { timingSafeEqual } from 'node:crypto';
import { eventsApi as api, type ClientLevel, MAX_LOG_BATCH, maskSecrets } from '@aircargo/contract/log';
import { authenticate, bearerToken } from '../../platform/auth';
import { unauthorized } from '../../platform/errors';
import { type Module, route } from '../../platform/http';
import { takeRateLimits } from '../../platform/rate-limit';

export const MAX_BATCH = MAX_LOG_BATCH;

/**
 * Intake limits: requests per address and per caller (token user or api key), and events per caller and per address,
 * each per minute.
 */
export const EVENT_LIMITS = { requestsPerMinute: 60, eventsPerMinute: 600 } as const;

/**
 * Client events go to the log under their own logger and at most at warn: a client cannot write a fatal or error line,
 * nor one that looks like the server's (its text is a property, the line's message is always "client event").
 */
const LOG_LEVEL: Record<ClientLevel, 'trace' | 'debug' | 'info' | 'warn'> = {
  verbose: 'trace',
  debug: 'debug',
  information: 'info',
  warning: 'warn',
  error: 'warn',
  fatal: 'warn',
};

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Reads newline-delimited compact events (application/vnd.serilog.clef). */
function parseCompact(body: string): unknown[] {
  return body
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

export const eventsRoutes: Module = (app, { db, config, authCache }) => {
  const clientLog = app.log.child({ logger: 'client-events' });

  app.addContentTypeParser('application/vnd.serilog.clef', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, { Events: parseCompact(String(body)) });
    } catch {
      const error = Object.assign(new Error('Body is not valid compact JSON'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  route(app, api.intake, async ({ body, query, request }) => {
    let caller: string;
    let userId: number | null = null;
    if (bearerToken(request)) {
      const auth = await authenticate(db, request, authCache);
      caller = `user:${auth.userId}`;
      userId = auth.userId;
    } else if (query.apiKey !== undefined && config.eventsApiKey && sameKey(query.apiKey, config.eventsApiKey)) {
      caller = 'key';
    } else {
      throw unauthorized();
    }
    const events = body.Events;
    const perMinute = (scope: string, key: string, max: number) => ({ scope, key, max, windowSeconds: 60 });
    await takeRateLimits(db, [
      perMinute('events-requests', `ip:${request.ip}`, EVENT_LIMITS.requestsPerMinute),
      perMinute('events-requests', caller, EVENT_LIMITS.requestsPerMinute),
    ]);
    if (events.length) {
      await takeRateLimits(
        db,
        [
          perMinute('events', `ip:${request.ip}`, EVENT_LIMITS.eventsPerMinute),
          perMinute('events', caller, EVENT_LIMITS.eventsPerMinute),
        ],
        events.length,
        'Too many log events, try again later',
      );
    }
    for (const raw of events) {
      const e = maskSecrets(raw) as Record<string, unknown>;
      const clientLevel = (e.Level ?? e['@l'] ?? 'information') as ClientLevel;
      clientLog[LOG_LEVEL[clientLevel]](
        {
          client: true,
          client_level: clientLevel,
          user_id: userId,
          ip: request.ip,
          reqId: request.id,
          template: String(e.MessageTemplate ?? e['@mt'] ?? ''),
          timestamp: e.Timestamp ?? e['@t'],
          properties: e.Properties ?? e,
          exception: e.Exception ?? e['@x'],
        },
        'client event',
      );
    }
    return { MinimumLevelAccepted: 'Information' as const };
  });
};
