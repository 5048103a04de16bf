import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, segments, users } from '../../db/schema';
import { FrozenClock } from '../../platform/clock';
import { createBooking, createFlight } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';
import * as repo from './bookings.repository';
import { auditCounters, availableCapacity, bookedLoad } from './bookings.service';

// The clock stands on 2026-11-23 12:00 UTC; the demo agreements run from 2026-01-01 to 2027-12-31. Forwarder A holds
// agreements with SU and KC, forwarder B with SU only.
const clock = new FrozenClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let platform: string;
let kc: string;
let su: string;
let fwdA: string;
let fwdB: string;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;

const db = () => ctx.database.db;

async function setCapacity(segmentIds: number[], weight: number, volume: number) {
  await db()
    .update(segments)
    .set({ capacity_weight: weight.toFixed(3), capacity_volume: volume.toFixed(3) })
    .where(inArray(segments.id, segmentIds));
}

/** A one-leg KC flight with a capacity, returning its segment id. */
let flightNumber = 5000;
async function kcSegment(weight = 1000, volume = 10, date = '2027-06-15'): Promise<number> {
  flightNumber += 1;
  const f = await createFlight(ctx, ids.KC, { date, number: flightNumber });
  await setCapacity(f.segmentIds, weight, volume);
  return f.segmentIds[0] as number;
}

const cargo = { pieces: 2, weight: 100, volume: 1 };

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  [platform, kc, su, fwdA, fwdB] = await Promise.all([
    ctx.signIn(DEMO.platform),
    ctx.signIn(DEMO.xxManager),
    ctx.signIn(DEMO.suManager),
    ctx.signIn(DEMO.fwdA),
    ctx.signIn(DEMO.fwdB),
  ]);
  ids = await ctx.companyIds();
}, 120_000);

