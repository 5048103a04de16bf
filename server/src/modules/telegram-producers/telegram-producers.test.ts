import { formatAwb, parseFhl, parseFsu, parseFwb } from '@aircargo/cargo-messages';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { airWaybills, companies, jobs, messageSettings, outgoingMessages } from '../../db/schema';
import { FrozenClock } from '../../platform/clock';
import { JobWorker } from '../../platform/jobs';
import { inTransaction } from '../../platform/transactions';
import { createAirWaybill, createBooking, createFlight } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { fsuOf } from './telegram-producers.cimp';
import { produceTelegrams, TELEGRAM_PRODUCE_JOB } from './telegram-producers.hooks';
import { emitFlightDocument, produceTelegram, segmentOf, telegramProducerJobs } from './telegram-producers.service';

// The clock stands before the demo flights and inside the demo agreements (SU and KC with forwarder A, SU with B).
const clock = new FrozenClock('2026-11-23T12:00:00Z');
const ctx = await createTestApp({ clock });
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

type Setting = Partial<typeof messageSettings.$inferInsert>;

/** A message setting of SU's traffic, owned by SU, e-mail to ops@su.example unless told otherwise. */
async function setting(values: Setting) {
  const [row] = await db
    .insert(messageSettings)
    .values({
      company_id: id.SU,
      airline_id: id.SU,
      event: 'awb_created',
      message_type: 'FWB',
      channel: 'email',
      addresses: ['ops@su.example'],
      ...values,
    })
    .returning();
  return row!;
}

/** Runs the queued `telegram.produce` jobs (the delivery jobs they queue stay for the outgoing-messages worker). */
const produce = () => new JobWorker({ db, handlers: telegramProducerJobs({ db }) }).drain();

const messagesOf = (where: ReturnType<typeof eq>) => db.select().from(outgoingMessages).where(where);

let serial = 5_200_000 + Math.floor(Math.random() * 700_000);
const nextMawb = (prefix = '555') => formatAwb(prefix, serial++);
const party = (name: string) => ({ name, address: 'Main street 1', city: 'Moscow', country_code: 'RU' });

const waybillBody = (overrides: Record<string, unknown> = {}) => ({
  mawb: nextMawb(),
  origin_iata: 'SVO',
  destination_iata: 'ALA',
  pieces: 3,
  weight: 120.5,
  volume: 1.2,
  commodity: 'CONSOLIDATION',
  hs_codes: ['851712'],
  shipper: party('Shipper LLC'),
  consignee: party('Consignee LLP'),
  route: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1234', date: '2027-06-15' }],
  goods_items: [{ description: 'Phones', hs_code: '851712', pieces: 3, weight: 120.5 }],
  dimensions: [{ length: 100, width: 80, height: 50, pieces: 3 }],
  ...overrides,
});

/** POST /air_waybills (gated to the su subdomain: the carrier header). */
async function createWaybill(bearer = token.fwdA) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v3/air_waybills',
    headers: { authorization: `Bearer ${bearer}`, 'x-carrier': 'su' },
    payload: waybillBody(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; mawb: string; row_version: number };
}

