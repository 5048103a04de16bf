import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { awbMovements, incomingTelegrams } from '../../db/schema';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';
import { dtgInstant, splitTelegrams } from './incoming-telegrams.intake';
import { incomingTelegramJobs, processIncomingTelegram, processorRegistry } from './incoming-telegrams.process';

/**
 * Incoming telegrams end to end (issue 14 item 1, Checks): the gateway's HTTP intake, the worker, FWB -> waybill,
 * FSU -> movements and flags, duplicates, correction and restart, tenancy. Runs on PGlite and, with TEST_DB=postgresql,
 * on a fresh PostgreSQL database of its own (the harness creates and drops it).
 */

const MAWB = '555-31234560';
const FWB = `FWB/17
${MAWB}SVOPEK/T12K540.5MC3.1
FLT/SU204/12
RTG/PEKSU
SHP
NAM/OOO AEROEXPORT
ADR/LENINGRADSKOE SHOSSE 5
LOC/MOSCOW
/RU/125212
CNE
NAM/BEIJING IMPORT CO
ADR/AIRPORT ROAD 8
LOC/BEIJING
/CN/100621
AGT/ACC9/1234567/0001
/CARGO AGENT MOSCOW
/MOSCOW
CVD/USD//PP/NVD/NCV/XXX
RTD/1/P12/K540.5/CQ/W541/R2.50/T1352.50
/NG/MACHINE PARTS
/2/NH/847990
ISU/10MAR25/MOSCOW
`;
const FSU_RCS = `QK MOWFMSU
.LEDFFSU 120930
FSU/15
${MAWB}SVOPEK/T12K540.5
RCS/12MAR0930/SVO/T12K540.5
`;
const FSU_DEP = `FSU/15
${MAWB}SVOPEK/T12K540.5
DEP/SU204/12MAR/SVOPEK/T12K540.5/S1200/A1215
`;

let t: TestContext;
let db: Db;
let worker: JobWorker;
const token: Record<string, string> = {};
let intakeKey = '';

async function drain(): Promise<void> {
  await worker.drain();
}

async function intake(body: string, key = intakeKey) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v3/telegram_intake',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
    payload: body,
  });
}

async function telegram(id: number) {
  const r = await t.call('GET', `/api/v3/cimp_telegrams/${id}`, token.platform);
  expect(r.statusCode).toBe(200);
  return r.json();
}

async function movementsOf(mawb: string) {
  const r = await t.call('GET', `/api/v3/air_waybills/${mawb}/movements`, token.platform);
  expect(r.statusCode).toBe(200);
  return r.json().data as { status_code: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  worker = new JobWorker({ db, handlers: incomingTelegramJobs({ db, clock: systemClock }) });
  for (const [name, email] of Object.entries(DEMO)) token[name] = await t.signIn(email);
  const created = await t.call('POST', '/api/v3/telegram_intake_keys', token.platform, { name: 'gateway' });
  expect(created.statusCode).toBe(201);
  intakeKey = created.json().key;
}, 120_000);

