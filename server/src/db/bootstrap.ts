import type { Config } from '../platform/config';
import { type Database, databaseIsEmpty } from '../platform/db';
import { seedReference } from './reference/seed';
import { seedDemo } from './seeds/demo';

/** Applies the migrations, loads the reference data into empty tables and, when configured, the demo data. */
export async function prepareDatabase(database: Database, config: Pick<Config, 'seedDemo'>): Promise<void> {
  await database.migrate();
  await seedReference(database.db);
  if (config.seedDemo && (await databaseIsEmpty(database.db))) await seedDemo(database.db);
}
