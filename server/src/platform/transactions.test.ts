import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { queryRows } from './db';
import { backoffDelay, inTransaction, isRetryable, sqlState } from './transactions';

const database = await createTestDatabase();
const db = database.db;
const onPostgres = database.kind === 'postgresql';

const failure = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });
const labels = async () =>
  (await queryRows<{ label: string }>(db, sql`select label from tx_rows order by id`)).map((r) => r.label);

/** A promise a test resolves by hand: two transactions meet at it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

beforeAll(async () => {
  await db.execute(
    sql`create table tx_rows (id serial primary key, label text not null, amount int not null default 0)`,
  );
});
beforeEach(async () => {
  await db.execute(sql`truncate tx_rows restart identity`);
});

describe('inTransaction', () => {
  it('runs the whole transaction again after a serialization failure or a deadlock, keeping only the last run', async () => {
    const codes = ['40001', '40P01'];
    const retries: string[] = [];
    let calls = 0;
    const result = await inTransaction(
      db,
      async (tx) => {
        calls++;
        await tx.execute(sql`insert into tx_rows (label) values (${`attempt ${calls}`})`);
        const code = codes[calls - 1];
        if (code) throw failure(code);
        return 'done';
      },
      { onRetry: ({ attempt, code }) => retries.push(`${attempt}:${code}`), baseDelayMs: 1 },
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(retries).toEqual(['1:40001', '2:40P01']);
    expect(await labels()).toEqual(['attempt 3']);
  });

  it('gives up after the last attempt with the error, and nothing is written', async () => {
    let calls = 0;
    const run = inTransaction(
      db,
      async (tx) => {
        calls++;
        await tx.execute(sql`insert into tx_rows (label) values ('never')`);
        throw failure('40001');
      },
      { attempts: 3, baseDelayMs: 1 },
    );
    await expect(run).rejects.toThrow('simulated 40001');
    expect(calls).toBe(3);
    expect(await labels()).toEqual([]);
  });

  it('does not retry any other error', async () => {
    let calls = 0;
    const run = inTransaction(db, async (tx) => {
      calls++;
      await tx.execute(sql`insert into tx_rows (label) values ('x')`);
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(run).rejects.toSatisfy((e: unknown) => sqlState(e) === '22012');
    expect(calls).toBe(1);
    expect(await labels()).toEqual([]);
  });

  it('sets the isolation level and the access mode', async () => {
    const levels = await inTransaction(
      db,
      async (tx) => {
        const [row] = await queryRows<{ transaction_isolation: string }>(tx, sql`show transaction_isolation`);
        const [mode] = await queryRows<{ transaction_read_only: string }>(tx, sql`show transaction_read_only`);
        return [row?.transaction_isolation, mode?.transaction_read_only];
      },
      { isolation: 'serializable', readOnly: true },
    );
    expect(levels).toEqual(['serializable', 'on']);
  });

  it('runs a nested call in a savepoint of the caller', async () => {
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`insert into tx_rows (label) values ('outer')`);
      await expect(
        inTransaction(tx, async (inner) => {
          await inner.execute(sql`insert into tx_rows (label) values ('inner')`);
          throw failure('40001');
        }),
      ).rejects.toThrow('simulated');
    });
    expect(await labels()).toEqual(['outer']);
  });

  it('recognises the codes through wrappers and spreads the backoff', () => {
    expect(isRetryable(new Error('wrapped', { cause: failure('40P01') }))).toBe(true);
    expect(isRetryable(failure('23505'))).toBe(false);
    expect(backoffDelay(1, 10, 500, () => 0.999)).toBe(9);
    expect(backoffDelay(4, 10, 500, () => 0.999)).toBe(79);
    expect(backoffDelay(20, 10, 500, () => 0.999)).toBe(499);
    expect(backoffDelay(3, 10, 500, () => 0)).toBe(0);
  });
});

describe.skipIf(!onPostgres)('inTransaction on a PostgreSQL server', () => {
  it('retries the loser of a write skew under SERIALIZABLE until both land consistently', async () => {
    // Each transaction adds a row only while the total stays under 2: run serially only one of them could add.
    await db.execute(sql`insert into tx_rows (label, amount) values ('seed', 1)`);
    const both = gate();
    let arrived = 0;
    const retries: string[] = [];
    const addIfRoom = (label: string) =>
      inTransaction(
        db,
        async (tx) => {
          const [row] = await queryRows<{ total: number }>(
            tx,
            sql`select coalesce(sum(amount), 0)::int as total from tx_rows`,
          );
          if (++arrived === 2) both.open();
          await both.opened;
          if ((row?.total ?? 0) >= 2) return 'full';
          await tx.execute(sql`insert into tx_rows (label, amount) values (${label}, 1)`);
          return 'added';
        },
        { isolation: 'serializable', onRetry: ({ code }) => retries.push(code), baseDelayMs: 5 },
      );
    const results = await Promise.all([addIfRoom('a'), addIfRoom('b')]);
    expect(results.sort()).toEqual(['added', 'full']);
    expect(retries).toEqual(['40001']);
    const [total] = await queryRows<{ total: number }>(db, sql`select sum(amount)::int as total from tx_rows`);
    expect(total?.total).toBe(2);
  });

  it('retries the victim of a deadlock', async () => {
    await db.execute(sql`insert into tx_rows (label, amount) values ('one', 0), ('two', 0)`);
    const both = gate();
    let arrived = 0;
    const retries: string[] = [];
    const bump = (first: number, second: number) =>
      inTransaction(
        db,
        async (tx) => {
          await tx.execute(sql`update tx_rows set amount = amount + 1 where id = ${first}`);
          if (++arrived === 2) both.open();
          await both.opened;
          await tx.execute(sql`update tx_rows set amount = amount + 1 where id = ${second}`);
        },
        { onRetry: ({ code }) => retries.push(code), baseDelayMs: 5 },
      );
    await Promise.all([bump(1, 2), bump(2, 1)]);
    expect(retries).toEqual(['40P01']);
    const rows = await queryRows<{ amount: number }>(db, sql`select amount from tx_rows order by id`);
    expect(rows.map((r) => r.amount)).toEqual([2, 2]);
  }, 15_000);
});
