import { demoScheduleJobs } from './db/seeds/demo-schedule';
import { authJobs } from './modules/auth/auth.jobs';
import { incomingTelegramJobs } from './modules/incoming-telegrams/incoming-telegrams.process';
import { outgoingMessageJobs } from './modules/outgoing-messages/outgoing-messages.service';
import { ssimTelegramJobs } from './modules/ssim-telegrams/ssim-telegrams.service';
import { telegramProducerJobs } from './modules/telegram-producers/telegram-producers.service';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import type { JobHandlers } from './platform/jobs';
import { createMailTransport, type DebugLogger, mailJobs } from './platform/mail';

/**
 * Every job kind the workers run, whichever process they are in (the API's inline worker or `npm run worker`).
 * A module that queues work adds its handlers here.
 */
export function jobHandlers(deps: { log: DebugLogger; db: Db; clock: Clock; config: Config }): JobHandlers {
  // One transport for the platform's mail and the e-mail channel of outgoing messages: SMTP when configured, else the log.
  const mail = createMailTransport(deps.config, deps.log);
  return {
    ...mailJobs(mail),
    ...outgoingMessageJobs({ ...deps, mail }),
    ...authJobs(deps),
    ...ssimTelegramJobs(deps),
    ...incomingTelegramJobs(deps),
    ...demoScheduleJobs(deps),
    ...telegramProducerJobs(deps),
  };
}
