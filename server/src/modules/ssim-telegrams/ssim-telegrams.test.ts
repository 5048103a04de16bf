import { isoToSsimDate } from '@aircargo/cargo-messages/ssim/dates';
import { addDays, type DatedLeg, exportSsim } from '@aircargo/schedule';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeLogs, flightLegs, flights, segments, ssimTelegrams } from '../../db/schema';
import { loadDemoSchedule } from '../../db/seeds/demo-schedule';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, DEMO } from '../../test/harness';
import { ssimLines } from './ssim-telegrams.apply';
import { parseMultipart } from './ssim-telegrams.multipart';
import { applyOrQueue, INLINE_SSIM_RECORDS, ssimTelegramJobs } from './ssim-telegrams.service';

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

const URL = '/api/v3/ssim_telegrams';
/** Flight dates start ten days from today, for a week. */
const FROM = addDays(new Date().toISOString().slice(0, 10), 10);
const TO = addDays(FROM, 6);
const dates = Array.from({ length: 7 }, (_, i) => addDays(FROM, i));

function leg(
  carrier: string,
  number: number,
  date: string,
  legSequence: number,
  origin: string,
  destination: string,
  std: string,
  sta: string,
): DatedLeg {
  return {
    carrier,
    number,
    suffix: '',
    date,
    legSequence,
    origin,
    destination,
    std: `${date}T${std}:00Z`,
    sta: `${date}T${sta}:00Z`,
    aircraftType: '77F',
    serviceType: 'F',
    dateVariation: { departure: 0, arrival: 0 },
  };
}

/** KC 901 ALA-NQZ daily and KC 903 ALA-NQZ-FRA (two legs, three segments) daily: 21 legs, 28 segments. */
const kcLegs = dates.flatMap((d) => [
  leg('KC', 901, d, 1, 'ALA', 'NQZ', '01:00', '02:40'),
  leg('KC', 903, d, 1, 'ALA', 'NQZ', '03:00', '04:40'),
  leg('KC', 903, d, 2, 'NQZ', 'FRA', '06:00', '12:30'),
]);
const kcFile = exportSsim(kcLegs, { carrier: 'KC', from: FROM, to: TO });
const suFile = exportSsim(
  dates.map((d) => leg('SU', 2401, d, 1, 'SVO', 'LED', '05:00', '06:30')),
  { carrier: 'SU', from: FROM, to: TO },
);

const upload = (tokenOf: string, body: string, fileName?: string) =>
  call('POST', URL, tokenOf, { body, ...(fileName ? { file_name: fileName } : {}) });

async function segmentsOf(carrier: string) {
  return db
    .select()
    .from(segments)
    .where(and(eq(segments.carrier, carrier), inArray(segments.flight_date, dates)))
    .orderBy(asc(segments.flight_date), asc(segments.number), asc(segments.first_leg), asc(segments.last_leg));
}

/** `05DEC26` for a date of the test week. */
const ssmDate = (iso: string) => isoToSsimDate(iso);

