import { classify, countChanges, type DatedLeg, type LegChange, legKey, type ScheduleDiff } from '@aircargo/schedule';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { inTransaction } from '../../platform/transactions';
import { createTestApp, type TestContext } from '../../test/harness';
import { applyScheduleDiff, loadDatedLegs } from './flights.service';

let ctx: TestContext;
let su: number;
let kc: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const ids = await ctx.companyIds();
  su = ids.SU;
  kc = ids.KC;
}, 120_000);

const leg = (
  over: Partial<DatedLeg> & Pick<DatedLeg, 'date' | 'legSequence' | 'origin' | 'destination' | 'std' | 'sta'>,
): DatedLeg => ({
  carrier: 'SU',
  number: 4701,
  suffix: '',
  aircraftType: '321',
  serviceType: 'J',
  dateVariation: { departure: 0, arrival: 0 },
  ...over,
});

/** The diff that brings the stored legs to `wanted` (legs of `wanted`'s flights absent from it are cancelled). */
function diffTo(stored: readonly DatedLeg[], wanted: readonly DatedLeg[], cancelMissing = false): ScheduleDiff {
  const byKey = new Map(stored.map((l) => [legKey(l), l]));
  const changes: LegChange[] = wanted.map((l) => classify(legKey(l), byKey.get(legKey(l)), l) as LegChange);
  if (cancelMissing) {
    const keys = new Set(wanted.map(legKey));
    for (const l of stored) if (!keys.has(legKey(l))) changes.push(classify(legKey(l), l, undefined) as LegChange);
  }
  return { changes, counts: countChanges(changes) };
}

const svoNqzAla = (date: string, number = 4701): DatedLeg[] => [
  leg({
    number,
    date,
    legSequence: 1,
    origin: 'SVO',
    destination: 'NQZ',
    std: `${date}T18:00:00Z`,
    sta: `${date}T21:30:00Z`,
    dateVariation: { departure: 0, arrival: 1 },
  }),
  leg({
    number,
    date,
    legSequence: 2,
    origin: 'NQZ',
    destination: 'ALA',
    std: `${date}T22:30:00Z`,
    sta: `${nextDay(date)}T00:30:00Z`,
    dateVariation: { departure: 1, arrival: 1 },
  }),
];

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

async function segmentsOf(number: string, date: string) {
  return queryRows<{ id: number; origin: string; destination: string; std: string; sta: string; canceled: boolean }>(
    ctx.database.db,
    sql`select id, origin, destination, to_char(std at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as std,
          to_char(sta at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sta, canceled
        from segments where carrier = 'SU' and number = ${number} and flight_date = ${date}::date order by first_leg, last_leg`,
  );
}

const load = (from: string, to: string) => loadDatedLegs(ctx.database.db, { airlineId: su, carrier: 'SU', from, to });
const apply = (diff: ScheduleDiff, channel: 'ssim' | 'web' = 'ssim', userId: number | null = null) =>
  inTransaction(ctx.database.db, (tx) => applyScheduleDiff(tx, { airlineId: su, diff, channel, userId }));

