import {
  type ClientLogEvent,
  eventsApi,
  LOG_LEVELS,
  type LogLevel,
  logIntakeAnswer,
  maskSecrets,
} from '@aircargo/contract/log';
import { getSession } from '@/lib/auth/session';
import { readJson, writeJson } from '@/lib/storage';

export type { ClientLogEvent as LogEvent, LogLevel } from '@aircargo/contract/log';
/** The one masking function of server and web (packages/contract). */
export { maskSecrets };

export const LOG_INTAKE_PATH = eventsApi.intake.path;
const QUEUE_KEY = 'aircargo.log.queue';
const LEVEL_KEY = 'aircargo.log.minimumLevel';
const MAX_QUEUED = 200;
const FLUSH_DELAY_MS = 1000;
/** With a level switch on the intake, an empty send asks for the current level every 2 minutes. */
export const LEVEL_REFRESH_MS = 120_000;
const LEVELS: readonly LogLevel[] = LOG_LEVELS;

function browserProperties(): Record<string, unknown> {
  if (typeof navigator === 'undefined') return {};
  const ua = navigator.userAgent;
  const browser = /(Edg|OPR|Firefox|Chrome|Safari)\/([\d.]+)/.exec(ua);
  const os = /(Windows NT [\d.]+|Mac OS X [\d_.]+|Android [\d.]+|iPhone OS [\d_]+|Linux)/.exec(ua);
  return {
    Facility: 'web',
    Url: typeof window === 'undefined' ? undefined : window.location.href,
    BrowserName: browser?.[1] ?? 'unknown',
    BrowserVersion: browser?.[2] ?? 'unknown',
    BrowserType: /Mobile/.test(ua) ? 'mobile' : 'desktop',
    Os: os?.[1]?.replace(/_/g, '.') ?? 'unknown',
  };
}

function readQueue(): ClientLogEvent[] {
  return readJson<ClientLogEvent[]>(localStorage, QUEUE_KEY) ?? [];
}

function levelAccepted(level: LogLevel): boolean {
  const minimum = readJson<LogLevel>(localStorage, LEVEL_KEY);
  if (!minimum) return true;
  return LEVELS.indexOf(level) >= LEVELS.indexOf(minimum);
}

let flushTimer: ReturnType<typeof setTimeout> | null = null;
let levelTimer: ReturnType<typeof setInterval> | null = null;
let flushing: Promise<void> | null = null;

/** Queues an event in localStorage; it is sent shortly and stays queued until the intake accepts it. */
export function logEvent(
  level: LogLevel,
  messageTemplate: string,
  properties: Record<string, unknown> = {},
  exception?: string,
): void {
  if (!levelAccepted(level)) return;
  const event: ClientLogEvent = {
    Level: level,
    MessageTemplate: messageTemplate,
    Properties: { ...browserProperties(), ...(maskSecrets(properties) as Record<string, unknown>) },
    Timestamp: new Date().toISOString(),
  };
  if (exception) event.Exception = exception;
  const queue = [...readQueue(), event].slice(-MAX_QUEUED);
  writeJson(localStorage, QUEUE_KEY, queue);
  scheduleFlush();
}

function scheduleFlush(): void {
  if (flushTimer) return;
  flushTimer = setTimeout(() => {
    flushTimer = null;
    void flushLogs();
  }, FLUSH_DELAY_MS);
}

/** Sends queued events (or an empty batch to learn the level). Events leave the queue only once accepted. */
export function flushLogs(sendEmpty = false): Promise<void> {
  if (flushing) return flushing;
  const batch = readQueue();
  if (batch.length === 0 && !sendEmpty) return Promise.resolve();
  // The intake takes events from a signed-in client only (or with a configured api key): unsent events wait.
  const session = getSession();
  if (!session) return Promise.resolve();
  flushing = (async () => {
    try {
      // Plain fetch, not the API client: its failures are logged here, and the send must outlive the page (keepalive).
      const response = await fetch(LOG_INTAKE_PATH, {
        method: eventsApi.intake.method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `${session.token_type || 'Bearer'} ${session.access_token}`,
        },
        body: JSON.stringify({ Events: batch }),
        keepalive: true,
      });
      if (!response.ok) return;
      writeJson(localStorage, QUEUE_KEY, readQueue().slice(batch.length));
      const answer = logIntakeAnswer.safeParse(await response.json().catch(() => null));
      if (answer.success) {
        writeJson(localStorage, LEVEL_KEY, answer.data.MinimumLevelAccepted);
        startLevelRefresh();
      }
    } catch {
      // Offline or intake down: the events wait in localStorage for the next try.
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

function startLevelRefresh(): void {
  if (levelTimer) return;
  levelTimer = setInterval(() => void flushLogs(true), LEVEL_REFRESH_MS);
}

/** Sends whatever an earlier page left in the queue. */
export function startLogIntake(): void {
  if (readQueue().length > 0) scheduleFlush();
}