describe('POST /api/v3/ssim_telegrams (SSIM)', () => {
  it('stores the file as received and creates the segments, multi-leg flights as their leg combinations', async () => {
    const response = await upload(token.kc, kcFile, 'kc.ssim');
    expect(response.statusCode, response.body).toBe(202);
    const telegram = response.json();
    expect(telegram).toMatchObject({
      kind: 'ssim',
      source: 'upload',
      file_name: 'kc.ssim',
      airline: { id: id.KC, short_name: 'KC' },
      carriers: ['KC'],
      user_email: DEMO.xxManager,
      parsing_status: 'parsed',
      processing_status: 'processed',
      counts: { created: 21, changed: 0, unchanged: 0, cancelled: 0, skipped: 0 },
      progress: { done: 1, total: 1 },
      errors: [],
    });
    expect(telegram.body).toBe(kcFile);
    const [row] = await db.select().from(ssimTelegrams).where(eq(ssimTelegrams.id, telegram.id));
    expect(row?.body_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.company_id).toBe(id.KC);
    // Every record is reported with its line, flight and outcome.
    const lines = ssimLines(kcFile);
    for (const r of telegram.report.records) {
      expect(lines[r.line - 1]?.[0]).toBe('3');
      expect(r.status).toBe('created');
    }
    const kc = await segmentsOf('KC');
    expect(kc).toHaveLength(7 * 4);
    const one = kc.filter((s) => s.number === '903' && s.flight_date === FROM);
    expect(one.map((s) => `${s.origin}-${s.destination}`)).toEqual(['ALA-NQZ', 'ALA-FRA', 'NQZ-FRA']);
    expect(one.find((s) => s.origin === 'ALA' && s.destination === 'FRA')).toMatchObject({
      std: new Date(`${FROM}T03:00:00Z`),
      sta: new Date(`${FROM}T12:30:00Z`),
    });
    const logs = await db.select().from(changeLogs).where(eq(changeLogs.channel, 'ssim'));
    expect(logs.length).toBeGreaterThan(0);
  });

  it('changes nothing when the same file comes again: every record unchanged', async () => {
    const before = await segmentsOf('KC');
    const response = await upload(token.kc, kcFile);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      processing_status: 'processed',
      counts: { created: 0, changed: 0, unchanged: 21, cancelled: 0, skipped: 0 },
    });
    expect(response.json().report.records.every((r: { status: string }) => r.status === 'unchanged')).toBe(true);
    expect(await segmentsOf('KC')).toEqual(before);
  });

  it('imports the good records of a file with a broken one and reports the broken one with its line number', async () => {
    const lines = ssimLines(kcFile);
    const broken = lines.findIndex((l) => l[0] === '3' && Number(l.slice(5, 9)) === 901);
    // The period's first date (columns 15-21) is no date.
    lines[broken] = `${lines[broken]!.slice(0, 14)}XXNOV26${lines[broken]!.slice(21)}`;
    const response = await upload(token.kc, `${lines.join('\n')}\n`);
    const telegram = response.json();
    expect(telegram.processing_status).toBe('partially_processed');
    const bad = telegram.report.records.find((r: { line: number }) => r.line === broken + 1);
    expect(bad).toMatchObject({ flight: 'KC901', status: 'skipped' });
    expect(bad.reason).toMatch(new RegExp(`line ${broken + 1} column`));
    expect(telegram.errors.some((e: { line: number }) => e.line === broken + 1)).toBe(true);
    // KC 903 still imported (unchanged), and the broken record never cancels KC 901's stored legs.
    expect(telegram.counts).toMatchObject({ unchanged: 14, cancelled: 0, skipped: 1 });
    expect((await segmentsOf('KC')).filter((s) => s.canceled)).toEqual([]);
  });

  it('accepts the file as multipart/form-data', async () => {
    const boundary = 'x-boundary-42';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kc-multipart.ssim"\r\n` +
        `Content-Type: text/plain\r\n\r\n${kcFile}\r\n--${boundary}--\r\n`,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...ctx.as(token.kc), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ file_name: 'kc-multipart.ssim', counts: { unchanged: 21 } });
  });

  it('refuses a text that is neither SSIM nor SSM nor ASM, and stores nothing', async () => {
    const before = await db.$count(ssimTelegrams);
    const response = await upload(token.kc, 'FWB/16\n555-12345675LEDSVO/T2K10\n');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'ValidationFailed', message: 'Not an SSIM file, SSM or ASM' });
    expect(await db.$count(ssimTelegrams)).toBe(before);
  });
});

describe('carriers and roles', () => {
  it("skips another carrier's records for an airline and reports why; SU's schedule is untouched", async () => {
    const response = await upload(token.kc, suFile);
    const telegram = response.json();
    expect(telegram.processing_status).toBe('failed');
    expect(telegram.report.carriers).toEqual([
      expect.objectContaining({ carrier: 'SU', status: 'skipped', reason: expect.stringMatching(/own schedule/) }),
    ]);
    expect(telegram.report.records.every((r: { status: string }) => r.status === 'skipped')).toBe(true);
    expect(await segmentsOf('SU')).toEqual([]);
  });

  it('lets the platform import any carrier with an airline company', async () => {
    const response = await upload(token.platform, suFile);
    expect(response.json()).toMatchObject({ processing_status: 'processed', counts: { created: 7 } });
    expect(await segmentsOf('SU')).toHaveLength(7);
  });

  it('refuses forwarders, and SU managers (SU has SSIM access of its own)', async () => {
    expect((await upload(token.fwdA, kcFile)).statusCode).toBe(403);
    expect((await upload(token.su, suFile)).statusCode).toBe(403);
    expect((await call('GET', URL, token.fwdA)).statusCode).toBe(403);
  });
});

