import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, messageSettings, outgoingMessages } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import { createTestApp, DEMO } from '../../test/harness';
import { DELIVER_JOB, emitTelegram, type OutgoingTelegram } from './outgoing-messages.service';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
};

const FWB = 'FWB/16\n555-10000003SVOLED/T2K10\nFLT/SU1234/27\n';

function telegram(overrides: Partial<OutgoingTelegram> = {}): OutgoingTelegram {
  return {
    event: 'awb_created',
    messageType: 'FWB',
    senderCompanyId: id.SU,
    airlineId: id.SU,
    body: FWB,
    origin: 'SVO',
    destination: 'LED',
    segment: 'SU 1234/27NOV SVO-LED',
    sourceId: 'air_waybill:1',
    ...overrides,
  };
}

const jobsOf = (ids: number[]) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, DELIVER_JOB))
    .then((rows) => rows.filter((j) => ids.includes(Number((j.payload as { id: number }).id))));

async function setting(values: Partial<typeof messageSettings.$inferInsert>): Promise<number> {
  const [row] = await db
    .insert(messageSettings)
    .values({
      company_id: id.SU,
      airline_id: id.SU,
      event: 'awb_created',
      message_type: 'FWB',
      channel: 'email',
      addresses: ['ops@partner.example'],
      ...values,
    })
    .returning({ id: messageSettings.id });
  return row!.id;
}

describe('emitTelegram', () => {
  it('writes nothing when the transaction rolls back: no row, no job', async () => {
    await setting({ addresses: ['rollback@partner.example'] });
    let emitted: number[] = [];
    await expect(
      inTransaction(db, async (tx) => {
        emitted = (await emitTelegram(tx, telegram())).ids;
        expect(emitted.length).toBeGreaterThan(0);
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await db.select().from(outgoingMessages).where(inArray(outgoingMessages.id, emitted))).toEqual([]);
    expect(await jobsOf(emitted)).toEqual([]);
    await db.delete(messageSettings);
  });

  it('writes one row and one delivery job per enabled matching setting, each with its own Message-ID', async () => {
    const match = await setting({ addresses: ['a@partner.example'], cc: ['c@partner.example'] });
    const anyAirport = await setting({ channel: 'sita', addresses: ['LEDFMSU'], origin: null, destination: null });
    await setting({ addresses: ['off@partner.example'], enabled: false });
    await setting({ addresses: ['other-event@partner.example'], event: 'awb_changed' });
    await setting({ addresses: ['other-type@partner.example'], message_type: 'FSU' });
    await setting({ addresses: ['other-origin@partner.example'], origin: 'DME' });
    await setting({ addresses: ['kc@partner.example'], airline_id: id.KC });
    // The platform's settings are the platform's traffic, not SU's.
    await setting({ company_id: id.PLATFORM, addresses: ['platform@partner.example'] });
    const { ids } = await inTransaction(db, (tx) => emitTelegram(tx, telegram()));
    const rows = await db.select().from(outgoingMessages).where(inArray(outgoingMessages.id, ids));
    expect(rows.map((r) => [r.message_setting_id, r.channel, r.to_addresses]).sort()).toEqual(
      [
        [match, 'email', ['a@partner.example']],
        [anyAirport, 'sita', ['LEDFMSU']],
      ].sort(),
    );
    expect(rows.find((r) => r.channel === 'email')!.cc).toEqual(['c@partner.example']);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.message_id).toMatch(new RegExp(`^<om-${row.id}\\.[0-9a-f]{12}@[^>]+>$`));
    }
    expect((await jobsOf(ids)).map((j) => j.state)).toEqual(['pending', 'pending']);
    await db.delete(messageSettings);
  });

  it('emits nothing without settings or without an airline', async () => {
    expect(await inTransaction(db, (tx) => emitTelegram(tx, telegram()))).toEqual({ ids: [] });
    await setting({});
    expect(await inTransaction(db, (tx) => emitTelegram(tx, telegram({ airlineId: null })))).toEqual({ ids: [] });
    await db.delete(messageSettings);
  });

  it('enforces the sendable types per company type (seed 001 section 9)', async () => {
    await setting({ message_type: 'FFR', event: 'booking_created' });
    // An airline does not send FFR: silently nothing from settings, a 403 for explicit recipients.
    const silent = await inTransaction(db, (tx) =>
      emitTelegram(tx, telegram({ messageType: 'FFR', event: 'booking_created' })),
    );
    expect(silent).toEqual({ ids: [] });
    const explicit = inTransaction(db, (tx) =>
      emitTelegram(
        tx,
        telegram({ messageType: 'FFR', explicit: { channel: 'email', addresses: ['x@partner.example'] } }),
      ),
    );
    await expect(explicit).rejects.toBeInstanceOf(AppError);
    await expect(explicit).rejects.toMatchObject({ status: 403, messageKey: { key: 'telegramNotSendable' } });
    // A forwarder sends nothing at all.
    await expect(
      inTransaction(db, (tx) =>
        emitTelegram(
          tx,
          telegram({ senderCompanyId: id.FWDA, explicit: { channel: 'email', addresses: ['x@partner.example'] } }),
        ),
      ),
    ).rejects.toMatchObject({ status: 403 });
    // The platform sends FFR.
    const platform = await inTransaction(db, (tx) =>
      emitTelegram(
        tx,
        telegram({
          senderCompanyId: id.PLATFORM,
          messageType: 'FFR',
          event: 'booking_created',
          explicit: { channel: 'email', addresses: ['x@partner.example'] },
        }),
      ),
    );
    expect(platform.ids).toHaveLength(1);
    await db.delete(messageSettings);
  });

  it('sends to explicit recipients without consulting settings', async () => {
    const { ids } = await inTransaction(db, (tx) =>
      emitTelegram(tx, telegram({ explicit: { channel: 'sita', addresses: ['MOWFMSU', 'LEDFMSU'] }, userId: null })),
    );
    const [row] = await db.select().from(outgoingMessages).where(eq(outgoingMessages.id, ids[0]!));
    expect(row).toMatchObject({ channel: 'sita', to_addresses: ['MOWFMSU', 'LEDFMSU'], message_setting_id: null });
  });
});