describe('the HTTP intake and the worker', () => {
  it('refuses a bad intake key with 401 and the catalogue code', async () => {
    const r = await intake(FSU_DEP, 'tik_not-a-key');
    expect(r.statusCode).toBe(401);
    expect(r.json().message_key?.key ?? r.json().message_key).toBe('intakeKeyInvalid');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v3/telegram_intake',
      headers: { 'content-type': 'text/plain' },
      payload: FSU_DEP,
    });
    expect(none.statusCode).toBe(401);
  });

  it('lists the keys without their secret and keeps only the hash', async () => {
    const list = await t.call('GET', '/api/v3/telegram_intake_keys', token.platform);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(intakeKey);
    expect(list.json()[0].last_used_at).toBeNull();
  });

  it('creates the waybill from an FWB posted to the intake', async () => {
    const r = await intake(FWB);
    expect(r.statusCode).toBe(202);
    const [id] = r.json().ids as number[];
    expect((await telegram(id!)).processing_status).toBe('pending');
    await drain();
    const done = await telegram(id!);
    expect(done).toMatchObject({
      family: 'cimp',
      message_type: 'FWB',
      version: 17,
      source: 'http',
      parsing_status: 'parsed',
      processing_status: 'processed',
      mawb: MAWB,
      errors: [],
      corrected: false,
    });
    expect(done.airline?.code).toBe('SU');
    expect(done.links.air_waybill?.mawb).toBe(MAWB);
    const awb = await t.call('GET', `/api/v3/air_waybills/${MAWB}`, token.platform);
    expect(awb.statusCode).toBe(200);
    expect(awb.json()).toMatchObject({ origin_iata: 'SVO', destination_iata: 'PEK', pieces: 12 });
    expect(awb.json().forwarder.short_name).toBe('FWDA');
  });

  it('adds movements for FSU RCS then DEP, sets departed, and ignores the same FSU twice', async () => {
    const rcs = (await intake(FSU_RCS)).json().ids[0] as number;
    await drain();
    expect((await telegram(rcs)).processing_status).toBe('processed');
    expect((await telegram(rcs)).sent_at).toMatch(/-12T09:30:00/);
    const dep = (await intake(FSU_DEP)).json().ids[0] as number;
    await drain();
    expect((await telegram(dep)).processing_status).toBe('processed');
    expect((await movementsOf(MAWB)).map((m) => m.status_code).sort()).toEqual(['DEP', 'RCS']);
    const awb = (await t.call('GET', `/api/v3/air_waybills/${MAWB}`, token.platform)).json();
    expect(awb.departed).toBe(true);

    const again = (await intake(FSU_DEP)).json().ids[0] as number;
    await drain();
    const repeated = await telegram(again);
    expect(repeated.processing_status).toBe('duplicate');
    expect(repeated.duplicate_of).toBe(dep);
    const rows = await db
      .select()
      .from(awbMovements)
      .where(eq(awbMovements.air_waybill_id, awb.id as number));
    expect(rows).toHaveLength(2);
  });

  it('restarting an applied FSU adds no second movement', async () => {
    const [row] = await db
      .select({ id: incomingTelegrams.id })
      .from(incomingTelegrams)
      .where(and(eq(incomingTelegrams.processing_status, 'processed'), eq(incomingTelegrams.message_type, 'FSU')))
      .orderBy(incomingTelegrams.id);
    expect(row).toBeDefined();
    const before = (await movementsOf(MAWB)).length;
    const restarted = await t.call('POST', `/api/v3/cimp_telegrams/${row!.id}/restart`, token.platform);
    expect(restarted.statusCode).toBe(202);
    await drain();
    expect((await movementsOf(MAWB)).length).toBe(before);
  });

  it('stores a broken FWB with per-line errors; corrected and restarted it is applied, the original kept', async () => {
    const broken = FWB.replace(MAWB, '555-40000004').replace('RTG/PEKSU', 'RTG/PEK');
    const id = (await intake(broken)).json().ids[0] as number;
    await drain();
    const failed = await telegram(id);
    expect(failed.parsing_status).toBe('failed');
    expect(failed.processing_status).toBe('failed');
    expect(failed.errors.length).toBeGreaterThan(0);
    expect(failed.errors.every((e: { line: number | null }) => typeof e.line === 'number')).toBe(true);

    const fixedBody = FWB.replace(MAWB, '555-40000004');
    const stale = await t.call('PATCH', `/api/v3/cimp_telegrams/${id}`, token.platform, {
      body: fixedBody,
      row_version: failed.row_version + 5,
    });
    expect(stale.statusCode).toBe(409);
    const patched = await t.call('PATCH', `/api/v3/cimp_telegrams/${id}`, token.platform, {
      body: fixedBody,
      notes: 'routing fixed',
      row_version: failed.row_version,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ corrected: true, body: fixedBody, original_body: broken.trim() });
    expect((await t.call('POST', `/api/v3/cimp_telegrams/${id}/restart`, token.platform)).statusCode).toBe(202);
    await drain();
    const applied = await telegram(id);
    expect(applied).toMatchObject({ parsing_status: 'parsed', processing_status: 'processed', errors: [] });
    expect(applied.original_body).toBe(broken.trim());
    expect((await t.call('GET', '/api/v3/air_waybills/555-40000004', token.platform)).statusCode).toBe(200);
  });

  it('fails an FWB whose agent is no forwarder of the platform, with the reason', async () => {
    const id = (await intake(FWB.replace(MAWB, '555-40000015').replace('1234567/0001', '9999999'))).json()
      .ids[0] as number;
    await drain();
    const failed = await telegram(id);
    expect(failed.parsing_status).toBe('parsed');
    expect(failed.processing_status).toBe('failed');
    expect(failed.errors[0].message).toContain('9999999');
    expect((await t.call('GET', '/api/v3/air_waybills/555-40000015', token.platform)).statusCode).toBe(404);
  });

  it('keeps the line of each problem a processor refuses with (an FBL of an unknown flight)', async () => {
    const id = (await intake(['FBL/4', '1/SU9876/14MAR/SVO', 'LED', 'NIL', 'LAST'].join('\n'))).json().ids[0] as number;
    await drain();
    const failed = await telegram(id);
    expect(failed.processing_status).toBe('failed');
    expect(failed.errors).toEqual([{ line: 2, message: expect.stringContaining('SU9876/14MAR') }]);
  });
});

