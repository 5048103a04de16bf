import { detect, extractFromEmail } from '@aircargo/cargo-messages';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { receiveTelegrams, splitTelegrams } from './incoming-telegrams.intake';
import * as repo from './incoming-telegrams.repository';

/** The platform's own intake mailbox: telegrams@<MAIL_INTAKE_DOMAIN>. */
export const PLATFORM_MAILBOX = 'telegrams';

export interface MailIntakeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface MailIntake {
  port: number;
  close(): Promise<void>;
}

class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The telegram texts of a mail: from the text body the part from the first telegram on (greetings before it are
 * dropped, as are trailing parts that are no telegram, e.g. a signature), and every text/plain attachment whole.
 */
export function telegramTextsOfMail(mail: {
  subject?: string | undefined;
  text?: string | undefined;
  attachments: readonly { contentType: string; content: Buffer }[];
}): string[] {
  const texts: string[] = [];
  const body = mail.text ?? '';
  if (body.trim() !== '') {
    const start = extractFromEmail({ subject: mail.subject ?? '', body }).lineOffset;
    const lines = body.replace(/\r\n?/g, '\n').split('\n').slice(start);
    const signature = lines.findIndex((l) => l === '-- ' || /^-{2,} ?Original Message/i.test(l.trim()));
    const fromTelegram = (signature >= 0 ? lines.slice(0, signature) : lines).join('\n');
    const parts = splitTelegrams(fromTelegram);
    const kept = parts.filter((p, i) => i === 0 || detect(p.text).type !== null || detect(p.text).envelope);
    if (kept.length > 0 && (detect(kept[0]!.text).type !== null || kept.length > 1)) {
      texts.push(kept.map((p) => p.text).join('\n\n'));
    }
  }
  for (const a of mail.attachments) {
    if (/^text\/plain\b/i.test(a.contentType)) texts.push(a.content.toString('utf8'));
  }
  return texts;
}

function addressesOf(value: AddressObject | AddressObject[] | undefined): string | null {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).find((a) => a !== '') ?? null;
}

/**
 * The SMTP listener of the telegram mail intake: RCPT is accepted only for an address of the configured domain that
 * belongs to a company (its cimp_email, or telegrams@ for the platform); each accepted mail's telegrams are stored for
 * every such recipient (source email, sender = MAIL FROM) and processed by the worker.
 */
export async function startMailIntake(deps: {
  db: Db;
  clock: Clock;
  config: NonNullable<Config['mailIntake']>;
  log: MailIntakeLog;
}): Promise<MailIntake> {
  const { db, clock, config, log } = deps;
  const companyOf = async (address: string): Promise<number | null> => {
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1).toLowerCase() !== config.domain) return null;
    return repo.companyOfMailbox(db, address, PLATFORM_MAILBOX, config.domain);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    size: config.maxBytes,
    banner: 'aircargo telegram intake',
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error) => void) {
      companyOf(address.address).then(
        (companyId) =>
          callback(companyId === null ? new SmtpReply(550, `No telegram mailbox ${address.address}`) : undefined),
        (error: unknown) => callback(new SmtpReply(451, `Try again later: ${String(error)}`)),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(new SmtpReply(552, 'Message too large'));
          return;
        }
        void (async () => {
          const mail = await simpleParser(Buffer.concat(chunks));
          const texts = telegramTextsOfMail(mail);
          const from = (session.envelope.mailFrom ? session.envelope.mailFrom.address : null) ?? addressesOf(mail.from);
          if (texts.length === 0) throw new SmtpReply(554, 'No telegram in the mail');
          const companies = new Set<number>();
          for (const rcpt of session.envelope.rcptTo) {
            const id = await companyOf(rcpt.address);
            if (id !== null) companies.add(id);
          }
          for (const companyId of companies) {
            const ids = await receiveTelegrams(db, {
              source: 'email',
              companyId,
              userId: null,
              sender: from,
              notes: mail.subject ? mail.subject.slice(0, 200) : null,
              text: texts,
              now: clock.now(),
            });
            log.info({ companyId, telegrams: ids.length, from }, 'telegrams received by mail');
          }
        })().then(
          () => callback(),
          (error: unknown) => {
            log.warn({ err: String(error) }, 'telegram mail refused');
            callback(error instanceof SmtpReply ? error : new SmtpReply(451, 'The mail could not be stored'));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  server.on('error', (error: Error) => log.warn({ err: error.message }, 'mail intake error'));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : config.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
