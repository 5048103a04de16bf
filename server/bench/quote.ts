/**
 * npm run bench:quote — quotes per second through the HTTP quote call (POST /api/v3/tariffs/quote, a forwarder pricing a
 * shipment on the demo SVO-LED route: public and contract tariffs, charges and a surcharge) beside a bare Fastify
 * hello-world in the same run, in rounds; prints the medians and the quote call as a share of bare Fastify. The
 * in-process engine figure is `npm run bench:rating`.
 *
 * Like bench/api.ts: each server and each load run is its own process, pinned with taskset (servers on CPU 0, load on
 * CPU 1) where the machine has two cores; the API runs on PostgreSQL (BENCH_DATABASE_URL's server) or, with
 * BENCH_DB=pglite, on PGlite. BENCH_ROUNDS (default 5), BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { LoadOptions, LoadResult } from './load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = import.meta.dirname;

const SHIPMENT = {
  carrier: 'SU',
  origin: 'SVO',
  destination: 'LED',
  date: '2026-06-01',
  pieces: 3,
  weight: '120.5',
  volume: '0.9',
  product: 'GCR',
};

const pinning = (() => {
  if (availableParallelism() < 2) return null;
  try {
    execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    return { server: ['taskset', '-c', '0'], load: ['taskset', '-c', '1'] };
  } catch {
    return null;
  }
})();

function tsxProcess(prefix: string[] | undefined, script: string, args: string[], env: Record<string, string>) {
  const command = [...(prefix ?? []), process.execPath, '--import', 'tsx', script, ...args];
  return spawn(command[0] as string, command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function start(script: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = tsxProcess(pinning?.server, script, [], env);
  child.stdout?.resume();
  return new Promise((resolveStart, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolveStart(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`${script} did not start`));
      setTimeout(poll, 250);
    };
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    void poll();
  });
}

function load(options: LoadOptions): Promise<LoadResult> {
  const child = tsxProcess(pinning?.load, resolve(here, 'load.ts'), [JSON.stringify(options)], {});
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolveLoad, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolveLoad(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult);
    });
  });
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function main() {
  const usePglite = process.env.BENCH_DB === 'pglite';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `aircargo_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'aircargo-bench-'));
  const env: Record<string, string> = { PORT: '3912', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED: 'demo' };
  if (usePglite) env.DATA_DIR = dataDir;
  else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const servers: ChildProcess[] = [];
  try {
    const bare = await start(resolve(here, 'bare.ts'), { PORT: '3911' }, 'http://127.0.0.1:3911/');
    servers.push(bare);
    const api = await start(resolve(here, '../src/main.ts'), env, 'http://127.0.0.1:3912/api/health');
    servers.push(api);
    const signIn = await fetch('http://127.0.0.1:3912/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: 'fwd.agent@demo.aero', password: 'demo-pass-2026' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const body = JSON.stringify(SHIPMENT);
    const check = await fetch('http://127.0.0.1:3912/api/v3/tariffs/quote', { method: 'POST', headers, body });
    const sample = (await check.json()) as { ok: boolean; totals?: unknown; lines?: unknown[] };
    if (!sample.ok) throw new Error(`the benchmark shipment got no price: ${JSON.stringify(sample)}`);
    console.log(`sample quote: ${sample.lines?.length} rate lines, totals ${JSON.stringify(sample.totals)}`);

    const bareRun = (seconds: number) => load({ url: 'http://127.0.0.1:3911/', connections: CONNECTIONS, seconds });
    const quoteRun = (seconds: number) =>
      load({
        url: 'http://127.0.0.1:3912/api/v3/tariffs/quote',
        connections: CONNECTIONS,
        seconds,
        method: 'POST',
        headers,
        body,
      });
    console.log(
      `API on ${usePglite ? 'PGlite (embedded)' : 'PostgreSQL'}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} ` +
        `connections; ${pinning ? 'servers pinned to CPU 0, load generator to CPU 1' : 'not pinned'}`,
    );
    await bareRun(3);
    await quoteRun(3);
    const bareRps: number[] = [];
    const quoteRps: number[] = [];
    const ratios: number[] = [];
    let errors = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const runs = round % 2 ? [quoteRun, bareRun] : [bareRun, quoteRun];
      const results: LoadResult[] = [];
      for (const run of runs) results.push(await run(SECONDS));
      const [b, q] = round % 2 ? [results[1]!, results[0]!] : [results[0]!, results[1]!];
      bareRps.push(b.rps);
      quoteRps.push(q.rps);
      errors += q.errors;
      ratios.push((q.rps / b.rps) * 100);
      console.log(
        `round ${round + 1}: bare ${b.rps.toFixed(0)} req/s, quote ${q.rps.toFixed(0)} quotes/s (p99 ${q.p99} ms)`,
      );
    }
    const [l1, l5, l15] = loadavg();
    console.log(`\nbare fastify hello-world: ${median(bareRps).toFixed(0)} req/s median`);
    console.log(`POST /api/v3/tariffs/quote: ${median(quoteRps).toFixed(0)} quotes/s median (${errors} errors)`);
    console.log(
      `quote call / bare = ${median(ratios).toFixed(1)}% median of ${ROUNDS} rounds ` +
        `(spread ${Math.min(...ratios).toFixed(1)}%-${Math.max(...ratios).toFixed(1)}%)`,
    );
    console.log(
      `load average ${l1?.toFixed(2)} ${l5?.toFixed(2)} ${l15?.toFixed(2)} on ${availableParallelism()} cores`,
    );
  } finally {
    for (const s of servers) s.kill();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    if (!usePglite) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

await main();
