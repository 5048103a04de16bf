/**
 * What the HTTP benchmarks (bench/api.ts, bench/quote.ts) share: server and load-generator processes, pinned with taskset
 * where the machine has two cores (servers on CPU 0, load on CPU 1); an API server on a fresh database with the demo data
 * beside a bare Fastify hello-world; medians and spreads.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { LoadOptions, LoadResult } from './load';

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = import.meta.dirname;

/** `taskset -c N` prefixes when pinning is possible: servers on CPU 0, load on CPU 1. */
export const pinning = (() => {
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

/** Runs the load generator in its own (pinned) process and returns its result. */
export function load(options: LoadOptions): Promise<LoadResult> {
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
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export const spread = (values: number[], digits: number, unit = ''): string =>
  `${Math.min(...values).toFixed(digits)}${unit}-${Math.max(...values).toFixed(digits)}${unit}`;

export function loadAverageLine(): string {
  const [l1, l5, l15] = loadavg();
  return `load average ${l1?.toFixed(2)} ${l5?.toFixed(2)} ${l15?.toFixed(2)} on ${availableParallelism()} cores`;
}

export interface Servers {
  bare: ChildProcess;
  api: ChildProcess;
  bareUrl: string;
  apiUrl: string;
  /** The demo forwarder's access token. */
  token: string;
  /** 'PostgreSQL' or 'PGlite (embedded)'. */
  databaseName: string;
}

/**
 * Starts the bare hello-world on `ports.bare` and the API on `ports.api` (PostgreSQL: a fresh database on
 * BENCH_DATABASE_URL's server, default the local one; BENCH_DB=pglite: embedded PGlite in a temporary folder), with the
 * demo data, signs the demo forwarder in, runs `fn` and tears everything down.
 */
export async function withServers(ports: { bare: number; api: number }, fn: (s: Servers) => Promise<void>) {
  const usePglite = process.env.BENCH_DB === 'pglite';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `aircargo_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'aircargo-bench-'));
  const env: Record<string, string> = { PORT: String(ports.api), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED: 'demo' };
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
  const children: ChildProcess[] = [];
  try {
    const bareUrl = `http://127.0.0.1:${ports.bare}`;
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const bare = await start(resolve(here, 'bare.ts'), { PORT: String(ports.bare) }, `${bareUrl}/`);
    children.push(bare);
    const api = await start(resolve(here, '../src/main.ts'), env, `${apiUrl}/api/health`);
    children.push(api);
    const signIn = await fetch(`${apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: 'fwd.agent@demo.aero', password: 'demo-pass-2026' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    await fn({
      bare,
      api,
      bareUrl,
      apiUrl,
      token: access_token,
      databaseName: usePglite ? 'PGlite (embedded)' : 'PostgreSQL',
    });
  } finally {
    for (const c of children) c.kill();
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
