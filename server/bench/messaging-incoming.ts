/**
 * npm run bench:messaging-incoming — incoming telegrams end to end on PostgreSQL (issue 14 figures): BENCH_TELEGRAMS
 * (default 2,000) telegrams, a quarter FWB (each a new master waybill of SU's prefix 555 for the demo forwarder A) and
 * three quarters FSU (RCS, DEP, ARR of those waybills), are posted to the HTTP intake (POST /api/v3/telegram_intake
 * with an intake key, BENCH_BATCH telegrams per call, default 50, Type B envelopes separated by NNNN) while two job
 * workers, each on its own connection pool, parse and process them. Printed: the intake rate, and telegrams parsed and
 * processed per second from the first post to the last telegram done, with the count per processing status and the
 * movements written. A fresh database on BENCH_DATABASE_URL's server (default the local one) is migrated, seeded with
 * the demo data and dropped afterwards (BENCH_KEEP_DB=1 keeps it).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { count, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/bootstrap';
import { awbMovements, incomingTelegrams } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seeds/demo';
import { incomingTelegramJobs } from '../src/modules/incoming-telegrams/incoming-telegrams.process';
import { systemClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { JobWorker } from '../src/platform/jobs';

const TELEGRAMS = Number(process.env.BENCH_TELEGRAMS ?? 2000);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const WORKERS = 2;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function mawbOf(i: number): string {
  const serial = 5_000_000 + i;
  return `555-${serial}${serial % 7}`;
}

function envelope(i: number, body: string): string {
  const dtg = `${String((i % 28) + 1).padStart(2, '0')}${String(i % 24).padStart(2, '0')}${String(i % 60).padStart(2, '0')}`;
  return `QK MOWFMSU\n.LEDFFSU ${dtg}/${i}\n${body}NNNN\n`;
}

function fwb(mawb: string): string {
  return `FWB/17
${mawb}SVOPEK/T12K540.5MC3.1
FLT/SU204/12
RTG/PEKSU
SHP
NAM/OOO AEROEXPORT
ADR/LENINGRADSKOE SHOSSE 5
LOC/MOSCOW
/RU/125212
CNE
NAM/BEIJING IMPORT CO
ADR/AIRPORT ROAD 8
LOC/BEIJING
/CN/100621
AGT/ACC9/1234567/0001
/CARGO AGENT MOSCOW
/MOSCOW
CVD/USD//PP/NVD/NCV/XXX
RTD/1/P12/K540.5/CQ/W541/R2.50/T1352.50
/NG/MACHINE PARTS
/2/NH/847990
ISU/10MAR25/MOSCOW
`;
}

const STATUS_LINES = [
  'RCS/12MAR0930/SVO/T12K540.5',
  'DEP/SU204/12MAR/SVOPEK/T12K540.5/S1200',
  'ARR/SU204/13MAR0130/PEK/T12K540.5',
];

function fsu(mawb: string, status: string): string {
  return `FSU/15\n${mawb}SVOPEK/T12K540.5\n${status}\n`;
}

const name = `aircargo_incore_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const config = loadConfig(
  { ...process.env, LOG_LEVEL: 'silent' },
  {
    database: { kind: 'postgresql', url: url.toString(), poolSize: 8 },
    seedDemo: true,
    webDist: '/nonexistent',
    worker: 'off',
  },
);
const database = await openDatabase(config.database);
const workerDatabases = await Promise.all(
  Array.from({ length: WORKERS }, () => openDatabase({ kind: 'postgresql', url: url.toString(), poolSize: 4 })),
);
let failed = false;
try {
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', email: 'platform@demo.aero', password: DEMO_PASSWORD },
  });
  const token = signIn.json().access_token as string;
  const keyAnswer = await app.inject({
    method: 'POST',
    url: '/api/v3/telegram_intake_keys',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'bench gateway' },
  });
  const key = keyAnswer.json().key as string;

  // FWBs first, then the statuses in event order: the order a gateway would forward them in.
  const waybills = Math.ceil(TELEGRAMS / 4);
  const texts: string[] = [];
  for (let i = 0; i < waybills && texts.length < TELEGRAMS; i++) texts.push(envelope(i, fwb(mawbOf(i))));
  for (const status of STATUS_LINES) {
    for (let i = 0; i < waybills && texts.length < TELEGRAMS; i++) {
      texts.push(envelope(texts.length, fsu(mawbOf(i), status)));
    }
  }

  const workers = workerDatabases.map(
    (d, n) =>
      new JobWorker({
        db: d.db,
        handlers: incomingTelegramJobs({ db: d.db, clock: systemClock }),
        id: `bench-worker-${n + 1}`,
        pollMs: 20,
      }),
  );
  for (const w of workers) w.start();

  const started = performance.now();
  for (let at = 0; at < texts.length; at += BATCH) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v3/telegram_intake',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      payload: texts.slice(at, at + BATCH).join(''),
    });
    if (r.statusCode !== 202) throw new Error(`intake answered ${r.statusCode}: ${r.body}`);
  }
  const posted = performance.now();
  const db = database.db;
  for (;;) {
    const [open] = await db
      .select({ n: count() })
      .from(incomingTelegrams)
      .where(inArray(incomingTelegrams.processing_status, ['pending', 'processing']));
    if (Number(open?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const done = performance.now();
  for (const w of workers) await w.stop();

  const statuses = await db
    .select({ status: incomingTelegrams.processing_status, type: incomingTelegrams.message_type, n: count() })
    .from(incomingTelegrams)
    .groupBy(incomingTelegrams.processing_status, incomingTelegrams.message_type);
  const [moves] = await db
    .select({ n: count() })
    .from(awbMovements)
    .where(sql`${awbMovements.location_iata} in ('SVO', 'PEK')`);
  const total = texts.length;
  const seconds = (done - started) / 1000;
  console.log(`incoming telegrams on PostgreSQL, ${WORKERS} workers, ${total} telegrams (${waybills} FWB + FSU)`);
  console.log(
    `  intake: ${total} posted in ${((posted - started) / 1000).toFixed(2)} s (${(total / ((posted - started) / 1000)).toFixed(0)}/s)`,
  );
  console.log(
    `  end to end: parsed and processed in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(1)} telegrams/s`,
  );
  for (const s of statuses.sort((a, b) => `${a.type}${a.status}`.localeCompare(`${b.type}${b.status}`))) {
    console.log(`  ${s.type} ${s.status}: ${s.n}`);
  }
  console.log(`  movements written: ${moves?.n ?? 0}`);
  const bad = statuses.filter((s) => s.status !== 'processed').reduce((sum, s) => sum + Number(s.n), 0);
  if (bad > 0) {
    failed = true;
    console.error(`${bad} telegrams not processed`);
  }
  await app.close();
} finally {
  await Promise.all(workerDatabases.map((d) => d.close()));
  await database.close();
  if (process.env.BENCH_KEEP_DB === '1') console.log(`database kept: ${name}`);
  else await admin(`drop database if exists ${name} with (force)`);
}
process.exit(failed ? 1 : 0);
