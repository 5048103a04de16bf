import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../platform/http';

const healthBody = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  version: z.string(),
});

export const healthRoutes: Module = (app, { db, config, databaseKind }) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: { tags: ['platform'], summary: 'Liveness and database reachability', response: { 200: healthBody } },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: databaseKind, version: config.version };
    },
  );
};
