import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { companies } from '../db/schema';
import { emitTelegram } from '../modules/outgoing-messages/outgoing-messages.service';
import { type Database, openDatabase } from '../platform/db';
import { inTransaction } from '../platform/transactions';

/**
 * The outbox under real processes (the kill test and `npm run bench:messaging-outbox`): a database of its own on the
 * PostgreSQL server, messages queued through `emitTelegram`, and `src/worker.ts` started as child processes.
 */

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverDir = resolve(import.meta.dirname, '../..');

/** Whether the PostgreSQL server answers. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new migrated database named `aircargo_outcore_<label>_<random>`; `drop` removes it. */
export async function outboxDatabase(
  label: string,
): Promise<{ url: string; database: Database; drop(): Promise<void> }> {
  const name = `aircargo_outcore_${label}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgresql', url: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Queues `count` FWB messages of one airline to explicit e-mail recipients, in transactions of 250. */
export async function queueMessages(database: Database, count: number): Promise<number[]> {
  const db = database.db;
  const [airline] = await db
    .insert(companies)
    .values({
      company_type: 'airline',
      name: `Outbox Airline ${randomBytes(3).toString('hex')}`,
      short_name: `OB${randomBytes(3).toString('hex')}`,
      airline_code: 'OB',
    })
    .returning({ id: companies.id });
  const ids: number[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = await inTransaction(db, async (tx) => {
      const out: number[] = [];
      for (let i = start; i < Math.min(count, start + 250); i++) {
        const { ids: emitted } = await emitTelegram(tx, {
          event: 'awb_created',
          messageType: 'FWB',
          senderCompanyId: airline!.id,
          airlineId: airline!.id,
          body: `FWB/16\n555-${String(10_000_000 + i).slice(0, 8)}SVOLED/T1K10\nFLT/OB${100 + (i % 900)}/27`,
          subject: `FWB ${i}`,
          explicit: { channel: 'email', addresses: [`ops${i % 7}@partner.example`] },
        });
        out.push(...emitted);
      }
      return out;
    });
    ids.push(...batch);
  }
  return ids;
}

/** `src/worker.ts` as a child process of this one (node with the tsx loader: one process, so SIGKILL ends it). */
export function startWorker(env: {
  DATABASE_URL: string;
  SMTP_URL: string;
  JOB_LOCK_TIMEOUT_MS?: string;
}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      LOG_LEVEL: 'error',
      SEED: 'none',
      MAIL_FROM: 'Outbox <outbox@cargo.example>',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** Stops a worker: SIGTERM and its exit, or SIGKILL after `graceMs`. */
export async function stopWorker(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `check` every 100 ms until it answers true or `timeoutMs` passes. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
