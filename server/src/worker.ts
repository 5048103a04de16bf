/**
 * npm run worker — runs jobs (platform/jobs.ts) until SIGINT/SIGTERM; `npm run worker -- --drain` runs the due jobs and
 * exits. Any number of workers may run beside the API processes on PostgreSQL; on the embedded PGlite default the API
 * runs its worker in-process (WORKER=auto) and this entry point is for a data directory no API process has open.
 */
import pino from 'pino';
import { jobHandlers } from './job-handlers';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { JOBS_CHANNEL, JobWorker } from './platform/jobs';
import { Notifications } from './platform/notifications';

const config = loadConfig();
const log = pino({ level: config.logLevel, name: 'worker' });
const database = await openDatabase(config.database);
await database.migrate();
const worker = new JobWorker({
  db: database.db,
  handlers: jobHandlers({ log, db: database.db, clock: systemClock, config }),
  log,
  lockTimeoutMs: config.jobLockTimeoutMs,
});

if (process.argv.includes('--drain')) {
  const ran = await worker.drain();
  log.info({ ran }, 'drained the due jobs');
  await database.close();
} else {
  const notifications = new Notifications(database.listenDriver, { log });
  await notifications.subscribe(JOBS_CHANNEL, {
    onPayload: () => worker.wake(),
    // Back after a loss: look at once for what was enqueued meanwhile.
    onState: (live) => live && worker.wake(),
  });
  worker.start();
  log.info({ worker: worker.id, database: database.kind }, 'worker started');
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'worker stopping');
    await worker.stop();
    await notifications.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