describe('FHL and refusals', () => {
  const fhl = `FHL/5
MBI/${MAWB}SVOPEK/T12K540.5
HBS/HAWB001/SVOPEK/5/K200/4/MACHINE PARTS
HTS/847990
HBS/HAWB002/SVOPEK/7/K340.5/4/SPARE PARTS
HTS/847990
`;

  it('makes the houses of the master from an FHL and updates them from the next one', async () => {
    const id = (await intake(fhl)).json().ids[0] as number;
    await drain();
    const done = await telegram(id);
    expect(done.processing_status).toBe('processed');
    expect(done.links.house_waybill_ids).toHaveLength(2);
    const houses = (await t.call('GET', `/api/v3/air_waybills/${MAWB}/house_waybills`, token.platform)).json();
    expect(houses.data.map((h: { serial_number: string }) => h.serial_number).sort()).toEqual(['HAWB001', 'HAWB002']);
    const changed = (await intake(fhl.replace('/5/K200/', '/4/K200/'))).json().ids[0] as number;
    await drain();
    expect((await telegram(changed)).result).toMatchObject({ updated_houses: ['HAWB001', 'HAWB002'] });
    const after = (await t.call('GET', `/api/v3/air_waybills/${MAWB}/house_waybills`, token.platform)).json();
    expect(after.data.find((h: { serial_number: string }) => h.serial_number === 'HAWB001').pieces).toBe(4);
  });

  it("keeps the OCI customs lines of an FSU on the waybill's customs lines, once", async () => {
    const oci = `FSU/14\n${MAWB}SVOPEK/T12K540.5\nOCI/CN/IMP/M/CN1234567890\n`;
    const id = (await intake(oci)).json().ids[0] as number;
    await drain();
    expect((await telegram(id)).processing_status).toBe('processed');
    const lines = () =>
      t.call('GET', `/api/v3/air_waybills/${MAWB}`, token.platform).then((r) => r.json().oci as { info: string }[]);
    expect((await lines()).map((o) => o.info)).toEqual(['CN1234567890']);
    expect((await t.call('POST', `/api/v3/cimp_telegrams/${id}/restart`, token.platform)).statusCode).toBe(202);
    await drain();
    expect((await telegram(id)).processing_status).toBe('ignored');
    expect(await lines()).toHaveLength(1);
  });

  it("fails an FWB the waybill rules refuse with the rule's message, and writes nothing", async () => {
    const noHs = FWB.replace(MAWB, '555-40000026').replace('/2/NH/847990\n', '');
    const id = (await intake(noHs)).json().ids[0] as number;
    await drain();
    const failed = await telegram(id);
    expect(failed.processing_status).toBe('failed');
    expect(failed.errors[0].message).toContain('At least one HS code is required');
    expect((await t.call('GET', '/api/v3/air_waybills/555-40000026', token.platform)).statusCode).toBe(404);
  });
});

