import { formatAwb, generateFfa, generateFfr, parse } from '@aircargo/cargo-messages';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, companies, flightLegs, flights, segments, ssimTelegrams } from '../../db/schema';
import { FrozenClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import { createAirWaybill, createFlight } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';
import { candidateDates, storedNumber } from './telegram-processors.common';
import { partOf } from './telegram-processors.documents';
import { documentsOfFlight } from './telegram-processors.repository';
import { TELEGRAM_PROCESSORS } from './telegram-processors.service';
import type { ProcessOutcome, TelegramContext } from './telegram-processors.types';

// The clock stands on 2026-11-23 12:00 UTC; the demo agreements run from 2026-01-01 to 2027-12-31 (forwarder A with SU
// and KC). Flights fly on 10 December 2026, which a telegram names as 10DEC.
const clock = new FrozenClock('2026-11-23T12:00:00Z');
const DATE = '2026-12-10';
let ctx: TestContext;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;
let kc: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  ids = await ctx.companyIds();
  kc = await ctx.signIn(DEMO.xxManager);
}, 120_000);

let telegramId = 1000;
let flightNumber = 6100;

function contextOf(body: string, receiver: 'platform' | 'airline' = 'platform'): TelegramContext {
  const parsed = parse(body);
  expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([]);
  telegramId += 1;
  const companyId = receiver === 'platform' ? ids.PLATFORM : ids.KC;
  return {
    telegram: {
      id: telegramId,
      family: ['MVT', 'LDM', 'CPM', 'UCM'].includes(parsed.type ?? '') ? 'ahm' : 'cimp',
      message_type: parsed.type as string,
      version: parsed.version,
      source: 'upload',
      body,
      company_id: companyId,
      airline_id: null,
    },
    receiver: { companyId, companyType: receiver },
    parsed,
    userId: null,
    clock,
  };
}

/** Runs the processor of the telegram's type in one transaction, as the incoming-telegram worker does. */
function run(c: TelegramContext): Promise<ProcessOutcome> {
  const processor = TELEGRAM_PROCESSORS[c.telegram.message_type];
  if (!processor) throw new Error(`no processor for ${c.telegram.message_type}`);
  return inTransaction(db(), (tx) => processor(tx, c));
}

/** The AppError a processor failed with. */
async function failure(c: TelegramContext): Promise<AppError> {
  const error = await run(c).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A one-leg KC flight SVO-ALA on DATE with capacity; its number, flight id and segment id. */
async function kcFlight(): Promise<{ number: number; flightId: number; segmentId: number }> {
  flightNumber += 1;
  const f = await createFlight(ctx, ids.KC, { date: DATE, number: flightNumber });
  await db()
    .update(segments)
    .set({ capacity_weight: '5000.000', capacity_volume: '50.000' })
    .where(inArray(segments.id, f.segmentIds));
  return { number: flightNumber, flightId: f.flightId, segmentId: f.segmentIds[0] as number };
}

let awbSerial = 3_000_700;
const nextAwb = () => formatAwb('465', awbSerial++);

function ffr(awb: string, number: number, values: { weight?: number; iata?: string; shc?: string[] } = {}): string {
  return generateFfr({
    type: 'FFR',
    version: 8,
    consignment: {
      awb,
      origin: 'SVO',
      destination: 'ALA',
      quantity: {
        code: 'T',
        pieces: 2,
        weight: { unit: 'K', value: values.weight ?? 300 },
        volume: { unit: 'MC', value: 1.5 },
      },
      description: 'CONSOLIDATION',
      ...(values.shc ? { shc: values.shc } : {}),
    },
    flights: [
      {
        flight: { carrier: 'KC', number: String(number) },
        date: '10DEC',
        origin: 'SVO',
        destination: 'ALA',
        status: 'NN',
      },
    ],
    customer: { iataCode: values.iata ?? '1234567', name: 'FORWARDER A' },
  });
}

function ffa(awb: string, number: number, status: string, weight = 300): string {
  return generateFfa({
    type: 'FFA',
    version: 4,
    consignment: {
      awb,
      origin: 'SVO',
      destination: 'ALA',
      quantity: { code: 'T', pieces: 2, weight: { unit: 'K', value: weight } },
    },
    flights: [
      { flight: { carrier: 'KC', number: String(number) }, date: '10DEC', origin: 'SVO', destination: 'ALA', status },
    ],
  });
}

describe('helpers', () => {
  it('reads a day-month as the date nearest to today and flight numbers as the schedule stores them', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(candidateDates('10DEC', now)[0]).toBe('2026-12-10');
    expect(candidateDates('05JAN', now)[0]).toBe('2027-01-05');
    expect(candidateDates('01OCT', now)[0]).toBe('2026-10-01');
    expect(candidateDates('31FEB', now)).toEqual([]);
    expect(candidateDates('25', now)[0]).toBe('2026-11-25');
    expect(storedNumber('0123A')).toBe('123A');
    expect(storedNumber('5101')).toBe('5101');
  });

  it('reads the part number and the CONT/LAST trailer of a manifest', () => {
    expect(partOf('FFM/8\n2/AF077/17APR/CDG\nJFK\nCONT\n', 'FFM')).toEqual({ part: 2, last: false });
    expect(partOf('QK MOWFMSU\n.MOWRMSU 051230\nFBL/4\n1/SU2578/14MAR/SVO\nLED\nLAST\n', 'FBL')).toEqual({
      part: 1,
      last: true,
    });
  });
});

