import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs, messageSettings, messagingSettings, outgoingMessages } from '../../db/schema';
import { systemClock } from '../../platform/clock';
import { JobWorker } from '../../platform/jobs';
import { inTransaction } from '../../platform/transactions';
import { createTestApp, DEMO } from '../../test/harness';
import { startSmtpSink } from '../../test/smtp-sink';
import { DELIVER_JOB, emitTelegram, type OutgoingTelegram, outgoingMessageJobs } from './outgoing-messages.service';

const ctx = await createTestApp();
const { db } = ctx.database;
const id = await ctx.companyIds();
const token = { platform: await ctx.signIn(DEMO.platform), su: await ctx.signIn(DEMO.suManager) };
const smtp = await startSmtpSink();

/** A local HTTP server that answers each request with the status `answer` gives (none: never answers). */
interface HttpSink {
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  answer: () => number | null;
  server: Server;
}

async function startHttpSink(): Promise<HttpSink> {
  const sink = { requests: [], answer: () => 200 } as unknown as HttpSink;
  sink.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      sink.requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = sink.answer();
      if (status !== null) response.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
  return sink;
}

const http = await startHttpSink();
afterAll(async () => {
  await smtp.close();
  http.server.closeAllConnections();
  await new Promise<void>((resolve) => http.server.close(() => resolve()));
});

const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const worker = new JobWorker({
  db,
  handlers: outgoingMessageJobs({
    db,
    clock: systemClock,
    config: { ...ctx.config, smtpUrl: smtp.url, mailFrom: 'Air Cargo <noreply@cargo.example>', webhookTimeoutMs: 500 },
    log,
  }),
  backoffMs: () => 0,
  pollMs: 60_000,
});

const FWB = 'FWB/16\n555-10000003SVOLED/T2K10\nFLT/SU1234/27';

function emit(overrides: Partial<OutgoingTelegram>): Promise<number> {
  return inTransaction(db, (tx) =>
    emitTelegram(tx, {
      event: 'awb_created',
      messageType: 'FWB',
      senderCompanyId: id.SU,
      airlineId: id.SU,
      body: FWB,
      segment: 'SU 1234/27NOV SVO-LED',
      ...overrides,
    }),
  ).then((r) => r.ids[0]!);
}

const rowOf = (rowId: number) =>
  db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.id, rowId))
    .then((r) => r[0]!);

describe('the e-mail channel', () => {
  it('delivers to the SMTP server with the row’s Message-ID, copies and the sender’s mailbox', async () => {
    await db.insert(messageSettings).values({
      company_id: id.SU,
      airline_id: id.SU,
      event: 'awb_created',
      message_type: 'FWB',
      channel: 'email',
      addresses: ['ops@partner.example'],
      cc: ['copy@partner.example'],
      bcc: ['hidden@partner.example'],
    });
    const rowId = await emit({});
    await db.delete(messageSettings);
    expect(await worker.drain()).toBe(1);
    const row = await rowOf(rowId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, forwarded: false, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    const mail = smtp.mails.find((m) => m.messageId === row.message_id);
    expect(mail).toBeDefined();
    expect(mail!.to.sort()).toEqual(['copy@partner.example', 'hidden@partner.example', 'ops@partner.example']);
    expect(mail!.headers.cc).toBe('copy@partner.example');
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.subject).toBe('FWB SU 1234/27NOV SVO-LED');
    expect(mail!.text.replace(/\r\n/g, '\n')).toBe(FWB);
    expect(mail!.from).toBe('noreply@cargo.example');
  });

  it('does nothing when the job runs again for a row already sent', async () => {
    const rowId = await emit({ explicit: { channel: 'email', addresses: ['twice@partner.example'] } });
    await worker.drain();
    const before = smtp.mails.length;
    await db.insert(jobs).values({ kind: DELIVER_JOB, payload: { id: rowId } });
    expect(await worker.drain()).toBe(1);
    expect(smtp.mails.length).toBe(before);
    expect((await rowOf(rowId)).attempts).toBe(1);
  });
});

