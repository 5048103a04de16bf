import { setTimeout as sleep } from 'node:timers/promises';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './db';

/**
 * Transactions with retry. PostgreSQL aborts a transaction that cannot be serialized (SQLSTATE 40001, under
 * REPEATABLE READ and SERIALIZABLE) or that deadlocked (40P01); the right answer is to run the whole transaction again.
 * `inTransaction` does that a bounded number of times with exponential backoff and full jitter, so that two colliding
 * callers do not collide again in lock step. Any other error rolls back and propagates at once.
 *
 * Called inside another transaction (with a `tx` as the handle) it runs `fn` in a savepoint and does not retry: the
 * aborted outer transaction is what must run again, and the outermost `inTransaction` does that.
 *
 * On PGlite there is one connection and statements never interleave, so neither failure occurs; the same code runs.
 */

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  isolation?: Isolation;
  /** Read-only transactions may run as SERIALIZABLE READ ONLY DEFERRABLE without serialization failures. */
  readOnly?: boolean;
  /** Attempts in all, the first included (default 5). */
  attempts?: number;
  /** Backoff before retry n is a random time up to min(maxDelayMs, baseDelayMs * 2^(n-1)) (defaults 10 and 500). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told of each retry, for logging and tests. */
  onRetry?: (info: { attempt: number; code: RetryableCode; delayMs: number }) => void;
}

export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';
export type RetryableCode = typeof SERIALIZATION_FAILURE | typeof DEADLOCK_DETECTED;

/** The SQLSTATE of a database error, looking through the wrappers (drizzle's query error keeps the driver's as `cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryable(error: unknown): error is Error {
  const code = sqlState(error);
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
}

/** Full jitter: uniformly random up to the capped exponential backoff. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** (retry - 1)));
}

export async function inTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const config = {
    ...(options.isolation ? { isolationLevel: options.isolation } : {}),
    ...(options.readOnly ? { accessMode: 'read only' as const } : {}),
  };
  if (db instanceof PgTransaction) {
    // A savepoint of the caller's transaction: it cannot change the isolation, and retrying is the caller's job.
    return db.transaction((tx) => fn(tx as unknown as Db));
  }
  const attempts = Math.max(1, options.attempts ?? 5);
  const base = options.baseDelayMs ?? 10;
  const max = options.maxDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db), Object.keys(config).length ? config : undefined);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      const delayMs = backoffDelay(attempt, base, max);
      options.onRetry?.({ attempt, code: sqlState(error) as RetryableCode, delayMs });
      await sleep(delayMs);
    }
  }
}