describe('SITATEX and AHM', () => {
  const sitatex = `=HEADER
=PRIORITY
QK
=DESTINATION TYPE B
STX,MOWFMSU
=ORIGIN
LEDFFSU
=MSGID
SITA-0001
=TEXT
FSU/15
${MAWB}SVOPEK/T12K540.5
ARR/SU204/13MAR0130/PEK/T12K540.5
`;

  it('unwraps SITATEX telegrams and takes the second with the same message id as a duplicate', async () => {
    const before = (await movementsOf(MAWB)).length;
    const r = await intake(`${sitatex}\n${sitatex}`);
    const [first, second] = r.json().ids as number[];
    await drain();
    const a = await telegram(first!);
    expect(a.envelope).toMatchObject({ origin: 'LEDFFSU', message_id: 'SITA-0001' });
    expect(a.processing_status).toBe('processed');
    expect((await movementsOf(MAWB)).map((m) => m.status_code)).toContain('ARR');
    const b = await telegram(second!);
    expect(b).toMatchObject({ processing_status: 'duplicate', duplicate_of: first });
    expect((await movementsOf(MAWB)).length).toBe(before + 1);
  });

  it('lists an MVT under the AHM telegrams, not the Cargo-IMP ones', async () => {
    const id = (await intake('MVT\nSU1234/05.VPBWA.SVO\nAD0910/0925\n')).json().ids[0] as number;
    await drain();
    const ahm = (await t.call('GET', '/api/v3/ahm_telegrams', token.platform)).json();
    expect(ahm.data.map((x: { id: number }) => x.id)).toContain(id);
    expect((await t.call('GET', `/api/v3/ahm_telegrams/${id}`, token.platform)).json()).toMatchObject({
      family: 'ahm',
      message_type: 'MVT',
      parsing_status: 'parsed',
    });
    expect((await t.call('GET', `/api/v3/cimp_telegrams/${id}`, token.platform)).statusCode).toBe(404);
  });
});

