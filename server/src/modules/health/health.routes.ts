import { healthApi as api } from '@aircargo/contract/health';
import { sql } from 'drizzle-orm';
import { type Module, route } from '../../platform/http';

export const healthRoutes: Module = (app, { db, config, databaseKind, notifications }) => {
  route(app, api.get, async () => {
    await db.execute(sql`select 1`);
    return {
      status: 'ok' as const,
      database: databaseKind,
      version: config.version,
      notifications: notifications.status(),
    };
  });
};
