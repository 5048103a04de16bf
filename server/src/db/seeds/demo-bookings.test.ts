import { addDays } from '@aircargo/schedule';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditCounters } from '../../modules/bookings/bookings.service';
import { FrozenClock } from '../../platform/clock';
import { createTestApp, DEMO } from '../../test/harness';
import { bookingSegments, bookings, changeLogs, segmentCapacity, segments } from '../schema';
import { loadDemoBookings } from './demo-bookings';
import { loadDemoSchedule } from './demo-schedule';

const clock = new FrozenClock('2026-11-23T12:00:00Z');
const FROM = '2026-11-25';
const DAYS = 2;

describe('demo bookings', () => {
  it('books FWDA on SU and KC and FWDB on SU only, KK and NN, one-leg and transfers, and adds nothing twice', async () => {
    const ctx = await createTestApp({ clock });
    const { db } = ctx.database;
    const ids = await ctx.companyIds();
    await loadDemoSchedule(db, { from: FROM, days: DAYS, pauseMs: 0 });
    const made = await loadDemoBookings(db, clock, { from: FROM, days: DAYS, perForwarder: { FWDA: 40, FWDB: 20 } });
    expect(made).toBeGreaterThan(45);

    const rows = await db.select().from(bookings).where(eq(bookings.source, 'system'));
    expect(rows).toHaveLength(made);
    const links = await db
      .select()
      .from(bookingSegments)
      .where(
        inArray(
          bookingSegments.booking_id,
          rows.map((r) => r.id),
        ),
      );
    const legsOf = (id: number) => links.filter((l) => l.booking_id === id);
    const byForwarder = (id: number) => rows.filter((r) => r.forwarder_id === id);
    expect(byForwarder(ids.FWDA).length).toBeGreaterThan(30);
    expect(byForwarder(ids.FWDB).length).toBeGreaterThan(10);
    expect(new Set(byForwarder(ids.FWDA).map((r) => r.carrier))).toEqual(new Set(['SU', 'KC']));
    // FWDB holds an agreement with SU only: every segment of its bookings is SU's.
    expect(
      byForwarder(ids.FWDB)
        .flatMap((r) => legsOf(r.id))
        .every((l) => l.airline_id === ids.SU),
    ).toBe(true);
    const statuses = new Set(rows.map((r) => r.response_status));
    expect(statuses).toEqual(new Set(['KK', 'NN']));
    // The demo rules send dangerous goods and heavy shipments to the queue, and only those.
    for (const r of rows) {
      const waits = r.shcs.includes('DGR') || Number(r.weight) >= 1000;
      expect(r.response_status, `${r.shcs} ${r.weight}`).toBe(waits ? 'NN' : 'KK');
    }
    expect(rows.some((r) => legsOf(r.id).length === 2)).toBe(true);
    expect(rows.some((r) => legsOf(r.id).length === 1)).toBe(true);
    expect(rows.filter((r) => r.mawb !== null).length).toBeGreaterThan(5);
    const logged = await db.select().from(changeLogs).where(eq(changeLogs.channel, 'system'));
    expect(logged.filter((l) => l.record_type === 'booking')).toHaveLength(made);

    // The counters carry exactly the bookings, and the flights show it.
    const day = await db
      .select({ id: segments.id })
      .from(segments)
      .where(and(gte(segments.flight_date, FROM), lt(segments.flight_date, addDays(FROM, DAYS))));
    const segmentIds = day.map((s) => s.id);
    expect(await auditCounters(db, segmentIds)).toEqual([]);
    const counters = await db.select().from(segmentCapacity).where(inArray(segmentCapacity.segment_id, segmentIds));
    const total = counters.reduce((sum, c) => sum + Number(c.booked_weight), 0);
    const legs = links.length;
    expect(legs).toBeGreaterThan(made);
    expect(total).toBeGreaterThan(0);
    // The capacity a booking judged against (kept on the counters) is the one the flight page shows.
    const token = await ctx.signIn(DEMO.platform);
    for (const c of counters.filter((x) => Number(x.booked_weight) > 0).slice(0, 8)) {
      const page = await ctx.call('GET', `/api/v3/segments/${c.segment_id}`, token);
      expect(page.json().load).toMatchObject({
        capacity_weight: Number(c.capacity_weight),
        capacity_volume: Number(c.capacity_volume),
        booked_weight: Number(c.booked_weight),
      });
      expect(page.json().load.capacity_weight).toBeGreaterThan(0);
    }

    // A second start adds nothing.
    expect(await loadDemoBookings(db, clock, { from: FROM, days: DAYS, perForwarder: { FWDA: 40, FWDB: 20 } })).toBe(0);
    expect(await db.select().from(bookings).where(eq(bookings.source, 'system'))).toHaveLength(made);
  }, 180_000);
});
