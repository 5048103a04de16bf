import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allotments, allotmentUsage, segmentCapacity, segments } from '../../db/schema';
import { queryRows } from '../../platform/db';
import { createFlight } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';
import { auditCounters } from './bookings.service';

/**
 * Selling under contention, on a real PostgreSQL server (TEST_DB=postgresql; PGlite has one connection and cannot
 * show a race): many clients book, change and cancel at once through the API. Afterwards no segment holds more
 * than its capacity × (1 + tolerance), no allotment is used beyond its size, and every segment's counters equal the
 * sums of its effective bookings. Seeded, so a failing run can be repeated.
 */
const onPostgres = process.env.TEST_DB === 'postgresql';

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.runIf(onPostgres)('bookings under contention (PostgreSQL)', () => {
  let ctx: TestContext;
  let fwdA: string;
  let kc: string;
  let ids: Awaited<ReturnType<TestContext['companyIds']>>;
  let number = 7000;

  async function flight(weight: number, volume: number): Promise<number> {
    number += 1;
    const f = await createFlight(ctx, ids.KC, { number });
    await ctx.database.db
      .update(segments)
      .set({ capacity_weight: weight.toFixed(3), capacity_volume: volume.toFixed(3) })
      .where(inArray(segments.id, f.segmentIds));
    return f.segmentIds[0] as number;
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    [fwdA, kc] = await Promise.all([ctx.signIn(DEMO.fwdA), ctx.signIn(DEMO.xxManager)]);
    ids = await ctx.companyIds();
    await ctx.database.db.execute(
      sql`insert into airline_settings (company_id, overflow_weight_percent, overflow_volume_percent)
          values (${ids.KC}, 5, 5)
          on conflict (company_id) do update set overflow_weight_percent = 5, overflow_volume_percent = 5`,
    );
  }, 120_000);

  it('never oversells under 64 clients of random book, change and cancel, and the counters add up', async () => {
    const flights = [await flight(3000, 30), await flight(2000, 20), await flight(1500, 15)];
    const allotment = await ctx.call('POST', '/api/v3/allotments', kc, {
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      forwarder_id: ids.FWDA,
      weight: 600,
      volume: 6,
      timelimit_to_std: 0,
      segment_id: flights[0],
    });
    expect(allotment.statusCode, allotment.body).toBe(201);
    const statuses = new Map<number, number>();
    for (const seed of [1, 2]) {
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
      const mine: number[][] = Array.from({ length: 64 }, () => []);
      await Promise.all(
        mine.map(async (own) => {
          for (let op = 0; op < 6; op++) {
            const roll = next();
            let response: Awaited<ReturnType<TestContext['call']>>;
            if (roll < 0.55 || own.length === 0) {
              const route = next() < 0.3 ? [pick(flights), pick(flights)] : [pick(flights)];
              const weight = 20 + Math.floor(next() * 280);
              response = await ctx.call('POST', '/api/v3/bookings', fwdA, {
                segment_ids: [...new Set(route)],
                pieces: 2,
                weight,
                volume: Math.round(weight) / 100,
              });
              if (response.statusCode === 201) own.push(response.json().id);
            } else if (roll < 0.8) {
              const weight = 20 + Math.floor(next() * 400);
              response = await ctx.call('POST', `/api/v3/bookings/${pick(own)}/change`, fwdA, {
                weight,
                pieces: 2,
                volume: weight / 100,
                ...(next() < 0.3 ? { segment_ids: [pick(flights)] } : {}),
              });
            } else {
              const id = own.splice(Math.floor(next() * own.length), 1)[0] as number;
              response = await ctx.call('DELETE', `/api/v3/bookings/${id}`, fwdA);
            }
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          }
        }),
      );
      expect(await auditCounters(ctx.database.db, flights)).toEqual([]);
    }
    // Only successes and refusals for capacity (422): nothing failed on the server.
    expect([...statuses.keys()].sort()).toEqual([200, 201, 422]);
    const counters = await ctx.database.db
      .select()
      .from(segmentCapacity)
      .where(inArray(segmentCapacity.segment_id, flights));
    const capacity = { [flights[0] as number]: 3000, [flights[1] as number]: 2000, [flights[2] as number]: 1500 };
    for (const c of counters) {
      expect(Number(c.booked_weight)).toBeLessThanOrEqual((capacity[c.segment_id] as number) * 1.05);
      expect(Number(c.booked_weight)).toBeGreaterThan(0);
    }
    const sums = await queryRows<{ segment_id: number; weight: string }>(
      ctx.database.db,
      sql`select bs.segment_id, sum(b.weight)::text as weight from bookings b
          join booking_segments bs on bs.booking_id = b.id where b.effective group by bs.segment_id`,
    );
    for (const s of sums.filter((x) => flights.includes(x.segment_id))) {
      expect(Number(s.weight)).toBeLessThanOrEqual((capacity[s.segment_id] as number) * 1.05);
    }
    const [usage] = await ctx.database.db
      .select()
      .from(allotmentUsage)
      .where(eq(allotmentUsage.allotment_id, allotment.json().id));
    expect(Number(usage?.used_weight ?? 0)).toBeLessThanOrEqual(600);
    const [a] = await ctx.database.db.select().from(allotments).where(eq(allotments.id, allotment.json().id));
    expect(Number(a?.weight)).toBe(600);
  }, 120_000);

  it('sells the last 100 kg to exactly the 10 of 500 simultaneous 10 kg requests that fit', async () => {
    const s = await flight(1000, 100);
    await ctx.database.db.execute(
      sql`update airline_settings set overflow_weight_percent = 0, overflow_volume_percent = 0 where company_id = ${ids.KC}`,
    );
    const first = await ctx.call('POST', '/api/v3/bookings', fwdA, {
      segment_ids: [s],
      pieces: 3,
      weight: 900,
      volume: 5,
    });
    expect(first.statusCode, first.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 500 }, () =>
        ctx.call('POST', '/api/v3/bookings', fwdA, { segment_ids: [s], pieces: 1, weight: 10, volume: 0.01 }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(490);
    const [counter] = await ctx.database.db.select().from(segmentCapacity).where(eq(segmentCapacity.segment_id, s));
    expect(Number(counter?.booked_weight)).toBe(1000);
    expect(await auditCounters(ctx.database.db, [s])).toEqual([]);
  }, 120_000);
});

describe.runIf(!onPostgres)('bookings under contention', () => {
  it('runs on PostgreSQL only (npm run test:pg): PGlite has one connection', () => {
    expect(onPostgres).toBe(false);
  });
});
