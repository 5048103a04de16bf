import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const JOB_STATES = ['pending', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Work done after the request, and the transactional outbox: a row is written in the transaction of the change that
 * causes it, and a worker claims it with FOR UPDATE SKIP LOCKED (server/src/platform/jobs.ts). The table is the truth;
 * the 'jobs' notification only wakes workers early.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handler that runs it, e.g. `mail.send`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    /** Not before this time; a failed attempt moves it by the backoff. */
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(8),
    /** Idempotency: a second enqueue with the same key is a no-op that answers the first job. */
    unique_key: text('unique_key'),
    locked_by: text('locked_by'),
    locked_at: timestamp('locked_at', { withTimezone: true }),
    last_error: text('last_error'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_idx').on(t.unique_key),
    // What a worker claims next: due pending jobs in run_at order.
    index('jobs_due_idx').on(t.run_at, t.id).where(sql`${t.state} = 'pending'`),
    index('jobs_running_idx').on(t.locked_at).where(sql`${t.state} = 'running'`),
    check('jobs_state_check', sql`${t.state} in ('pending', 'running', 'done', 'dead')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.max_attempts} >= 1`),
  ],
);
