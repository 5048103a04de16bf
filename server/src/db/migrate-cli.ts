import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { prepareDatabase } from './bootstrap';

const config = loadConfig();
const database = await openDatabase(config.database);
await prepareDatabase(database, config);
await database.close();
console.log(`migrated ${config.database.kind} database`);
