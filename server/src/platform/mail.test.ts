import { afterAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../job-handlers';
import { createTestApp, DEMO } from '../test/harness';
import { startSmtpSink } from '../test/smtp-sink';
import { JobWorker } from './jobs';
import { LogTransport, mailDomain, messageIdHeader, SmtpTransport } from './mail';

/** The platform's own mail (password reset, sign-up) goes out over SMTP when SMTP_URL is set (issue 14 item 4). */
const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Air Cargo <noreply@cargo.example>' } });
const logged: unknown[] = [];
const log = { debug: (obj: object) => logged.push(obj), info: () => {}, warn: () => {}, error: () => {} };
const worker = new JobWorker({
  db: ctx.database.db,
  handlers: jobHandlers({ log, db: ctx.database.db, clock: ctx.app.clock, config: ctx.config }),
  log,
});
/** Runs the queued work (twice: a job may queue mail). */
async function drain() {
  await worker.drain();
  await worker.drain();
}
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, remoteAddress: '198.51.100.41', payload });

describe('mail over SMTP', () => {
  it('sends the password-reset mail to the SMTP server, with its link, and nothing to the log', async () => {
    const response = await post('/api/v2/users/password', { email: DEMO.suManager });
    expect(response.statusCode).toBeLessThan(300);
    await drain();
    const mail = smtp.mails.find((m) => m.to.includes(DEMO.suManager));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.from).toBe('noreply@cargo.example');
    expect(mail!.messageId).toMatch(/^<job-\d+@cargo\.example>$/);
    expect(mail!.text).toContain(`${ctx.config.appUrl}/`);
    expect(logged).toEqual([]);
  });

  it('sends the sign-up confirmation to the SMTP server', async () => {
    const email = 'new.user@signup.example';
    const response = await post('/api/v2/users', {
      email,
      password: 'Kestrel-Harbour-1987',
      password_confirmation: 'Kestrel-Harbour-1987',
    });
    expect(response.statusCode).toBeLessThan(300);
    await drain();
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Confirm your e-mail address');
  });

  it('fails the job when the SMTP server is gone, so it is retried', async () => {
    const dead = new SmtpTransport('smtp://127.0.0.1:1', 'noreply@cargo.example', { timeoutMs: 2000 });
    await expect(dead.send({ to: 'a@b.example', subject: 's', text: 't', messageId: 'job-1' })).rejects.toThrow();
    dead.close();
  });
});

describe('mail helpers', () => {
  it('gives bare ids the sender domain and keeps bracketed ones', () => {
    expect(mailDomain('Air Cargo <noreply@cargo.example>')).toBe('cargo.example');
    expect(messageIdHeader('job-7', 'cargo.example')).toBe('<job-7@cargo.example>');
    expect(messageIdHeader('<om-1.ab@x.example>', 'cargo.example')).toBe('<om-1.ab@x.example>');
  });

  it('writes mail to the log without SMTP', async () => {
    const seen: unknown[] = [];
    await new LogTransport({ debug: (obj) => seen.push(obj) }).send({
      to: 'a@b.example',
      subject: 's',
      text: 't',
      messageId: 'job-1',
    });
    expect(seen).toEqual([{ mail: { to: 'a@b.example', subject: 's', text: 't', messageId: 'job-1' } }]);
  });
});
