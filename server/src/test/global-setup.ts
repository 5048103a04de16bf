import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../db/bootstrap';
import { openDatabase } from '../platform/db';

/**
 * Builds the suite's database images once per run, so each test file copies a migrated (and seeded) database instead of
 * creating one: PGlite data directories dumped to files (each file starts its in-memory PGlite from one), and on
 * PostgreSQL (TEST_DB=postgresql) template databases that `create database ... template` copies in a fraction of a second.
 */
export interface DatabaseTemplates {
  /** With the demo data, and without (`createTestApp({ seed: false })`, `createTestDatabase`). */
  seeded: string;
  empty: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const onPostgres = process.env.TEST_DB === 'postgresql';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function postgresTemplates(): Promise<{ templates: DatabaseTemplates; teardown: () => Promise<void> }> {
  const tag = randomBytes(4).toString('hex');
  const names = { seeded: `aircargo_tpl_seeded_${tag}`, empty: `aircargo_tpl_empty_${tag}` };
  for (const [kind, name] of Object.entries(names)) {
    await admin((c) => c.query(`create database ${name}`));
    const database = await openDatabase({ kind: 'postgresql', url: urlOf(name), poolSize: 2 });
    try {
      if (kind === 'seeded') await prepareDatabase(database, { seedDemo: true });
      else await database.migrate();
    } finally {
      await database.close();
    }
  }
  return {
    templates: names,
    teardown: async () => {
      for (const name of Object.values(names)) {
        await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
      }
    },
  };
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; teardown: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'aircargo-test-db-'));
  const templates = { seeded: join(dir, 'seeded.tar'), empty: join(dir, 'empty.tar') };
  for (const [kind, file] of Object.entries(templates)) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      if (kind === 'seeded') await prepareDatabase(database, { seedDemo: true });
      else await database.migrate();
      const image = await database.dumpDataDir?.();
      if (!image) throw new Error('PGlite cannot dump its data directory');
      writeFileSync(file, image);
    } finally {
      await database.close();
    }
  }
  return { templates, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, teardown } = onPostgres ? await postgresTemplates() : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return teardown;
}
