import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FrozenClock } from '../../platform/clock';
import { queryRows } from '../../platform/db';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';
import { assertSegmentsOpenForBooking } from './flights.service';

// The clock stands on 2026-11-23 12:00 UTC; flights are created in December and later.
const clock = new FrozenClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let platform: string;
let kcManager: string;
let suManager: string;
let fwdA: string;
let fwdB: string;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  [platform, kcManager, suManager, fwdA, fwdB] = await Promise.all([
    ctx.signIn(DEMO.platform),
    ctx.signIn(DEMO.xxManager),
    ctx.signIn(DEMO.suManager),
    ctx.signIn(DEMO.fwdA),
    ctx.signIn(DEMO.fwdB),
  ]);
  ids = await ctx.companyIds();
}, 120_000);

const single = (
  carrier: string,
  number: string,
  legs: { origin: string; destination: string; std: string; sta: string }[],
  extra: Record<string, unknown> = {},
) => ({
  mode: 'single',
  carrier,
  number,
  segment_type: 'J',
  time_mode: 'local',
  legs: legs.map((l) => ({ ...l, aircraft_type: '321' })),
  ...extra,
});

interface SegmentJson {
  id: number;
  flight_id: number;
  origin: string;
  destination: string;
  std: string;
  sta: string;
  std_local: string;
  sta_local: string;
  flight_date: string;
  available: boolean;
  sales_closed: boolean;
  locked: boolean;
  canceled: boolean;
  schedule_status: string;
  number_with_date: string;
  legs: { sequence: number; std_local: string; sta_local: string; aircraft_reg: string | null }[];
  load: { capacity_source: string; capacity_weight: number };
}