describe('GET /api/v3/outgoing_messages', () => {
  it('shows an airline what it sent or what concerns it, never another airline’s; the platform all', async () => {
    const [kcRow] = await inTransaction(db, async (tx) => {
      const kc = await emitTelegram(
        tx,
        telegram({
          senderCompanyId: id.KC,
          airlineId: id.KC,
          explicit: { channel: 'email', addresses: ['kc@partner.example'] },
        }),
      );
      return kc.ids;
    });
    const su = await call('GET', '/api/v3/outgoing_messages?per_page=200', token.su);
    expect(su.statusCode, su.body).toBe(200);
    const suIds = su.json().data.map((m: { id: number }) => m.id);
    expect(suIds).not.toContain(kcRow);
    expect(suIds.length).toBeGreaterThan(0);
    const kc = await call('GET', '/api/v3/outgoing_messages', token.kc);
    expect(kc.json().data.map((m: { id: number }) => m.id)).toEqual([kcRow]);
    expect((await call('GET', `/api/v3/outgoing_messages/${kcRow}`, token.su)).statusCode).toBe(404);
    expect((await call('GET', `/api/v3/outgoing_messages/${kcRow}`, token.kc)).statusCode).toBe(200);
    const all = await call('GET', '/api/v3/outgoing_messages?per_page=200', token.platform);
    // SU sees the platform's FFR too: it concerns SU's traffic.
    expect(all.json().meta.total_count).toBe(suIds.length + 1);
    expect((await call('GET', '/api/v3/outgoing_messages', token.fwdA)).statusCode).toBe(403);
    expect((await call('GET', `/api/v3/outgoing_messages/${kcRow}`, token.fwdA)).statusCode).toBe(403);
  });

  it('filters by channel, status, forwarded and the creation date, newest first', async () => {
    const sita = await call('GET', '/api/v3/outgoing_messages?channel=sita', token.platform);
    expect(sita.json().data.every((m: { channel: string }) => m.channel === 'sita')).toBe(true);
    expect(sita.json().meta.total_count).toBeGreaterThan(0);
    const ids = (await call('GET', '/api/v3/outgoing_messages', token.platform))
      .json()
      .data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await call('GET', '/api/v3/outgoing_messages?forwarded=yes', token.platform)).json().meta.total_count).toBe(
      0,
    );
    expect((await call('GET', '/api/v3/outgoing_messages?status=sent', token.platform)).json().meta.total_count).toBe(
      0,
    );
    const today = new Date().toISOString().slice(0, 10);
    const todays = await call(
      'GET',
      `/api/v3/outgoing_messages?created_from=${today}&created_to=${today}`,
      token.platform,
    );
    expect(todays.json().meta.total_count).toBe(ids.length);
    expect(
      (await call('GET', '/api/v3/outgoing_messages?created_to=2020-01-01', token.platform)).json().meta.total_count,
    ).toBe(0);
  });

  it('answers the expanded details', async () => {
    const [first] = (await call('GET', '/api/v3/outgoing_messages?channel=sita', token.su)).json().data;
    const detail = await call('GET', `/api/v3/outgoing_messages/${first.id}`, token.su);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: first.id,
      channel: 'sita',
      body: FWB,
      origin: 'SVO',
      destination: 'LED',
      segment: 'SU 1234/27NOV SVO-LED',
      source_id: 'air_waybill:1',
      airline: { id: id.SU, short_name: 'SU' },
      sender: { id: id.SU, short_name: 'SU' },
      status: 'pending',
      attempts: 0,
    });
    expect(detail.json().message_id).toMatch(/^<om-\d+\./);
  });
});

