/**
 * npm run bench:booking — bookings per second on PostgreSQL at BENCH_CLIENTS (default 32) concurrent clients, beside
 * pgbench's TPC-B on the same server in the same run, and the ratio. A fresh database on BENCH_DATABASE_URL's server
 * (default the local one) is migrated and seeded with the demo companies; BENCH_FLIGHTS (default 20) flights of the
 * demo airline KC get BENCH_CAPACITY kg each (default 100 000, 5% overflow tolerance); the clients book 20-300 kg on
 * random flights (one in five on two flights) through the bookings service for BENCH_SECONDS (default 10) and the
 * capacity refusals are counted. Afterwards every segment's counters are checked against its bookings and its limit:
 * "oversold" must be 0. pgbench (installed with the PostgreSQL server) runs `-c CLIENTS -j 2 -T SECONDS` on its own
 * scale-10 database. Both databases are dropped afterwards.
 *
 * Also printed: the CPU time per booking of this node process and of the database's server backends (from /proc, when
 * the server runs on this machine), figures the other load on a shared machine changes less than the rates.
 * BENCH_TRACE=1 counts the SQL statements of the booking phase and their client-side time by kind; BENCH_KEEP=1 keeps
 * the booking database (its name is printed) for EXPLAIN; drop it afterwards.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { classify, countChanges, type DatedLeg, type LegChange, legKey } from '@aircargo/schedule';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { prepareDatabase } from '../src/db/bootstrap';
import { companies, memberships, segments, users } from '../src/db/schema';
import { auditCounters, BookingsService } from '../src/modules/bookings/bookings.service';
import { applyScheduleDiff } from '../src/modules/flights/flights.service';
import type { AuthContext } from '../src/platform/auth';
import { loadConfig } from '../src/platform/config';
import { openDatabase, queryRows } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { inTransaction } from '../src/platform/transactions';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLIGHTS = Number(process.env.BENCH_FLIGHTS ?? 20);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_TRACE=1: count the SQL statements of the booking phase and time them (client side), by their first words. */
const TRACE = process.env.BENCH_TRACE === '1';
const traced = new Map<string, { n: number; ms: number }>();
let tracing = false;
if (TRACE) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!tracing) return original.apply(this, args);
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
    const t = performance.now();
    const done = () => {
      const e = traced.get(key) ?? { n: 0, ms: 0 };
      e.n += 1;
      e.ms += performance.now() - t;
      traced.set(key, e);
    };
    // The pool passes a callback; a transaction's client awaits the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...r: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...r);
      };
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
}

/**
 * CPU time (ms) the server's backends of this database have used, from /proc (the server runs on this machine): a
 * figure the other load on a shared machine does not change. Null when /proc cannot be read.
 */
async function backendCpuMs(db: Parameters<typeof queryRows>[0]): Promise<Map<number, number> | null> {
  const { readFileSync } = await import('node:fs');
  const pids = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const out = new Map<number, number>();
  try {
    for (const { pid } of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second).
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    }
  } catch {
    return null;
  }
  return out;
}

