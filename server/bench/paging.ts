/**
 * npm run bench:paging — the cost of the first and the last page of a 1M-row list in PostgreSQL, by offset and by
 * keyset paging (server/src/platform/pagination.ts). Makes a fresh database on BENCH_DATABASE_URL's server (default the
 * local one), fills a flight-like table (BENCH_ROWS, default 1 000 000 rows, index on (departs_at, id)), reads each page
 * BENCH_ROUNDS times (default 40) and prints p50 and p95 in milliseconds. The database is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../src/platform/db';
import { cappedCount, keysetPage, offsetPage } from '../src/platform/pagination';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PER_PAGE = 50;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const segments = pgTable('bench_segments', {
  id: serial('id').primaryKey(),
  departs_at: timestamp('departs_at', { withTimezone: true }).notNull(),
  carrier: text('carrier').notNull(),
  number: integer('number').notNull(),
});
type Segment = typeof segments.$inferSelect;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(label: string, run: () => Promise<{ rows: unknown[] }>): Promise<number> {
  for (let i = 0; i < 3; i++) await run(); // warm the cache and the plan
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const result = await run();
    samples.push(performance.now() - start);
    if (result.rows.length !== PER_PAGE) throw new Error(`${label}: ${result.rows.length} rows`);
  }
  const p95 = percentile(samples, 95);
  console.log(
    `${label.padEnd(28)} p50 ${percentile(samples, 50).toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms`,
  );
  return p95;
}

const name = `aircargo_bench_paging_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
try {
  const db = drizzle(pool) as unknown as Db;
  console.log(`filling ${ROWS.toLocaleString('en')} rows ...`);
  await db.execute(sql`create table bench_segments (
    id serial primary key, departs_at timestamptz not null, carrier text not null, number int not null)`);
  // Many flights share a departure minute: the id breaks the ties.
  await db.execute(sql`insert into bench_segments (departs_at, carrier, number)
    select timestamptz '2026-01-01' + (g / 7) * interval '1 minute', 'SU', g % 9000 from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`create index bench_segments_departs on bench_segments (departs_at, id)`);
  await db.execute(sql`analyze bench_segments`);

  const lastPage = Math.ceil(ROWS / PER_PAGE);
  const offsetList = (page: number) =>
    offsetPage(
      { page, per_page: PER_PAGE },
      {
        rows: ({ limit, offset }) =>
          db.select().from(segments).orderBy(segments.departs_at, segments.id).limit(limit).offset(offset),
        count: () => db.select({ n: sql<number>`count(*)::int` }).from(segments),
      },
    );
  const keysetList = (cursor?: string) =>
    keysetPage<Segment>(
      { cursor, per_page: PER_PAGE },
      {
        sort: 'std',
        key: segments.departs_at,
        id: segments.id,
        position: (row) => ({ key: row.departs_at, id: row.id }),
        rows: ({ where, orderBy, limit }) =>
          db
            .select()
            .from(segments)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit),
        count: (cap) => cappedCount(db, sql`from ${segments}`, cap),
      },
    );
  // The cursor a reader holds on the page before the last: its next page is the last one.
  const [beforeLast] = await db
    .select()
    .from(segments)
    .orderBy(segments.departs_at, segments.id)
    .limit(1)
    .offset(ROWS - PER_PAGE - 1);
  const lastCursor = Buffer.from(
    JSON.stringify({ s: 'std', d: 'a', k: beforeLast!.departs_at.toISOString(), i: beforeLast!.id }),
  ).toString('base64url');

  console.log(`\n${ROWS.toLocaleString('en')} rows, ${PER_PAGE} per page, ${ROUNDS} rounds each`);
  const offsetFirst = await time('offset  first page', () => offsetList(1));
  const offsetLast = await time(`offset  last page (${lastPage})`, () => offsetList(lastPage));
  const keysetFirst = await time('keyset  first page', () => keysetList());
  const keysetLast = await time('keyset  last page', () => keysetList(lastCursor));
  console.log(
    `\nlast/first p95: offset ${(offsetLast / offsetFirst).toFixed(1)}x, keyset ${(keysetLast / keysetFirst).toFixed(1)}x`,
  );
} finally {
  await pool.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