describe('restart', () => {
  it('sends a failed or dead message again with a new job; refuses a pending one', async () => {
    const [row] = await db.select().from(outgoingMessages).where(eq(outgoingMessages.company_id, id.SU)).limit(1);
    const pending = await call('POST', `/api/v3/outgoing_messages/${row!.id}/restart`, token.su);
    expect(pending.statusCode).toBe(422);
    expect(pending.json().message_key.key).toBe('outgoingMessageNotRestartable');
    await db
      .update(outgoingMessages)
      .set({ status: 'dead', last_error: 'boom' })
      .where(eq(outgoingMessages.id, row!.id));
    // Its job ran out of attempts.
    const [deadJob] = await jobsOf([row!.id]);
    await db.update(jobs).set({ state: 'dead' }).where(eq(jobs.id, deadJob!.id));
    const before = (await jobsOf([row!.id])).length;
    const restarted = await call('POST', `/api/v3/outgoing_messages/${row!.id}/restart`, token.su);
    expect(restarted.statusCode, restarted.body).toBe(202);
    expect(restarted.json()).toMatchObject({ status: 'pending', last_error: null });
    expect(await jobsOf([row!.id])).toHaveLength(before + 1);
    // A failed row whose retry job still waits: the restart brings that job forward instead of adding one.
    await db.update(outgoingMessages).set({ status: 'failed' }).where(eq(outgoingMessages.id, row!.id));
    const later = new Date(Date.now() + 3_600_000);
    await db.update(jobs).set({ run_at: later }).where(eq(jobs.kind, DELIVER_JOB));
    const again = await call('POST', `/api/v3/outgoing_messages/${row!.id}/restart`, token.su);
    expect(again.statusCode).toBe(202);
    const waiting = (await jobsOf([row!.id])).filter((j) => j.state === 'pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.run_at.getTime()).toBeLessThan(later.getTime());
    expect(await jobsOf([row!.id])).toHaveLength(before + 1);
    const other = await db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.company_id, id.KC)))
      .limit(1);
    expect((await call('POST', `/api/v3/outgoing_messages/${other[0]!.id}/restart`, token.su)).statusCode).toBe(404);
  });
});
