import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { AppError } from './errors';
import {
  cappedCount,
  containsPattern,
  INVALID_CURSOR,
  type KeysetPage,
  keysetPage,
  offsetPage,
  pageMeta,
} from './pagination';

const database = await createTestDatabase();
const db = database.db;

const rowsTable = pgTable('paging_rows', {
  id: serial('id').primaryKey(),
  departs_at: timestamp('departs_at', { withTimezone: true }).notNull(),
  bucket: integer('bucket').notNull(),
  label: text('label').notNull(),
});
type Row = typeof rowsTable.$inferSelect;

const BASE = Date.parse('2026-06-01T00:00:00Z');

beforeAll(async () => {
  await db.execute(sql`create table paging_rows (
    id serial primary key, departs_at timestamptz not null, bucket int not null, label text not null)`);
  await db.execute(sql`create index paging_rows_departs on paging_rows (departs_at, id)`);
  // 53 rows on 20 distinct departure times: ties on the sort key must be broken by the id.
  await db.execute(sql`insert into paging_rows (departs_at, bucket, label)
    select ${new Date(BASE).toISOString()}::timestamptz + ((g % 20) * interval '1 hour'), g % 3, 'row ' || g
      from generate_series(1, 53) g`);
});

function page(
  cursor: string | undefined,
  perPage: number,
  sort: 'std' | '-std' = 'std',
  where?: ReturnType<typeof sql>,
): Promise<KeysetPage<Row>> {
  return keysetPage(
    { cursor, per_page: perPage },
    {
      sort,
      key: rowsTable.departs_at,
      id: rowsTable.id,
      descending: sort === '-std',
      position: (row) => ({ key: row.departs_at, id: row.id }),
      rows: ({ where: keyset, orderBy, limit }) =>
        db
          .select()
          .from(rowsTable)
          .where(where ? sql`${where} and ${keyset ?? sql`true`}` : keyset)
          .orderBy(...orderBy)
          .limit(limit),
      count: (cap) => cappedCount(db, sql`from ${rowsTable}${where ? sql` where ${where}` : sql``}`, cap),
    },
  );
}

async function all(sort: 'std' | '-std'): Promise<Row[]> {
  const direction = sort === 'std' ? sql`asc` : sql`desc`;
  return db.select().from(rowsTable).orderBy(sql`${rowsTable.departs_at} ${direction}, ${rowsTable.id} ${direction}`);
}

describe('offset paging', () => {
  it('gives the seed meta', () => {
    expect(pageMeta({ page: 2, per_page: 10 }, 25)).toEqual({
      current_page: 2,
      next_page: 3,
      prev_page: 1,
      total_pages: 3,
      total_count: 25,
      per_page: 10,
    });
    expect(pageMeta({ page: 1, per_page: 10 }, 0)).toMatchObject({ total_pages: 1, next_page: null, prev_page: null });
  });

  it('runs the window and the count', async () => {
    const result = await offsetPage(
      { page: 3, per_page: 10 },
      {
        rows: ({ limit, offset }) => db.select().from(rowsTable).orderBy(rowsTable.id).limit(limit).offset(offset),
        count: () => db.select({ n: sql<number>`count(*)::int` }).from(rowsTable),
      },
    );
    expect(result.rows.map((r) => r.id)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(result.meta).toMatchObject({ current_page: 3, total_count: 53, total_pages: 6, next_page: 4 });
  });

  it('escapes the wildcards of a search text', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('keyset paging', () => {
  for (const sort of ['std', '-std'] as const) {
    it(`walks every row once forward and back again (${sort})`, async () => {
      const expected = (await all(sort)).map((r) => r.id);
      const seen: number[] = [];
      const cursors: (string | null)[] = [];
      let current = await page(undefined, 7, sort);
      expect(current.meta.prev_cursor).toBeNull();
      expect(current.meta).toMatchObject({ total_count: 53, total_count_exact: true, per_page: 7 });
      for (;;) {
        seen.push(...current.rows.map((r) => r.id));
        cursors.push(current.meta.prev_cursor);
        if (!current.meta.next_cursor) break;
        current = await page(current.meta.next_cursor, 7, sort);
      }
      expect(seen).toEqual(expected);
      expect(current.rows).toHaveLength(53 % 7);

      // Back from the last page to the first, page by page.
      const back: number[] = [...current.rows.map((r) => r.id)];
      while (current.meta.prev_cursor) {
        current = await page(current.meta.prev_cursor, 7, sort);
        back.unshift(...current.rows.map((r) => r.id));
      }
      expect(back).toEqual(expected);
      expect(current.meta.prev_cursor).toBeNull();
      expect(current.rows).toHaveLength(7);
    });
  }

  it('neither repeats nor skips a row when rows are inserted between pages', async () => {
    const first = await page(undefined, 10, 'std', sql`${rowsTable.bucket} = 1`);
    const lastSeen = first.rows.at(-1)!;
    // A row sorting before the page's end and one after it.
    await db.insert(rowsTable).values([
      { departs_at: new Date(BASE - 3600_000), bucket: 1, label: 'early insert' },
      { departs_at: new Date(lastSeen.departs_at.getTime() + 1), bucket: 1, label: 'late insert' },
    ]);
    const second = await page(first.meta.next_cursor!, 10, 'std', sql`${rowsTable.bucket} = 1`);
    const ids = second.rows.map((r) => r.id);
    expect(ids.some((id) => first.rows.some((r) => r.id === id))).toBe(false);
    expect(second.rows.map((r) => r.label)).toContain('late insert');
    expect(second.rows.map((r) => r.label)).not.toContain('early insert');
    // What follows the first page is exactly what sorts after its last row now.
    const after = (await all('std'))
      .filter((r) => r.bucket === 1)
      .filter(
        (r) =>
          r.departs_at.getTime() > lastSeen.departs_at.getTime() ||
          (r.departs_at.getTime() === lastSeen.departs_at.getTime() && r.id > lastSeen.id),
      )
      .slice(0, 10);
    expect(ids).toEqual(after.map((r) => r.id));
  });

  it('refuses a cursor that is garbage or was made for another sort', async () => {
    const first = await page(undefined, 5, 'std');
    for (const bad of ['not-a-cursor', Buffer.from('{"s":"std"}').toString('base64url')]) {
      await expect(page(bad, 5)).rejects.toMatchObject({ status: 422, message: INVALID_CURSOR });
    }
    const error = await page(first.meta.next_cursor!, 5, '-std').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
  });

  it('answers an estimate above the count cap', async () => {
    const exact = await cappedCount(db, sql`from ${rowsTable}`, 1000);
    expect(exact).toEqual({ total: 55, exact: true });
    const capped = await cappedCount(db, sql`from ${rowsTable}`, 20);
    expect(capped.exact).toBe(false);
    expect(capped.total).toBeGreaterThan(20);
  });
});
