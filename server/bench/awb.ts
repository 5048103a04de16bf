/**
 * npm run bench:awb — AWB stock allocation on PostgreSQL: BENCH_CLIENTS (default 64) clients on their own connections
 * each take BENCH_PER_CLIENT (default 1000) numbers of the demo forwarder A's stock of SU's prefix 555, one transaction
 * per number (`allocateNumber`, decision 023), and the numbers per second are printed. Two runs: the stock in one range
 * (every client waits for the same counter row) and in BENCH_RANGES (default 8) ranges (`skip locked` spreads the
 * clients over them). Each run is checked: every number distinct, its check digit valid, inside the assigned ranges,
 * not one of the numbers voided beforehand, and no serial below a counter left unissued. A fresh database on
 * BENCH_DATABASE_URL's server (default the local one) is migrated, seeded with the demo data and dropped afterwards.
 * The list figures of issue 12 come with the air-waybill lists.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { isValidAwb } from '@aircargo/domain/awb';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { prepareDatabase } from '../src/db/bootstrap';
import { awbStockRanges, companies } from '../src/db/schema';
import { allocateNumber, voidNumber } from '../src/modules/stocks/stocks.service';
import { loadConfig } from '../src/platform/config';
import { type Db, openDatabase } from '../src/platform/db';
import { inTransaction } from '../src/platform/transactions';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 1000);
const RANGES = Number(process.env.BENCH_RANGES ?? 8);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

const name = `aircargo_bench_awb_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const config = loadConfig(
  { ...process.env, LOG_LEVEL: 'silent' },
  { database: { kind: 'postgresql', url: url.toString(), poolSize: CLIENTS }, seedDemo: true, webDist: '/nonexistent' },
);
const database = await openDatabase(config.database);
let failed = false;

interface Run {
  label: string;
  spans: [number, number][];
}

async function run(db: Db, airlineId: number, forwarderId: number, { label, spans }: Run): Promise<void> {
  // A clean slate of forwarder A's 555 stock: only this run's ranges, and a few numbers voided inside them.
  await db.execute(sql`delete from awb_numbers where prefix = '555'`);
  await db
    .delete(awbStockRanges)
    .where(and(eq(awbStockRanges.prefix, '555'), eq(awbStockRanges.holder_company_id, forwarderId)));
  for (const [first, last] of spans) {
    await db.insert(awbStockRanges).values({
      airline_id: airlineId,
      prefix: '555',
      first_serial: first,
      last_serial: last,
      next_serial: first,
      holder_company_id: forwarderId,
    });
  }
  const voided = spans.map(([first]) => first + 7);
  for (const serial of voided) await inTransaction(db, (tx) => voidNumber(tx, { airlineId, prefix: '555', serial }));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const mine: { serial: number; number: string }[] = [];
      for (let i = 0; i < PER_CLIENT; i++) {
        const t = performance.now();
        try {
          mine.push(await inTransaction(db, (tx) => allocateNumber(tx, { airlineId, forwarderId, prefix: '555' })));
          latencies.push(performance.now() - t);
        } catch (error) {
          errors += 1;
          if (errors <= 3) console.error(error);
        }
      }
      return mine;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const all = results.flat();
  const serials = new Set(all.map((n) => n.serial));
  const inside = (s: number) => spans.some(([a, b]) => s >= a && s <= b);
  const bad = all.filter((n) => !isValidAwb(n.number) || !inside(n.serial) || voided.includes(n.serial)).length;
  const counters = await db
    .select()
    .from(awbStockRanges)
    .where(and(eq(awbStockRanges.prefix, '555'), eq(awbStockRanges.holder_company_id, forwarderId)));
  let skipped = 0;
  for (const r of counters) {
    for (let s = r.first_serial; s < r.next_serial; s++) if (!serials.has(s) && !voided.includes(s)) skipped += 1;
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    `${label}: ${all.length} numbers in ${elapsed.toFixed(1)} s = ${(all.length / elapsed).toFixed(0)} numbers/s at ` +
      `${CLIENTS} clients (p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms; errors ${errors})`,
  );
  console.log(
    `  distinct ${serials.size}/${all.length}, bad check digit, outside the ranges or voided: ${bad}, ` +
      `skipped silently: ${skipped}`,
  );
  if (errors > 0 || serials.size !== all.length || bad > 0 || skipped > 0 || all.length !== CLIENTS * PER_CLIENT) {
    failed = true;
  }
}

try {
  await prepareDatabase(database, config);
  const db = database.db;
  const [su] = await db.select().from(companies).where(eq(companies.short_name, 'SU'));
  const [fwd] = await db.select().from(companies).where(eq(companies.short_name, 'FWDA'));
  const total = CLIENTS * PER_CLIENT;
  // Room for every number plus the voided ones, with spare.
  const size = Math.ceil((total * 1.1) / RANGES) + 10;
  await run(db, su!.id, fwd!.id, { label: 'one range', spans: [[5_000_000, 5_000_000 + total + 100]] });
  await run(db, su!.id, fwd!.id, {
    label: `${RANGES} ranges`,
    spans: Array.from({ length: RANGES }, (_, i) => {
      const first = 6_000_000 + i * (size + 1000);
      return [first, first + size - 1] as [number, number];
    }),
  });
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
if (failed) {
  console.error('FAILED: a number was issued twice, outside the stock, voided, or skipped');
  process.exit(1);
}
