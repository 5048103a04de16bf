/**
 * npm run bench:awb — AWB stock allocation on PostgreSQL: BENCH_CLIENTS (default 64) clients on their own connections
 * each take BENCH_PER_CLIENT (default 1000) numbers of the demo forwarder A's stock of SU's prefix 555, one transaction
 * per number (`allocateNumber`, decision 023), and the numbers per second are printed. Two runs: the stock in one range
 * (every client waits for the same counter row) and in BENCH_RANGES (default 8) ranges (`skip locked` spreads the
 * clients over them). Each run is checked: every number distinct, its check digit valid, inside the assigned ranges,
 * not one of the numbers voided beforehand, and no serial below a counter left unissued. A fresh database on
 * BENCH_DATABASE_URL's server (default the local one) is migrated, seeded with the demo data and dropped afterwards.
 *
 * Then the air-waybill list (issue 12 figures): BENCH_WAYBILLS (default 300,000) waybills are generated in the same
 * database with one INSERT ... SELECT generate_series over the demo and four more forwarders and the two demo and two
 * more airlines (flags, void payments and dates spread over the tabs and a year), and GET /api/v3/air_waybills is
 * measured through app.inject with the default filters (tab all, newest first, 25 a page) as the demo forwarder A and
 * the SU manager: the p95 of page 1 and of page 1,000 (reached by walking the next cursors), and the search by number
 * prefix ("555-40"). BENCH_ROUNDS (default 60) timed rounds, the calls taking turns in each (with the profile read
 * beside them for scale). BENCH_SKIP_ALLOCATION=1 measures only the lists; BENCH_DEEP_PAGE
 * (default 1,000) the deep page; BENCH_KEEP_DB=1 leaves the database for EXPLAIN (its name is printed).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { isValidAwb } from '@aircargo/domain/awb';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/bootstrap';
import { awbPrefixes, awbStockRanges, companies } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seeds/demo';
import { allocateNumber, voidNumber } from '../src/modules/stocks/stocks.service';
import { loadConfig } from '../src/platform/config';
import { type Db, openDatabase, queryRows } from '../src/platform/db';
import { inTransaction } from '../src/platform/transactions';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 1000);
const RANGES = Number(process.env.BENCH_RANGES ?? 8);
const WAYBILLS = Number(process.env.BENCH_WAYBILLS ?? 300_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const SKIP_ALLOCATION = process.env.BENCH_SKIP_ALLOCATION === '1';
const PER_PAGE = 25;
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 1000);
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

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * WAYBILLS waybills over the forwarders and airlines, with one INSERT ... SELECT: serials from 4,000,000 (no demo
 * stock there), created one every 97 seconds back from 2026-11-01 (about a year), flags by the row's number modulo 100
 * so that every tab and filter holds rows (3% voided, 27% in Bookings, ...).
 */
