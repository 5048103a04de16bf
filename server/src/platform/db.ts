import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import type { Config } from './config';

export type Schema = typeof schema;
/** The database handle every repository takes: PGlite and node-postgres share this interface, and so do transactions. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  migrate(): Promise<void>;
  /**
   * Listens to a notification channel. `onState(true)` once listening, `onState(false)` whenever the listener is lost
   * (it reconnects by itself on PostgreSQL).
   */
  listen(
    channel: string,
    onPayload: (payload: string | undefined) => void,
    onState: (live: boolean) => void,
  ): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, '../db/migrations');

/** Opens the configured database: a PostgreSQL server through a pool, or embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(config: Config['database']): Promise<Database> {
  if (config.kind === 'postgresql') {
    const pool = new pg.Pool({ connectionString: config.url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    // An idle client whose connection dies (a server restart, a terminated backend) is dropped by the pool and the next
    // query gets a fresh one; without a listener the 'error' event would crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    let closed = false;
    const listeners: pg.Client[] = [];
    return {
      db,
      kind: 'postgresql',
      async migrate() {
        // One migrator at a time when several API processes start together.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727001)');
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
          client.release();
        }
      },
      async listen(channel, onPayload, onState) {
        const connect = async (): Promise<void> => {
          if (closed) return;
          const client = new pg.Client({ connectionString: config.url });
          const lost = () => {
            onState(false);
            listeners.splice(listeners.indexOf(client), 1);
            client.removeAllListeners();
            client.end().catch(() => undefined);
            if (!closed) setTimeout(() => void connect().catch(() => onState(false)), 1000).unref();
          };
          client.on('error', lost);
          client.on('end', () => !closed && lost());
          client.on('notification', (n) => {
            if (n.channel === channel) onPayload(n.payload);
          });
          listeners.push(client);
          await client.connect();
          await client.query(`listen ${channel}`);
          onState(true);
        };
        await connect();
      },
      async close() {
        closed = true;
        await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
        await pool.end();
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async listen(channel, onPayload, onState) {
      // PGlite runs in this process: a notification is delivered before the statement that caused it returns.
      await client.listen(channel, (payload) => onPayload(payload));
      onState(true);
    },
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from companies`);
  return Number(row?.n ?? 0) === 0;
}
