import { buildApp } from './app';
import { prepareDatabase } from './db/bootstrap';
import { queueDemoSchedule } from './db/seeds/demo-schedule';
import { jobHandlers } from './job-handlers';
import { startMailIntake } from './modules/incoming-telegrams/incoming-telegrams.smtp';
import { loadConfig, runsInlineWorker } from './platform/config';
import { openDatabase } from './platform/db';
import { JOBS_CHANNEL, JobWorker } from './platform/jobs';

const config = loadConfig();
const database = await openDatabase(config.database);
await prepareDatabase(database, config);
const app = await buildApp({ config, database });
const { notifications } = app;

// On the embedded database no other process can reach the jobs: the API runs them itself (WORKER=auto|inline).
const worker = runsInlineWorker(config)
  ? new JobWorker({
      db: database.db,
      handlers: jobHandlers({ log: app.log, db: database.db, clock: app.clock, config }),
      log: app.log,
      clock: app.clock,
      lockTimeoutMs: config.jobLockTimeoutMs,
    })
  : null;
if (worker) {
  await notifications.subscribe(JOBS_CHANNEL, { onPayload: () => worker.wake() });
  worker.start();
}

// The telegram mail intake (MAIL_INTAKE_PORT): an SMTP listener storing the telegrams of mail to company mailboxes.
const mailIntake = config.mailIntake
  ? await startMailIntake({ db: database.db, clock: app.clock, config: config.mailIntake, log: app.log })
  : null;
if (mailIntake) app.log.info({ port: mailIntake.port }, 'telegram mail intake listening');

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await mailIntake?.close();
  await worker?.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// The demo schedule loads in the background after the server listens: a job, queued once per database, that the
// worker (inline on the embedded database) runs in short transactions while the API answers.
if (config.seedDemo) await queueDemoSchedule(database.db, app.clock);