async function availability(token: string, segmentId: number) {
  const r = await ctx.call('GET', `/api/v3/bookings/availability?segment_ids=${segmentId}`, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data[0] as Record<string, number>;
}

describe('booking errors in the seed order (seed 001 sections 5 and 8)', () => {
  it('refuses missing fields and an empty segment list', async () => {
    const r = await ctx.call('POST', '/api/v3/bookings', fwdA, {});
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.pieces).toEqual(['required field']);
    const empty = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [], ...cargo });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.segment_ids).toEqual(['required field']);
  });

  it('refuses an unknown forwarder', async () => {
    const s = await kcSegment();
    const r = await ctx.call('POST', '/api/v3/bookings', platform, {
      segment_ids: [s],
      forwarder_id: ids.KC,
      ...cargo,
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('Forwarder not found');
    const self = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      forwarder_id: ids.FWDB,
      ...cargo,
    });
    expect(self.json().errors.forwarder_id).toEqual(['Forwarder not found']);
  });

  it('refuses a forwarder without a valid agreement with the airline (403 NoValidAgreement)', async () => {
    const s = await kcSegment();
    const r = await ctx.call('POST', '/api/v3/bookings', fwdB, { segment_ids: [s], ...cargo });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ error: 'NoValidAgreement', message: 'No valid agreement with airline' });
  });

  it('refuses SHCs the airline does not take (403 ForbiddenShc)', async () => {
    const s = await kcSegment();
    await db()
      .update(companies)
      .set({ shcs_accepted: ['PER', 'AVI'] })
      .where(eq(companies.id, ids.KC));
    try {
      const r = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...cargo, shcs: ['PER', 'DGR'] });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({
        error: 'ForbiddenShc',
        message: 'Cargo with DGR codes is prohibited for booking',
      });
      const ok = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...cargo, shcs: ['PER', 'EAW'] });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      await db().update(companies).set({ shcs_accepted: [] }).where(eq(companies.id, ids.KC));
    }
  });

  it('needs the dimensions of HEA cargo', async () => {
    const s = await kcSegment();
    const r = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...cargo, shcs: ['HEA'] });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('The dimensions of the HEA cargo must be specified');
    const ok = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      ...cargo,
      shcs: ['HEA'],
      dimensions: [{ pieces: 2, length: 120, width: 80, height: 100 }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('applies the cargo limits: average piece volume and weight, total weight and volume', async () => {
    const s = await kcSegment(100_000, 1000);
    const cases: [Record<string, number>, string, string][] = [
      [{ pieces: 1, weight: 100, volume: 2.5 }, 'volume', 'average piece volume must not exceed 2.4 m3'],
      [{ pieces: 1, weight: 301, volume: 1 }, 'weight', 'average piece weight must not exceed 300 kg'],
      [{ pieces: 20, weight: 5001, volume: 10 }, 'weight', 'weight must not exceed 5000 kg'],
      [{ pieces: 20, weight: 100, volume: 40.5 }, 'volume', 'volume must not exceed 40 m3'],
    ];
    for (const [figures, field, text] of cases) {
      const r = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...figures });
      expect(r.statusCode, JSON.stringify(figures)).toBe(422);
      expect(r.json().errors[field]).toContain(text);
    }
    const edge = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      pieces: 1,
      weight: 300,
      volume: 2.4,
    });
    expect(edge.statusCode, edge.body).toBe(201);
  });

  it('refuses incompatible SHCs', async () => {
    const s = await kcSegment();
    const r = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...cargo, shcs: ['AVI', 'ICE'] });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.shcs).toEqual(['incompatible SHC codes']);
  });

  it('refuses a second booking of the same AWB on a segment (422 Exists) and a bad check digit', async () => {
    const s = await kcSegment();
    const first = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      ...cargo,
      mawb: '555-12345675',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      ...cargo,
      mawb: '555-12345675',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'Booking already exists' });
    const part = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      ...cargo,
      mawb: '555-12345675',
      parts_code: 'P2',
    });
    expect(part.statusCode, part.body).toBe(201);
    const bad = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...cargo, mawb: '555-12345670' });
    expect(bad.json().errors.mawb).toEqual(['invalid control bit']);
  });

  it('refuses locked, sales-closed and cancelled flights, and unknown segments', async () => {
    for (const [flag, text] of [
      ['locked', 'The flight is locked: booking changes are refused'],
      ['sales_closed', 'Sales of the flight are closed'],
      ['canceled', 'The flight is cancelled'],
    ] as const) {
      const s = await kcSegment();
      await db()
        .update(segments)
        .set({ [flag]: true })
        .where(eq(segments.id, s));
      const r = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], ...cargo });
      expect(r.statusCode, flag).toBe(422);
      expect(r.json().message).toBe(text);
    }
    const unknown = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [999_999], ...cargo });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses what does not fit the capacity with its overflow tolerance', async () => {
    const s = await kcSegment(1000, 10);
    const big = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      pieces: 4,
      weight: 1001,
      volume: 2,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toMatch(/^Not enough free capacity on KC\d+\/15JUN$/);
    await db().execute(
      // The overflow tolerance of KC, as the airline settings call stores it.
      sql`insert into airline_settings (company_id, overflow_weight_percent)
        values (${ids.KC}, 10) on conflict (company_id) do update set overflow_weight_percent = 10`,
    );
    try {
      const fits = await ctx.call('POST', '/api/v3/bookings', fwdA, {
        segment_ids: [s],
        pieces: 4,
        weight: 1100,
        volume: 2,
      });
      expect(fits.statusCode, fits.body).toBe(201);
      const more = await ctx.call('POST', '/api/v3/bookings', fwdA, {
        segment_ids: [s],
        pieces: 1,
        weight: 1,
        volume: 0.1,
      });
      expect(more.statusCode).toBe(422);
    } finally {
      await db().execute(sql`update airline_settings set overflow_weight_percent = 0 where company_id = ${ids.KC}`);
    }
  });
});

