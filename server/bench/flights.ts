/**
 * npm run bench:flights — the schedule import and the flight list at scale (issue 9, figures for the closing note):
 *  (a) SSIM import of the generated schedule (`benchSsimRecords`: hub-and-spoke airlines, a year, about 500 legs a day
 *      each; 20 airlines = 3.65 million segments) into PostgreSQL through the real import path (a telegram per carrier,
 *      applied in 31-day chunks by `processTelegram`, written by the flights service): segments per second, peak RSS;
 *  (b) one month of it into the embedded PGlite, the same way;
 *  (c) the flight list (GET /api/v3/segments, tab all, keyset paging) at that size: p95 of its first page and of its
 *      last page (reached with the cursor of the row before it), through app.inject as the platform user.
 * It makes and drops its own database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432).
 *
 * Options: --airlines N (20) --days N (365) --legs-per-airline N (500) --pglite-days N (30) --rounds N (30)
 *          --skip-pg --skip-pglite --keep-db (leave the PostgreSQL database for EXPLAIN; its name is printed)
 *          --db NAME (measure only the list, on a database an earlier --keep-db run left)
 * Full size: npm run bench:flights            A quick run: npm run bench:flights -- --airlines 2 --days 60
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchAirlines, benchSsimRecords, ssimByCarrier } from '@aircargo/schedule';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { seedReference } from '../src/db/reference/seed';
import { airports, companies } from '../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seeds/demo';
import { processTelegram } from '../src/modules/ssim-telegrams/ssim-telegrams.apply';
import { storeTelegram } from '../src/modules/ssim-telegrams/ssim-telegrams.service';
import { loadConfig } from '../src/platform/config';
import { type Database, type Db, openDatabase, queryRows } from '../src/platform/db';

const { values: args } = parseArgs({
  options: {
    airlines: { type: 'string', default: '20' },
    days: { type: 'string', default: '365' },
    'legs-per-airline': { type: 'string', default: '500' },
    'pglite-days': { type: 'string', default: '30' },
    rounds: { type: 'string', default: '30' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    db: { type: 'string' },
  },
});
const AIRLINES = Number(args.airlines);
const DAYS = Number(args.days);
const LEGS_PER_AIRLINE = Number(args['legs-per-airline']);
const PGLITE_DAYS = Number(args['pglite-days']);
const ROUNDS = Number(args.rounds);
const PER_PAGE = 50;
const CHUNK_DAYS = 31;
const FROM = new Date().toISOString().slice(0, 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let peakRss = 0;
const sampleMemory = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
setInterval(sampleMemory, 100).unref();
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The schedule's SSIM records, carrier by carrier (one carrier's text in memory at a time). */
function carrierParts(days: number) {
  return ssimByCarrier(
    benchSsimRecords({ from: FROM, days, airlines: AIRLINES, legsPerDay: AIRLINES * LEGS_PER_AIRLINE }),
  );
}

/**
 * Reference data, the demo users (the platform user signs in for the list) and what the generated schedule names: an
 * airline company per bench carrier and its made-up stations (codes AAA, AAB ...) where the reference has no airport.
 */