describe('FFR: a booking request', () => {
  it('creates the forwarder’s booking (source ffr) on the segment, and the same FFR again is ignored', async () => {
    const f = await kcFlight();
    const awb = nextAwb();
    const c = contextOf(ffr(awb, f.number));
    const out = await run(c);
    expect(out).toMatchObject({ status: 'processed', errors: [], result: { created: 'booking', mawb: awb } });
    const [row] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.id, out.links.booking_id as number));
    expect(row).toMatchObject({ forwarder_id: ids.FWDA, airline_id: ids.KC, mawb: awb, source: 'ffr', pieces: 2 });
    expect(Number(row?.weight)).toBe(300);
    expect(out.links.airline_id).toBe(ids.KC);
    // The booking is seen through the API as a web booking is.
    const detail = await ctx.call('GET', `/api/v3/bookings/${row?.id}`, kc);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ source: 'ffr', segment: { segment_id: f.segmentId } });

    const again = await run(contextOf(ffr(awb, f.number)));
    expect(again).toMatchObject({ status: 'ignored', links: { booking_id: row?.id } });
    expect(await db().select().from(bookings).where(eq(bookings.mawb, awb))).toHaveLength(1);

    // A further FFR of the AWB with other figures changes the booking.
    const changed = await run(contextOf(ffr(awb, f.number, { weight: 420 })));
    expect(changed).toMatchObject({
      status: 'processed',
      result: { changed: 'booking' },
      links: { booking_id: row?.id },
    });
    const all = await db().select().from(bookings).where(eq(bookings.mawb, awb));
    expect(all.map((b) => [b.id, Number(b.weight), b.version])).toEqual([[row?.id, 420, 2]]);
  });

  it('fails with the line of a flight not on the platform and books nothing', async () => {
    const awb = nextAwb();
    const error = await failure(contextOf(ffr(awb, 9876)));
    expect(error.message).toBe('Flight not found: KC9876/10DEC SVO-ALA (line 3)');
    expect(error.extra.errors).toEqual([{ line: 3, message: 'Flight not found: KC9876/10DEC SVO-ALA' }]);
    expect(await db().select().from(bookings).where(eq(bookings.mawb, awb))).toHaveLength(0);
  });

  it('finds the forwarder by the sender’s Type B address when the CUS line names none', async () => {
    const f = await kcFlight();
    await db().update(companies).set({ cimp_sita: 'ALAFFXB' }).where(eq(companies.id, ids.FWDB));
    await db().update(companies).set({ cimp_sita: 'MOWFFXA' }).where(eq(companies.id, ids.FWDA));
    const awb = nextAwb();
    const body = ['QK ALAFMKC', '.MOWFFXA 231200', ffr(awb, f.number).replace(/\nCUS\/[^\n]*\n\/FORWARDER A/, '')].join(
      '\n',
    );
    expect(body).not.toContain('CUS/');
    const out = await run(contextOf(body));
    expect(out).toMatchObject({ status: 'processed', result: { forwarder: 'FWDA' } });
  });

  it('fails for an unknown forwarder and with the bookings service’s own errors', async () => {
    const f = await kcFlight();
    const unknown = await failure(contextOf(ffr(nextAwb(), f.number, { iata: '9999999' })));
    expect(unknown.message).toMatch(/^Forwarder not found: 9999999/);
    // Too heavy for the segment: the capacity check of a web booking.
    const heavy = await failure(contextOf(ffr(nextAwb(), f.number, { weight: 9000 })));
    expect(heavy.message).toMatch(/\(line 2\)$/);
    expect(heavy.status).toBe(422);
  });
});

