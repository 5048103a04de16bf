import { z } from 'zod';
import type { Db } from './db';
import { type EnqueueOptions, enqueue, type JobHandlers, type JobLogger } from './jobs';

/**
 * Outgoing mail goes through the job table: `enqueueMail` in the transaction of the change that causes the message,
 * the `mail.send` job hands it to the transport. This deployment has no SMTP relay; the `log` transport writes each
 * message to the server log at debug level (a level production does not keep), so links in messages never reach
 * production logs.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(message: MailMessage & { messageId: string }): Promise<void>;
}

export interface DebugLogger {
  debug(obj: object, msg: string): void;
}

export class LogTransport implements MailTransport {
  constructor(private readonly log: DebugLogger) {}

  async send(message: MailMessage & { messageId: string }): Promise<void> {
    this.log.debug({ mail: message }, 'mail');
  }
}

const mailPayload = z.object({ to: z.string().email(), subject: z.string().min(1), text: z.string() });

export const MAIL_JOB = 'mail.send';

/** Queues a message; pass the transaction of the business write. A `uniqueKey` keeps a message from going twice. */
export function enqueueMail(db: Db, message: MailMessage, options: EnqueueOptions = {}) {
  return enqueue(db, MAIL_JOB, mailPayload.parse(message), options);
}

/** The job handler that delivers queued mail; the job id is the message id the receiver may deduplicate on. */
export function mailJobs(transport: MailTransport): JobHandlers {
  return {
    [MAIL_JOB]: async (payload, { job }) => {
      const message = mailPayload.parse(payload);
      await transport.send({ ...message, messageId: `job-${job.id}` });
    },
  };
}

export type { JobLogger };
