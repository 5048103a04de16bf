import { mkdirSync, readFileSync } from 'node:fs';
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
import { type Config, DEFAULT_DB_POOL_SIZE } from './config';
import type { ListenConnection, ListenDriver } from './notifications';

export type Schema = typeof schema;
/** The database handle every repository takes: PGlite and node-postgres share this interface, and so do transactions. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  migrate(): Promise<void>;
  /** How to hold a LISTEN connection; the process's one listener (platform/notifications.ts) uses it. */
  listenDriver: ListenDriver;
  /** PGlite only: the data directory as an uncompressed tar image (the test suite's database template). */
  dumpDataDir?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, '../db/migrations');

/** Opens the configured database: a PostgreSQL server through a pool, or embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(config: Config['database']): Promise<Database> {
  if (config.kind === 'postgresql') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? DEFAULT_DB_POOL_SIZE });
    // An idle client whose connection dies (a server restart, a terminated backend) is dropped by the pool and the next
    // query gets a fresh one; without a listener the 'error' event would crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<pg.Client>();
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
      listenDriver: {
        async connect({ onNotification, onLost }): Promise<ListenConnection> {
          // Its own connection, outside the pool: a LISTEN lives as long as the session. TCP keepalive notices a
          // connection that died silently.
          const client = new pg.Client({ connectionString: config.url, keepAlive: true });
          let ending = false;
          const lost = (error: unknown) => {
            if (ending) return;
            ending = true;
            listeners.delete(client);
            client.removeAllListeners('notification');
            client.end().catch(() => undefined);
            onLost(error);
          };
          client.on('error', lost);
          client.on('end', () => lost(new Error('the listen connection ended')));
          client.on('notification', (n) => onNotification(n.channel, n.payload));
          try {
            await client.connect();
          } catch (error) {
            ending = true;
            client.removeAllListeners();
            client.on('error', () => undefined);
            throw error;
          }
          listeners.add(client);
          return {
            listen: async (channel) => void (await client.query(`listen "${channel}"`)),
            unlisten: async (channel) => void (await client.query(`unlisten "${channel}"`)),
            close: async () => {
              ending = true;
              listeners.delete(client);
              await client.end().catch(() => undefined);
            },
          };
        },
      },
      async close() {
        await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
        await pool.end();
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = new PGlite({
    ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    ...(config.loadDataDir ? { loadDataDir: new Blob([readFileSync(config.loadDataDir)]) } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    listenDriver: {
      // PGlite runs in this process: its listen API delivers a notification at commit; the connection is never lost.
      async connect({ onNotification }): Promise<ListenConnection> {
        const stops = new Map<string, () => Promise<void>>();
        return {
          async listen(channel) {
            stops.set(channel, await client.listen(channel, (payload) => onNotification(channel, payload)));
          },
          async unlisten(channel) {
            await stops.get(channel)?.();
            stops.delete(channel);
          },
          async close() {
            for (const stop of stops.values()) await stop().catch(() => undefined);
            stops.clear();
          },
        };
      },
    },
    dumpDataDir: async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()),
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
