import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Route, RouteSearchResult } from '@aircargo/contract/route-search';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { companies, segmentCapacity, segments } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import { type Database, openDatabase } from '../../platform/db';
import { createFlight } from '../../test/factories';
import { DEMO } from '../../test/harness';
import { auditCounters } from './bookings.service';

/**
 * Selling across processes (issue 11 "Checks"): two real server processes (`node --import tsx src/main.ts`) on one
 * PostgreSQL database, as a deployment with several API processes runs. The last 100 kg of a segment go to exactly the
 * requests that fit, whichever process answers them, and each process's route-search index learns what the other
 * sold through the database's notifications (migration 0013). PostgreSQL only (TEST_DB=postgresql): PGlite is
 * embedded in one process and no second one can reach it.
 */
const onPostgres = process.env.TEST_DB === 'postgresql';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = resolve(import.meta.dirname, '../../../..');
/** A forwarder searches on a forwarder subdomain (seed 000 section 6): the carrier header names it. */
const FWD_HOST = { 'x-carrier': 'FWDA' };
const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A port nothing listens on now (the OS picks it; the server takes it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One API server process on the shared database. */
class ServerProcess {
  readonly base: string;
  private readonly child: ChildProcess;
  private output = '';
  private exited = false;
  token = '';

  constructor(
    readonly name: string,
    port: number,
    databaseUrl: string,
  ) {
    this.base = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // On PostgreSQL no demo data and no demo-schedule job unless SEED=demo; jobs run only in worker processes.
        SEED: 'none',
        WORKER: 'off',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.child.once('exit', () => {
      this.exited = true;
    });
  }

  /** Waits until /api/health answers with the notification listener live on the timetable channel. */
  async ready(timeoutMs = 45_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.exited) throw new Error(`${this.name} exited:\n${this.output}`);
      try {
        const health = await this.call('GET', '/api/health');
        const notifications = health.body.notifications as { state: string; channels: string[] } | undefined;
        if (
          health.status === 200 &&
          notifications?.state === 'live' &&
          notifications.channels.includes('timetable_change')
        ) {
          return;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.name} did not become healthy:\n${this.output}`);
  }

  async signIn(email: string): Promise<void> {
    const r = await this.call('POST', '/oauth/token', { grant_type: 'password', email, password: DEMO_PASSWORD });
    if (r.status !== 200) throw new Error(`sign-in of ${email} on ${this.name} failed: ${JSON.stringify(r.body)}`);
    this.token = r.body.access_token as string;
  }

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** What route search on this process offers on a direct segment (kg), polled until the index has it. */
  async availableWeight(segmentId: number): Promise<number | undefined> {
    const qs = new URLSearchParams({
      origin: 'SVO',
      destination: 'ALA',
      date_from: day,
      direct_only: 'true',
      pieces: '1',
      weight: '10',
      volume: '0.1',
    });
    const r = await this.call('GET', `/api/v3/segments/trips?${qs}`, undefined, FWD_HOST);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const routes = (r.body as unknown as RouteSearchResult).routes;
    return routes.find((route: Route) => route.segments[0]?.segment_id === segmentId)?.available_weight ?? undefined;
  }

  /** SIGTERM (the server's own shutdown), SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exit = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exit;
    clearTimeout(timer);
  }
}

describe.runIf(onPostgres)('bookings on two server processes sharing one PostgreSQL database', () => {
  const name = `aircargo_test_2p_${randomBytes(6).toString('hex')}`;
  let database: Database | null = null;
  let created = false;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  /** The segments of two KC SVO-ALA flights: one for the race, one for the index. */
  let raced: number;
  let watched: number;

  beforeAll(async () => {
    await admin(`create database ${name} template ${inject('databaseTemplates').seeded}`);
    created = true;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgresql', url: url.toString(), poolSize: 4 });
    const db = database.db;
    const [kc] = await db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, 'KC'));
    if (!kc) throw new Error('the demo airline KC is missing');
    // No overflow tolerance: the capacity is the limit to the kilogram.
    await db.execute(
      sql`insert into airline_settings (company_id, overflow_weight_percent, overflow_volume_percent)
          values (${kc.id}, 0, 0)
          on conflict (company_id) do update set overflow_weight_percent = 0, overflow_volume_percent = 0`,
    );
    const flight = async (number: number, weight: number, volume: number) => {
      const f = await createFlight({ database: database as Database }, kc.id, {
        date: day,
        number,
        legs: [{ origin: 'SVO', destination: 'ALA', std: `${day}T18:00:00Z`, sta: `${day}T22:30:00Z` }],
      });
      await db
        .update(segments)
        .set({ capacity_weight: weight.toFixed(3), capacity_volume: volume.toFixed(3) })
        .where(inArray(segments.id, f.segmentIds));
      return f.segmentIds[0] as number;
    };
    raced = await flight(7801, 1000, 100);
    watched = await flight(7802, 2000, 20);
    a = new ServerProcess('process A', await freePort(), url.toString());
    servers.push(a);
    b = new ServerProcess('process B', await freePort(), url.toString());
    servers.push(b);
    await Promise.all(servers.map((s) => s.ready()));
    await Promise.all(servers.map((s) => s.signIn(DEMO.fwdA)));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    if (created) await admin(`drop database if exists ${name} with (force)`);
  }, 30_000);

  it('sells the last 100 kg to exactly the 10 of 500 simultaneous 10 kg requests that fit, across both processes', async () => {
    const first = await a.call('POST', '/api/v3/bookings', { segment_ids: [raced], pieces: 3, weight: 900, volume: 5 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        (i % 2 === 0 ? a : b).call('POST', '/api/v3/bookings', {
          segment_ids: [raced],
          pieces: 1,
          weight: 10,
          volume: 0.01,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(490);
    // Every refusal is the seed's no-capacity error, none a failure of the server.
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body).toMatchObject({ error: 'ValidationFailed' });
      expect(r.body.message).toMatch(/^Not enough free capacity on KC7801\/\d{2}[A-Z]{3}$/);
    }
    const db = (database as Database).db;
    const [counter] = await db.select().from(segmentCapacity).where(eq(segmentCapacity.segment_id, raced));
    expect(Number(counter?.booked_weight)).toBe(1000);
    expect(Number(counter?.booked_volume)).toBeCloseTo(5.1, 3);
    expect(await auditCounters(db, [raced])).toEqual([]);
  }, 60_000);

  it("keeps each process's route-search index in step with what the other sells", async () => {
    const poll = { timeout: 15_000, interval: 100 };
    await expect.poll(() => b.availableWeight(watched), poll).toBe(2000);
    await expect.poll(() => a.availableWeight(watched), poll).toBe(2000);
    const booked = await a.call('POST', '/api/v3/bookings', {
      segment_ids: [watched],
      pieces: 4,
      weight: 700,
      volume: 5,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // B never saw the request: only the counters' notification tells its index.
    await expect.poll(() => b.availableWeight(watched), poll).toBe(1300);
    // And back the other way: a cancellation on B gives the capacity back in A's index.
    const cancelled = await b.call('DELETE', `/api/v3/bookings/${booked.body.id}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: booked.body.id, active: false });
    await expect.poll(() => a.availableWeight(watched), poll).toBe(2000);
    expect(await auditCounters((database as Database).db, [watched])).toEqual([]);
  }, 45_000);
});
