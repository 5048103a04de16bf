import type { WaybillListPage, WaybillListRow } from '@aircargo/contract/air-waybill-lists';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { airWaybills, bookings, users } from '../../db/schema';
import type { AirWaybillValues } from '../../test/factories';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { mawbPattern } from './shipments.repository';

const ctx = await createTestApp();
const { db } = ctx.database;
const ids = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const day = (d: string, hour = 12) => new Date(`${d}T${String(hour).padStart(2, '0')}:00:00Z`);

/**
 * FWDA's waybills, one per state, created a day apart (2026-10-01 ...), serials 7,100,001 on; FWDB's two. Keys name
 * them in the expectations.
 */
const FIXTURE: Record<string, Omit<AirWaybillValues, 'forwarder_id'> & { forwarder?: 'FWDA' | 'FWDB' }> = {
  draft: { origin_iata: 'SVO', destination_iata: 'ALA' },
  queued: { booked: true, origin_iata: 'LED', destination_iata: 'ALA', weight: '300.000' },
  kcIssued: { prefix: '465', issued: true, booked: true, issued_at: day('2026-10-05'), origin_iata: 'ALA' },
  delivered: {
    booked: true,
    issued: true,
    departed: true,
    delivered: true,
    issued_at: day('2026-10-04'),
    departed_at: day('2026-10-06'),
    flight_date: '2026-10-06',
  },
  verified: {
    issued: true,
    departed: true,
    delivered: true,
    verified: true,
    billing_date: '2026-10-07',
    flight_date: '2026-10-07',
    charge_weight: '900.000',
  },
  billed: { issued: true, departed: true, delivered: true, verified: true, billed: true, billing_date: '2026-10-09' },
  voidRequired: { issued: true, voided: true, void_payment: 'required', void_reason: 'Shipper cancelled' },
  voidNotRequired: { issued: true, voided: true, void_payment: 'not_required', void_reason: 'Damaged blank' },
  voidUndecided: { voided: true, void_reason: 'Typed twice' },
  warning: { issued: true, warning: true, destination_iata: 'NQZ', charge_weight: '5.000', weight: '4.000' },
  cancelled: { booked: false, destination_iata: 'LED' },
  tracking: { issued: true, departed: true, departed_at: day('2026-10-13'), flight_date: '2026-10-13' },
  bOne: { forwarder: 'FWDB', issued: true },
  bTwo: { forwarder: 'FWDB' },
};
const A_KEYS = Object.keys(FIXTURE).filter((k) => FIXTURE[k]?.forwarder !== 'FWDB');
const made: Record<string, { id: number; mawb: string }> = {};
let serial = 7_100_001;
for (const [i, [key, { forwarder = 'FWDA', ...values }]] of Object.entries(FIXTURE).entries()) {
  const row = await createAirWaybill(ctx, {
    forwarder_id: ids[forwarder],
    serial: serial++,
    created_at: new Date(day('2026-10-01').getTime() + i * 86_400_000),
    ...values,
  });
  made[key] = { id: row.id, mawb: row.mawb };
}
const keyOf = new Map(Object.entries(made).map(([k, v]) => [v.id, k]));
const bookingRow = (mawb: string, response_status: string, active: boolean) => ({
  forwarder_id: ids.FWDA,
  airline_id: ids.SU,
  carrier: 'SU',
  mawb,
  origin: 'LED',
  destination: 'ALA',
  pieces: 2,
  weight: '300.000',
  volume: '1.000',
  response_status,
  response_reason: response_status === 'XX' ? 'Cancelled by the forwarder' : null,
  source: 'web',
  effective: active,
  active,
});
// The queued waybill's booking waits in the airline's queue (Requests); the cancelled one's only booking was cancelled.
await db
  .insert(bookings)
  .values([
    bookingRow(made.queued!.mawb, 'NN', true),
    bookingRow(made.cancelled!.mawb, 'XX', false),
    bookingRow(made.delivered!.mawb, 'KK', true),
  ]);