async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await seedReference(database.db);
  await seedDemo(database.db);
  const db = database.db;
  const stations = new Set<string>();
  for (const part of carrierParts(7)) {
    for (const line of part.text.split('\n')) {
      if (line[0] !== '3') continue;
      stations.add(line.slice(36, 39));
      stations.add(line.slice(54, 57));
    }
  }
  await db
    .insert(airports)
    .values(
      [...stations].map((iata) => ({
        iata,
        name: `Bench ${iata}`,
        city_code: iata,
        country_code: 'ZZ',
        timezone: 'UTC',
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(companies)
    .values(
      benchAirlines(AIRLINES).map((code) => ({
        company_type: 'airline' as const,
        name: `Bench airline ${code}`,
        short_name: `BENCH-${code}`,
        airline_code: code,
      })),
    )
    .onConflictDoNothing();
}

async function segmentCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from segments`);
  return Number(row?.n ?? 0);
}

/** Imports the schedule carrier by carrier through the telegram path; answers segments and seconds. */
async function importSchedule(db: Db, days: number, label: string): Promise<{ segments: number; seconds: number }> {
  const before = await segmentCount(db);
  const t0 = performance.now();
  for (const part of carrierParts(days)) {
    const t = performance.now();
    const id = await storeTelegram(db, {
      kind: 'ssim',
      source: 'upload',
      body: part.text,
      fileName: `bench-${part.carrier}.ssim`,
      userId: null,
      companyId: null,
      airlineId: null,
    });
    await processTelegram(db, id, { chunkDays: CHUNK_DAYS, userId: null });
    const [status] = await queryRows<{ processing_status: string; report: { counts: Record<string, number> } }>(
      db,
      sql`select processing_status, report from ssim_telegrams where id = ${id}`,
    );
    if (status?.processing_status !== 'processed') {
      throw new Error(
        `${label} ${part.carrier}: ${status?.processing_status} ${JSON.stringify(status?.report?.counts)}`,
      );
    }
    sampleMemory();
    console.log(
      `  ${label} ${part.carrier}: ${fmt(status.report.counts.created ?? 0)} legs created in ${((performance.now() - t) / 1000).toFixed(1)} s, rss ${mb(process.memoryUsage().rss)}`,
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  return { segments: (await segmentCount(db)) - before, seconds };
}

/** p95 of the list's first page and of its last page (keyset cursor of the row before the last page). */
async function listBench(database: Database): Promise<{ first: number; last: number; total: number }> {
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent' },
    { database: { kind: 'pglite', dataDir: null }, seedDemo: false, webDist: '/nonexistent', authCacheTtlMs: 0 },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', email: 'platform@demo.aero', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${signIn.json().access_token}` };
    const list = (cursor?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v3/segments?tab=all&per_page=${PER_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers,
      });
    const first = await list();
    if (first.statusCode !== 200) throw new Error(`segment list: ${first.statusCode} ${first.body.slice(0, 200)}`);
    const page = first.json() as {
      data: { id: number; std: string }[];
      meta: { next_cursor: string | null; total_count: number };
    };
    const total = await segmentCount(database.db);
    // The row just before the last page, in the list's order (std, id), and a cursor in the list's own format.
    const [before] = await queryRows<{ id: number; std: Date | string }>(
      database.db,
      sql`select id, std from segments order by std, id offset ${Math.max(0, total - PER_PAGE - 1)} limit 1`,
    );
    const template = JSON.parse(Buffer.from(page.meta.next_cursor ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const lastOfFirst = page.data[page.data.length - 1] as { id: number; std: string };
    const std = new Date(before!.std);
    // The cursor's key is the sort value as the list wrote it for the first page's last row: epoch or ISO text.
    if (typeof template.k === 'string' && Date.parse(template.k) !== Date.parse(lastOfFirst.std)) {
      throw new Error(`cannot read the list's cursor format: ${JSON.stringify(template)}`);
    }
    const k = typeof template.k === 'number' ? std.getTime() : std.toISOString();
    const lastCursor = Buffer.from(JSON.stringify({ ...template, k, i: Number(before!.id) })).toString('base64url');
    const check = await list(lastCursor);
    const lastPage = check.json() as { data: unknown[]; meta: { next_cursor: string | null } };
    if (check.statusCode !== 200 || lastPage.data.length === 0 || lastPage.meta.next_cursor !== null) {
      throw new Error(`last page: ${check.statusCode} ${check.body.slice(0, 200)}`);
    }
    const time = async (cursor?: string) => {
      for (let i = 0; i < 3; i++) await list(cursor);
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        const r = await list(cursor);
        samples.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`list: ${r.statusCode}`);
      }
      return percentile(samples, 95);
    };
    return { first: await time(), last: await time(lastCursor), total };
  } finally {
    await app.close();
  }
}

console.log(
  `bench:flights  airlines ${AIRLINES}, ${DAYS} days, ${LEGS_PER_AIRLINE} legs a day each; PGlite ${PGLITE_DAYS} days; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const figures: string[] = [];

if (!args['skip-pg']) {
  const reuse = args.db;
  const name = reuse ?? `aircargo_bench_flights_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgresql', url: url.toString(), poolSize: 4 });
  try {
    if (!reuse) {
      await prepare(database);
      peakRss = 0;
      const imported = await importSchedule(database.db, DAYS, 'PostgreSQL');
      figures.push(
        `(a) PostgreSQL import: ${fmt(imported.segments)} segments in ${imported.seconds.toFixed(1)} s = ` +
          `${fmt(imported.segments / imported.seconds)} segments/s, peak RSS ${mb(peakRss)}`,
      );
      console.log(figures[figures.length - 1]);
      await database.db.execute(sql`analyze`);
    }
    const list = await listBench(database);
    figures.push(
      `(c) flight list at ${fmt(list.total)} segments (PostgreSQL, ${ROUNDS} rounds): first page p95 ${list.first.toFixed(1)} ms, ` +
        `last page p95 ${list.last.toFixed(1)} ms (last/first ${(list.last / list.first).toFixed(2)}x)`,
    );
    console.log(figures[figures.length - 1]);
  } finally {
    await database.close();
    if (args['keep-db'] || reuse) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (!args['skip-pglite']) {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await prepare(database);
    peakRss = process.memoryUsage().rss;
    const imported = await importSchedule(database.db, PGLITE_DAYS, 'PGlite');
    figures.push(
      `(b) PGlite import (${PGLITE_DAYS} days): ${fmt(imported.segments)} segments in ${imported.seconds.toFixed(1)} s = ` +
        `${fmt(imported.segments / imported.seconds)} segments/s, peak RSS ${mb(peakRss)}`,
    );
    console.log(figures[figures.length - 1]);
  } finally {
    await database.close();
  }
}

console.log(`\n${figures.join('\n')}`);
process.exit(0);
