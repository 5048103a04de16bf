/**
 * npm run bench:api — requests per second and p95 latency at 50 connections for GET /api/health and
 * GET /api/v3/profiles/me, beside a bare Fastify hello-world measured in the same run.
 * The API runs on PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, default the local one) or, with
 * BENCH_DB=pglite, on embedded PGlite. Each server runs in its own process; this process only generates load.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { type LoadResult, load } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const here = import.meta.dirname;

function start(script: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
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

  const bare = await start(resolve(here, 'bare.ts'), { PORT: '3901' }, 'http://127.0.0.1:3901/');
  const api = await start(resolve(here, '../src/main.ts'), env, 'http://127.0.0.1:3902/api/health');
  try {
    const signIn = await fetch('http://127.0.0.1:3902/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: 'fwd.agent@demo.aero', password: 'demo-pass-2026' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };

    const opts = { connections: CONNECTIONS, seconds: SECONDS };
    // A short warm-up of each target so JIT and pools are hot before measuring.
    for (const [url, headers] of [
      ['http://127.0.0.1:3901/', {}],
      ['http://127.0.0.1:3902/api/health', {}],
      ['http://127.0.0.1:3902/api/v3/profiles/me', auth],
    ] as const) {
      await load(url, { ...opts, seconds: 2, headers });
    }
    const results: [string, LoadResult][] = [
      ['bare fastify hello-world', await load('http://127.0.0.1:3901/', opts)],
      ['GET /api/health', await load('http://127.0.0.1:3902/api/health', opts)],
      ['GET /api/v3/profiles/me', await load('http://127.0.0.1:3902/api/v3/profiles/me', { ...opts, headers: auth })],
    ];
    const bareRps = results[0]![1].rps;
    console.log(
      `\nAPI on ${usePglite ? 'PGlite (embedded)' : 'PostgreSQL'}; ${CONNECTIONS} connections, ${SECONDS} s each\n`,
    );
    console.log(
      'target'.padEnd(28),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
      'vs bare'.padStart(8),
    );
    for (const [name, r] of results) {
      console.log(
        name.padEnd(28),
        r.rps.toFixed(0).padStart(9),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        String(r.errors).padStart(7),
        `${((r.rps / bareRps) * 100).toFixed(0)}%`.padStart(8),
      );
    }
    const profile = results[2]![1];
    console.log(`\nprofile read / bare = ${((profile.rps / bareRps) * 100).toFixed(1)}% (target 60% or more)`);
  } finally {
    bare.kill();
    api.kill();
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
