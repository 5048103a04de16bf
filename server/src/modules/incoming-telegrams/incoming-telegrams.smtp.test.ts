import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, incomingTelegrams } from '../../db/schema';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { createTestApp, type TestContext } from '../../test/harness';
import { type MailIntake, startMailIntake, telegramTextsOfMail } from './incoming-telegrams.smtp';

/** The SMTP listener of the mail intake, spoken to by a raw SMTP client on a random port. */

const DOMAIN = 'intake.test';
const FSU = 'FSU/15\n555-31234560SVOPEK/T12K540.5\nRCS/12MAR0930/SVO/T12K540.5\n';
const FSU2 = 'FSU/15\n555-31234560SVOPEK/T12K540.5\nDEP/SU204/12MAR/SVOPEK/T12K540.5/S1200\n';

let t: TestContext;
let db: Db;
let intake: MailIntake;
const warnings: string[] = [];

/** A line-based SMTP conversation: each command answers the server's reply code. */
class SmtpClient {
  private buffer = '';
  private waiting: ((line: string) => void) | null = null;
  private readonly lines: string[] = [];

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let i = this.buffer.indexOf('\r\n'); i >= 0; i = this.buffer.indexOf('\r\n')) {
        const line = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 2);
        // Multi-line replies (250-...) end with the line whose code is followed by a space.
        if (/^\d{3} /.test(line)) {
          if (this.waiting) {
            const w = this.waiting;
            this.waiting = null;
            w(line);
          } else this.lines.push(line);
        }
      }
    });
  }

  static async open(port: number): Promise<SmtpClient> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const client = new SmtpClient(socket);
    await client.reply();
    return client;
  }

  reply(): Promise<number> {
    const ready = this.lines.shift();
    if (ready !== undefined) return Promise.resolve(Number(ready.slice(0, 3)));
    return new Promise((resolve) => {
      this.waiting = (line) => resolve(Number(line.slice(0, 3)));
    });
  }

  async send(line: string): Promise<number> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  async close(): Promise<void> {
    await this.send('QUIT');
    this.socket.end();
  }
}

async function sendMail(from: string, to: string[], data: string): Promise<{ rcpt: number[]; data: number | null }> {
  const c = await SmtpClient.open(intake.port);
  await c.send('EHLO gateway.test');
  await c.send(`MAIL FROM:<${from}>`);
  const rcpt: number[] = [];
  for (const r of to) rcpt.push(await c.send(`RCPT TO:<${r}>`));
  let dataCode: number | null = null;
  if (rcpt.some((code) => code === 250)) {
    expect(await c.send('DATA')).toBe(354);
    dataCode = await c.send(`${data.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`);
  }
  await c.close();
  return { rcpt, data: dataCode };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const ids = await t.companyIds();
  await db
    .update(companies)
    .set({ cimp_email: `su@${DOMAIN}` })
    .where(eq(companies.id, ids.SU));
  intake = await startMailIntake({
    db,
    clock: systemClock,
    config: { port: 0, host: '127.0.0.1', domain: DOMAIN, maxBytes: 1024 * 1024 },
    log: { info: () => undefined, warn: (o) => warnings.push(JSON.stringify(o)) },
  });
}, 120_000);

afterAll(async () => {
  await intake?.close();
});

describe('the mail intake', () => {
  it('refuses recipients outside the domain or without a company', async () => {
    const r = await sendMail('ops@airline.test', [`nobody@${DOMAIN}`, 'su@elsewhere.test'], 'x');
    expect(r.rcpt).toEqual([550, 550]);
  });

  it("stores the text body's telegrams and a text/plain attachment for the company of the mailbox", async () => {
    const ids = await t.companyIds();
    const mail = [
      'From: SU Cargo <ops@airline.test>',
      `To: su@${DOMAIN}`,
      'Subject: FSU 555-31234560',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Good morning,',
      '',
      FSU,
      'Regards',
      '--b1',
      'Content-Type: text/plain; name="fsu.txt"',
      'Content-Disposition: attachment; filename="fsu.txt"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(FSU2).toString('base64'),
      '--b1--',
      '',
    ].join('\n');
    const r = await sendMail('ops@airline.test', [`su@${DOMAIN}`, `nobody@${DOMAIN}`], mail);
    expect(r.rcpt).toEqual([250, 550]);
    expect(r.data).toBe(250);
    const rows = await db
      .select()
      .from(incomingTelegrams)
      .where(eq(incomingTelegrams.company_id, ids.SU))
      .orderBy(incomingTelegrams.id);
    expect(rows.map((row) => [row.source, row.sender, row.message_type])).toEqual([
      ['email', 'ops@airline.test', 'FSU'],
      ['email', 'ops@airline.test', 'FSU'],
    ]);
    expect(rows[0]!.body).toContain('RCS/12MAR0930');
    expect(rows[0]!.body).not.toContain('Good morning');
    expect(rows[1]!.body).toContain('DEP/SU204');
  });

  it('takes telegrams@ as the platform mailbox and refuses a mail without a telegram', async () => {
    const ids = await t.companyIds();
    const ok = await sendMail('gw@sita.test', [`telegrams@${DOMAIN}`], `Subject: FSU\n\n${FSU}`);
    expect(ok.data).toBe(250);
    const platformRows = await db
      .select()
      .from(incomingTelegrams)
      .where(eq(incomingTelegrams.company_id, ids.PLATFORM));
    expect(platformRows).toHaveLength(1);
    const none = await sendMail('gw@sita.test', [`telegrams@${DOMAIN}`], 'Subject: hello\n\nJust saying hello.\n');
    expect(none.data).toBe(554);
  });

  it('keeps greetings and signatures out of the telegram text', () => {
    const texts = telegramTextsOfMail({
      subject: 'FSU',
      text: `Hello\n\n${FSU}\nNNNN\n\n${FSU2}\n-- \nOps desk`,
      attachments: [{ contentType: 'application/pdf', content: Buffer.from('%PDF') }],
    });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('RCS/');
    expect(texts[0]).toContain('DEP/');
    expect(texts[0]).not.toContain('Hello');
    expect(texts[0]).not.toContain('Ops desk');
  });
});