async function page(bearer: string, query = '', path = '/api/v3/air_waybills'): Promise<WaybillListPage> {
  const response = await ctx.call('GET', `${path}${query ? `?${query}` : ''}`, bearer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every row of a query, page by page through the next cursors (per_page 2), checking the page meta on the way. */
async function walk(bearer: string, query: string): Promise<WaybillListRow[]> {
  const rows: WaybillListRow[] = [];
  let cursor: string | null = null;
  let expectedPage = 1;
  do {
    const body: WaybillListPage = await page(
      bearer,
      `${query}&per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(body.meta.current_page).toBe(expectedPage);
    expect(body.meta.prev_page).toBe(expectedPage === 1 ? null : expectedPage - 1);
    for (const row of body.data) {
      expect(
        rows.some((r) => r.id === row.id),
        `${query}: ${row.mawb} on page ${expectedPage} again`,
      ).toBe(false);
    }
    rows.push(...body.data);
    cursor = body.meta.next_cursor;
    expect(body.meta.next_page).toBe(cursor ? expectedPage + 1 : null);
    expectedPage += 1;
  } while (cursor);
  return rows;
}

/** The fixture keys a forwarder A query lists, in the list's order. */
async function keys(query: string, bearer = token.fwdA): Promise<string[]> {
  const body = await page(bearer, `${query}&per_page=200`);
  return body.data.map((r) => keyOf.get(r.id) ?? `other ${r.mawb}`);
}
const sorted = (list: string[]) => [...list].sort();

describe('air waybill list: tabs and filters', () => {
  it('answers the default list newest first with the seed columns', async () => {
    const body = await page(token.fwdA);
    expect(body.data.map((r) => keyOf.get(r.id))).toEqual([...A_KEYS].reverse());
    expect(body.meta).toMatchObject({
      current_page: 1,
      next_page: null,
      prev_page: null,
      total_pages: 1,
      total_count: A_KEYS.length,
      total_count_exact: true,
      per_page: 25,
    });
    const queued = body.data.find((r) => r.id === made.queued!.id)!;
    expect(queued).toMatchObject({
      mawb: made.queued!.mawb,
      date: '2026-10-02T12:00:00.000Z',
      origin: 'LED',
      destination: 'ALA',
      status: 'booked',
      carrier: 'SU',
      airline_id: ids.SU,
      pieces: 2,
      weight: 300,
      volume: 1,
      chargeable_weight: 300,
      commodity: 'ELECTRONICS',
      postal: false,
      forwarder: { id: ids.FWDA, short_name: 'FWDA' },
      booking_status: 'NN',
      reason: null,
      payment: 'prepaid',
      void_payment: null,
    });
    expect(queued.bookings).toEqual([
      expect.objectContaining({
        carrier: 'SU',
        origin: 'LED',
        destination: 'ALA',
        response_status: 'NN',
        active: true,
      }),
    ]);
    const cancelled = body.data.find((r) => r.id === made.cancelled!.id)!;
    expect(cancelled).toMatchObject({ status: 'draft', booking_status: 'XX', reason: 'Cancelled by the forwarder' });
    const voided = body.data.find((r) => r.id === made.voidRequired!.id)!;
    expect(voided).toMatchObject({ status: 'voided', reason: 'Shipper cancelled', void_payment: 'required' });
    expect(body.data.find((r) => r.id === made.verified!.id)).toMatchObject({
      status: 'verified',
      chargeable_weight: 900,
      billing_date: '2026-10-07',
    });
    expect(body.data.find((r) => r.id === made.kcIssued!.id)).toMatchObject({
      status: 'issued',
      carrier: 'KC',
      airline_id: ids.KC,
      issued_at: '2026-10-05T12:00:00.000Z',
    });
  });

  it('puts each waybill under the tabs it belongs to', async () => {
    expect(sorted(await keys('tab=bookings'))).toEqual(sorted(['draft', 'queued', 'cancelled']));
    expect(sorted(await keys('tab=tracking'))).toEqual(sorted(['kcIssued', 'warning', 'tracking']));
    expect(sorted(await keys('tab=billing'))).toEqual(sorted(['delivered', 'verified']));
    expect(await keys('tab=warning')).toEqual(['warning']);
    expect(sorted(await keys('tab=voided'))).toEqual(sorted(['voidRequired', 'voidNotRequired', 'voidUndecided']));
    expect(sorted(await keys('tab=all'))).toEqual(sorted(A_KEYS));
  });

  it('filters by each flag, true and false', async () => {
    const has = (flag: string) => A_KEYS.filter((k) => (FIXTURE[k] as Record<string, unknown>)[flag] === true);
    for (const flag of ['issued', 'delivered', 'verified', 'billed', 'departed', 'warning', 'booked']) {
      expect(sorted(await keys(`${flag}=true`)), flag).toEqual(sorted(has(flag)));
      expect(sorted(await keys(`${flag}=false`)), flag).toEqual(sorted(A_KEYS.filter((k) => !has(flag).includes(k))));
      expect(sorted(await keys(`${flag}=all`)), flag).toEqual(sorted(A_KEYS));
    }
    // Flags combine with the tab and each other.
    expect(sorted(await keys('tab=billing&verified=false'))).toEqual(['delivered']);
    expect(await keys('tab=tracking&departed=false&warning=false')).toEqual(['kcIssued']);
    expect(sorted(await keys('issued=true&departed=false&warning=false'))).toEqual(
      sorted(['kcIssued', 'voidRequired', 'voidNotRequired']),
    );
  });

  it('filters booked by Requests (a booking waits in the queue) and by cancelled bookings', async () => {
    expect(await keys('booked=manual')).toEqual(['queued']);
    expect(await keys('booked=cancelled')).toEqual(['cancelled']);
  });

  it('filters void payment required, not required and undefined', async () => {
    expect(await keys('void_payment=required')).toEqual(['voidRequired']);
    expect(await keys('void_payment=not_required')).toEqual(['voidNotRequired']);
    expect(await keys('void_payment=undefined')).toEqual(['voidUndecided']);
    expect(sorted(await keys('void_payment=all'))).toEqual(sorted(A_KEYS));
  });

  it('filters by each date type with inclusive calendar days', async () => {
    // Created: one waybill a day from 2026-10-01 in fixture order.
    expect(await keys('date_type=created&date_from=2026-10-02&date_to=2026-10-03&sort=date')).toEqual([
      'queued',
      'kcIssued',
    ]);
    expect(await keys('date_from=2026-10-12')).toEqual(['tracking']);
    expect(sorted(await keys('date_type=booking&date_from=2026-10-06&date_to=2026-10-07'))).toEqual(
      sorted(['delivered', 'verified']),
    );
    expect(await keys('date_type=issue&date_from=2026-10-05&date_to=2026-10-05')).toEqual(['kcIssued']);
    expect(await keys('date_type=issue&date_to=2026-10-04')).toEqual(['delivered']);
    expect(sorted(await keys('date_type=report&date_from=2026-10-01'))).toEqual(sorted(['delivered', 'tracking']));
    expect(await keys('date_type=report&date_to=2026-10-06')).toEqual(['delivered']);
    expect(await keys('date_type=billing&date_from=2026-10-08')).toEqual(['billed']);
    expect(sorted(await keys('date_type=billing&date_to=2026-10-09'))).toEqual(sorted(['verified', 'billed']));
  });

  it('searches by the number or its beginning, and by route, carrier and forwarder', async () => {
    const mawb = made.queued!.mawb;
    expect(await keys(`q=${mawb}`)).toEqual(['queued']);
    expect(await keys(`q=${mawb.replace('-', '')}`)).toEqual(['queued']);
    expect(sorted(await keys('q=465'))).toEqual(['kcIssued']);
    expect(sorted(await keys('q=555-710'))).toEqual(sorted(A_KEYS.filter((k) => k !== 'kcIssued')));
    expect(await keys('q=555-7100002')).toEqual(['queued']);
    expect(await keys('q=5557100002')).toEqual(['queued']);
    expect(await keys('q=555-9')).toEqual([]);
    expect(mawbPattern('555')).toBe('555%');
    expect(mawbPattern('55')).toBe('55%');
    expect(mawbPattern('555-')).toBe('555%');
    expect(mawbPattern('555123')).toBe('555-123%');
    expect(await keys('origin=LED')).toEqual(['queued']);
    expect(await keys('destination=nqz')).toEqual(['warning']);
    expect(await keys('carrier=KC')).toEqual(['kcIssued']);
    expect(await keys(`forwarder_id=${ids.FWDB}`, token.platform)).toEqual(['bTwo', 'bOne']);
    for (const bad of ['q=abc', 'q=55-1', 'q=555-123456789', 'tab=open', 'booked=maybe', 'issued=yes', 'sort=weight']) {
      const response = await ctx.call('GET', `/api/v3/air_waybills?${bad}`, token.fwdA);
      expect(response.statusCode, bad).toBe(422);
    }
  });
});

describe('air waybill list: sorting and keyset paging', () => {
  const SORTS = {
    date: (r: WaybillListRow) => r.date,
    mawb: (r: WaybillListRow) => r.mawb,
    origin: (r: WaybillListRow) => r.origin,
    destination: (r: WaybillListRow) => r.destination,
    chargeable_weight: (r: WaybillListRow) => r.chargeable_weight as number,
  } as const;

  it('sorts by every column both ways, server side, and pages through without duplicates or gaps', async () => {
    for (const [field, value] of Object.entries(SORTS)) {
      for (const sort of [field, `-${field}`]) {
        const rows = await walk(token.fwdA, `sort=${sort}`);
        expect(rows.map((r) => r.id).sort(), sort).toEqual(A_KEYS.map((k) => made[k]!.id).sort());
        const descending = sort.startsWith('-');
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [value(rows[i - 1]!), value(rows[i]!)];
          const tie = a === b;
          if (tie) expect(descending ? rows[i - 1]!.id > rows[i]!.id : rows[i - 1]!.id < rows[i]!.id, sort).toBe(true);
          else expect(descending ? a > b : a < b, `${sort}: ${a} then ${b}`).toBe(true);
        }
      }
    }
  });

  it('goes back with the previous cursor and refuses a cursor of another sort or a forged one', async () => {
    const first = await page(token.fwdA, 'per_page=3');
    const second = await page(token.fwdA, `per_page=3&cursor=${encodeURIComponent(first.meta.next_cursor!)}`);
    expect(second.meta).toMatchObject({ current_page: 2, prev_page: 1, next_page: 3 });
    expect(second.meta.total_pages).toBe(Math.ceil(A_KEYS.length / 3));
    const back = await page(token.fwdA, `per_page=3&cursor=${encodeURIComponent(second.meta.prev_cursor!)}`);
    expect(back.data.map((r) => r.id)).toEqual(first.data.map((r) => r.id));
    expect(back.meta).toMatchObject({ current_page: 1, prev_page: null, prev_cursor: null });
    const other = await ctx.call(
      'GET',
      `/api/v3/air_waybills?per_page=3&sort=mawb&cursor=${encodeURIComponent(first.meta.next_cursor!)}`,
      token.fwdA,
    );
    expect(other.statusCode).toBe(422);
    for (const forged of ['abc', '2.', 'x.eyJ9', '0.e30', '2.e30']) {
      const response = await ctx.call('GET', `/api/v3/air_waybills?cursor=${forged}`, token.fwdA);
      expect(response.statusCode, forged).toBe(422);
    }
  });

  it('pages by the creation time to the microsecond', async () => {
    // Four waybills created within the same millisecond: a cursor rounded to milliseconds would repeat or skip them.
    const micro = ['000100', '000300', '000200', '000400'];
    const added: number[] = [];
    try {
      for (const [i, us] of micro.entries()) {
        const row = await createAirWaybill(ctx, { forwarder_id: ids.FWDA, serial: 7_200_000 + i });
        await db
          .update(airWaybills)
          .set({ created_at: sql`${`2026-09-01T08:00:00.${us}Z`}::timestamptz` })
          .where(eq(airWaybills.id, row.id));
        added.push(row.id);
      }
      const byTime = [0, 2, 1, 3].map((i) => added[i]);
      for (const sort of ['date', '-date']) {
        const rows = await walk(token.fwdA, `sort=${sort}&date_to=2026-09-01`);
        expect(
          rows.map((r) => r.id),
          sort,
        ).toEqual(sort === 'date' ? byTime : [...byTime].reverse());
      }
    } finally {
      await db.delete(airWaybills).where(inArray(airWaybills.id, added));
    }
  });

  it('neither repeats nor skips a row when a waybill is added while paging', async () => {
    const first = await page(token.fwdA, 'per_page=4&sort=mawb');
    const added = await createAirWaybill(ctx, { forwarder_id: ids.FWDA, serial: 7_100_000 });
    try {
      const rest: WaybillListRow[] = [];
      let cursor = first.meta.next_cursor;
      while (cursor) {
        const next = await page(token.fwdA, `per_page=4&sort=mawb&cursor=${encodeURIComponent(cursor)}`);
        rest.push(...next.data);
        cursor = next.meta.next_cursor;
      }
      const seen = [...first.data, ...rest].map((r) => r.id);
      expect(new Set(seen).size).toBe(seen.length);
      // The new waybill sorts before the first page: it is not shown on the pages after it, and no row is skipped.
      expect(seen.includes(added.id)).toBe(false);
      expect(seen.sort()).toEqual(A_KEYS.map((k) => made[k]!.id).sort());
      expect((await keys('sort=mawb&q=555'))[0]).toBe(`other ${added.mawb}`);
    } finally {
      await db.delete(airWaybills).where(eq(airWaybills.id, added.id));
    }
  });
});

describe('air waybill list: who sees what', () => {
  it("never shows forwarder A's waybills to forwarder B", async () => {
    const b = await page(token.fwdB, 'per_page=200');
    expect(b.data.map((r) => keyOf.get(r.id))).toEqual(['bTwo', 'bOne']);
    expect(b.data.every((r) => r.forwarder.id === ids.FWDB)).toBe(true);
    expect((await page(token.fwdB, `forwarder_id=${ids.FWDA}`)).data).toEqual([]);
    expect((await page(token.fwdB, `q=${made.queued!.mawb}`)).data).toEqual([]);
    // A's bookings of the same number never show on B's rows either.
    expect(b.data.flatMap((r) => r.bookings)).toEqual([]);
  });

  it('shows an airline the waybills on its prefixes only', async () => {
    const kc = await page(token.kc, 'per_page=200');
    expect(kc.data.map((r) => keyOf.get(r.id))).toEqual(['kcIssued']);
    const su = await page(token.su, 'per_page=200');
    expect(sorted(su.data.map((r) => keyOf.get(r.id) as string))).toEqual(
      sorted(Object.keys(FIXTURE).filter((k) => k !== 'kcIssued')),
    );
  });

  it("narrows the list by the user's denied stations", async () => {
    const [agent] = await db.select().from(users).where(eq(users.email, DEMO.fwdA));
    await db
      .update(users)
      .set({ stations_denied: ['LED'] })
      .where(eq(users.id, agent!.id));
    try {
      const rows = await keys('tab=all');
      expect(rows).not.toContain('queued');
      expect(rows).not.toContain('cancelled');
      expect(rows).toHaveLength(A_KEYS.length - 2);
    } finally {
      await db.update(users).set({ stations_denied: [] }).where(eq(users.id, agent!.id));
    }
  });

  it('gives the staging list across companies to the platform only', async () => {
    const all = await page(token.platform, 'per_page=200', '/api/v3/agent/air_waybills');
    expect(sorted(all.data.map((r) => keyOf.get(r.id) as string))).toEqual(sorted(Object.keys(FIXTURE)));
    expect(new Set(all.data.map((r) => r.forwarder.id))).toEqual(new Set([ids.FWDA, ids.FWDB]));
    const voided = await page(token.platform, 'tab=voided&per_page=200', '/api/v3/agent/air_waybills');
    expect(voided.data).toHaveLength(3);
    for (const bearer of [token.fwdA, token.su, token.kc]) {
      const response = await ctx.call('GET', '/api/v3/agent/air_waybills', bearer);
      expect(response.statusCode).toBe(403);
    }
    expect((await ctx.call('GET', '/api/v3/agent/air_waybills')).statusCode).toBe(401);
  });
});
