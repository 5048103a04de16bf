import { isValidAwb } from '@aircargo/domain/awb';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FrozenClock } from '../../platform/clock';
import { createTestApp, DEMO } from '../../test/harness';
import {
  airWaybills,
  awbAlerts,
  awbMovements,
  awbNumbers,
  awbVoidRequests,
  bookingSegments,
  bookings,
  changeLogs,
  houseWaybills,
  segments,
} from '../schema';
import { loadDemoBookings } from './demo-bookings';
import { loadDemoSchedule } from './demo-schedule';
import { loadDemoWaybills } from './demo-waybills';

const clock = new FrozenClock('2026-11-23T12:00:00Z');
const FROM = '2026-11-25';
const DAYS = 2;

/** The demo stock of the forwarders (demo.ts): prefix, first and last serial, holder. */
const STOCK = [
  { prefix: '555', first: 1_000_000, last: 1_000_999, holder: 'FWDA' },
  { prefix: '555', first: 1_001_000, last: 1_001_499, holder: 'FWDB' },
  { prefix: '465', first: 3_000_000, last: 3_000_499, holder: 'FWDA' },
] as const;

describe('demo waybills', () => {
  it('makes the waybills of the demo bookings across their lifecycle, with houses and movements, once', async () => {
    const ctx = await createTestApp({ clock });
    const { db } = ctx.database;
    const ids = await ctx.companyIds();
    await loadDemoSchedule(db, { from: FROM, days: DAYS, pauseMs: 0 });
    await loadDemoBookings(db, clock, { from: FROM, days: DAYS, perForwarder: { FWDA: 60, FWDB: 30 } });
    const numbered = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.source, 'system'), isNotNull(bookings.mawb)));
    expect(numbered.length).toBeGreaterThan(15);

    const made = await loadDemoWaybills(db, clock);
    const rows = await db.select().from(airWaybills).orderBy(airWaybills.id);
    expect(rows).toHaveLength(made);
    // One per numbered booking, plus FWDA's two drafts.
    expect(made).toBe(numbered.length + 2);
    const byBooking = new Map(rows.filter((w) => w.booking_id !== null).map((w) => [w.booking_id, w]));
    for (const b of numbered) {
      const w = byBooking.get(b.id);
      expect(w, `booking ${b.id}`).toBeDefined();
      expect(w).toMatchObject({
        mawb: b.mawb,
        forwarder_id: b.forwarder_id,
        airline_id: b.airline_id,
        origin_iata: b.origin,
        destination_iata: b.destination,
        pieces: b.pieces,
        booked: true,
        su_booking_status: b.response_status,
        source: 'booking',
      });
      // A booking still in the airline's queue is not issued.
      if (b.response_status === 'NN') expect(w?.issued).toBe(false);
    }
    // Every number is valid and comes from its forwarder's demo stock.
    for (const w of rows) {
      expect(isValidAwb(w.mawb), w.mawb).toBe(true);
      const range = STOCK.find((r) => r.prefix === w.prefix && w.serial >= r.first && w.serial <= r.last);
      expect(range, w.mawb).toBeDefined();
      expect(ids[range!.holder]).toBe(w.forwarder_id);
      expect(w.hs_codes.length).toBeGreaterThan(0);
    }
    const drafts = rows.filter((w) => w.booking_id === null);
    expect(drafts).toHaveLength(2);
    expect(drafts.every((w) => !w.booked && !w.issued && w.forwarder_id === ids.FWDA)).toBe(true);

    // The lifecycle states, each with what goes with it.
    const issued = rows.filter((w) => w.issued);
    const departed = rows.filter((w) => w.departed);
    const delivered = rows.filter((w) => w.delivered);
    const verified = rows.filter((w) => w.verified);
    const voided = rows.filter((w) => w.voided);
    expect(rows.filter((w) => w.booked && !w.issued).length).toBeGreaterThan(0);
    for (const list of [issued, departed, delivered, verified]) expect(list.length).toBeGreaterThan(0);
    expect(issued.every((w) => w.issued_at !== null && w.billing_date !== null)).toBe(true);
    expect(departed.every((w) => w.issued && w.departed_at !== null)).toBe(true);
    expect(delivered.every((w) => w.departed && w.delivered_at !== null)).toBe(true);
    expect(verified.every((w) => w.delivered && w.verified_at !== null)).toBe(true);
    expect(new Set(voided.map((w) => w.void_payment))).toEqual(new Set(['required', 'not_required']));
    expect(voided.every((w) => w.voided_at !== null && w.void_reason !== null)).toBe(true);

    const requests = await db.select().from(awbVoidRequests);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['requested', 'accepted', 'declined']));
    for (const r of requests) {
      const w = rows.find((x) => x.id === r.air_waybill_id)!;
      expect(r.requested_by_company_id).toBe(w.forwarder_id);
      if (r.status === 'accepted') expect(w).toMatchObject({ voided: true, void_payment: 'required' });
      if (r.status === 'requested') expect(w).toMatchObject({ voided: false, issued: true });
      if (r.status === 'declined') expect(r.resolve_reason).not.toBeNull();
    }
    const warned = rows.filter((w) => w.warning);
    expect(warned.length).toBeGreaterThan(0);
    const alerts = await db.select().from(awbAlerts);
    expect(new Set(alerts.map((a) => a.air_waybill_id))).toEqual(new Set(warned.map((w) => w.id)));
    expect(new Set(alerts.map((a) => a.code))).toEqual(new Set(['awb_weight_differs', 'missing_eawb']));
    for (const w of warned) {
      const booking = numbered.find((b) => b.id === w.booking_id)!;
      expect(Number(w.weight)).not.toBe(Number(booking.weight));
      expect(w.shcs).not.toContain('EAW');
    }
    // The other issued ones are e-AWBs, so the lifecycle's rules raise nothing on them.
    expect(issued.filter((w) => !w.warning && !w.voided).every((w) => w.shcs.includes('EAW'))).toBe(true);
    expect(alerts.find((a) => a.code === 'awb_weight_differs')?.text).toBe('Weight differs from the AWB');

    // Movements: the departed ones from acceptance to departure on each leg, the delivered ones to delivery.
    const movements = await db.select().from(awbMovements).orderBy(awbMovements.time_utc);
    expect(new Set(movements.map((m) => m.air_waybill_id))).toEqual(new Set(departed.map((w) => w.id)));
    const legs = await db
      .select({ booking_id: bookingSegments.booking_id, std: segments.std, origin: segments.origin })
      .from(bookingSegments)
      .innerJoin(segments, eq(segments.id, bookingSegments.segment_id))
      .where(
        inArray(
          bookingSegments.booking_id,
          departed.map((w) => w.booking_id as number),
        ),
      );
    for (const w of departed) {
      const own = movements.filter((m) => m.air_waybill_id === w.id);
      const codes = own.map((m) => m.status_code);
      expect(codes[0]).toBe('RCS');
      const deps = own.filter((m) => m.status_code === 'DEP');
      const wLegs = legs.filter((l) => l.booking_id === w.booking_id);
      expect(deps.map((d) => d.location_iata).sort()).toEqual(wLegs.map((l) => l.origin).sort());
      expect(w.departed_at?.getTime()).toBe(Math.min(...wLegs.map((l) => l.std.getTime())));
      expect(codes.includes('DLV')).toBe(w.delivered);
      expect(own.every((m) => m.time_local !== null && m.pieces === w.pieces)).toBe(true);
    }

    // Houses under issued consolidations, within the master's pieces and weight.
    const houses = await db.select().from(houseWaybills);
    expect(houses.length).toBeGreaterThan(0);
    for (const w of rows) {
      const own = houses.filter((h) => h.air_waybill_id === w.id);
      if (own.length === 0) continue;
      expect(w.issued).toBe(true);
      expect(own.reduce((s, h) => s + h.pieces, 0)).toBe(w.pieces);
      expect(own.reduce((s, h) => s + Number(h.weight), 0)).toBeCloseTo(Number(w.weight), 2);
    }

    // The stock knows the numbers: the bookings' typed ones used, the drafts' allocated from the stock, and the voided
    // ones blocked for good.
    const numbers = await db.select().from(awbNumbers);
    const status = new Map(numbers.map((n) => [`${n.prefix}-${n.serial}`, n.status]));
    for (const w of rows) {
      const expected = w.voided ? 'voided' : w.booking_id === null ? 'allocated' : 'used';
      expect(status.get(`${w.prefix}-${w.serial}`), w.mawb).toBe(expected);
    }
    const logged = await db.select().from(changeLogs).where(eq(changeLogs.record_type, 'air_waybill'));
    expect(logged).toHaveLength(made);

    // The lists show them: every tab holds some of FWDA's.
    const token = await ctx.signIn(DEMO.fwdA);
    for (const tab of ['bookings', 'tracking', 'billing', 'voided']) {
      const list = await ctx.call('GET', `/api/v3/air_waybills?tab=${tab}`, token);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.length, tab).toBeGreaterThan(0);
    }

    // A second start adds nothing.
    expect(await loadDemoWaybills(db, clock)).toBe(0);
    expect(await db.select().from(airWaybills)).toHaveLength(made);
  }, 180_000);
});