describe('the schedule store', () => {
  it('creates a 2-leg flight with its 3 segments, reads it back as dated legs, and a re-apply changes nothing', async () => {
    const wanted = svoNqzAla('2026-12-01');
    const counts = await apply(diffTo([], wanted));
    expect(counts).toEqual({ created: 2, changed: 0, unchanged: 0, cancelled: 0 });
    const segs = await segmentsOf('4701', '2026-12-01');
    expect(segs.map((s) => `${s.origin}-${s.destination}`)).toEqual(['SVO-NQZ', 'SVO-ALA', 'NQZ-ALA']);
    expect(segs[1]).toMatchObject({ std: '2026-12-01T18:00:00Z', sta: '2026-12-02T00:30:00Z', canceled: false });

    const stored = await load('2026-12-01', '2026-12-01');
    // Moscow is UTC+3 and Astana UTC+5: leg 1 lands at NQZ at 02:30 local on the next day, leg 2 leaves at 03:30.
    expect(stored).toEqual(wanted.map((l) => ({ ...l })));
    const logsBefore = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from change_logs`);
    const again = await apply(diffTo(stored, wanted));
    expect(again).toEqual({ created: 0, changed: 0, unchanged: 2, cancelled: 0 });
    const logsAfter = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from change_logs`);
    expect(logsAfter[0]?.n).toBe(logsBefore[0]?.n);
    expect(await segmentsOf('4701', '2026-12-01')).toEqual(segs);
  });

  it('updates a changed leg and the std/sta copies of its segments, and logs the change with channel and user', async () => {
    const stored = await load('2026-12-01', '2026-12-01');
    const wanted = svoNqzAla('2026-12-01').map((l) =>
      l.legSequence === 2 ? { ...l, sta: '2026-12-02T01:00:00Z', aircraftType: '320' } : l,
    );
    const [user] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where email = 'su.manager@demo.aero'`,
    );
    const counts = await apply(diffTo(stored, wanted), 'web', user?.id ?? null);
    expect(counts).toEqual({ created: 0, changed: 1, unchanged: 1, cancelled: 0 });
    const segs = await segmentsOf('4701', '2026-12-01');
    expect(segs.map((s) => s.sta)).toEqual(['2026-12-01T21:30:00Z', '2026-12-02T01:00:00Z', '2026-12-02T01:00:00Z']);
    const logs = await queryRows<{
      record_type: string;
      record_id: number;
      channel: string;
      user_id: number | null;
      change_set: Record<string, unknown>;
    }>(
      ctx.database.db,
      sql`select record_type, record_id::int as record_id, channel, user_id, change_set from change_logs where channel = 'web' order by id`,
    );
    const through = segs[1] as { id: number };
    expect(logs).toContainEqual({
      record_type: 'segment',
      record_id: through.id,
      channel: 'web',
      user_id: user?.id,
      change_set: { sta: ['2026-12-02T00:30:00Z', '2026-12-02T01:00:00Z'] },
    });
    const flightLog = logs.find((l) => l.record_type === 'flight');
    expect(flightLog?.change_set).toMatchObject({
      'legs.2.sta': ['2026-12-02T00:30:00Z', '2026-12-02T01:00:00Z'],
      'legs.2.aircraft_type': ['321', '320'],
    });
    // The flight came from a schedule telegram (scheduled): a change made on the web marks it changed.
    const [flight] = await queryRows<{ schedule_status: string }>(
      ctx.database.db,
      sql`select schedule_status from flights where carrier = 'SU' and number = '4701' and flight_date = '2026-12-01'`,
    );
    expect(flight?.schedule_status).toBe('changed');
  });

  it('cancels a leg (never deletes), cancelling the segments that use it, and reinstates it', async () => {
    const stored = await load('2026-12-01', '2026-12-01');
    const onlyFirst = stored.filter((l) => l.legSequence === 1);
    const counts = await apply(diffTo(stored, onlyFirst, true));
    expect(counts).toEqual({ created: 0, changed: 0, unchanged: 1, cancelled: 1 });
    let segs = await segmentsOf('4701', '2026-12-01');
    expect(segs.map((s) => [`${s.origin}-${s.destination}`, s.canceled])).toEqual([
      ['SVO-NQZ', false],
      ['SVO-ALA', true],
      ['NQZ-ALA', true],
    ]);
    const afterCancel = await load('2026-12-01', '2026-12-01');
    expect(afterCancel.find((l) => l.legSequence === 2)?.canceled).toBe(true);

    const back = await apply(
      diffTo(
        afterCancel,
        stored.map(({ canceled: _c, ...l }) => l),
      ),
    );
    expect(back).toEqual({ created: 0, changed: 1, unchanged: 1, cancelled: 0 });
    segs = await segmentsOf('4701', '2026-12-01');
    expect(segs.every((s) => !s.canceled)).toBe(true);
  });

  it('cancels the whole flight when all legs go', async () => {
    const stored = await load('2026-12-01', '2026-12-01');
    await apply(diffTo(stored, [], true));
    const [flight] = await queryRows<{ canceled: boolean }>(
      ctx.database.db,
      sql`select canceled from flights where carrier = 'SU' and number = '4701' and flight_date = '2026-12-01'`,
    );
    expect(flight?.canceled).toBe(true);
    expect((await segmentsOf('4701', '2026-12-01')).every((s) => s.canceled)).toBe(true);
    expect((await load('2026-12-01', '2026-12-01')).every((l) => l.canceled)).toBe(true);
  });

  it('refuses a flight another airline holds, writing nothing', async () => {
    await apply(diffTo([], svoNqzAla('2026-12-05', 4702)));
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from flight_legs`);
    const foreign = svoNqzAla('2026-12-05', 4702);
    await expect(
      inTransaction(ctx.database.db, (tx) =>
        applyScheduleDiff(tx, { airlineId: kc, diff: diffTo([], foreign), channel: 'ssim', userId: null }),
      ),
    ).rejects.toMatchObject({ code: 'Exists', message: 'Flight already exists' });
    const after = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from flight_legs`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('applies a few thousand legs in batches and reads them back unchanged', async () => {
    const wanted: DatedLeg[] = [];
    for (let d = 0; d < 30; d++) {
      const date = new Date(Date.parse('2027-01-01T00:00:00Z') + d * 86_400_000).toISOString().slice(0, 10);
      for (let n = 0; n < 50; n++) wanted.push(...svoNqzAla(date, 5000 + n));
    }
    const counts = await apply(diffTo([], wanted));
    expect(counts.created).toBe(3000);
    const stored = await load('2027-01-01', '2027-01-30');
    expect(stored).toHaveLength(3000);
    const [segs] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from segments where flight_date between '2027-01-01' and '2027-01-30'`,
    );
    expect(segs?.n).toBe(4500);
    expect(await apply(diffTo(stored, wanted))).toEqual({ created: 0, changed: 0, unchanged: 3000, cancelled: 0 });
  }, 120_000);
});