describe('uploads, validation and tenancy', () => {
  it('makes two rows of an uploaded file with two telegrams; an airline stores them parsed only', async () => {
    const file = `${FSU_RCS}NNNN\n${FSU_DEP}`;
    const boundary = 'xYzBoundary';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="two.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `${file}\r\n--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\nfrom the mailbox\r\n--${boundary}--\r\n`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v3/cimp_telegrams',
      headers: { ...t.as(token.suManager!), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(r.statusCode).toBe(201);
    const ids = r.json().ids as number[];
    expect(ids).toHaveLength(2);
    await drain();
    for (const id of ids) {
      const one = await t.call('GET', `/api/v3/cimp_telegrams/${id}`, token.suManager);
      expect(one.json()).toMatchObject({
        source: 'upload',
        notes: 'from the mailbox',
        processing_status: 'not_processed',
      });
    }
  });

  it('validates without storing', async () => {
    const before = (await db.select({ id: incomingTelegrams.id }).from(incomingTelegrams)).length;
    const r = await t.call('POST', '/api/v3/cimp_telegrams/validate', token.suManager, {
      body: `${FSU_DEP}\n${FWB.replace('RTG/PEKSU', 'RTG/PEK')}`,
    });
    expect(r.statusCode).toBe(200);
    const v = r.json();
    expect(v.valid).toBe(false);
    expect(v.telegrams.map((x: { message_type: string }) => x.message_type)).toEqual(['FSU', 'FWB']);
    expect(v.telegrams[0].valid).toBe(true);
    expect(v.telegrams[1].issues.some((i: { severity: string }) => i.severity === 'error')).toBe(true);
    expect((await db.select({ id: incomingTelegrams.id }).from(incomingTelegrams)).length).toBe(before);
  });

  it('shows an airline its own and its carrier telegrams, never another airline; refuses a forwarder', async () => {
    const su = (await t.call('GET', '/api/v3/cimp_telegrams?per_page=200', token.suManager)).json();
    expect(su.data.length).toBeGreaterThan(0);
    const xx = (await t.call('GET', '/api/v3/cimp_telegrams?per_page=200', token.xxManager)).json();
    expect(xx.data).toEqual([]);
    const anySu = su.data[0].id as number;
    expect((await t.call('GET', `/api/v3/cimp_telegrams/${anySu}`, token.xxManager)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/v3/cimp_telegrams/${anySu}/restart`, token.xxManager)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v3/cimp_telegrams', token.fwdA)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v3/cimp_telegrams/${anySu}`, token.fwdA)).statusCode).toBe(403);
    const platform = (await t.call('GET', '/api/v3/cimp_telegrams?per_page=200', token.platform)).json();
    expect(platform.meta.total ?? platform.data.length).toBeGreaterThanOrEqual(su.data.length);
  });

  it('filters the list and lists the telegrams of a waybill', async () => {
    const failed = (await t.call('GET', '/api/v3/cimp_telegrams?has_errors=true', token.platform)).json();
    expect(failed.data.every((x: { errors: unknown[] }) => x.errors.length > 0)).toBe(true);
    const fsu = (await t.call('GET', '/api/v3/cimp_telegrams?message_type=fsu&source=http', token.platform)).json();
    expect(fsu.data.length).toBe(6);
    const ofWaybill = await t.call('GET', `/api/v3/air_waybills/${MAWB}/cimp_telegrams`, token.suManager);
    expect(ofWaybill.statusCode).toBe(200);
    expect(ofWaybill.json().map((x: { message_type: string }) => x.message_type)).toContain('FWB');
    expect((await t.call('GET', `/api/v3/air_waybills/${MAWB}/cimp_telegrams`, token.xxManager)).statusCode).toBe(404);
  });
});

describe('several workers', () => {
  it('processes a telegram once when two workers take its jobs at the same time', async () => {
    const id = (await intake(FSU_DEP.replace('S1200', 'S1300'))).json().ids[0] as number;
    const deps = { clock: systemClock, processors: processorRegistry() };
    const outcomes = await Promise.all([processIncomingTelegram(db, id, deps), processIncomingTelegram(db, id, deps)]);
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    expect((await telegram(id)).processing_status).not.toBe('processing');
    // Its queued job finds it done and leaves it alone.
    await drain();
    expect(outcomes).toContain((await telegram(id)).processing_status);
  });
});

describe('intake helpers', () => {
  it('splits Type B, SITATEX and bare telegrams of one text', () => {
    const parts = splitTelegrams(`${FSU_RCS}\n${FSU_DEP}\n=HEADER\n=PRIORITY\nQK\n=TEXT\n${FSU_DEP}`);
    expect(parts.map((p) => p.firstLine)).toEqual([1, 7, 11]);
    expect(parts[1]!.text.startsWith('FSU/15')).toBe(true);
    expect(splitTelegrams(FWB)).toHaveLength(1);
  });

  it('reads the DTG of a Type B identity as the latest such time before receipt', () => {
    expect(dtgInstant('120930', new Date('2026-03-20T00:00:00Z'))?.toISOString()).toBe('2026-03-12T09:30:00.000Z');
    expect(dtgInstant('280930', new Date('2026-03-02T00:00:00Z'))?.toISOString()).toBe('2026-02-28T09:30:00.000Z');
    expect(dtgInstant('BAD', new Date())).toBeNull();
  });
});
