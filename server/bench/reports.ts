/**
 * npm run bench:reports — the streamed XLSX report (issue 13 item 4) on PostgreSQL: BENCH_WAYBILLS (default 100,000)
 * waybills of the demo forwarder A are generated with one INSERT ... SELECT generate_series, created over 30 days
 * (one report range), and GET /api/v3/air_waybills/reports/xlsx is downloaded through a real HTTP listener (not
 * app.inject, which would buffer the whole answer) as forwarder A. Printed: the time to the first byte and to the
 * last, the size, the rows the workbook holds (read back with the exceljs streaming reader, after the measurement),
 * and the process's peak RSS and heap over the download against the figures before it. A fresh database on
 * BENCH_DATABASE_URL's server (default the local one) is migrated, seeded with the demo data and dropped afterwards.
 * Without a heap cap V8 collects lazily and the peak grows with the download; `NODE_OPTIONS=--max-old-space-size=150`
 * shows what the stream really holds (the run still completes, with the heap peak a few MB over the start).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/bootstrap';
import { DEMO_PASSWORD } from '../src/db/seeds/demo';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';

const WAYBILLS = Number(process.env.BENCH_WAYBILLS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const name = `aircargo_bench_reports_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const config = loadConfig(
  { ...process.env, LOG_LEVEL: 'silent' },
  { database: { kind: 'postgresql', url: url.toString(), poolSize: 4 }, seedDemo: true, webDist: '/nonexistent' },
);
const database = await openDatabase(config.database);
const file = join(tmpdir(), `${name}.xlsx`);
let failed = false;

try {
  await prepareDatabase(database, config);
  const db = database.db;
  const started = performance.now();
  // One every (30 days / WAYBILLS) back from 2026-10-31T23:00Z: all inside 2026-10-02 .. 2026-10-31.
  const step = Math.floor((30 * 86_400) / WAYBILLS);
  await db.execute(sql`
    insert into air_waybills (
      mawb, prefix, serial, airline_id, forwarder_id, origin_iata, destination_iata, pieces, weight, volume, carrier,
      product_type, commodity, source, shcs, hs_codes, shipper, consignee, payment, booked, issued,
      created_at, updated_at, issued_at)
    select '555-' || lpad(s::text, 7, '0') || (s % 7)::text, '555', s,
      (select id from companies where short_name = 'SU'), (select id from companies where short_name = 'FWDA'),
      (array['SVO','LED','ALA','NQZ'])[g % 4 + 1], (array['KZN','AER','OVB','SVX'])[g % 4 + 1],
      1 + g % 20, (10 + g % 2000)::numeric(12,3), ((10 + g % 2000) / 167.0)::numeric(12,3), 'SU',
      'General', 'Consolidation', 'web', '{}'::text[], '{847130}'::text[],
      '{"name": "Bench shipper"}'::jsonb, '{"name": "Bench consignee"}'::jsonb, 'prepaid', g % 2 = 0, g % 3 = 0,
      c, c, case when g % 3 = 0 then c + interval '1 hour' end
    from generate_series(1, ${WAYBILLS}) g,
         lateral (select 4000000 + g as s, timestamptz '2026-10-31T23:00:00Z' - g * ${step} * interval '1 second' as c) x`);
  await db.execute(sql`vacuum (analyze) air_waybills`);
  console.log(
    `generated ${WAYBILLS.toLocaleString('en')} waybills in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ config: { ...config, authCacheTtlMs: 0 }, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const signIn = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: 'fwd.agent@demo.aero', password: DEMO_PASSWORD }),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const t0 = performance.now();
    const response = await fetch(
      `${base}/api/v3/air_waybills/reports/xlsx?date_type=created&date_from=2026-10-01&date_to=2026-10-31`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (response.status !== 200 || !response.body)
      throw new Error(`report: ${response.status} ${await response.text()}`);
    const firstByte = performance.now() - t0;
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
    const total = performance.now() - t0;
    clearInterval(sampler);
    let size = 0;
    for await (const chunk of createReadStream(file)) size += (chunk as Buffer).length;
    // Read back (streaming reader): the header row plus one row per waybill.
    let rows = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {});
    for await (const sheet of reader) for await (const _row of sheet) rows += 1;
    const dataRows = rows - 1;
    if (dataRows !== WAYBILLS) failed = true;
    console.log(
      `\nXLSX report, PostgreSQL, ${WAYBILLS.toLocaleString('en')} waybills in one 30-day range, as forwarder A:\n` +
        `  first byte ${firstByte.toFixed(0)} ms, whole file ${(total / 1000).toFixed(1)} s ` +
        `(${Math.round(WAYBILLS / (total / 1000)).toLocaleString('en')} rows/s), ${mb(size)}, ` +
        `${dataRows.toLocaleString('en')} data rows\n` +
        `  memory: RSS ${mb(before.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}); ` +
        `heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(file, { force: true });
  await admin(`drop database if exists ${name} with (force)`);
}
if (failed) {
  console.error('FAILED: the report does not hold one row per waybill');
  process.exit(1);
}