describe('capacity', () => {
  it('takes capacity on booking and gives it back on change and cancel', async () => {
    const s = await kcSegment(1000, 10);
    const b = await createBooking(ctx, fwdA, [s], { weight: 600, volume: 4, pieces: 3 }, { weight: 1000, volume: 10 });
    expect(b.response_status).toBe('KK');
    expect(await availability(kc, s)).toMatchObject({ booked_weight: 600, booked_volume: 4, available_weight: 400 });
    expect((await bookedLoad(db(), [s])).get(s)).toEqual({ weight: 600, volume: 4 });
    // The flight page shows it: the segment's booked figures and load factor.
    const segment = await ctx.call('GET', `/api/v3/segments/${s}`, kc);
    expect(segment.statusCode, segment.body).toBe(200);
    expect(segment.json().load).toMatchObject({
      capacity_weight: 1000,
      booked_weight: 600,
      booked_volume: 4,
      estimated_weight: 600,
      load_factor_weight: 60,
      load_factor_volume: 40,
    });
    const changed = await ctx.call('POST', `/api/v3/bookings/${b.id}/change`, fwdA, { weight: 800 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ weight: 800, version: 2 });
    expect(await availability(kc, s)).toMatchObject({ booked_weight: 800 });
    const tooMuch = await ctx.call('POST', `/api/v3/bookings/${b.id}/change`, fwdA, { weight: 900, pieces: 4 });
    expect(tooMuch.statusCode).toBe(200);
    const over = await ctx.call('POST', `/api/v3/bookings/${b.id}/change`, fwdA, { weight: 1001, pieces: 4 });
    expect(over.statusCode).toBe(422);
    expect(await availability(kc, s)).toMatchObject({ booked_weight: 900 });
    const cancelled = await ctx.call('DELETE', `/api/v3/bookings/${b.id}`, fwdA);
    expect(cancelled.json()).toMatchObject({ response_status: 'XX', active: false, effective: false });
    expect(await availability(kc, s)).toMatchObject({ booked_weight: 0, available_weight: 1000 });
    const again = await ctx.call('DELETE', `/api/v3/bookings/${b.id}`, fwdA);
    expect(again.json().message).toBe('The booking is cancelled');
    expect(await auditCounters(db(), [s])).toEqual([]);
  });

  it('writes a new booking only on the plan it was made on: row version, allotment epoch, limit', async () => {
    const s = await kcSegment(1000, 10);
    await createBooking(ctx, fwdA, [s], { weight: 100 }, { weight: 1000, volume: 10 });
    const read = () =>
      repo.bookingInputs(db(), {
        forwarderId: ids.FWDA,
        segmentIds: [s],
        today: '2026-11-23',
        mawb: null,
        partsCode: null,
      });
    const before = (await read()).counters[0] as repo.CounterState;
    expect(before).toMatchObject({ segment_id: s, booked_weight: '100.000', allotment_epoch: 0 });
    const [user] = await db().select({ id: users.id }).from(users).limit(1);
    const write = (plan: Partial<repo.PlannedSegment>, weight = 10) =>
      repo.insertBookingIfCurrent(db(), {
        booking: {
          forwarder_id: ids.FWDA,
          airline_id: ids.KC,
          carrier: 'KC',
          origin: 'SVO',
          destination: 'ALA',
          pieces: 1,
          weight: weight.toFixed(3),
          volume: '0.100',
          shcs: [],
          dimensions: [],
          response_status: 'KK',
          source: 'web',
          effective: true,
          created_by: user?.id ?? null,
        },
        segments: [
          {
            sequence: 1,
            segmentId: s,
            airlineId: ids.KC,
            exact: false,
            xmin: before.xmin,
            allotmentEpoch: before.allotment_epoch,
            capacityWeight: '1000.000',
            capacityVolume: '10.000',
            limitWeight: '1000.000',
            limitVolume: '10.000',
            weight: weight.toFixed(3),
            volume: '0.100',
            allotmentId: null,
            allotmentWeight: '0',
            allotmentVolume: '0',
            allotmentSizeWeight: '0',
            allotmentSizeVolume: '0',
            ...plan,
          },
        ],
        changeSet: {},
        channel: 'web',
      });
    expect(await write({ exact: true, xmin: '1' })).toEqual({ outcome: 'stale' });
    expect(await write({ allotmentEpoch: 1 })).toEqual({ outcome: 'stale' });
    expect(await write({}, 901)).toEqual({ outcome: 'full', segmentId: s });
    expect((await read()).counters[0]).toEqual(before);
    // An allotment on the segment changes what plans made without it rest on.
    const allotment = await ctx.call('POST', '/api/v3/allotments', kc, {
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      forwarder_id: ids.FWDB,
      weight: 100,
      volume: 1,
      timelimit_to_std: 0,
      segment_id: s,
    });
    expect(allotment.statusCode, allotment.body).toBe(201);
    expect((await read()).counters[0]).toMatchObject({ allotment_epoch: 1, booked_weight: '100.000' });
    expect(await write({})).toEqual({ outcome: 'stale' });
    const written = await write({ allotmentEpoch: 1 }, 50);
    expect(written).toMatchObject({ outcome: 'written', duplicates: 0 });
    expect((await read()).counters[0]).toMatchObject({ booked_weight: '150.000' });
    expect(await auditCounters(db(), [s])).toEqual([]);
  });

  it('moves a booking to other segments, and shows the booked load to route search', async () => {
    const s1 = await kcSegment(1000, 10);
    const s2 = await kcSegment(1000, 10);
    const b = await createBooking(ctx, fwdA, [s1], { weight: 300 }, { weight: 1000, volume: 10 });
    const moved = await ctx.call('POST', `/api/v3/bookings/${b.id}/change`, fwdA, { segment_ids: [s2] });
    expect(moved.json().segment.segment_id).toBe(s2);
    const free = await availableCapacity(db(), { segmentIds: [s1, s2], now: clock.now() });
    expect(free.get(s1)).toEqual({ weight: 1000, volume: 10 });
    expect(free.get(s2)).toEqual({ weight: 700, volume: 9 });
    expect(await auditCounters(db(), [s1, s2])).toEqual([]);
  });

  it('keeps an allotment for its forwarder, uses it first, and returns it to free sale before STD', async () => {
    const s = await kcSegment(1000, 10);
    const created = await ctx.call('POST', '/api/v3/allotments', kc, {
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      forwarder_id: ids.FWDA,
      weight: 400,
      volume: 4,
      timelimit_to_std: 0,
      segment_id: s,
    });
    expect(created.statusCode, created.body).toBe(201);
    const allotmentId = created.json().id as number;
    expect(await availability(platform, s)).toMatchObject({ allotted_weight: 400, available_weight: 600 });
    expect(await availability(fwdA, s)).toMatchObject({ available_weight: 1000 });
    const b = await createBooking(ctx, fwdA, [s], { weight: 500, pieces: 2, volume: 2 }, { weight: 1000, volume: 10 });
    const detail = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(detail.json().segment).toMatchObject({
      allotment_id: allotmentId,
      allotment_weight: 400,
      allotment_volume: 2,
    });
    expect(await availability(platform, s)).toMatchObject({
      booked_weight: 500,
      allotment_used_weight: 400,
      free_sale_booked_weight: 100,
      available_weight: 500,
    });
    const below = await ctx.call('PATCH', `/api/v3/allotments/${allotmentId}`, kc, { weight: 300 });
    expect(below.statusCode).toBe(422);
    const dup = await ctx.call('POST', '/api/v3/allotments', kc, {
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      forwarder_id: ids.FWDA,
      weight: 1,
      volume: 1,
      timelimit_to_std: 0,
      segment_id: s,
    });
    expect(dup.json()).toMatchObject({ error: 'Exists', message: 'Allotment already exists' });
    const tooBig = await ctx.call('POST', '/api/v3/allotments', kc, {
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      forwarder_id: ids.FWDB,
      weight: 501,
      volume: 1,
      timelimit_to_std: 0,
      segment_id: s,
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toMatch(/^The allotment does not fit the free capacity of KC\d+\/15JUN$/);
    const removed = await ctx.call('DELETE', `/api/v3/allotments/${allotmentId}`, kc);
    expect(removed.statusCode).toBe(204);
    expect(await availability(platform, s)).toMatchObject({ booked_weight: 500, allotment_used_weight: 0 });
    expect(await auditCounters(db(), [s])).toEqual([]);

    // A flight two days ahead: an allotment with a 72-hour time limit is already back in free sale.
    const soon = await kcSegment(1000, 10, '2026-11-25');
    const released = await ctx.call('POST', '/api/v3/allotments', kc, {
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      forwarder_id: ids.FWDA,
      weight: 400,
      volume: 4,
      timelimit_to_std: 72,
      segment_id: soon,
    });
    expect(released.statusCode, released.body).toBe(201);
    expect(await availability(platform, soon)).toMatchObject({ allotted_weight: 0, available_weight: 1000 });
  });
});

describe('booking rules and the airline queue', () => {
  it('waits (NN) where a rule says so, queues it for the airline, which confirms or refuses', async () => {
    const s = await kcSegment(1000, 10);
    const rule = await ctx.call('POST', '/api/v3/booking_rules', kc, {
      segment_id: s,
      min_weight: 200,
      response_status: 'NN',
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const refuse = await ctx.call('POST', '/api/v3/booking_rules', kc, {
      segment_id: s,
      shcs: ['AVI'],
      response_status: 'UU',
    });
    expect(refuse.statusCode).toBe(201);
    const same = await ctx.call('POST', '/api/v3/booking_rules', kc, {
      segment_id: s,
      shcs: ['AVI'],
      response_status: 'UU',
    });
    expect(same.json()).toMatchObject({ error: 'Exists', message: 'Booking rule already exists' });

    const small = await createBooking(ctx, fwdA, [s], { weight: 100 }, { weight: 1000, volume: 10 });
    expect(small.response_status).toBe('KK');
    const waiting = await createBooking(ctx, fwdA, [s], { weight: 250 }, { weight: 1000, volume: 10 });
    expect(waiting.response_status).toBe('NN');
    const animals = await createBooking(ctx, fwdA, [s], { shcs: ['AVI'] }, { weight: 1000, volume: 10 });
    expect(animals).toMatchObject({ response_status: 'UU', effective: false });
    expect(await availability(kc, s)).toMatchObject({ booked_weight: 350 });

    const check = await ctx.call('POST', '/api/v3/booking_rules/check', kc, {
      segment_ids: [s],
      ...cargo,
      weight: 300,
    });
    expect(check.json()).toMatchObject({ response_status: 'NN', segments: [{ rule_id: rule.json().id }] });

    const queue = await ctx.call('GET', `/api/v3/bookings?response_status=NN&segment_id=${s}`, kc);
    expect(queue.json().data.map((b: { id: number }) => b.id)).toEqual([waiting.id]);
    const byForwarder = await ctx.call('PATCH', `/api/v3/bookings/${waiting.id}/status`, fwdA, {
      response_status: 'KK',
    });
    expect(byForwarder.statusCode).toBe(404);
    const confirmed = await ctx.call('PATCH', `/api/v3/bookings/${waiting.id}/status`, kc, { response_status: 'KK' });
    expect(confirmed.json()).toMatchObject({ response_status: 'KK', effective: true });
    const twice = await ctx.call('PATCH', `/api/v3/bookings/${waiting.id}/status`, kc, { response_status: 'UU' });
    expect(twice.json().message).toBe('Only a booking waiting for the airline (NN) can be confirmed or refused');

    const other = await createBooking(ctx, fwdA, [s], { weight: 220 }, { weight: 1000, volume: 10 });
    const refused = await ctx.call('PATCH', `/api/v3/bookings/${other.id}/status`, kc, {
      response_status: 'UU',
      response_reason: 'No space for this cargo',
    });
    expect(refused.json()).toMatchObject({
      response_status: 'UU',
      effective: false,
      response_reason: 'No space for this cargo',
    });
    expect(await availability(kc, s)).toMatchObject({ booked_weight: 350 });
    expect(await auditCounters(db(), [s])).toEqual([]);
  });
});

describe('warnings, history, change log, FFR', () => {
  it('warns of an unworkable connection, an interline sector, a duplicate shipment and a cancelled flight', async () => {
    await db().execute(
      sql`update airline_settings set interline_accepted_prefixes = '{}' where company_id = ${ids.SU}`,
    );
    flightNumber += 2;
    const first = await createFlight(ctx, ids.KC, {
      number: flightNumber - 1,
      legs: [{ origin: 'SVO', destination: 'ALA', std: '2027-06-15T18:00:00Z', sta: '2027-06-15T22:30:00Z' }],
    });
    const early = await createFlight(ctx, ids.SU, {
      number: flightNumber,
      legs: [{ origin: 'ALA', destination: 'NQZ', std: '2027-06-15T20:00:00Z', sta: '2027-06-15T22:00:00Z' }],
    });
    const ids2 = [...first.segmentIds, ...early.segmentIds];
    const b = await createBooking(ctx, fwdA, ids2, { mawb: '555-12345686' });
    const dup = await createBooking(ctx, fwdA, [await kcSegment()], { mawb: '555-12345686' });
    const got = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(got.statusCode, got.body).toBe(200);
    const codes = got.json().warnings.map((w: { code: string }) => w.code);
    expect(codes).toEqual(['connection_not_workable', 'interline_not_allowed', 'shipment_duplicate']);
    expect(got.json().warnings[1].message).toBe('Booking on interline sector is not allowed');
    expect(got.json()).toMatchObject({ origin: 'SVO', destination: 'NQZ', carrier: 'KC' });
    await db()
      .update(segments)
      .set({ canceled: true })
      .where(eq(segments.id, early.segmentIds[0] as number));
    const after = await ctx.call('GET', `/api/v3/bookings/${dup.id}`, fwdA);
    expect(after.json().warnings.map((w: { code: string }) => w.code)).toEqual(['shipment_duplicate']);
    const withCancel = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(withCancel.json().warnings[0]).toMatchObject({
      code: 'cancelled_flight',
      message: 'Cancelled flight or segment',
    });
    await db().execute(
      sql`update airline_settings set interline_accepted_prefixes = '{465}' where company_id = ${ids.SU}`,
    );
    const allowed = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(allowed.json().warnings.map((w: { code: string }) => w.code)).not.toContain('interline_not_allowed');
  });

  it("warns when the route is not one of the airline's permitted routes, and accepts one it permits", async () => {
    const s = await kcSegment();
    const b = await createBooking(ctx, fwdA, [s]);
    const before = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(before.json().warnings.map((w: { code: string }) => w.code)).not.toContain('route_not_allowed');
    // KC now sells only Moscow (city code: its airports) to Astana: the SVO-ALA booking is outside it.
    const rule = await ctx.call('POST', '/api/v3/permitted_routes', kc, { origin: 'MOW', destination: 'NQZ' });
    expect(rule.statusCode, rule.body).toBe(201);
    const got = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(got.json().warnings).toContainEqual(
      expect.objectContaining({ code: 'route_not_allowed', message: 'Route is not allowed', segment_id: null }),
    );
    const again = await ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [await kcSegment()], ...cargo });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().warnings.map((w: { code: string }) => w.code)).toContain('route_not_allowed');
    // Permitting the route (by airport codes) clears the warning.
    const allow = await ctx.call('POST', '/api/v3/permitted_routes', kc, { origin: 'SVO', destination: 'ALA' });
    expect(allow.statusCode, allow.body).toBe(201);
    const cleared = await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA);
    expect(cleared.json().warnings.map((w: { code: string }) => w.code)).not.toContain('route_not_allowed');
    for (const r of [rule, allow]) await ctx.call('DELETE', `/api/v3/permitted_routes/${r.json().id}`, kc);
  });

  it('keeps history rows and the change log, and writes the FFR', async () => {
    const s = await kcSegment();
    const b = await createBooking(ctx, fwdA, [s], { mawb: '555-12345690', commodity: 'Spare parts', shcs: ['PER'] });
    await ctx.call('POST', `/api/v3/bookings/${b.id}/change`, fwdA, { pieces: 3 });
    const touched = await ctx.call('POST', `/api/v3/bookings/${b.id}/touch`, fwdA);
    expect(touched.json().touched_at).toBe('2026-11-23T12:00:00.000Z');
    const detail = (await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdA)).json();
    expect(detail.version).toBe(2);
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ version: 1, pieces: 2, is_history: true });
    expect(
      detail.change_log.map((l: { change_set: Record<string, unknown> }) => Object.keys(l.change_set).sort()),
    ).toEqual([
      ['touched_at'],
      ['pieces', 'version'],
      expect.arrayContaining(['mawb', 'pieces', 'response_status', 'segment_ids']),
    ]);
    expect(detail.change_log[1].change_set.pieces).toEqual([2, 3]);
    const ffr = await ctx.call('GET', `/api/v3/bookings/${b.id}/ffr`, fwdA);
    expect(ffr.statusCode, ffr.body).toBe(200);
    const lines = ffr.json().text.split('\n');
    expect(lines[0]).toBe('FFR/8');
    expect(lines[1]).toBe('555-12345690SVOALA/T3K100MC1/SPARE PARTS');
    expect(lines[2]).toBe('/PER');
    expect(lines[3]).toMatch(/^KC\d+\/15JUN\/SVOALA\/NN$/);
  });

  it('keeps bookings to their tenants: own for a forwarder, on its flights for an airline', async () => {
    const s = await kcSegment();
    const b = await createBooking(ctx, fwdA, [s]);
    expect((await ctx.call('GET', `/api/v3/bookings/${b.id}`, fwdB)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/v3/bookings/${b.id}`, su)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/v3/bookings/${b.id}`, kc)).statusCode).toBe(200);
    expect((await ctx.call('DELETE', `/api/v3/bookings/${b.id}`, fwdB)).statusCode).toBe(404);
    const listB = (await ctx.call('GET', '/api/v3/bookings?per_page=200', fwdB)).json();
    expect(listB.data.every((x: { forwarder: { id: number } }) => x.forwarder.id === ids.FWDB)).toBe(true);
    const listSu = (await ctx.call('GET', '/api/v3/bookings?per_page=200', su)).json();
    expect(listSu.data.some((x: { id: number }) => x.id === b.id)).toBe(false);
    expect((await availability(su, s)) ?? null).toBeNull();
    expect((await ctx.call('GET', '/api/v3/allotments', fwdA)).statusCode).toBe(403);
  });
});