describe('SSM and ASM', () => {
  it('NEW creates, TIM changes, CNL cancels, with change logs of channel ssm; an ASM with channel asm', async () => {
    const d1 = dates[1]!;
    const d3 = dates[3]!;
    const ssm = (body: string) => `SSM\nUTC\n${body}\n`;
    const created = await upload(
      token.kc,
      ssm(`NEW\nKC955\n${ssmDate(FROM)} ${ssmDate(TO)} 1234567\nF 77F\nALA0800 CIT0915`),
    );
    expect(created.json()).toMatchObject({ kind: 'ssm', processing_status: 'processed', counts: { created: 7 } });
    expect(created.json().report.sub_messages).toEqual([
      expect.objectContaining({
        index: 1,
        action: 'NEW',
        status: 'applied',
        counts: expect.objectContaining({ created: 7 }),
      }),
    ]);
    const tim = await upload(token.kc, ssm(`TIM\nKC955\n${ssmDate(d1)} ${ssmDate(d1)} 1234567\nALA0900 CIT1015`));
    expect(tim.json().counts).toMatchObject({ changed: 1 });
    const cnl = await upload(token.kc, ssm(`CNL\nKC955\n${ssmDate(d3)} ${ssmDate(d3)} 1234567`));
    expect(cnl.json().counts).toMatchObject({ cancelled: 1 });
    const asm = await upload(token.kc, `ASM\nUTC\nEQT\nKC955/${ssmDate(FROM)}\nF 74N\n`);
    expect(asm.json()).toMatchObject({ kind: 'asm', processing_status: 'processed', counts: { changed: 1 } });

    const kc955 = (await segmentsOf('KC')).filter((s) => s.number === '955');
    expect(kc955).toHaveLength(7);
    expect(kc955.find((s) => s.flight_date === d1)?.std).toEqual(new Date(`${d1}T09:00:00Z`));
    expect(kc955.find((s) => s.flight_date === d3)?.canceled).toBe(true);
    const [legOfFirst] = await db
      .select({ aircraft_type: flightLegs.aircraft_type })
      .from(flightLegs)
      .innerJoin(flights, eq(flights.id, flightLegs.flight_id))
      .where(and(eq(flights.carrier, 'KC'), eq(flights.number, '955'), eq(flights.flight_date, FROM)));
    expect(legOfFirst?.aircraft_type).toBe('74N');
    const channels = new Set((await db.select({ channel: changeLogs.channel }).from(changeLogs)).map((r) => r.channel));
    expect([...channels]).toEqual(expect.arrayContaining(['ssim', 'ssm', 'asm']));
  });

  it('applies nothing of a message with errors and says so', async () => {
    const response = await upload(token.kc, 'SSM\nUTC\nNEW\nKC956\n99XYZ 01JAN 1\nF 77F\nALA0800 CIT0915\n');
    expect(response.json()).toMatchObject({ parsing_status: 'failed', processing_status: 'failed' });
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v3/schedules/export', () => {
  it('answers the carrier schedule as an SSIM file whose import changes nothing', async () => {
    const response = await call('GET', `/api/v3/schedules/export?carrier=KC&from=${FROM}&to=${TO}`, token.kc);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="KC_${FROM}_${TO}.ssim"`);
    expect(response.body.startsWith('1AIRLINE STANDARD SCHEDULE DATA SET')).toBe(true);
    const reimport = await upload(token.kc, response.body);
    expect(reimport.json()).toMatchObject({ processing_status: 'processed' });
    expect(reimport.json().counts).toMatchObject({ created: 0, changed: 0, cancelled: 0, skipped: 0 });
    expect(reimport.json().counts.unchanged).toBeGreaterThan(20);
  });

  it("refuses another airline's carrier, lets the platform export it", async () => {
    const query = `carrier=SU&from=${FROM}&to=${TO}`;
    expect((await call('GET', `/api/v3/schedules/export?${query}`, token.kc)).statusCode).toBe(404);
    const platform = await call('GET', `/api/v3/schedules/export?${query}&time_mode=utc`, token.platform);
    expect(platform.statusCode).toBe(200);
    expect(
      platform.body
        .split('\n')
        .find((l) => l[0] === '2')
        ?.slice(0, 5),
    ).toBe('2USU ');
  });
});

describe('list, detail and restart', () => {
  it("shows an airline its own telegrams only; KC cannot read SU's", async () => {
    const suTelegram = (await upload(token.platform, suFile)).json();
    const kcList = await call('GET', `${URL}?per_page=200`, token.kc);
    expect(kcList.statusCode).toBe(200);
    const kcIds = kcList.json().data.map((t: { id: number }) => t.id);
    expect(kcIds).not.toContain(suTelegram.id);
    expect((await call('GET', `${URL}/${suTelegram.id}`, token.kc)).statusCode).toBe(404);
    expect((await call('POST', `${URL}/${suTelegram.id}/restart`, token.kc)).statusCode).toBe(404);
    const all = await call('GET', `${URL}?per_page=200&kind=ssim`, token.platform);
    expect(all.json().data.map((t: { id: number }) => t.id)).toContain(suTelegram.id);
    expect(all.json().data.every((t: { kind: string }) => t.kind === 'ssim')).toBe(true);
  });

  it('filters by processing status and pages', async () => {
    const failed = await call('GET', `${URL}?processing_status=failed&per_page=1`, token.kc);
    expect(failed.json().meta).toMatchObject({ per_page: 1 });
    expect(failed.json().data.every((t: { processing_status: string }) => t.processing_status === 'failed')).toBe(true);
  });

  it('re-applies a telegram on restart', async () => {
    const first = (await upload(token.kc, kcFile)).json();
    const response = await call('POST', `${URL}/${first.id}/restart`, token.kc);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ id: first.id, processing_status: 'processed', counts: { unchanged: 21 } });
  });
});

describe('large files and the demo schedule', () => {
  it('applies a large file in a job, by chunks, with the progress on the telegram', async () => {
    // 60 flights whose times differ every day: one record per flight and date, more than are applied inline.
    const hour = (n: number) => String(n % 24).padStart(2, '0');
    const shifted = dates.flatMap((d, day) =>
      Array.from({ length: 60 }, (_, k) =>
        leg('KC', 2000 + k, d, 1, 'ALA', 'CIT', `${hour(k + day)}:05`, `${hour(k + day)}:55`),
      ),
    );
    const text = exportSsim(shifted, { carrier: 'KC', from: FROM, to: TO });
    expect(ssimLines(text).filter((l) => l[0] === '3').length).toBeGreaterThan(INLINE_SSIM_RECORDS);
    const response = await upload(token.kc, text);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ processing_status: 'pending' });
    const worker = new JobWorker({ db, handlers: ssimTelegramJobs({ db }) });
    expect(await worker.drain()).toBe(1);
    const done = await call('GET', `${URL}/${response.json().id}`, token.kc);
    expect(done.json()).toMatchObject({ processing_status: 'processed', counts: { created: 420 } });
    expect(done.json().progress).toEqual({ done: 1, total: 1 });
  });

  it('loads the demo schedule of both airlines as demo telegrams the airlines see', async () => {
    const from = addDays(TO, 30);
    const ids = await loadDemoSchedule(db, { from, days: 2, pauseMs: 0 });
    expect(ids).toHaveLength(2);
    const rows = await db.select().from(ssimTelegrams).where(inArray(ssimTelegrams.id, ids));
    expect(rows.map((r) => [r.source, r.processing_status, r.airline_id]).sort()).toEqual(
      [
        ['demo', 'processed', id.KC],
        ['demo', 'processed', id.SU],
      ].sort(),
    );
    const daySegments = await db
      .select({ carrier: segments.carrier, origin: segments.origin })
      .from(segments)
      .where(eq(segments.flight_date, from));
    expect(daySegments.length).toBeGreaterThan(200);
    expect(new Set(daySegments.map((s) => s.carrier))).toEqual(new Set(['SU', 'KC']));
    const kcSees = (await call('GET', `${URL}?per_page=200`, token.kc)).json().data;
    expect(
      kcSees.filter((t: { source: string }) => t.source === 'demo').map((t: { carriers: string[] }) => t.carriers),
    ).toEqual([['KC']]);
  }, 120_000);

  it('queues, not applies, a demo telegram', async () => {
    const [row] = await db
      .insert(ssimTelegrams)
      .values({ kind: 'ssim', source: 'demo', body: kcFile, body_hash: 'x', airline_id: id.KC })
      .returning();
    expect(await applyOrQueue(db, row!.id, { kind: 'ssim', body: kcFile, source: 'demo' }, null)).toBe('queued');
    // The job may be claimed by another worker of the run (SKIP LOCKED): drain until the telegram is processed.
    const worker = new JobWorker({ db, handlers: ssimTelegramJobs({ db }) });
    await expect
      .poll(
        async () => {
          await worker.drain();
          const [after] = await db.select().from(ssimTelegrams).where(eq(ssimTelegrams.id, row!.id));
          return after?.processing_status;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe('processed');
  });
});

describe('multipart reading', () => {
  it('reads the parts of a form and refuses a body without its closing boundary', () => {
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file_name"\r\n\r\nx.ssim\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a \\"b\\".ssim"\r\n\r\nline1\r\nline2\r\n--b--\r\n',
    );
    const parts = parseMultipart(body, 'multipart/form-data; boundary=b');
    expect(parts.map((p) => [p.name, p.filename, p.data.toString()])).toEqual([
      ['file_name', null, 'x.ssim'],
      ['file', 'a "b".ssim', 'line1\r\nline2'],
    ]);
    expect(() =>
      parseMultipart(
        Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx'),
        'multipart/form-data; boundary=b',
      ),
    ).toThrow(/closing boundary/);
  });
});