/** A waybill of forwarder A (SU's prefix unless told) written straight to the database. */
const factoryWaybill = (values: Partial<Parameters<typeof createAirWaybill>[1]> = {}) =>
  createAirWaybill(ctx, {
    forwarder_id: id.FWDA,
    route_data: [
      { origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1234', date: '2027-06-15', segment_id: null },
    ],
    ...values,
  });

async function addHouse(w: { id: number }, serialNumber = 'H1', bearer = token.fwdA) {
  const response = await call('POST', `/api/v3/air_waybills/${w.id}/house_waybills`, bearer, {
    serial_number: serialNumber,
    pieces: 1,
    weight: 40,
    manifest_description_of_goods: 'Books',
    shipper: party('House Shipper'),
    consignee: party('House Consignee'),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

beforeEach(async () => {
  await db.delete(outgoingMessages);
  await db.delete(messageSettings);
  await db.delete(jobs).where(eq(jobs.kind, TELEGRAM_PRODUCE_JOB));
});

describe('automatic telegrams through the outbox', () => {
  it('a new waybill: one FWB per enabled matching setting from the airline, none without settings', async () => {
    const bare = await createWaybill();
    expect(await produce()).toBe(1);
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, bare.id))).toEqual([]);

    const email = await setting({ addresses: ['ops@su.example'] });
    const sita = await setting({ channel: 'sita', addresses: ['MOWFMSU'] });
    await setting({ enabled: false, addresses: ['off@su.example'] });
    await setting({ event: 'awb_changed' });
    await setting({ company_id: id.KC, airline_id: id.KC });
    await setting({ message_type: 'FHL', event: 'awb_created' });
    const w = await createWaybill();
    expect(await produce()).toBe(1);
    const rows = await messagesOf(eq(outgoingMessages.air_waybill_id, w.id));
    expect(rows.map((r) => r.message_setting_id).sort()).toEqual([email.id, sita.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({
        event: 'awb_created',
        message_type: 'FWB',
        company_id: id.SU,
        airline_id: id.SU,
        origin: 'SVO',
        destination: 'ALA',
        segment: 'SU 1234/15JUN SVO-ALA',
        source_id: `air_waybill:${w.id}`,
        status: 'pending',
      });
      const parsed = parseFwb(r.body);
      expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([]);
      expect(parsed.message.awb).toBe(w.mawb);
    }
    expect(rows.find((r) => r.channel === 'sita')?.to_addresses).toEqual(['MOWFMSU']);
  });

  it('a changed waybill (edit, issue) is one FWB per change', async () => {
    await setting({ event: 'awb_changed' });
    const w = await createWaybill();
    const patched = await call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, {
      air_waybill: { commodity: 'BOOKS' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await produce()).toBe(2);
    const rows = await messagesOf(eq(outgoingMessages.air_waybill_id, w.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event).toBe('awb_changed');
    expect(rows[0]!.body).toContain('BOOKS');

    const issued = await call('POST', `/api/v3/air_waybills/${w.id}/issue`, token.su);
    expect(issued.statusCode, issued.body).toBe(200);
    await produce();
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, w.id))).toHaveLength(2);
  });

  it('a new or changed house: its FHL', async () => {
    await setting({ event: 'hawb_changed', message_type: 'FHL' });
    const w = await factoryWaybill();
    const house = await addHouse(w);
    await produce();
    const rows = await messagesOf(eq(outgoingMessages.house_waybill_id, house.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message_type: 'FHL', company_id: id.SU, air_waybill_id: w.id });
    const fhl = parseFhl(rows[0]!.body);
    expect(fhl.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(fhl.message.houses.map((h) => h.hawb)).toEqual(['H1']);

    const patched = await call('PATCH', `/api/v3/air_waybills/${w.id}/house_waybills/${house.id}`, token.fwdA, {
      pieces: 2,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await produce();
    expect(await messagesOf(eq(outgoingMessages.house_waybill_id, house.id))).toHaveLength(2);
  });

  it('a status event (movement): its FSU', async () => {
    await setting({
      event: 'status_changed',
      message_type: 'FSU',
      channel: 'webhook',
      addresses: [],
      webhook_url: 'https://hooks.su.example/fsu',
    });
    const w = await factoryWaybill();
    const moved = await call('POST', `/api/v3/air_waybills/${w.id}/movements`, token.su, {
      location_iata: 'SVO',
      status_code: 'RCS',
      time_local: '2026-06-15T10:30',
      pieces: 2,
      weight: 100,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await produce();
    const rows = await messagesOf(eq(outgoingMessages.air_waybill_id, w.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'status_changed', message_type: 'FSU', company_id: id.SU });
    const fsu = parseFsu(rows[0]!.body);
    expect(fsu.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(fsu.message.events[0]).toMatchObject({ code: 'RCS', airport: 'SVO', date: '15JUN', time: '1030' });
  });

  it('a new booking: its FFR, sent by the platform', async () => {
    await setting({ company_id: id.PLATFORM, airline_id: id.KC, event: 'booking_created', message_type: 'FFR' });
    const flight = await createFlight(ctx, id.KC, { date: '2027-03-10' });
    const noNumber = await createBooking(ctx, token.fwdA, flight.segmentIds);
    const mawb = nextMawb();
    const booking = await createBooking(ctx, token.fwdA, flight.segmentIds, { mawb });
    expect(await produce()).toBe(2);
    expect(await messagesOf(eq(outgoingMessages.booking_id, noNumber.id))).toEqual([]);
    const rows = await messagesOf(eq(outgoingMessages.booking_id, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'booking_created',
      message_type: 'FFR',
      company_id: id.PLATFORM,
      airline_id: id.KC,
    });
    expect(rows[0]!.body.split('\n')[0]).toBe('FFR/8');
    expect(rows[0]!.body).toContain(mawb);
  });

  it('a rolled-back change queues nothing; a job run twice writes its messages once', async () => {
    await setting({ event: 'awb_changed' });
    const w = await factoryWaybill();
    await expect(
      inTransaction(db, async (tx) => {
        await produceTelegrams(tx, 'awb_changed', w.id, null);
        throw new Error('the change fails after the hook');
      }),
    ).rejects.toThrow('the change fails');
    expect(await db.select().from(jobs).where(eq(jobs.kind, TELEGRAM_PRODUCE_JOB))).toEqual([]);
    expect(await produce()).toBe(0);
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, w.id))).toEqual([]);

    // A refused edit (voided waybill) rolls back before anything is queued.
    await db.update(airWaybills).set({ voided: true }).where(eq(airWaybills.id, w.id));
    const refused = await call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, { air_waybill: { pieces: 1 } });
    expect(refused.statusCode).toBe(422);
    expect(await db.select().from(jobs).where(eq(jobs.kind, TELEGRAM_PRODUCE_JOB))).toEqual([]);
    await db.update(airWaybills).set({ voided: false }).where(eq(airWaybills.id, w.id));

    await inTransaction(db, (tx) => produceTelegrams(tx, 'awb_changed', w.id, null));
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, TELEGRAM_PRODUCE_JOB));
    expect(await produceTelegram(db, { id: job!.id, payload: job!.payload })).toBe(1);
    // The same job again (a worker that died before marking it done): its payload as first claimed, nothing new.
    expect(await produceTelegram(db, { id: job!.id, payload: job!.payload })).toBe(0);
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, w.id))).toHaveLength(1);
  });

  it('a waybill whose FWB cannot be made: the job finishes without a message (no retries)', async () => {
    await setting({ event: 'awb_changed' });
    const w = await factoryWaybill({
      consignee: { ...party('x'), name: null, state: null, post_code: null, contacts: null, tax_id: null },
    });
    await inTransaction(db, (tx) => produceTelegrams(tx, 'awb_changed', w.id, null));
    expect(await produce()).toBe(1);
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, TELEGRAM_PRODUCE_JOB));
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, w.id))).toEqual([]);
  });

  it('an airline that is not active on the platform: the platform sends', async () => {
    await setting({ company_id: id.PLATFORM, event: 'awb_changed' });
    const w = await factoryWaybill();
    await db.update(companies).set({ state: 'blocked' }).where(eq(companies.id, id.SU));
    try {
      await inTransaction(db, (tx) => produceTelegrams(tx, 'awb_changed', w.id, null));
      await produce();
    } finally {
      await db.update(companies).set({ state: 'active' }).where(eq(companies.id, id.SU));
    }
    const rows = await messagesOf(eq(outgoingMessages.air_waybill_id, w.id));
    expect(rows.map((r) => r.company_id)).toEqual([id.PLATFORM]);
  });
});