describe('the SITA channel', () => {
  it('wraps the telegram in a Type B envelope and mails it to an e-mail gateway', async () => {
    await db
      .insert(messagingSettings)
      .values({
        company_id: id.SU,
        type_b_address: 'MOWFMSU',
        mailbox_address: 'cargo@su.example',
        gateway_kind: 'email',
        gateway_address: 'typeb@gateway.example',
      })
      .onConflictDoNothing();
    const rowId = await emit({ explicit: { channel: 'sita', addresses: ['LEDFMSU', 'ALAFMKC'] } });
    await worker.drain();
    const row = await rowOf(rowId);
    expect(row).toMatchObject({ status: 'sent', forwarded: true, from_address: 'MOWFMSU' });
    const mail = smtp.mails.find((m) => m.messageId === row.message_id)!;
    expect(mail.to).toEqual(['typeb@gateway.example']);
    expect(mail.from).toBe('cargo@su.example');
    const lines = mail.text.split('\r\n');
    expect(lines[0]).toBe('QK LEDFMSU ALAFMKC');
    expect(lines[1]).toMatch(/^\.MOWFMSU \d{6}$/);
    expect(lines.slice(2).join('\n')).toBe(FWB);
  });

  it('posts it to an HTTP gateway with its credentials, which the log shows masked', async () => {
    await db
      .update(messagingSettings)
      .set({
        gateway_kind: 'http',
        gateway_url: `${http.url}/typeb`,
        gateway_username: 'su-cargo',
        gateway_password: 'gw-password-123',
        gateway_api_key: 'gw-api-key-456',
      })
      .where(eq(messagingSettings.company_id, id.SU));
    // The platform's SITA screen sends as SU's manager cannot: the platform company has its own settings.
    await db.insert(messagingSettings).values({
      company_id: id.PLATFORM,
      type_b_address: 'MOWXXXX',
      gateway_kind: 'http',
      gateway_url: `${http.url}/typeb`,
      gateway_username: 'platform',
      gateway_password: 'gw-password-123',
      gateway_api_key: 'gw-api-key-456',
    });
    const sent = await ctx.call('POST', '/api/v3/sita_messages', token.platform, {
      addresses: ['ledfmsu'],
      sign: 'mowrmsu',
      subject: 'Schedule note',
      body: 'PLEASE NOTE SU1234 27NOV DELAYED',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ channel: 'sita', status: 'pending', to: ['LEDFMSU'], from: 'MOWRMSU' });
    http.requests.length = 0;
    await worker.drain();
    expect(http.requests).toHaveLength(1);
    const request = http.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/typeb');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('platform:gw-password-123').toString('base64')}`);
    expect(request.headers['x-api-key']).toBe('gw-api-key-456');
    expect(request.headers['message-id']).toBe(sent.json().message_id);
    expect(request.body).toMatch(/^QK LEDFMSU\r\n\.MOWRMSU \d{6}\r\nPLEASE NOTE SU1234 27NOV DELAYED\r\n$/);
    const detail = await ctx.call('GET', `/api/v3/outgoing_messages/${sent.json().id}`, token.platform);
    expect(detail.json()).toMatchObject({
      status: 'sent',
      forwarded: true,
      request_url: `${http.url}/typeb`,
      request_method: 'POST',
      request_headers: { authorization: 'Basic ****', 'x-api-key': '****' },
    });
    expect(detail.body).not.toContain('gw-password-123');
    expect(detail.body).not.toContain('gw-api-key-456');
    expect(detail.body).not.toContain(Buffer.from('platform:gw-password-123').toString('base64'));
  });

  it('refuses a SITA message without addresses or body with the required-fields message', async () => {
    const response = await ctx.call('POST', '/api/v3/sita_messages', token.platform, {
      addresses: [],
      sign: 'MOWRMSU',
      body: ' ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      addresses: ['Required fields are not filled in'],
      body: ['Required fields are not filled in'],
    });
    expect((await ctx.call('POST', '/api/v3/sita_messages', token.su, { addresses: ['LEDFMSU'] })).statusCode).toBe(
      403,
    );
  });

  it('fails while the sender has no gateway, and is dead after the last attempt', async () => {
    await db.delete(messagingSettings).where(eq(messagingSettings.company_id, id.SU));
    const rowId = await emit({ explicit: { channel: 'sita', addresses: ['LEDFMSU'] } });
    await worker.runOnce();
    const row = await rowOf(rowId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('no SITA gateway');
    await worker.drain();
    expect(await rowOf(rowId)).toMatchObject({ status: 'dead', attempts: 8 });
  });
});

describe('the webhook channel', () => {
  const SECRET = 'webhook-secret-0123456789';

  function verify(header: string, body: string): boolean {
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    if (!match) return false;
    const expected = createHmac('sha256', SECRET).update(`${match[1]}.${body}`).digest();
    return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
  }

  it('posts signed JSON; a non-2xx answer is a failure that is retried, then it is sent', async () => {
    await db.insert(messageSettings).values({
      company_id: id.SU,
      airline_id: id.SU,
      event: 'status_changed',
      message_type: 'FSU',
      channel: 'webhook',
      webhook_url: `${http.url}/hook`,
      webhook_secret: SECRET,
    });
    const rowId = await emit({ event: 'status_changed', messageType: 'FSU', body: 'FSU/15\n555-10000003SVOLED/T2K10' });
    http.requests.length = 0;
    http.answer = () => 503;
    await worker.runOnce();
    expect((await rowOf(rowId)).status).toBe('failed');
    expect((await rowOf(rowId)).last_error).toContain('503');
    http.answer = () => 204;
    await worker.drain();
    const row = await rowOf(rowId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, request_url: `${http.url}/hook` });
    expect(http.requests).toHaveLength(2);
    for (const request of http.requests) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(verify(String(request.headers['x-signature']), request.body)).toBe(true);
      expect(verify(String(request.headers['x-signature']), `${request.body} `)).toBe(false);
      expect(JSON.parse(request.body)).toEqual({
        id: rowId,
        event: 'status_changed',
        message_type: 'FSU',
        message_id: row.message_id,
        key: null,
        topic: null,
        correlation_id: null,
        value: 'FSU/15\n555-10000003SVOLED/T2K10',
      });
    }
    expect(row.request_headers).toMatchObject({ 'x-signature': '****' });
    await db.delete(messageSettings);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    http.answer = () => null;
    const rowId = await emit({ explicit: { channel: 'webhook', addresses: [`${http.url}/slow`] } });
    await worker.runOnce();
    const row = await rowOf(rowId);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/timeout|aborted/i);
    http.answer = () => 200;
  });

  it('marks the row dead on the last attempt, and a restart sends it', async () => {
    http.answer = () => 500;
    const rowId = await emit({ explicit: { channel: 'webhook', addresses: [`${http.url}/dead`] } });
    await db.update(jobs).set({ max_attempts: 2 }).where(eq(jobs.kind, DELIVER_JOB));
    await worker.drain();
    const dead = await rowOf(rowId);
    expect(dead).toMatchObject({ status: 'dead', attempts: 2 });
    http.answer = () => 200;
    const restarted = await ctx.call('POST', `/api/v3/outgoing_messages/${rowId}/restart`, token.su);
    expect(restarted.statusCode, restarted.body).toBe(202);
    await worker.drain();
    expect(await rowOf(rowId)).toMatchObject({ status: 'sent', attempts: 3 });
  });
});
