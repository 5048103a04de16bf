import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { changeSetOf, writeChangeLogs } from './change-log';
import { type Database, queryRows } from './db';
import { inTransaction } from './transactions';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);

const rowsOf = (recordId: number) =>
  queryRows<{ record_type: string; channel: string; user_id: number | null; change_set: unknown }>(
    database.db,
    sql`select record_type, channel, user_id, change_set from change_logs where record_id = ${recordId} order by id`,
  );

describe('writeChangeLogs', () => {
  it('writes the rows with a change and skips the empty ones', async () => {
    const written = await inTransaction(database.db, (tx) =>
      writeChangeLogs(tx, [
        { record_type: 'segment', record_id: 901, channel: 'web', user_id: null, change_set: { std: ['a', 'b'] } },
        { record_type: 'segment', record_id: 901, channel: 'ssim', user_id: null, change_set: {} },
        {
          record_type: 'flight',
          record_id: 901,
          channel: 'system',
          user_id: null,
          change_set: { canceled: [false, true] },
        },
      ]),
    );
    expect(written).toBe(2);
    expect(await rowsOf(901)).toEqual([
      { record_type: 'segment', channel: 'web', user_id: null, change_set: { std: ['a', 'b'] } },
      { record_type: 'flight', channel: 'system', user_id: null, change_set: { canceled: [false, true] } },
    ]);
  });

  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      inTransaction(database.db, async (tx) => {
        await writeChangeLogs(tx, [
          { record_type: 'segment', record_id: 902, channel: 'web', user_id: null, change_set: { x: [1, 2] } },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf(902)).toEqual([]);
  });

  it('writes thousands of rows in several statements', async () => {
    const rows = Array.from({ length: 11_000 }, (_, i) => ({
      record_type: 'segment',
      record_id: 903,
      channel: 'ssim' as const,
      user_id: null,
      change_set: { n: [i, i + 1] as [unknown, unknown] },
    }));
    expect(await inTransaction(database.db, (tx) => writeChangeLogs(tx, rows))).toBe(11_000);
    expect(await rowsOf(903)).toHaveLength(11_000);
  });

  it('keeps values with quotes, backslashes, braces, commas, NULL and line breaks as they were', async () => {
    const awkward = ['say "hi"', 'C:\\temp\\', '{a,b}', 'NULL', '', 'двa\nlines\t', '\\"', "it's"];
    const change_set = Object.fromEntries(awkward.map((v, i) => [`f${i}`, [v, { nested: v }]])) as Record<
      string,
      [unknown, unknown]
    >;
    await inTransaction(database.db, (tx) =>
      writeChangeLogs(tx, [
        { record_type: 'weird "type", {x}', record_id: 904, channel: 'api', user_id: null, change_set },
      ]),
    );
    expect(await rowsOf(904)).toEqual([
      { record_type: 'weird "type", {x}', channel: 'api', user_id: null, change_set },
    ]);
  });
});

describe('changeSetOf', () => {
  it('lists only the fields given and changed, null for a new record', () => {
    expect(
      changeSetOf<Record<string, unknown>>({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: [1] }, ['a', 'b', 'c']),
    ).toEqual({
      b: ['x', 'y'],
      c: [null, [1]],
    });
    expect(changeSetOf(null, { a: 2 }, ['a', 'b'])).toEqual({ a: [null, 2] });
  });
});