describe('explicit sends', () => {
  it('send_fwb with houses: one FWB and one FHL per house to the addresses; listed on the waybill', async () => {
    const w = await factoryWaybill();
    await addHouse(w, 'H1');
    await addHouse(w, 'H2');
    await produce();
    const sent = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.su, {
      channel: 'sita',
      addresses: ['mowfmxx', 'ALAFFKC', 'MOWFMXX'],
      with_houses: true,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const data = sent.json().data as { id: number; message_type: string; to: string[]; sender: { id: number } }[];
    expect(data.map((m) => m.message_type)).toEqual(['FWB', 'FHL', 'FHL']);
    for (const m of data) {
      expect(m.to).toEqual(['MOWFMXX', 'ALAFFKC']);
      expect(m.sender.id).toBe(id.SU);
    }
    const rows = await messagesOf(eq(outgoingMessages.air_waybill_id, w.id));
    expect(rows.every((r) => r.event === 'manual' && r.message_setting_id === null)).toBe(true);

    const listed = await call('GET', `/api/v3/air_waybills/${w.mawb}/outgoing_messages`, token.fwdA);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().meta.total_count).toBe(3);
    expect(listed.json().data.map((m: { id: number }) => m.id)).toEqual(data.map((m) => m.id).sort((a, b) => b - a));
    const onlyFhl = await call('GET', `/api/v3/air_waybills/${w.id}/outgoing_messages?message_type=FHL`, token.su);
    expect(onlyFhl.json().meta.total_count).toBe(2);
  });

  it('sendable types per company type: a forwarder may not send FWB or FHL (403); the platform may', async () => {
    const w = await factoryWaybill();
    const house = await addHouse(w);
    const body = { channel: 'email', addresses: ['agent@example.com'] };
    const fwd = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.fwdA, body);
    expect(fwd.statusCode).toBe(403);
    expect(fwd.json()).toMatchObject({
      error: 'Forbidden',
      message: 'A company of type forwarder does not send FWB',
      message_key: { key: 'telegramNotSendable', params: { company_type: 'forwarder', message_type: 'FWB' } },
    });
    const fhl = await call('POST', `/api/v3/house_waybills/${house.id}/send_fhl`, token.fwdA, body);
    expect(fhl.statusCode).toBe(403);
    const list = await call('POST', '/api/v3/air_waybills/fwb_list', token.fwdA, { ...body, mawbs: [w.mawb] });
    expect(list.statusCode).toBe(403);
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, w.id))).toEqual([]);

    const platform = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.platform, body);
    expect(platform.statusCode, platform.body).toBe(202);
    expect(platform.json().data).toHaveLength(1);
    expect(platform.json().data[0]).toMatchObject({ message_type: 'FWB', sender: { id: id.PLATFORM } });
    const houseFhl = await call('POST', `/api/v3/house_waybills/${house.id}/send_fhl`, token.su, body);
    expect(houseFhl.statusCode, houseFhl.body).toBe(202);
    expect(houseFhl.json().data[0]).toMatchObject({ message_type: 'FHL', to: ['agent@example.com'] });
  });

  it('checks the addresses against the channel and the waybill against the caller', async () => {
    const w = await factoryWaybill();
    const bad = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.su, {
      channel: 'sita',
      addresses: ['not-a-type-b'],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['addresses.0']);
    const none = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.su, {
      channel: 'email',
      addresses: [],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.addresses).toEqual(['Required fields are not filled in']);
    const hook = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.su, {
      channel: 'webhook',
      addresses: ['https://hooks.example.com/fwb'],
    });
    expect(hook.statusCode, hook.body).toBe(202);
    // KC's manager does not see SU's waybill.
    const kc = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.kc, {
      channel: 'email',
      addresses: ['x@example.com'],
    });
    expect(kc.statusCode).toBe(404);
  });

  it('fwb_list: one result per number; the accepted ones written together', async () => {
    const good = await factoryWaybill();
    const other = await factoryWaybill();
    const noConsignee = await factoryWaybill({
      consignee: {
        name: null,
        address: null,
        city: null,
        state: null,
        country_code: null,
        post_code: null,
        contacts: null,
        tax_id: null,
      },
    });
    const kcWaybill = await factoryWaybill({ prefix: '465', carrier: 'KC' });
    const unknown = nextMawb();
    const response = await call('POST', '/api/v3/air_waybills/fwb_list', token.su, {
      channel: 'email',
      addresses: ['ops@example.com'],
      mawbs: [
        good.mawb,
        '555-1234',
        unknown,
        kcWaybill.mawb,
        noConsignee.mawb,
        other.mawb.replace('-', ''),
        good.mawb,
        good.mawb.replace('-', ''),
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json() as {
      results: { mawb: string; status: string; message_ids: number[]; error_key: { key: string } | null }[];
      queued: number;
      refused: number;
    };
    expect(body.results.map((r) => [r.mawb, r.status, r.error_key?.key ?? null])).toEqual([
      [good.mawb, 'queued', null],
      ['555-1234', 'refused', 'awbPattern'],
      [unknown, 'refused', 'shipmentNotFound'],
      [kcWaybill.mawb, 'refused', 'shipmentNotFound'],
      [noConsignee.mawb, 'refused', 'required'],
      [other.mawb.replace('-', ''), 'queued', null],
    ]);
    expect(body).toMatchObject({ queued: 2, refused: 4 });
    const ids = body.results.flatMap((r) => r.message_ids);
    expect(ids).toHaveLength(2);
    const rows = await db.select().from(outgoingMessages).where(inArray(outgoingMessages.id, ids));
    expect(rows.map((r) => r.air_waybill_id).sort()).toEqual([good.id, other.id].sort());
    expect(await messagesOf(eq(outgoingMessages.air_waybill_id, kcWaybill.id))).toEqual([]);
  });
});

describe('the CIMP send screen', () => {
  const fsu = (mawb: string) => `FSU/15\n${mawb}SVOALA/T2K100.0\nRCS/15JUN1030/SVO/T2K100.0\n`;

  it('sends a valid text, refuses one with errors per line, and enforces the sendable types', async () => {
    const w = await factoryWaybill();
    const ok = await call('POST', '/api/v3/cimp_messages/send', token.su, {
      body: fsu(w.mawb),
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json()).toMatchObject({ message_type: 'FSU', version: 15 });
    expect(ok.json().data[0]).toMatchObject({ message_type: 'FSU', air_waybill: w.mawb, sender: { id: id.SU } });
    const [row] = await messagesOf(eq(outgoingMessages.id, ok.json().data[0].id));
    expect(row!.body).toBe(fsu(w.mawb).trim());

    const broken = await call('POST', '/api/v3/cimp_messages/send', token.su, {
      body: `FSU/15\n${w.mawb}SVOALA/T2K100.0\nRCS/99XXX1030/SVO/T2K100.0\n`,
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ message: 'CIMP has errors', message_key: { key: 'cimpHasErrors' } });
    const issues = broken.json().issues as { line: number; severity: string }[];
    expect(issues.some((i) => i.line === 3 && i.severity === 'error')).toBe(true);

    const fsa = await call('POST', '/api/v3/cimp_messages/send', token.su, {
      body: fsu(w.mawb).replace('FSU/15', 'FSA/15'),
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(fsa.statusCode, fsa.body).toBe(422);
    expect(fsa.json().message_key).toEqual({
      key: 'cimpTypeNotSendable',
      params: { types: 'CSN, FFM, FSU, FWB, FHL' },
    });

    const ffr = `FFR/8\n${w.mawb}SVOALA/T2K100MC1/CONSOLIDATION\nSU1234/15JUN/SVOALA/NN\n`;
    const airline = await call('POST', '/api/v3/cimp_messages/send', token.su, {
      body: ffr,
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(airline.statusCode, airline.body).toBe(403);
    expect(airline.json().message_key).toEqual({
      key: 'telegramNotSendable',
      params: { company_type: 'airline', message_type: 'FFR' },
    });
    const platform = await call('POST', '/api/v3/cimp_messages/send', token.platform, {
      body: ffr,
      channel: 'sita',
      addresses: ['MOWFMSU'],
    });
    expect(platform.statusCode, platform.body).toBe(202);
    expect(platform.json().data[0]).toMatchObject({ message_type: 'FFR', airline: { id: id.SU } });
    const forwarder = await call('POST', '/api/v3/cimp_messages/send', token.fwdA, {
      body: fsu(w.mawb),
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(forwarder.statusCode).toBe(403);
    const empty = await call('POST', '/api/v3/cimp_messages/send', token.su, {
      body: '  ',
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual(['Required fields are not filled in']);
  });
});

describe('tenancy of a waybill’s outgoing messages', () => {
  it('the forwarder and airline of the waybill see them; another forwarder or airline does not', async () => {
    const w = await factoryWaybill();
    const sent = await call('POST', `/api/v3/air_waybills/${w.id}/send_fwb`, token.su, {
      channel: 'email',
      addresses: ['ops@example.com'],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    for (const bearer of [token.fwdA, token.su, token.platform]) {
      const r = await call('GET', `/api/v3/air_waybills/${w.id}/outgoing_messages`, bearer);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toHaveLength(1);
    }
    for (const bearer of [token.fwdB, token.kc]) {
      const r = await call('GET', `/api/v3/air_waybills/${w.id}/outgoing_messages`, bearer);
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('ops@example.com');
    }
  });
});

describe('flight documents', () => {
  it('emitFlightDocument writes the settings’ messages in the caller’s transaction; unsendable types nothing', async () => {
    const flight = await createFlight(ctx, id.KC, { date: '2027-04-02' });
    await setting({ company_id: id.KC, airline_id: id.KC, event: 'flight_document', message_type: 'FFM' });
    await setting({ company_id: id.KC, airline_id: id.KC, event: 'flight_document', message_type: 'FBL' });
    const ffm = await inTransaction(db, (tx) =>
      emitFlightDocument(tx, {
        type: 'FFM',
        flightId: flight.flightId,
        body: 'FFM/8\n1/KC8001/02APR/SVO\nLAST',
        userId: null,
      }),
    );
    expect(ffm.ids).toHaveLength(1);
    const [row] = await messagesOf(eq(outgoingMessages.id, ffm.ids[0]!));
    expect(row).toMatchObject({ event: 'flight_document', company_id: id.KC, flight_id: flight.flightId });
    expect(row!.segment).toMatch(/^KC \d+\/02APR SVO-ALA$/);

    const fbl = await inTransaction(db, (tx) =>
      emitFlightDocument(tx, { type: 'FBL', flightId: flight.flightId, body: 'FBL/4', userId: null }),
    );
    expect(fbl.ids).toEqual([]);

    await expect(
      inTransaction(db, async (tx) => {
        await emitFlightDocument(tx, { type: 'FFM', flightId: flight.flightId, body: 'FFM/8', userId: null });
        throw new Error('the manifest is not finalised');
      }),
    ).rejects.toThrow('not finalised');
    expect(
      await db
        .select()
        .from(outgoingMessages)
        .where(and(eq(outgoingMessages.flight_id, flight.flightId), eq(outgoingMessages.message_type, 'FFM'))),
    ).toHaveLength(1);
    await expect(
      inTransaction(db, (tx) =>
        emitFlightDocument(tx, { type: 'FFM', flightId: 2_000_000_000, body: 'x', userId: null }),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('the FSU of a movement', () => {
  const w = {
    mawb: '555-12345675',
    origin_iata: 'SVO',
    destination_iata: 'ALA',
    carrier: 'SU',
    pieces: 2,
    weight: '100.000',
    route_data: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1234', date: '2027-06-15' }],
  };
  const at = (code: string, extra: Record<string, unknown> = {}) => ({
    location_iata: 'SVO',
    status_code: code,
    time_local: '2027-06-15T18:05',
    time_utc: new Date('2027-06-15T15:05:00Z'),
    pieces: null,
    weight: null,
    ...extra,
  });

  it('writes flight events with the leg leaving the airport and parses back', () => {
    const dep = fsuOf(w, at('DEP'));
    expect(dep).not.toBeNull();
    expect(parseFsu(dep!).message.events[0]).toMatchObject({
      code: 'DEP',
      flight: { carrier: 'SU', number: '1234' },
      date: '15JUN',
      origin: 'SVO',
      destination: 'ALA',
      quantity: { code: 'T', pieces: 2 },
    });
    const part = fsuOf(w, at('RCS', { pieces: 1, weight: '40' }));
    expect(parseFsu(part!).message.events[0]!.quantity).toMatchObject({ code: 'P', pieces: 1, totalPieces: 2 });
  });

  it('answers null when the data cannot express the status (a departure without a flight number)', () => {
    expect(fsuOf({ ...w, route_data: [] }, at('DEP'))).toBeNull();
    expect(fsuOf(w, at('XXX'))).toBeNull();
    expect(fsuOf(w, at('DIS'))).toBeNull();
  });

  it('names the segment of the first leg with a flight', () => {
    expect(segmentOf(w.route_data)).toBe('SU 1234/15JUN SVO-ALA');
    expect(segmentOf([{ ...w.route_data[0]!, flight: null }])).toBeNull();
  });
});
