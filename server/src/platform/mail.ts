import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { z } from 'zod';
import type { Db } from './db';
import { type EnqueueOptions, enqueue, type JobHandlers, type JobLogger } from './jobs';

/**
 * Outgoing mail goes through the job table: `enqueueMail` in the transaction of the change that causes the message,
 * the `mail.send` job hands it to the transport. With SMTP_URL set the SMTP transport delivers it (nodemailer); without
 * one (the embedded default) the `log` transport writes each message to the server log at debug level (a level
 * production does not keep), so links in messages never reach production logs.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** A message as a transport sends it. `messageId` is the Message-ID the receiver deduplicates on. */
export interface OutboundMail {
  to: string | string[];
  subject: string;
  text: string;
  messageId: string;
  /** The sender address; the transport's default (MAIL_FROM) when absent. */
  from?: string | null;
  cc?: string[];
  bcc?: string[];
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(message: OutboundMail): Promise<void>;
}

export interface DebugLogger {
  debug(obj: object, msg: string): void;
}

export class LogTransport implements MailTransport {
  constructor(private readonly log: DebugLogger) {}

  async send(message: OutboundMail): Promise<void> {
    this.log.debug({ mail: message }, 'mail');
  }
}

/** The part of an address after `@`, or the whole text when it has none. */
export function mailDomain(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? address;
}

/** A Message-ID in angle brackets: ids given bare (`job-12`) get the sender's domain. */
export function messageIdHeader(id: string, domain: string): string {
  return id.startsWith('<') ? id : `<${id}@${domain}>`;
}

/** Delivers through an SMTP server (`smtp://user:pass@host:port`, `smtps://` for implicit TLS). */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly defaultFrom: string,
    options: { timeoutMs?: number } = {},
  ) {
    const timeout = options.timeoutMs ?? 30_000;
    // Pooled: a worker delivering a queue of messages reuses its connections instead of opening one per message.
    const smtp: SMTPTransport.Options & { url: string; pool: boolean; maxConnections: number } = {
      url,
      pool: true,
      maxConnections: 3,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    };
    this.transporter = createTransport(smtp);
  }

  async send(message: OutboundMail): Promise<void> {
    const from = message.from || this.defaultFrom;
    await this.transporter.sendMail({
      from,
      to: message.to,
      cc: message.cc?.length ? message.cc : undefined,
      bcc: message.bcc?.length ? message.bcc : undefined,
      subject: message.subject,
      text: message.text,
      messageId: messageIdHeader(message.messageId, mailDomain(this.defaultFrom)),
      headers: message.headers,
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/** The SMTP transport when SMTP_URL is configured, else the log transport. */
export function createMailTransport(
  config: { smtpUrl: string | null; mailFrom: string },
  log: DebugLogger,
): MailTransport {
  return config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : new LogTransport(log);
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
