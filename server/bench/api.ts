/**
 * npm run bench:api — GET /api/v3/profiles/me (a signed-in profile read) beside a bare Fastify hello-world, in several
 * rounds; prints per target the median and spread of requests per second and latency, and the profile read as a share of
 * bare Fastify (median of the per-round ratios, with its spread). GET /api/health is measured alongside.
 *
 * Each server and each load run is a process of its own. Where `taskset` exists and the machine has two cores or more,
 * the servers are pinned to CPU 0 and the load generator (autocannon) to CPU 1, so the two do not compete for a core.
 * Within a round the targets run back to back, their order rotating from round to round so that drift of the machine's
 * load does not favour one of them.
 *
 * The API runs on PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, default the local one) or, with
 * BENCH_DB=pglite, on embedded PGlite. BENCH_ROUNDS (default 5), BENCH_SECONDS per measurement (default 5),
 * BENCH_CONNECTIONS (default 50).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { LoadOptions, LoadResult } from './load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = import.meta.dirname;

/** `taskset -c N` prefixes when pinning is possible: servers on CPU 0, load on CPU 1. */
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
        const response = await fetch(readyUrl);
        if (response.ok) return resolveStart(child);
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

/** Runs the load generator in its own (pinned) process and returns its result. */
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

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc (Linux; clock ticks of 1/100 s);
 * null elsewhere. CPU per request does not depend on how busy the rest of the machine is, unlike requests per second.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const spread = (values: number[], digits: number, unit = ''): string =>
  `${Math.min(...values).toFixed(digits)}${unit}-${Math.max(...values).toFixed(digits)}${unit}`;

interface Target {
  name: string;
  url: string;
  /** The server process that answers it. */
  server: ChildProcess;
  headers?: Record<string, string>;
  results: LoadResult[];
  /** Server CPU microseconds per answered request, per round. */
  cpuPerRequest: number[];
}

async function main() {
  const usePglite = process.env.BENCH_DB === 'pglite';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `aircargo_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'aircargo-bench-'));
  const env: Record<string, string> = { PORT: '3902', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED: 'demo' };
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
    const bareServer = await start(resolve(here, 'bare.ts'), { PORT: '3901' }, 'http://127.0.0.1:3901/');
    servers.push(bareServer);
    const apiServer = await start(resolve(here, '../src/main.ts'), env, 'http://127.0.0.1:3902/api/health');
    servers.push(apiServer);
    const signIn = await fetch('http://127.0.0.1:3902/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: 'fwd.agent@demo.aero', password: 'demo-pass-2026' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };

    const targets: Target[] = [
      {
        name: 'bare fastify hello-world',
        url: 'http://127.0.0.1:3901/',
        server: bareServer,
        results: [],
        cpuPerRequest: [],
      },
      {
        name: 'GET /api/health',
        url: 'http://127.0.0.1:3902/api/health',
        server: apiServer,
        results: [],
        cpuPerRequest: [],
      },
      {
        name: 'GET /api/v3/profiles/me',
        url: 'http://127.0.0.1:3902/api/v3/profiles/me',
        server: apiServer,
        headers: { authorization: `Bearer ${access_token}` },
        results: [],
        cpuPerRequest: [],
      },
    ];
    const [bare, , profile] = targets as [Target, Target, Target];
    const run = (t: Target, seconds: number) =>
      load({ url: t.url, connections: CONNECTIONS, seconds, ...(t.headers ? { headers: t.headers } : {}) });

    console.log(
      `API on ${usePglite ? 'PGlite (embedded)' : 'PostgreSQL'}; ${ROUNDS} rounds, ${CONNECTIONS} connections, ` +
        `${SECONDS} s per target and round; ${pinning ? 'servers pinned to CPU 0, load generator to CPU 1' : 'not pinned'}`,
    );
    // A warm-up of each target so JIT, pools and caches are hot before measuring.
    for (const t of targets) await run(t, 3);

    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
      for (const t of order) {
        const cpuBefore = cpuSeconds(t.server.pid);
        const result = await run(t, SECONDS);
        const cpuAfter = cpuSeconds(t.server.pid);
        t.results.push(result);
        if (cpuBefore !== null && cpuAfter !== null && result.requests > 0) {
          t.cpuPerRequest.push(((cpuAfter - cpuBefore) * 1e6) / result.requests);
        }
      }
      const ratio = ((profile.results.at(-1)?.rps ?? 0) / (bare.results.at(-1)?.rps ?? 1)) * 100;
      ratios.push(ratio);
      console.log(
        `round ${round + 1}: ${order.map((t) => `${t.name} ${(t.results.at(-1)?.rps ?? 0).toFixed(0)}`).join(', ')} ` +
          `req/s; profile ${ratio.toFixed(1)}% of bare`,
      );
    }

    console.log(
      `\n${'target'.padEnd(26)} ${'req/s median'.padStart(12)} ${'min-max'.padStart(13)} ${'p50 ms'.padStart(7)} ` +
        `${'p97.5 ms'.padStart(9)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'vs bare'.padStart(8)} ` +
        `${'CPU us/req'.padStart(10)} ${'load CPU us/req'.padStart(15)}`,
    );
    const bareMedian = median(bare.results.map((r) => r.rps));
    for (const t of targets) {
      const rps = t.results.map((r) => r.rps);
      console.log(
        `${t.name.padEnd(26)} ${median(rps).toFixed(0).padStart(12)} ${spread(rps, 0).padStart(13)} ` +
          `${median(t.results.map((r) => r.p50))
            .toFixed(1)
            .padStart(7)} ` +
          `${median(t.results.map((r) => r.p97_5))
            .toFixed(1)
            .padStart(9)} ${median(t.results.map((r) => r.p99))
            .toFixed(1)
            .padStart(7)} ` +
          `${String(t.results.reduce((n, r) => n + r.errors, 0)).padStart(7)} ` +
          `${`${((median(rps) / bareMedian) * 100).toFixed(0)}%`.padStart(8)} ` +
          `${(t.cpuPerRequest.length ? median(t.cpuPerRequest).toFixed(0) : '-').padStart(10)} ` +
          `${median(t.results.map((r) => r.loadCpuPerRequest))
            .toFixed(0)
            .padStart(15)}`,
      );
    }
    if (bare.cpuPerRequest.length && profile.cpuPerRequest.length) {
      const cpuRatios = profile.cpuPerRequest.map((c, i) => ((bare.cpuPerRequest[i] ?? 0) / c) * 100);
      console.log(
        `server CPU per request, bare / profile read = ${median(cpuRatios).toFixed(1)}% median ` +
          `(spread ${spread(cpuRatios, 1, '%')}): the throughput share a dedicated core would give`,
      );
    }
    const [l1, l5, l15] = loadavg();
    console.log(
      `\nprofile read / bare = ${median(ratios).toFixed(1)}% median of ${ROUNDS} rounds ` +
        `(spread ${spread(ratios, 1, '%')}; target 60% or more)`,
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
