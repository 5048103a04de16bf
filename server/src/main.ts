import { buildApp } from './app';
import { prepareDatabase } from './db/bootstrap';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db';

const config = loadConfig();
const database = await openDatabase(config.database);
await prepareDatabase(database, config);
const app = await buildApp({ config, database });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
