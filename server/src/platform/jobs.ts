import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { type Clock, systemClock } from './clock';
import { type Db, queryRows } from './db';

/**
 * Jobs and the transactional outbox (decision 007). `enqueue` writes a row with the caller's handle, so a job enqueued
 * inside a transaction exists exactly when the transaction's change does. Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED` (two workers never take the same row), run the kind's handler outside any transaction, and
 * mark the row done; a failure moves `run_at` by an exponential backoff with jitter until `max_attempts`, then the row
 * is dead and stays for an operator. A worker that died mid-job leaves a 'running' row that another worker reclaims
 * after the lock timeout; handlers are therefore written to be safe to run twice (the job id is their message id).
 *
 * Enqueueing notifies 'jobs', which wakes idle workers at commit; the table is the truth, and workers also poll.
 */

export type JobRow = typeof jobs.$inferSelect;

export const JOBS_CHANNEL = 'jobs';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A second enqueue with this key does nothing and answers the first job's id. */
  uniqueKey?: string;
  /** Attempts before the job is dead (default 8). */
  maxAttempts?: number;
}

/** Adds a job; pass the transaction of the business write as `db` to make it an outbox entry. */
export async function enqueue(
  db: Db,
  kind: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      unique_key: options.uniqueKey ?? null,
      ...(options.runAt ? { run_at: options.runAt } : {}),
      ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.unique_key })
    .returning({ id: jobs.id });
  if (inserted[0]) {
    await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
    return { id: inserted[0].id, created: true };
  }
  const [existing] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.unique_key, options.uniqueKey ?? ''));
  if (!existing) throw new Error(`job ${kind}: the unique key ${options.uniqueKey} vanished during enqueue`);
  return { id: existing.id, created: false };
}

export interface JobContext {
  db: Db;
  job: JobRow;
  log: JobLogger;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silentLog: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface WorkerOptions {
  db: Db;
  handlers: JobHandlers;
  clock?: Clock;
  log?: JobLogger;
  /** Names the worker in `locked_by` (default host:pid:random). */
  id?: string;
  /** Jobs claimed at a time (default 10). */
  batchSize?: number;
  /** How often an idle worker looks for due jobs (default 2 s); a 'jobs' notification wakes it earlier. */
  pollMs?: number;
  /** A 'running' job older than this is presumed abandoned and claimed again (default 5 min). */
  lockTimeoutMs?: number;
  /** The delay before retry n (default: 2^n s with full jitter, at most 1 h). */
  backoffMs?: (attempt: number) => number;
}

export function defaultBackoffMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(3_600_000, 1000 * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

export class JobWorker {
  readonly id: string;
  private readonly db: Db;
  private readonly handlers: JobHandlers;
  private readonly clock: Clock;
  private readonly log: JobLogger;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly lockTimeoutMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(options: WorkerOptions) {
    this.db = options.db;
    this.handlers = options.handlers;
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? silentLog;
    this.id = options.id ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.batchSize = options.batchSize ?? 10;
    this.pollMs = options.pollMs ?? 2000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5 * 60_000;
    this.backoffMs = options.backoffMs ?? ((attempt) => defaultBackoffMs(attempt));
  }

  /**
   * Takes up to `limit` due jobs of the kinds this worker handles and marks them running, in one statement: the
   * inner SELECT ... FOR UPDATE SKIP LOCKED passes over rows another worker is claiming at the same moment.
   */
  async claim(limit = this.batchSize): Promise<JobRow[]> {
    const kinds = Object.keys(this.handlers);
    if (!kinds.length) return [];
    const now = this.clock.now();
    const stale = new Date(now.getTime() - this.lockTimeoutMs);
    // The clock counts milliseconds and the database microseconds: a job enqueued (run_at = now()) within the current
    // millisecond is due too.
    const due = new Date(now.getTime() + 1);
    const rows = await queryRows<{ id: string | number }>(
      this.db,
      sql`
      update ${jobs} set state = 'running', attempts = attempts + 1, locked_by = ${this.id},
             locked_at = ${now.toISOString()}::timestamptz
       where id in (
         select id from ${jobs}
          where ${inArray(jobs.kind, kinds)}
            and ((state = 'pending' and run_at < ${due.toISOString()}::timestamptz)
              or (state = 'running' and locked_at < ${stale.toISOString()}::timestamptz))
          order by run_at, id
          limit ${limit}
          for update skip locked)
      returning id`,
    );
    if (!rows.length) return [];
    const ids = rows.map((r) => Number(r.id));
    const claimed = await this.db.select().from(jobs).where(inArray(jobs.id, ids));
    return claimed.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id - b.id);
  }

  /** Runs one claimed job and records the outcome. */
  async run(job: JobRow): Promise<'done' | 'retry' | 'dead'> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { db: this.db, job, log: this.log });
    } catch (error) {
      const dead = job.attempts >= job.max_attempts;
      const now = this.clock.now();
      await this.db
        .update(jobs)
        .set({
          state: dead ? 'dead' : 'pending',
          run_at: dead ? job.run_at : new Date(now.getTime() + this.backoffMs(job.attempts)),
          last_error: describe(error),
          locked_by: null,
          locked_at: null,
          finished_at: dead ? now : null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.locked_by, this.id)));
      (dead ? this.log.error : this.log.warn)(
        { job: job.id, kind: job.kind, attempt: job.attempts, err: describe(error) },
        dead ? 'job is dead' : 'job failed, will retry',
      );
      return dead ? 'dead' : 'retry';
    }
    await this.db
      .update(jobs)
      .set({ state: 'done', finished_at: this.clock.now(), locked_by: null, locked_at: null, last_error: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.locked_by, this.id)));
    return 'done';
  }

  /** Claims one batch and runs it; answers how many jobs ran. */
  async runOnce(): Promise<number> {
    const batch = await this.claim();
    for (const job of batch) await this.run(job);
    return batch.length;
  }

  /** Runs due jobs until none is left. */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
    return total;
  }

  /** Wakes an idle worker now (a 'jobs' notification calls it). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Starts the loop: drain, then sleep until a notification or the poll interval. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        this.woken = false;
        try {
          await this.drain();
        } catch (error) {
          this.log.error({ err: describe(error) }, 'job worker could not claim');
        }
        if (!this.running || this.woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
      }
    })();
  }

  /** Stops after the job in hand. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }
}