async function create(token: string, body: unknown): Promise<SegmentJson[]> {
  const r = await ctx.call('POST', '/api/v3/segments', token, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().created;
}

describe('creating flights', () => {
  it('makes 3 segments of a 2-leg flight, with UTC and local times', async () => {
    const created = await create(
      kcManager,
      single('KC', '901', [
        { origin: 'SVO', destination: 'NQZ', std: '2026-12-10T21:00', sta: '2026-12-11T04:30' },
        { origin: 'NQZ', destination: 'ALA', std: '2026-12-11T05:30', sta: '2026-12-11T07:10' },
      ]),
    );
    expect(created.map((s) => `${s.origin}-${s.destination}`).sort()).toEqual(['NQZ-ALA', 'SVO-ALA', 'SVO-NQZ']);
    const through = created.find((s) => s.origin === 'SVO' && s.destination === 'ALA') as SegmentJson;
    expect(through).toMatchObject({
      flight_date: '2026-12-10',
      std: '2026-12-10T18:00:00Z',
      std_local: '2026-12-10T21:00:00+03:00',
      sta: '2026-12-11T02:10:00Z',
      sta_local: '2026-12-11T07:10:00+05:00',
      number_with_date: 'KC901/10DEC',
      schedule_status: 'adhoc',
      available: true,
    });
    expect(through.legs.map((l) => l.sequence)).toEqual([1, 2]);
  });

  it('refuses the same flight twice: Flight already exists', async () => {
    const r = await ctx.call(
      'POST',
      '/api/v3/segments',
      kcManager,
      single('KC', '901', [{ origin: 'SVO', destination: 'NQZ', std: '2026-12-10T21:00', sta: '2026-12-11T04:30' }]),
    );
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: 'Exists', message: 'Flight already exists' });
  });

  it("refuses another airline's carrier code, and arrivals before departures", async () => {
    const foreign = await ctx.call(
      'POST',
      '/api/v3/segments',
      kcManager,
      single('SU', '902', [{ origin: 'SVO', destination: 'ALA', std: '2026-12-10T21:00', sta: '2026-12-11T04:30' }]),
    );
    expect(foreign.statusCode).toBe(422);
    const backwards = await ctx.call(
      'POST',
      '/api/v3/segments',
      kcManager,
      single('KC', '903', [{ origin: 'ALA', destination: 'SVO', std: '2026-12-10T10:00', sta: '2026-12-10T08:00' }]),
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors['legs.0.sta']).toEqual(['arrival must be after departure']);
    const noSuchDay = await ctx.call(
      'POST',
      '/api/v3/segments',
      kcManager,
      single('KC', '905', [{ origin: 'ALA', destination: 'SVO', std: '2027-02-30T10:00', sta: '2027-02-30T13:00' }]),
    );
    expect(noSuchDay.statusCode).toBe(422);
    const tooLong = await ctx.call('POST', '/api/v3/segments', kcManager, {
      ...single('KC', '904', [{ origin: 'ALA', destination: 'SVO', std: '2027-01-01T10:00', sta: '2027-01-01T13:00' }]),
      mode: 'regular',
      period_from: '2027-01-01',
      period_to: '2029-01-01',
      weekdays: [1],
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('moves a departure at 02:30 on the spring-forward night forward by the gap, the same instant in both views', async () => {
    const [s] = await create(
      platform,
      single('SU', '2301', [{ origin: 'BER', destination: 'SVO', std: '2026-03-29T02:30', sta: '2026-03-29T08:00' }]),
    );
    // Europe/Berlin skips 02:00-03:00 that night: 02:30 becomes 03:30 CEST = 01:30 UTC.
    expect(s).toMatchObject({ std: '2026-03-29T01:30:00Z', std_local: '2026-03-29T03:30:00+02:00' });
    expect(Date.parse(s?.std as string)).toBe(Date.parse(s?.std_local as string));
    const read = await ctx.call('GET', `/api/v3/segments/${s?.id}`, platform);
    expect(read.json()).toMatchObject({ std: '2026-03-29T01:30:00Z', std_local: '2026-03-29T03:30:00+02:00' });
  });

  it('gives an overnight eastward flight the next local arrival date', async () => {
    const [s] = await create(
      platform,
      single('SU', '2302', [{ origin: 'SVO', destination: 'ALA', std: '2026-12-12T22:00', sta: '2026-12-13T05:20' }]),
    );
    expect(s).toMatchObject({
      flight_date: '2026-12-12',
      std: '2026-12-12T19:00:00Z',
      sta: '2026-12-13T00:20:00Z',
      sta_local: '2026-12-13T05:20:00+05:00',
    });
  });

  it('crosses the date line: Auckland to Honolulu arrives the local day before it left', async () => {
    const [s] = await create(
      platform,
      single('SU', '2303', [{ origin: 'AKL', destination: 'HNL', std: '2026-12-14T22:00', sta: '2026-12-14T07:45' }]),
    );
    // NZDT is UTC+13, Hawaii UTC-10: 22:00 on the 14th in Auckland is 09:00 UTC, the flight lands 17:45 UTC.
    expect(s).toMatchObject({
      std: '2026-12-14T09:00:00Z',
      sta: '2026-12-14T17:45:00Z',
      sta_local: '2026-12-14T07:45:00-10:00',
    });
  });

  it('creates a regular flight on Mon, Wed and Fri over a month, and more dates from its stored schedule', async () => {
    const r = await ctx.call('POST', '/api/v3/segments', kcManager, {
      mode: 'regular',
      carrier: 'KC',
      number: '910',
      segment_type: 'F',
      time_mode: 'local',
      period_from: '2027-02-01',
      period_to: '2027-02-28',
      weekdays: [1, 3, 5],
      legs: [
        { origin: 'ALA', destination: 'SVO', std: '2027-02-01T08:00', sta: '2027-02-01T11:30', aircraft_type: '77F' },
      ],
    });
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json().created as (SegmentJson & { schedule_id: number })[];
    expect(created).toHaveLength(12);
    expect(created.every((s) => s.schedule_status === 'scheduled')).toBe(true);
    expect(created.map((s) => s.flight_date)).toContain('2027-02-26');
    const scheduleId = created[0]?.schedule_id;
    const more = await ctx.call('POST', '/api/v3/segments', kcManager, {
      mode: 'schedule',
      schedule_id: scheduleId,
      period_from: '2027-02-20',
      period_to: '2027-03-07',
    });
    expect(more.statusCode, more.body).toBe(201);
    // Feb 20-28 exist already (22, 24, 26); March 1, 3, 5 are new.
    expect(more.json().created.map((s: SegmentJson) => s.flight_date)).toEqual([
      '2027-03-01',
      '2027-03-03',
      '2027-03-05',
    ]);
    expect(more.json().skipped.map((s: { date: string }) => s.date)).toEqual([
      '2027-02-22',
      '2027-02-24',
      '2027-02-26',
    ]);
  });
});

describe('reading flights', () => {
  it('lists by tab and filters with keyset paging by departure', async () => {
    const first = await ctx.call('GET', '/api/v3/segments?tab=all&carrier=KC&number=910&per_page=5', kcManager);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.data).toHaveLength(5);
    expect(page1.meta.total_count).toBe(15);
    const seen = [...page1.data];
    let cursor = page1.meta.next_cursor as string | null;
    while (cursor) {
      const next = await ctx.call(
        'GET',
        `/api/v3/segments?tab=all&carrier=KC&number=910&per_page=5&cursor=${cursor}`,
        kcManager,
      );
      seen.push(...next.json().data);
      cursor = next.json().meta.next_cursor;
    }
    expect(seen.map((s: SegmentJson) => s.std)).toEqual([...seen.map((s: SegmentJson) => s.std)].sort());
    expect(new Set(seen.map((s: SegmentJson) => s.id)).size).toBe(15);
    const dated = await ctx.call(
      'GET',
      '/api/v3/segments?tab=current&number=910&date_from=2027-03-01&date_to=2027-03-03',
      kcManager,
    );
    expect(dated.json().data.map((s: SegmentJson) => s.flight_date)).toEqual(['2027-03-01', '2027-03-03']);
    const empty = await ctx.call('GET', '/api/v3/segments?tab=with_shipments', kcManager);
    expect(empty.json().data).toEqual([]);
  });

  it('shows a forwarder the flights of its agreement airlines only, and not the action-required tab', async () => {
    // Forwarder B holds an agreement with SU only; forwarder A with SU and KC.
    const kcFlights = await ctx.call('GET', '/api/v3/segments?tab=all&carrier=KC', fwdA);
    expect(kcFlights.json().data.length).toBeGreaterThan(0);
    const hidden = await ctx.call('GET', '/api/v3/segments?tab=all&carrier=KC', fwdB);
    expect(hidden.json().data).toEqual([]);
    const one = kcFlights.json().data[0] as SegmentJson;
    expect((await ctx.call('GET', `/api/v3/segments/${one.id}`, fwdB)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/v3/segments/${one.id}`, fwdA)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v3/segments?tab=action_required', fwdA)).statusCode).toBe(403);
  });

  it('opens the ACI tab to airlines with the ACI feature (SU) and the platform, not to KC', async () => {
    expect((await ctx.call('GET', '/api/v3/segments?tab=aci', suManager)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v3/segments?tab=aci', platform)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v3/segments?tab=aci', kcManager)).statusCode).toBe(403);
  });

  it('answers Flight not found for an unknown segment', async () => {
    const r = await ctx.call('GET', '/api/v3/segments/999999', platform);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: 'NotFound', message: 'Flight not found' });
  });
});

async function kcSegment(number = '901'): Promise<SegmentJson> {
  const r = await ctx.call('GET', `/api/v3/segments?tab=all&carrier=KC&number=${number}`, kcManager);
  return r.json().data[0] as SegmentJson;
}

describe('changing flights', () => {
  it('edits leg times in local time, and a scheduled flight becomes changed', async () => {
    const s = (
      await ctx.call('GET', '/api/v3/segments?tab=all&number=910&date_from=2027-03-01&date_to=2027-03-01', kcManager)
    ).json().data[0] as SegmentJson;
    const r = await ctx.call('PATCH', `/api/v3/segments/${s.id}`, kcManager, {
      time_mode: 'local',
      aircraft_reg: 'UP-B7701',
      legs: [{ sequence: 1, std: '2027-03-01T09:15', sta: '2027-03-01T12:40' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      std_local: '2027-03-01T09:15:00+05:00',
      std: '2027-03-01T04:15:00Z',
      schedule_status: 'changed',
      aircraft_reg: 'UP-B7701',
    });
    const utc = await ctx.call('PATCH', `/api/v3/segments/${s.id}`, kcManager, {
      time_mode: 'utc',
      legs: [{ sequence: 1, std: '2027-03-01T04:00' }],
    });
    expect(utc.json()).toMatchObject({ std: '2027-03-01T04:00:00Z', std_local: '2027-03-01T09:00:00+05:00' });
    const logs = await ctx.call('GET', `/api/v3/change_logs?record_type=segment&record_id=${s.id}`, kcManager);
    expect(logs.statusCode, logs.body).toBe(200);
    const rows = logs.json().data as {
      record_type: string;
      user_email: string | null;
      channel: string;
      change_set: Record<string, unknown>;
    }[];
    expect(rows[0]).toMatchObject({ record_type: 'segment', channel: 'web', user_email: DEMO.xxManager });
    expect(rows[0]?.change_set.std).toEqual(['2027-03-01T04:15:00Z', '2027-03-01T04:00:00Z']);
    expect(rows.some((x) => x.change_set['legs.1.aircraft_reg'])).toBe(true);
  });

  it('closes and reopens sales, warning that the FBL must be sent by hand', async () => {
    const s = await kcSegment();
    const close = await ctx.call('PATCH', `/api/v3/segments/${s.id}/sales`, kcManager, { sales_closed: true });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json()).toMatchObject({ segment: { sales_closed: true, available: false }, warning: null });
    await expect(assertSegmentsOpenForBooking(ctx.database.db, [s.id], clock.now())).rejects.toMatchObject({
      status: 422,
      message: 'Sales of the flight are closed',
    });
    const open = await ctx.call('PATCH', `/api/v3/segments/${s.id}/sales`, kcManager, { sales_closed: false });
    expect(open.json().segment.available).toBe(true);
    expect(open.json().warning).toMatch(/FBL must be sent manually/);
    const logs = await ctx.call('GET', `/api/v3/change_logs?record_type=segment&record_id=${s.id}`, kcManager);
    expect(logs.json().data[0]).toMatchObject({
      change_set: { sales_closed: [true, false] },
      user_email: DEMO.xxManager,
    });
  });

  it('locks and unlocks; a locked segment refuses bookings through the seam', async () => {
    const s = await kcSegment();
    const lock = await ctx.call('POST', `/api/v3/segments/${s.id}/lock`, kcManager);
    expect(lock.json().locked).toBe(true);
    await expect(assertSegmentsOpenForBooking(ctx.database.db, [s.id], clock.now())).rejects.toMatchObject({
      message: 'The flight is locked: booking changes are refused',
    });
    const unlock = await ctx.call('DELETE', `/api/v3/segments/${s.id}/lock`, kcManager);
    expect(unlock.json().locked).toBe(false);
    await expect(assertSegmentsOpenForBooking(ctx.database.db, [s.id], clock.now())).resolves.toBeUndefined();
    await expect(assertSegmentsOpenForBooking(ctx.database.db, [999_999])).rejects.toMatchObject({ status: 404 });
  });

  it('honours the sales window of the airline settings', async () => {
    await ctx.database.db.execute(
      sql`update airline_settings set sales_open_rules = '[{"open_days_before_std": 30, "close_hours_before_std": 2}]'::jsonb where company_id = ${ids.KC}`,
    );
    const [near] = await create(
      kcManager,
      single('KC', '920', [{ origin: 'ALA', destination: 'NQZ', std: '2026-12-01T10:00', sta: '2026-12-01T11:40' }]),
    );
    const [far] = await create(
      kcManager,
      single('KC', '921', [{ origin: 'ALA', destination: 'NQZ', std: '2027-01-10T10:00', sta: '2027-01-10T11:40' }]),
    );
    expect(near).toMatchObject({
      available: true,
      sales_open_at: '2026-11-01T05:00:00Z',
      sales_close_at: '2026-12-01T03:00:00Z',
    });
    expect(far?.available).toBe(false);
    await expect(assertSegmentsOpenForBooking(ctx.database.db, [far?.id as number], clock.now())).rejects.toMatchObject(
      {
        message: 'Sales of the flight are closed',
      },
    );
    // Half an hour after the window closed (the access token lives on the real clock, so the seam gets the time).
    await expect(
      assertSegmentsOpenForBooking(ctx.database.db, [near?.id as number], new Date('2026-12-01T03:30:00Z')),
    ).rejects.toMatchObject({ message: 'Sales of the flight are closed' });
    await expect(
      assertSegmentsOpenForBooking(ctx.database.db, [far?.id as number], new Date('2026-12-12T00:00:00Z')),
    ).resolves.toBeUndefined();
    // Sales opened by hand outrank the window: closed and reopened, the far flight is bookable now.
    await ctx.call('PATCH', `/api/v3/segments/${far?.id}/sales`, kcManager, { sales_closed: true });
    const reopened = await ctx.call('PATCH', `/api/v3/segments/${far?.id}/sales`, kcManager, { sales_closed: false });
    expect(reopened.json().segment.available).toBe(true);
    await expect(
      assertSegmentsOpenForBooking(ctx.database.db, [far?.id as number], clock.now()),
    ).resolves.toBeUndefined();
  });

  it('cancels the whole flight, never deleting it; a cancelled flight refuses bookings', async () => {
    const s = await kcSegment();
    const r = await ctx.call('POST', `/api/v3/segments/${s.id}/cancel`, kcManager);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ canceled: true, available: false });
    const all = await ctx.call('GET', '/api/v3/segments?tab=all&carrier=KC&number=901', kcManager);
    expect(all.json().data.every((x: SegmentJson) => x.canceled)).toBe(true);
    expect(
      (await ctx.call('GET', '/api/v3/segments?tab=current&carrier=KC&number=901', kcManager)).json().data,
    ).toEqual([]);
    await expect(assertSegmentsOpenForBooking(ctx.database.db, [s.id], clock.now())).rejects.toMatchObject({
      message: 'The flight is cancelled',
    });
    expect(
      (await ctx.call('PATCH', `/api/v3/segments/${s.id}/sales`, kcManager, { sales_closed: true })).statusCode,
    ).toBe(422);
  });
});

describe('who may change flights', () => {
  it('refuses a forwarder every write', async () => {
    const s = await kcSegment('910');
    const calls: [string, string, unknown][] = [
      [
        'POST',
        '/api/v3/segments',
        single('KC', '930', [{ origin: 'ALA', destination: 'NQZ', std: '2027-01-10T10:00', sta: '2027-01-10T11:40' }]),
      ],
      ['PATCH', `/api/v3/segments/${s.id}`, { notation: 'x' }],
      ['PATCH', `/api/v3/segments/${s.id}/sales`, { sales_closed: true }],
      ['POST', `/api/v3/segments/${s.id}/lock`, undefined],
      ['POST', `/api/v3/segments/${s.id}/cancel`, undefined],
      ['PUT', `/api/v3/segments/${s.id}/aircraft_capacity`, { weight: 1, volume: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const r = await ctx.call(method as 'POST', url, fwdA, body);
      expect({ url, status: r.statusCode }).toEqual({ url, status: 403 });
    }
    expect((await ctx.call('GET', `/api/v3/change_logs?record_type=segment&record_id=${s.id}`, fwdA)).statusCode).toBe(
      404,
    );
  });

  it("keeps KC away from SU's flights, and lets the platform change them", async () => {
    const [su] = await create(
      platform,
      single('SU', '2310', [{ origin: 'SVO', destination: 'LED', std: '2026-12-20T10:00', sta: '2026-12-20T11:30' }]),
    );
    for (const [method, url, body] of [
      ['GET', `/api/v3/segments/${su?.id}`, undefined],
      ['PATCH', `/api/v3/segments/${su?.id}`, { notation: 'taken over' }],
      ['PATCH', `/api/v3/segments/${su?.id}/sales`, { sales_closed: true }],
      ['POST', `/api/v3/segments/${su?.id}/lock`, undefined],
      ['POST', `/api/v3/segments/${su?.id}/cancel`, undefined],
      ['GET', `/api/v3/change_logs?record_type=segment&record_id=${su?.id}`, undefined],
      ['PUT', `/api/v3/segments/${su?.id}/aircraft_capacity`, { weight: 1, volume: 1 }],
    ] as const) {
      const r = await ctx.call(method, url, kcManager, body);
      expect({ url, method, status: r.statusCode }).toEqual({ url, method, status: 404 });
    }
    // SU's own manager operates (sales, lock) but may not edit segments (SU lacks the segmentEdit feature).
    expect((await ctx.call('POST', `/api/v3/segments/${su?.id}/lock`, suManager)).statusCode).toBe(200);
    expect((await ctx.call('PATCH', `/api/v3/segments/${su?.id}`, suManager, { notation: 'x' })).statusCode).toBe(403);
    const edit = await ctx.call('PATCH', `/api/v3/segments/${su?.id}`, platform, { notation: 'Platform note' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ notation: 'Platform note', locked: true });
    const [row] = await queryRows<{ notation: string | null }>(
      ctx.database.db,
      sql`select notation from flights where id = ${su?.flight_id}`,
    );
    expect(row?.notation).toBe('Platform note');
  });
});

describe('capacity and load', () => {
  it('uses the aircraft capacity of a freighter, the override when set, and reports load per leg', async () => {
    await ctx.database.db.execute(
      sql`insert into aircraft_capacities (airline_id, aircraft_type, weight, volume) values (${ids.KC}, '77F', 102000, 650)`,
    );
    const s = (
      await ctx.call('GET', '/api/v3/segments?tab=all&number=910&date_from=2027-03-03&date_to=2027-03-03', kcManager)
    ).json().data[0] as SegmentJson & {
      load: { capacity_source: string; capacity_weight: number; capacity_volume: number };
    };
    expect(s.load).toMatchObject({ capacity_source: 'aircraft', capacity_weight: 102000, capacity_volume: 650 });
    const put = await ctx.call('PUT', `/api/v3/segments/${s.id}/aircraft_capacity`, kcManager, {
      weight: 50000,
      volume: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      weight: 50000,
      volume: null,
      load: { capacity_source: 'override', capacity_weight: 50000, capacity_volume: 650 },
    });
    const lf = await ctx.call('GET', `/api/v3/segments/${s.id}/loadfactor`, kcManager);
    expect(lf.json().segment).toMatchObject({ capacity_weight: 50000, booked_weight: 0, load_factor_weight: 0 });
    expect(lf.json().legs[0]).toMatchObject({ capacity_source: 'aircraft', capacity_weight: 102000 });
    const read = await ctx.call('GET', `/api/v3/segments/${s.id}/aircraft_capacity`, fwdA);
    expect(read.statusCode).toBe(200);
  });

  it('computes a passenger flight from payload, passengers and baggage of the season', async () => {
    await ctx.database.db.execute(sql`insert into segment_payloads (airline_id, origin, destination, aircraft_type, payload, season)
      values (${ids.SU}, 'SVO', 'LED', '321', 18000, 'winter')`);
    await ctx.database.db.execute(sql`insert into pax_od_averages (airline_id, origin, destination, aircraft_type, quantity)
      values (${ids.SU}, 'SVO', 'LED', '321', 150)`);
    await ctx.database.db.execute(sql`insert into baggage_averages (airline_id, origin, destination, beginning_of_period, end_of_period, total_baggage_weight, total_pax)
      values (${ids.SU}, 'SVO', 'LED', '2026-10-25', '2027-03-27', 30000, 2000)`);
    await ctx.database.db.execute(
      sql`update airline_settings set pax_weights = '{"summer": 75, "winter": 80}'::jsonb where company_id = ${ids.SU}`,
    );
    const s = (await ctx.call('GET', '/api/v3/segments?tab=all&carrier=SU&number=2310', platform)).json().data[0];
    // 18000 - 150 x 80 - 150 x 15
    expect(s.load).toMatchObject({ capacity_source: 'payload', capacity_weight: 18000 - 150 * 80 - 150 * 15 });
  });
});
