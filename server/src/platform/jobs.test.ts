import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestDatabase } from '../test/harness';
import { FrozenClock } from './clock';
import { queryRows } from './db';
import { defaultBackoffMs, enqueue, JOBS_CHANNEL, type JobHandlers, JobWorker } from './jobs';
import { enqueueMail, LogTransport, mailJobs } from './mail';
import { Notifications } from './notifications';
import { inTransaction } from './transactions';

const database = await createTestDatabase();
const db = database.db;
const onPostgres = database.kind === 'postgresql';

const jobRow = async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

beforeEach(async () => {
  await db.delete(jobs);
});

describe('enqueue', () => {
  it('is an outbox: the job exists exactly when the transaction that wrote it commits', async () => {
    await expect(
      inTransaction(db, async (tx) => {
        await enqueue(tx, 'test.echo', { n: 1 });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('business write');
    expect(await db.select().from(jobs)).toEqual([]);
    const { id } = await inTransaction(db, (tx) => enqueue(tx, 'test.echo', { n: 2 }));
    expect(await jobRow(id)).toMatchObject({ kind: 'test.echo', payload: { n: 2 }, state: 'pending', attempts: 0 });
  });

  it('answers the first job for a repeated unique key', async () => {
    const first = await enqueue(db, 'test.echo', { n: 1 }, { uniqueKey: 'echo:1' });
    const again = await enqueue(db, 'test.echo', { n: 99 }, { uniqueKey: 'echo:1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await db.select().from(jobs)).toHaveLength(1);
    expect((await jobRow(first.id)).payload).toEqual({ n: 1 });
  });
});

describe('a worker', () => {
  it('runs due jobs once, in run_at order, and leaves later ones until their time', async () => {
    const clock = new FrozenClock('2026-05-01T12:00:00Z');
    const seen: unknown[] = [];
    const worker = new JobWorker({ db, clock, handlers: { 'test.echo': async (p) => void seen.push(p.n) } });
    await enqueue(db, 'test.echo', { n: 'later' }, { runAt: new Date('2026-05-01T13:00:00Z') });
    await enqueue(db, 'test.echo', { n: 'second' }, { runAt: new Date('2026-05-01T11:30:00Z') });
    await enqueue(db, 'test.echo', { n: 'first' }, { runAt: new Date('2026-05-01T11:00:00Z') });
    await enqueue(db, 'test.unknown', {}, { runAt: new Date('2026-05-01T11:00:00Z') });
    expect(await worker.drain()).toBe(2);
    expect(seen).toEqual(['first', 'second']);
    clock.advance(3600_000);
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual(['first', 'second', 'later']);
    const states = await db.select({ kind: jobs.kind, state: jobs.state }).from(jobs).orderBy(jobs.id);
    expect(states.map((s) => `${s.kind}:${s.state}`)).toEqual([
      'test.echo:done',
      'test.echo:done',
      'test.echo:done',
      // A kind this worker does not handle stays for a worker that does.
      'test.unknown:pending',
    ]);
  });

  it('retries a failing job after its backoff and declares it dead after the last attempt', async () => {
    const clock = new FrozenClock('2026-05-01T12:00:00Z');
    let calls = 0;
    const worker = new JobWorker({
      db,
      clock,
      backoffMs: (attempt) => attempt * 60_000,
      handlers: {
        'test.fail': async () => {
          calls++;
          throw new Error(`refused ${calls}`);
        },
      },
    });
    const { id } = await enqueue(db, 'test.fail', {}, { maxAttempts: 3, runAt: clock.now() });
    expect(await worker.drain()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'Error: refused 1', locked_by: null });
    expect(row.run_at.toISOString()).toBe('2026-05-01T12:01:00.000Z');
    expect(await worker.drain()).toBe(0);
    clock.advance(60_000);
    expect(await worker.drain()).toBe(1);
    expect((await jobRow(id)).run_at.toISOString()).toBe('2026-05-01T12:03:00.000Z');
    clock.advance(120_000);
    expect(await worker.drain()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, last_error: 'Error: refused 3' });
    clock.advance(3600_000);
    expect(await worker.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('takes over a job whose worker died, after the lock timeout', async () => {
    const clock = new FrozenClock('2026-05-01T12:00:00Z');
    const done: string[] = [];
    const handlers: JobHandlers = { 'test.echo': async (_p, { job }) => void done.push(`${job.id}@${job.attempts}`) };
    const dying = new JobWorker({ db, clock, handlers, id: 'dying', lockTimeoutMs: 60_000 });
    const { id } = await enqueue(db, 'test.echo', {}, { runAt: clock.now() });
    expect(await dying.claim()).toHaveLength(1); // claimed, then the process died
    const rescuer = new JobWorker({ db, clock, handlers, id: 'rescuer', lockTimeoutMs: 60_000 });
    expect(await rescuer.drain()).toBe(0);
    clock.advance(61_000);
    expect(await rescuer.drain()).toBe(1);
    expect(done).toEqual([`${id}@2`]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', locked_by: null });
  });

  it('is woken by the notification of an enqueue and delivers queued mail', async () => {
    const delivered: unknown[] = [];
    const transport = new LogTransport({ debug: (obj) => delivered.push((obj as { mail: unknown }).mail) });
    const worker = new JobWorker({ db, handlers: mailJobs(transport), pollMs: 60_000 });
    const notifications = new Notifications(database.listenDriver);
    await notifications.subscribe(JOBS_CHANNEL, { onPayload: () => worker.wake() });
    worker.start();
    try {
      // The worker has drained the empty queue and sleeps for a minute unless woken.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { id } = await inTransaction(db, (tx) =>
        enqueueMail(tx, { to: 'ops@example.com', subject: 'Hello', text: 'Body' }),
      );
      for (let i = 0; i < 100 && delivered.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(delivered).toEqual([{ to: 'ops@example.com', subject: 'Hello', text: 'Body', messageId: `job-${id}` }]);
    } finally {
      await worker.stop();
      await notifications.close();
    }
  });

  it('backs off exponentially with jitter, capped at an hour', () => {
    expect(defaultBackoffMs(1, () => 0)).toBe(1000);
    expect(defaultBackoffMs(1, () => 1)).toBe(2000);
    expect(defaultBackoffMs(5, () => 1)).toBe(32_000);
    expect(defaultBackoffMs(30, () => 1)).toBe(3_600_000);
  });
});

describe.skipIf(!onPostgres)('workers on a PostgreSQL server', () => {
  it('never let two workers take the same job', async () => {
    const total = 300;
    await db.execute(sql`insert into jobs (kind, payload, run_at)
      select 'test.count', jsonb_build_object('n', g), now() - interval '1 minute' from generate_series(1, ${total}) g`);
    const runs = new Map<number, string[]>();
    const handlers = (name: string): JobHandlers => ({
      'test.count': async (payload) => {
        const n = Number(payload.n);
        runs.set(n, [...(runs.get(n) ?? []), name]);
        // Yield so that the workers' claims interleave.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const workers = ['w1', 'w2', 'w3', 'w4'].map(
      (name) => new JobWorker({ db, handlers: handlers(name), id: name, batchSize: 7 }),
    );
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(runs.size).toBe(total);
    expect([...runs.values()].filter((names) => names.length !== 1)).toEqual([]);
    // Every worker got some of the work: the claims really ran side by side.
    expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs where state <> 'done'`);
    expect(left?.n).toBe(0);
  });
});
