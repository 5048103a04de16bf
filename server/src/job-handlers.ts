import { demoScheduleJobs } from './db/seeds/demo-schedule';
import { authJobs } from './modules/auth/auth.jobs';
import { incomingTelegramJobs } from './modules/incoming-telegrams/incoming-telegrams.process';
import { ssimTelegramJobs } from './modules/ssim-telegrams/ssim-telegrams.service';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import type { JobHandlers } from './platform/jobs';
import { type DebugLogger, LogTransport, mailJobs } from './platform/mail';

/**
 * Every job kind the workers run, whichever process they are in (the API's inline worker or `npm run worker`).
 * A module that queues work adds its handlers here.
 */
export function jobHandlers(deps: { log: DebugLogger; db: Db; clock: Clock; config: Config }): JobHandlers {
  return {
    ...mailJobs(new LogTransport(deps.log)),
    ...authJobs(deps),
    ...ssimTelegramJobs(deps),
    ...incomingTelegramJobs(deps),
    ...demoScheduleJobs(deps),
  };
}
