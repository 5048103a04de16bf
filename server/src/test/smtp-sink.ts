import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it: the envelope, the headers it checks and the text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves when at least `n` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Unfolds the header block and answers it by lower-case name (the first of a repeated header). */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return headers;
}

/** Quoted-printable and base64 bodies as text (what nodemailer writes for plain text). */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A real SMTP server on a free local port that keeps every mail it receives (no TLS, no authentication). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const headers = parseHeaders(split < 0 ? raw : raw.slice(0, split));
        const body = split < 0 ? '' : raw.slice(split + 4);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: headers['message-id'] ?? '',
          subject: headers.subject ?? '',
          headers,
          text: decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n$/, ''),
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`only ${mails.length} of ${n} mails arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 500));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