async function generateWaybills(db: Db): Promise<{ forwarders: number; airlines: number }> {
  const extraAirlines = await db
    .insert(companies)
    .values(
      ['B1', 'B2'].map((code) => ({
        company_type: 'airline' as const,
        name: `Bench airline ${code}`,
        short_name: `BENCH-${code}`,
        airline_code: code,
      })),
    )
    .returning({ id: companies.id, code: companies.airline_code });
  await db.insert(awbPrefixes).values(extraAirlines.map((a, i) => ({ airline_id: a.id, prefix: `90${i}` })));
  const extraForwarders = await db
    .insert(companies)
    .values(
      [1, 2, 3, 4].map((n) => ({
        company_type: 'forwarder' as const,
        name: `Bench forwarder ${n}`,
        short_name: `BENCH-F${n}`,
      })),
    )
    .returning({ id: companies.id });
  const demo = await db.select().from(companies);
  const by = (short: string) => demo.find((c) => c.short_name === short)?.id as number;
  const airlines = [
    { id: by('SU'), prefix: '555', carrier: 'SU' },
    { id: by('KC'), prefix: '465', carrier: 'KC' },
    ...extraAirlines.map((a, i) => ({ id: a.id, prefix: `90${i}`, carrier: a.code as string })),
  ];
  const forwarders = [by('FWDA'), by('FWDB'), ...extraForwarders.map((f) => f.id)];
  const ints = (v: number[]) => sql.raw(`array[${v.map((n) => Math.trunc(n)).join(',')}]::int[]`);
  const texts = (v: string[]) =>
    sql.raw(`array[${v.map((t) => `'${t.replace(/[^A-Z0-9]/g, '')}'`).join(',')}]::text[]`);
  const stations = ['SVO', 'LED', 'ALA', 'NQZ', 'KZN', 'AER', 'OVB', 'SVX'];
  const started = performance.now();
  await db.execute(sql`
    insert into air_waybills (
      mawb, prefix, serial, airline_id, forwarder_id, origin_iata, destination_iata, pieces, weight, volume, carrier,
      product_type, commodity, source, shcs, hs_codes, shipper, consignee, charge_weight, payment,
      booked, issued, departed, delivered, verified, billed, warning, voided, void_payment, void_reason,
      created_at, updated_at, flight_date, issued_at, departed_at, delivered_at, verified_at, billing_date)
    select
      (${texts(airlines.map((a) => a.prefix))})[g % ${airlines.length} + 1] || '-' || lpad(s::text, 7, '0') || (s % 7)::text,
      (${texts(airlines.map((a) => a.prefix))})[g % ${airlines.length} + 1], s,
      (${ints(airlines.map((a) => a.id))})[g % ${airlines.length} + 1],
      (${ints(forwarders)})[(g / ${airlines.length}) % ${forwarders.length} + 1],
      (${texts(stations)})[g % ${stations.length} + 1], (${texts(stations)})[(g + 3) % ${stations.length} + 1],
      1 + g % 20, (10 + g % 2000)::numeric(12,3), ((10 + g % 2000) / 167.0)::numeric(12,3),
      (${texts(airlines.map((a) => a.carrier))})[g % ${airlines.length} + 1],
      'General', 'Consolidation', 'web', '{}'::text[], '{847130}'::text[],
      '{"name": "Bench shipper"}'::jsonb, '{"name": "Bench consignee"}'::jsonb,
      case when g % 3 = 0 then (12 + g % 2000)::numeric(12,3) end,
      case when g % 5 = 0 then 'collect' else 'prepaid' end,
      r >= 10, r >= 30 or r < 3, r >= 45, r >= 60, r >= 75, r >= 90, g % 37 = 0, r < 3,
      case r when 0 then 'required' when 1 then 'not_required' end,
      case when r < 3 then 'Bench void' end,
      c, c, (c + interval '2 days')::date,
      case when r >= 30 or r < 3 then c + interval '1 hour' end,
      case when r >= 45 then c + interval '2 days' end,
      case when r >= 60 then c + interval '3 days' end,
      case when r >= 75 then c + interval '4 days' end,
      case when r >= 30 then (c + interval '2 days')::date end
    from generate_series(1, ${WAYBILLS}) g,
         lateral (select 4000000 + g as s, g % 100 as r,
                         timestamptz '2026-11-01T00:00:00Z' - g * interval '97 seconds' as c) x`);
  // What autovacuum does after a bulk of inserts: statistics, and the visibility map the index-only counts read.
  await db.execute(sql`vacuum (analyze) air_waybills`);
  console.log(
    `generated ${WAYBILLS.toLocaleString('en')} waybills (${forwarders.length} forwarders, ${airlines.length} airlines) ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { forwarders: forwarders.length, airlines: airlines.length };
}

/** p95 of page 1, of page 1,000 and of the number-prefix search, through the app as a forwarder and an airline user. */
async function listBench(db: Db): Promise<void> {
  const shape = await generateWaybills(db);
  const app = await buildApp({ config: { ...config, authCacheTtlMs: 0 }, database, logger: false });
  await app.ready();
  try {
    const figures: string[] = [];
    for (const email of ['fwd.agent@demo.aero', 'su.manager@demo.aero']) {
      const signIn = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', email, password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${signIn.json().access_token}` };
      const list = async (query: string) => {
        const r = await app.inject({
          method: 'GET',
          url: `/api/v3/air_waybills?per_page=${PER_PAGE}${query}`,
          headers,
        });
        if (r.statusCode !== 200) throw new Error(`list ${query}: ${r.statusCode} ${r.body.slice(0, 300)}`);
        return r.json() as {
          data: { id: number; mawb: string }[];
          meta: { next_cursor: string | null; current_page: number; total_count: number };
        };
      };
      // Page 1,000 by walking the next cursors (each id seen once: no duplicates over the walk).
      let cursor: string | null = null;
      const seen = new Set<number>();
      const walkStarted = performance.now();
      for (let page = 1; page < DEEP_PAGE; page++) {
        const body = await list(cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
        for (const row of body.data) {
          if (seen.has(row.id)) throw new Error(`${email}: waybill ${row.id} twice`);
          seen.add(row.id);
        }
        cursor = body.meta.next_cursor;
        if (!cursor) throw new Error(`${email}: the list ends at page ${page}`);
      }
      const walk = (performance.now() - walkStarted) / (DEEP_PAGE - 1);
      const deep = `&cursor=${encodeURIComponent(cursor as string)}`;
      const deepPage = await list(deep);
      if (deepPage.meta.current_page !== DEEP_PAGE || deepPage.data.length !== PER_PAGE) {
        throw new Error(`${email}: page ${deepPage.meta.current_page} with ${deepPage.data.length} rows`);
      }
      const search = '&q=555-40';
      const found = await list(search);
      if (found.data.length === 0 || !found.data.every((w) => w.mawb.startsWith('555-40'))) {
        throw new Error(`${email}: the prefix search found ${found.data.length} rows, not all 555-40...`);
      }
      // The calls take turns round by round (page 1, page 1,000, the search, the profile), so that each sees the same
      // machine: on a shared machine the load changes faster than a series of one call lasts.
      const calls = {
        first: `/api/v3/air_waybills?per_page=${PER_PAGE}`,
        deep: `/api/v3/air_waybills?per_page=${PER_PAGE}${deep}`,
        prefix: `/api/v3/air_waybills?per_page=${PER_PAGE}${search}`,
        // The same user's profile call: what any signed-in call costs on this machine now, for scale.
        baseline: '/api/v3/profiles/me',
      };
      const samples: Record<keyof typeof calls, number[]> = { first: [], deep: [], prefix: [], baseline: [] };
      for (let round = 0; round < ROUNDS + 3; round++) {
        for (const [key, url] of Object.entries(calls) as [keyof typeof calls, string][]) {
          const t = performance.now();
          const r = await app.inject({ method: 'GET', url, headers });
          if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
          if (round >= 3) samples[key].push(performance.now() - t);
        }
      }
      const p = (key: keyof typeof calls) =>
        `p50 ${percentile(samples[key], 50).toFixed(1)} ms, p95 ${percentile(samples[key], 95).toFixed(1)} ms`;
      const first = percentile(samples.first, 95);
      const thousandth = percentile(samples.deep, 95);
      const [visible] = await queryRows<{ n: number }>(
        db,
        email.startsWith('fwd')
          ? sql`select count(*)::int as n from air_waybills a join companies c on c.id = a.forwarder_id where c.short_name = 'FWDA'`
          : sql`select count(*)::int as n from air_waybills a join companies c on c.id = a.airline_id where c.short_name = 'SU'`,
      );
      figures.push(
        `${email} (${visible?.n.toLocaleString('en')} visible of ${WAYBILLS.toLocaleString('en')}): ` +
          `page 1 ${p('first')}; page ${DEEP_PAGE.toLocaleString('en')} ${p('deep')} ` +
          `(p95 ${(thousandth / first).toFixed(2)}x page 1); prefix search "555-40" ${p('prefix')}; ` +
          `walk to page ${DEEP_PAGE} ${walk.toFixed(1)} ms a page; GET profiles/me ${p('baseline')}`,
      );
      console.log(figures.at(-1));
    }
    console.log(
      `\nair-waybill list, PostgreSQL, ${WAYBILLS.toLocaleString('en')} waybills over ${shape.forwarders} forwarders and ` +
        `${shape.airlines} airlines, ${PER_PAGE} a page, ${ROUNDS} rounds:\n${figures.join('\n')}`,
    );
  } finally {
    await app.close();
  }
}

try {
  await prepareDatabase(database, config);
  const db = database.db;
  const [su] = await db.select().from(companies).where(eq(companies.short_name, 'SU'));
  const [fwd] = await db.select().from(companies).where(eq(companies.short_name, 'FWDA'));
  const total = CLIENTS * PER_CLIENT;
  if (SKIP_ALLOCATION) {
    await listBench(db);
  } else {
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
    await listBench(db);
  }
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${name}`);
  else await admin(`drop database if exists ${name} with (force)`);
}
if (failed) {
  console.error('FAILED: a number was issued twice, outside the stock, voided, or skipped');
  process.exit(1);
}