async function createDb(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDb(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

function pgbench(url: string): number | null {
  try {
    execFileSync('pgbench', ['-i', '-s', '10', '-q', url], { stdio: 'pipe' });
    const out = execFileSync('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    return m ? Number(m[1]) : null;
  } catch (error) {
    console.log(`pgbench did not run: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

const suffix = randomBytes(4).toString('hex');
const benchName = `aircargo_bench_booking_${suffix}`;
const pgbenchName = `aircargo_bench_pgbench_${suffix}`;
const url = await createDb(benchName);
const config = loadConfig(
  { ...process.env, LOG_LEVEL: 'silent' },
  { database: { kind: 'postgresql', url, poolSize: CLIENTS }, seedDemo: true, webDist: '/nonexistent' },
);
const database = await openDatabase(config.database);
let failed = false;
try {
  await prepareDatabase(database, config);
  const db = database.db;
  const [kc] = await db.select().from(companies).where(eq(companies.short_name, 'KC'));
  const [fwd] = await db.select().from(companies).where(eq(companies.short_name, 'FWDA'));
  const [member] = await db.select().from(memberships).where(eq(memberships.company_id, fwd!.id));
  const [user] = await db.select().from(users).where(eq(users.id, member!.user_id));
  await db.execute(
    sql`insert into airline_settings (company_id, overflow_weight_percent, overflow_volume_percent)
        values (${kc!.id}, 5, 5) on conflict (company_id) do update set overflow_weight_percent = 5, overflow_volume_percent = 5`,
  );
  // The flights: one leg SVO-ALA each, numbers 9001.., a capacity override of CAPACITY kg and CAPACITY/100 m3.
  const legs: DatedLeg[] = Array.from({ length: FLIGHTS }, (_, i) => ({
    carrier: 'KC',
    number: 9001 + i,
    suffix: '',
    date: '2027-06-15',
    legSequence: 1,
    origin: 'SVO',
    destination: 'ALA',
    std: '2027-06-15T18:00:00Z',
    sta: '2027-06-15T22:30:00Z',
    aircraftType: '321',
    serviceType: 'J',
    dateVariation: { departure: 0, arrival: 0 },
  }));
  const changes = legs.map((l) => classify(legKey(l), undefined, l) as LegChange);
  await inTransaction(db, (tx) =>
    applyScheduleDiff(tx, {
      airlineId: kc!.id,
      diff: { changes, counts: countChanges(changes) },
      channel: 'system',
      userId: null,
    }),
  );
  const segmentIds = (await db.select({ id: segments.id }).from(segments).where(eq(segments.airline_id, kc!.id))).map(
    (r) => r.id,
  );
  await db
    .update(segments)
    .set({ capacity_weight: CAPACITY.toFixed(3), capacity_volume: (CAPACITY / 100).toFixed(3) })
    .where(inArray(segments.id, segmentIds));

  const auth: AuthContext = {
    userId: user!.id,
    tokenId: 0,
    email: user!.email,
    system: false,
    membershipId: member!.id,
    companyId: fwd!.id,
    companyType: 'forwarder',
    role: 'operator',
    airlineCode: null,
    blocked: false,
    scope: 'bench',
    createdAt: new Date(),
    expiresIn: 3600,
  };
  const service = new BookingsService(db);
  let booked = 0;
  let refused = 0;
  let errors = 0;
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  // mulberry32, seeded: the same run every time.
  let seed = 1;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = () => segmentIds[Math.floor(next() * segmentIds.length)] as number;
  const serverBefore = await backendCpuMs(db);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  tracing = TRACE;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const weight = 20 + Math.floor(next() * 280);
        const route = next() < 0.2 ? [...new Set([pick(), pick()])] : [pick()];
        const t = performance.now();
        try {
          await service.create(auth, {
            segment_ids: route,
            pieces: 2,
            weight,
            volume: weight / 100,
            commodity: null,
            shcs: [],
            dimensions: [],
          });
          booked += 1;
          latencies.push(performance.now() - t);
        } catch (error) {
          if (error instanceof AppError && error.status === 422) refused += 1;
          else {
            errors += 1;
            if (errors <= 3) console.error(error);
          }
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  tracing = false;
  const serverAfter = await backendCpuMs(db);
  if (TRACE) {
    const all = [...traced.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const statements = all.reduce((n, [, e]) => n + e.n, 0);
    console.log(`statements: ${statements} = ${(statements / Math.max(1, booked + refused)).toFixed(1)} per booking`);
    for (const [key, e] of all) {
      console.log(`  ${String(e.n).padStart(7)} × ${(e.ms / e.n).toFixed(1).padStart(6)} ms  ${key}`);
    }
  }
  const mismatched = await auditCounters(db, segmentIds);
  const over = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select bs.segment_id, sum(b.weight) as w from bookings b
          join booking_segments bs on bs.booking_id = b.id where b.effective group by bs.segment_id) x
        join segments s on s.id = x.segment_id where x.w > s.capacity_weight * 1.05`,
  );
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const perSecond = booked / elapsed;
  console.log(
    `bookings: ${booked} in ${elapsed.toFixed(1)} s = ${perSecond.toFixed(0)}/s at ${CLIENTS} clients ` +
      `(refused for capacity ${refused}, errors ${errors}; p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms)`,
  );
  console.log(
    `node CPU in the booking phase: ${((cpu.user + cpu.system) / 1000 / elapsed / 10).toFixed(0)}% of a core, ` +
      `${((cpu.user + cpu.system) / 1000 / Math.max(1, booked + refused)).toFixed(2)} ms per booking`,
  );
  if (serverBefore && serverAfter) {
    let ms = 0;
    for (const [pid, after] of serverAfter) ms += after - (serverBefore.get(pid) ?? 0);
    console.log(
      `PostgreSQL CPU in the booking phase: ${(ms / Math.max(1, booked + refused)).toFixed(2)} ms per booking ` +
        '(its backends, from /proc)',
    );
  }
  const oversold = (over[0]?.n ?? 0) + mismatched.length;
  console.log(`oversold segments: ${oversold} (counters off: ${mismatched.length})`);
  await database.close();
  const pgUrl = await createDb(pgbenchName);
  const tps = pgbench(pgUrl);
  if (tps === null) console.log('pgbench TPC-B: not available');
  else {
    console.log(`pgbench TPC-B: ${tps.toFixed(0)} tps at ${CLIENTS} clients`);
    console.log(`ratio bookings/s to TPC-B tps: ${((perSecond / tps) * 100).toFixed(1)}%`);
  }
  failed = oversold > 0 || errors > 0;
} finally {
  await database.close().catch(() => undefined);
  // BENCH_KEEP=1 keeps the booking database for a look at its statements (drop it afterwards).
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${benchName}`);
  else await dropDb(benchName);
  await dropDb(pgbenchName);
}
if (failed) process.exit(1);