describe('FFA: the answer to a booking', () => {
  it('confirms a waiting booking, ignores the same answer, then cancels', async () => {
    const f = await kcFlight();
    const rule = await ctx.call('POST', '/api/v3/booking_rules', kc, {
      segment_id: f.segmentId,
      min_weight: 200,
      response_status: 'NN',
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const awb = nextAwb();
    const made = await run(contextOf(ffr(awb, f.number)));
    expect(made.result.response_status).toBe('NN');
    const bookingId = made.links.booking_id as number;

    const confirm = await run(contextOf(ffa(awb, f.number, 'KK')));
    expect(confirm).toMatchObject({
      status: 'processed',
      result: { response_status: 'KK' },
      links: { booking_id: bookingId },
    });
    const [kk] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(kk?.response_status).toBe('KK');

    expect(await run(contextOf(ffa(awb, f.number, 'KK')))).toMatchObject({ status: 'ignored' });
    // Refusing a confirmed booking is not a move the bookings service allows.
    const refuse = await failure(contextOf(ffa(awb, f.number, 'UU')));
    expect(refuse.message).toMatch(/Only a booking waiting for the airline/);

    const cancel = await run(contextOf(ffa(awb, f.number, 'XX')));
    expect(cancel).toMatchObject({ status: 'processed', result: { response_status: 'XX' } });
    const [xx] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(xx).toMatchObject({ active: false, response_status: 'XX' });
    expect(await run(contextOf(ffa(awb, f.number, 'XX')))).toMatchObject({ status: 'ignored' });
  });

  it('refuses a waiting booking with UU', async () => {
    const f = await kcFlight();
    await ctx.call('POST', '/api/v3/booking_rules', kc, {
      segment_id: f.segmentId,
      min_weight: 200,
      response_status: 'NN',
    });
    const awb = nextAwb();
    await run(contextOf(ffr(awb, f.number)));
    const out = await run(contextOf(ffa(awb, f.number, 'UU')));
    expect(out).toMatchObject({ status: 'processed', result: { response_status: 'UU' } });
    const [row] = await db().select().from(bookings).where(eq(bookings.mawb, awb));
    expect(row).toMatchObject({ response_status: 'UU', effective: false });
  });

  it('fails for an AWB without a booking', async () => {
    const awb = nextAwb();
    const error = await failure(contextOf(ffa(awb, 1, 'KK')));
    expect(error.message).toBe(`Booking not found: ${awb} (line 2)`);
  });
});

describe('FFM, FBL and UWS: documents of the flight', () => {
  it('stores the manifest on the flight with per-line errors for AWBs not on the platform; once', async () => {
    const f = await kcFlight();
    const known = await createAirWaybill(ctx, { forwarder_id: ids.FWDA, prefix: '465', airline_id: ids.KC });
    const unknown = nextAwb();
    const body = [
      'FFM/8',
      `1/KC${f.number}/10DEC/SVO/UP-A3001`,
      'ALA',
      `${known.mawb}SVOALA/T2K100MC1/CONSOLIDATION`,
      'ULD/PMC12345KC',
      `${unknown}SVOALA/T3K250.5MC2/PARTS`,
      'LAST',
    ].join('\n');
    const c = contextOf(body);
    const out = await run(c);
    expect(out).toMatchObject({
      status: 'partially_processed',
      links: { flight_id: f.flightId, airline_id: ids.KC },
      errors: [{ line: 6, message: `Shipment not found: ${unknown}` }],
      result: { type: 'FFM', part: 1, last_part: true, awbs: 2, pieces: 5, weight: 350.5 },
    });
    const docs = await documentsOfFlight(db(), f.flightId);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ message_type: 'FFM', telegram_id: c.telegram.id, station: 'SVO', part: 1 });
    expect(docs[0]?.summary).toMatchObject({
      registration: 'UP-A3001',
      ulds: [{ id: 'PMC12345KC', unloading: 'ALA', awbs: 1 }],
      awbs: [
        { awb: known.mawb, uld: null, air_waybill_id: known.id, pieces: 2, weight: 100 },
        { awb: unknown, uld: 'PMC12345KC', air_waybill_id: null, pieces: 3, weight: 250.5 },
      ],
    });
    // The same telegram again (a restart), and the same content as another telegram: nothing new.
    expect(await run(c)).toMatchObject({ status: 'ignored', links: { flight_id: f.flightId } });
    expect(await run(contextOf(body))).toMatchObject({
      status: 'ignored',
      result: { duplicate_of_telegram: c.telegram.id },
    });
    expect(await documentsOfFlight(db(), f.flightId)).toHaveLength(1);
  });

  it('stores each part of a multi-part FFM as its own document', async () => {
    const f = await kcFlight();
    const a = await createAirWaybill(ctx, { forwarder_id: ids.FWDA, prefix: '465', airline_id: ids.KC });
    const b = await createAirWaybill(ctx, { forwarder_id: ids.FWDA, prefix: '465', airline_id: ids.KC });
    const part1 = ['FFM/8', `1/KC${f.number}/10DEC/SVO`, 'ALA', `${a.mawb}SVOALA/T2K100/GOODS`, 'CONT'].join('\n');
    const part2 = ['FFM/8', `2/KC${f.number}/10DEC/SVO`, 'ALA', `${b.mawb}SVOALA/T1K40/GOODS`, 'LAST'].join('\n');
    expect(await run(contextOf(part1))).toMatchObject({ status: 'processed', result: { part: 1, last_part: false } });
    expect(await run(contextOf(part2))).toMatchObject({ status: 'processed', result: { part: 2, last_part: true } });
    const docs = await documentsOfFlight(db(), f.flightId);
    expect(docs.map((d) => [d.part, d.last_part])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('stores an FBL in a Type B envelope and a UWS; a corrected telegram replaces its document', async () => {
    const f = await kcFlight();
    const a = await createAirWaybill(ctx, { forwarder_id: ids.FWDA, prefix: '465', airline_id: ids.KC });
    const fbl = [
      'QK MOWFMKC',
      '.ALAFFKC 051230',
      'FBL/4',
      `1/KC${f.number}/10DEC/SVO`,
      'ALA',
      `${a.mawb}SVOALA/T5K46MC0.12/NEWSPAPERS`,
      'ULD/1/PMC98669KC/K400',
      'LAST',
    ].join('\n');
    const out = await run(contextOf(fbl));
    expect(out).toMatchObject({
      status: 'processed',
      errors: [],
      result: { type: 'FBL', awbs: 1, pieces: 5, weight: 46 },
    });
    const uws = (weight: number) =>
      ['UWS', `KC${f.number}/10DEC.SVO`, 'ULDS', `-PMC98669KC/ALA/${weight}/C`, 'BULK', '-ALA/350/M'].join('\n');
    const c = contextOf(uws(2450));
    expect(await run(c)).toMatchObject({
      status: 'processed',
      result: { type: 'UWS', ulds: 1, bulk: 1, weight: 2800 },
    });
    const corrected = { ...c, telegram: { ...c.telegram, body: uws(2500) }, parsed: parse(uws(2500)) };
    expect(await run(corrected)).toMatchObject({ status: 'processed', result: { weight: 2850 } });
    const docs = await documentsOfFlight(db(), f.flightId);
    expect(docs.map((d) => d.message_type)).toEqual(['FBL', 'UWS']);
    expect(docs[1]?.summary).toMatchObject({ totals: { weight: 2850 }, ulds: [{ id: 'PMC98669KC', weight: 2500 }] });
  });

  it("an airline's intake attaches an FBL to its own flight only", async () => {
    const f = await kcFlight();
    const fbl = ['FBL/4', `1/KC${f.number}/10DEC/SVO`, 'ALA', 'NIL', 'LAST'].join('\n');
    expect(await run(contextOf(fbl, 'airline'))).toMatchObject({
      status: 'processed',
      links: { flight_id: f.flightId },
    });
    const su = { ...contextOf(fbl, 'airline'), receiver: { companyId: ids.SU, companyType: 'airline' as const } };
    const error = await failure(su);
    expect(error.message).toBe(`Flight not found: KC${f.number}/10DEC SVO (line 2)`);
  });

  it('fails for a flight not on the platform', async () => {
    const error = await failure(contextOf(['UWS', 'KC4321/10DEC.SVO', 'BULK', '-ALA/350/M'].join('\n')));
    expect(error.message).toBe('Flight not found: KC4321/10DEC SVO (line 2)');
  });
});

describe('SSM and ASM: the schedule path', () => {
  it('changes the schedule as an uploaded SSM does, links the SSIM telegram, and the same SSM again is ignored', async () => {
    const ssm = [
      'SSM',
      'UTC',
      '23NOV00001E001',
      'NEW',
      'KC7301',
      '07DEC26 09DEC26 1234567',
      'F 77X',
      'ALA0600 NQZ0730',
    ].join('\n');
    const out = await run(contextOf(ssm));
    expect(out.status, JSON.stringify(out)).toBe('processed');
    const [t] = await db()
      .select()
      .from(ssimTelegrams)
      .where(eq(ssimTelegrams.id, out.links.ssim_telegram_id as number));
    expect(t).toMatchObject({ kind: 'ssm', source: 'upload', company_id: ids.PLATFORM });
    const made = await db()
      .select()
      .from(flights)
      .where(and(eq(flights.carrier, 'KC'), eq(flights.number, '7301')));
    expect(made.map((r) => r.flight_date).sort()).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    expect(out.result).toMatchObject({ counts: { created: 3 } });

    const again = await run(contextOf(ssm));
    expect(again.status, JSON.stringify(again)).toBe('ignored');

    const asm = ['ASM', 'UTC', 'CNL', 'KC7301/08DEC26'].join('\n');
    const cancelled = await run(contextOf(asm));
    expect(cancelled).toMatchObject({ status: 'processed', result: { kind: 'asm', counts: { cancelled: 1 } } });
    const [dec8] = await db()
      .select()
      .from(flights)
      .where(and(eq(flights.carrier, 'KC'), eq(flights.number, '7301'), eq(flights.flight_date, '2026-12-08')));
    expect(dec8?.canceled).toBe(true);
  });
});

describe('AHM: MVT, LDM, CPM and UCM on the flight', () => {
  it('stores an MVT and writes its actual and estimated times on the leg; once', async () => {
    const f = await kcFlight();
    const departure = ['MVT', `KC${f.number}/10.UPA3001.SVO`, 'AD1812/1825 EA2240 ALA', 'SI CREW LATE'].join('\n');
    const c = contextOf(departure);
    const out = await run(c);
    expect(out).toMatchObject({
      status: 'processed',
      links: { flight_id: f.flightId, airline_id: ids.KC },
      result: { type: 'MVT', leg: 1, times: { atd: '2026-12-10T18:12', eta: '2026-12-10T22:40' } },
    });
    const arrival = ['MVT', `KC${f.number}/10.UPA3001.ALA`, 'AA2235/2241'].join('\n');
    expect(await run(contextOf(arrival))).toMatchObject({
      status: 'processed',
      result: { times: { ata: '2026-12-10T22:41' } },
    });
    const [leg] = await db().select().from(flightLegs).where(eq(flightLegs.flight_id, f.flightId));
    expect(leg?.atd?.toISOString()).toBe('2026-12-10T18:12:00.000Z');
    expect(leg?.eta?.toISOString()).toBe('2026-12-10T22:40:00.000Z');
    expect(leg?.ata?.toISOString()).toBe('2026-12-10T22:41:00.000Z');
    const docs = await documentsOfFlight(db(), f.flightId);
    expect(docs.map((d) => [d.message_type, d.station])).toEqual([
      ['MVT', 'SVO'],
      ['MVT', 'ALA'],
    ]);
    expect(docs[0]?.summary).toMatchObject({
      origin: 'SVO',
      movements: [
        { code: 'AD', times: ['2026-12-10T18:12', '2026-12-10T18:25'] },
        { code: 'EA', times: ['2026-12-10T22:40'], station: 'ALA' },
      ],
      si: ['CREW LATE'],
    });
    expect(await run(c)).toMatchObject({ status: 'ignored' });
    expect(await documentsOfFlight(db(), f.flightId)).toHaveLength(2);
  });

  it('stores LDM, CPM and UCM with their content', async () => {
    const f = await kcFlight();
    const ldm = [
      'LDM',
      `KC${f.number}/10.UPA3001.C12Y146.2/4`,
      '-ALA.100/2/1.T1250.1/500.2/600.3/150.PAX/12/91.PAD/0/0',
    ].join('\n');
    expect(await run(contextOf(ldm))).toMatchObject({ status: 'processed', links: { flight_id: f.flightId } });
    const cpm = ['CPM', `KC${f.number}/10.UPA3001.SVO`, '-11P/PMC12345KC/ALA/2310/C', '-41/N'].join('\n');
    expect(await run(contextOf(cpm))).toMatchObject({ status: 'processed', links: { flight_id: f.flightId } });
    const ucm = ['UCM', `KC${f.number}/10.UPA3001.ALA`, 'IN', '.PMC12345KC/SVO', 'OUT', '.AKE11111KC/SVO/X'].join('\n');
    expect(await run(contextOf(ucm))).toMatchObject({ status: 'processed', links: { flight_id: f.flightId } });
    const docs = await documentsOfFlight(db(), f.flightId);
    const byType = Object.fromEntries(docs.map((d) => [d.message_type, d.summary]));
    expect(byType.LDM).toMatchObject({
      configuration: 'C12Y146',
      destinations: [{ destination: 'ALA', total_weight: 1250 }],
      totals: { pax: 103, weight: 1250 },
    });
    expect(byType.CPM).toMatchObject({
      positions: [
        { position: '11P', uld: 'PMC12345KC', weight: 2310, category: 'C' },
        { position: '41', empty: true },
      ],
      totals: { positions: 1, ulds: 1, weight: 2310 },
    });
    expect(byType.UCM).toMatchObject({ in: [{ id: 'PMC12345KC', station: 'SVO' }], out: [{ id: 'AKE11111KC' }] });
  });

  it('fails an MVT of a flight not on the platform', async () => {
    const error = await failure(contextOf(['MVT', 'KC9999/10.UPA3001.SVO', 'AD1812/1825'].join('\n')));
    expect(error.message).toBe('Flight not found: KC9999/10 SVO (line 2)');
  });
});
