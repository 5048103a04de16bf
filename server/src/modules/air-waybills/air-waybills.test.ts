import { formatAwb, isValidAwb } from '@aircargo/domain/awb';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { airWaybills, awbNumbers, changeLogs, companies, segments } from '../../db/schema';
import { inTransaction } from '../../platform/transactions';
import { createAirWaybill, createBooking, createFlight } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { voidNumber } from '../stocks/stocks.service';

const ctx = await createTestApp();
const { db } = ctx.database;
const id = await ctx.companyIds();
afterAll(() => ctx.app.close());
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

/** POST /air_waybills is gated to the su subdomain (seed 000): calls carry its carrier header. */
function post(url: string, bearer: string, payload: unknown, carrier = 'su') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${bearer}`, 'x-carrier': carrier },
    payload: payload as object,
  });
}

let serial = 4_100_000 + Math.floor(Math.random() * 800_000);
/** A typed number of prefix 555 that no range holds. */
const nextMawb = () => formatAwb('555', serial++);

const party = (name: string) => ({ name, address: 'Main street 1', city: 'Moscow', country_code: 'RU' });

function body(overrides: Record<string, unknown> = {}) {
  return {
    mawb: nextMawb(),
    origin_iata: 'SVO',
    destination_iata: 'ALA',
    pieces: 3,
    weight: 120.5,
    volume: 1.2,
    commodity: 'CONSOLIDATION',
    hs_codes: ['851712'],
    shipper: party('Shipper LLC'),
    consignee: party('Consignee LLP'),
    route: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1234', date: '2027-06-15' }],
    goods_items: [{ description: 'Phones', hs_code: '851712', pieces: 3, weight: 120.5 }],
    dimensions: [{ length: 100, width: 80, height: 50, pieces: 3 }],
    ...overrides,
  };
}

/** Every message key of an error answer (its own and its fields'). */
function keysOf(response: { json: () => unknown }): string[] {
  const b = response.json() as {
    message_key?: { key: string };
    error_keys?: Record<string, ({ key: string } | null)[]>;
  };
  return [
    ...(b.message_key ? [b.message_key.key] : []),
    ...Object.values(b.error_keys ?? {}).flatMap((list) => list.map((k) => k?.key ?? '')),
  ];
}

async function create(overrides: Record<string, unknown> = {}, bearer = token.fwdA) {
  const response = await post('/api/v3/air_waybills', bearer, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record<string, unknown> & { id: number; mawb: string };
}

describe('creating an air waybill', () => {
  it('takes a typed number, stores every section and answers the record; GET by id and by number', async () => {
    const w = await create({
      postal: false,
      payment: 'collect',
      shcs: ['EAW'],
      notices: [{ kind: 'info', text: 'Fragile' }],
    });
    expect(w).toMatchObject({
      prefix: '555',
      airline: { id: id.SU },
      forwarder: { id: id.FWDA },
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      pieces: 3,
      weight: 120.5,
      volume: 1.2,
      carrier: 'SU',
      source: 'web',
      hs_codes: ['851712'],
      shcs: ['EAW'],
      payment: 'collect',
      booked: false,
      issued: false,
      voided: false,
      flight_date: '2027-06-15',
      row_version: 1,
      shipper: { name: 'Shipper LLC', city: 'Moscow', country_code: 'RU', tax_id: null },
    });
    expect((w.goods_items as unknown[]).length).toBe(1);
    expect(w.dimensions).toMatchObject([{ length: 100, width: 80, height: 50, pieces: 3 }]);
    expect(w.notices).toMatchObject([{ kind: 'info', text: 'Fragile' }]);
    expect(w.route_data).toEqual([
      { origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1234', date: '2027-06-15', segment_id: null },
    ]);
    const byId = await ctx.call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA);
    expect(byId.statusCode).toBe(200);
    const byNumber = await ctx.call('GET', `/api/v3/air_waybills/${w.mawb}`, token.su);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().id).toBe(w.id);
    const bare = await ctx.call('GET', `/api/v3/air_waybills/${w.mawb.replace('-', '')}`, token.platform);
    expect(bare.json().id).toBe(w.id);
    // The number is recorded in the stock so allocation never hands it out.
    const [n] = await db
      .select()
      .from(awbNumbers)
      .where(and(eq(awbNumbers.prefix, '555'), eq(awbNumbers.serial, Number(w.mawb.slice(4, 11)))));
    expect(n?.status).toBe('used');
    const logs = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, w.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.change_set.mawb).toEqual([null, w.mawb]);
  });

  it('takes the next number of the forwarder’s stock when asked to', async () => {
    const response = await post('/api/v3/air_waybills', token.fwdA, {
      ...body({ mawb: undefined }),
      from_stock: true,
      prefix: '555',
    });
    expect(response.statusCode, response.body).toBe(201);
    const w = response.json();
    expect(isValidAwb(w.mawb)).toBe(true);
    const blank = Number(w.mawb.slice(4, 11));
    // FWDA holds 555 1000000..1000999 in the demo stock.
    expect(blank).toBeGreaterThanOrEqual(1_000_000);
    expect(blank).toBeLessThanOrEqual(1_000_999);
    const [n] = await db
      .select()
      .from(awbNumbers)
      .where(and(eq(awbNumbers.prefix, '555'), eq(awbNumbers.serial, blank)));
    expect(n).toMatchObject({ status: 'allocated', forwarder_id: id.FWDA });
  });

  it('gives parallel creations from stock distinct numbers of the forwarder’s range, none lost', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        post('/api/v3/air_waybills', token.fwdA, { ...body({ mawb: undefined }), from_stock: true, prefix: '555' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => a.json().mawb as string);
    expect(new Set(numbers).size).toBe(16);
    for (const n of numbers) {
      expect(isValidAwb(n)).toBe(true);
      expect(Number(n.slice(4, 11))).toBeGreaterThanOrEqual(1_000_000);
      expect(Number(n.slice(4, 11))).toBeLessThanOrEqual(1_000_999);
    }
  });

  it('makes the postal variant', async () => {
    const w = await create({ postal: true, shcs: ['MAL'], commodity: 'MAIL' });
    expect(w).toMatchObject({ postal: true, shcs: ['MAL'] });
  });

  it('refuses a number of the wrong pattern: "AWB number pattern XXX-XXXXXXXX"', async () => {
    for (const mawb of ['55-12345675', '555-1234567', 'ABC-12345675']) {
      const response = await post('/api/v3/air_waybills', token.fwdA, body({ mawb }));
      expect(response.statusCode, mawb).toBe(422);
      expect(keysOf(response)).toContain('awbPattern');
    }
  });

  it('refuses a wrong check digit: "invalid control bit"', async () => {
    const response = await post('/api/v3/air_waybills', token.fwdA, body({ mawb: '555-12345676' }));
    expect(response.statusCode).toBe(422);
    expect(keysOf(response)).toContain('awbControlBit');
  });

  it('refuses a voided number and a blank of another forwarder’s stock: "invalid blank number"', async () => {
    const voided = serial++;
    await inTransaction(db, (tx) => voidNumber(tx, { airlineId: id.SU, prefix: '555', serial: voided }));
    const a = await post('/api/v3/air_waybills', token.fwdA, body({ mawb: formatAwb('555', voided) }));
    expect(a.statusCode).toBe(422);
    expect(keysOf(a)).toContain('awbBlankNumber');
    // 555 1001000..1001499 is FWDB's.
    const b = await post('/api/v3/air_waybills', token.fwdA, body({ mawb: formatAwb('555', 1_001_010) }));
    expect(b.statusCode).toBe(422);
    expect(keysOf(b)).toContain('awbBlankNumber');
    const none = await db
      .select()
      .from(airWaybills)
      .where(eq(airWaybills.mawb, formatAwb('555', voided)));
    expect(none).toHaveLength(0);
  });

  it('refuses a number that already has a waybill: Exists "Shipment already exists"', async () => {
    const w = await create();
    const again = await post('/api/v3/air_waybills', token.fwdA, body({ mawb: w.mawb }));
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('Exists');
    expect(keysOf(again)).toContain('shipmentExists');
  });

  it('needs at least one HS code (its own or a goods item’s)', async () => {
    const none = await post('/api/v3/air_waybills', token.fwdA, body({ hs_codes: [], goods_items: [] }));
    expect(none.statusCode).toBe(422);
    expect(keysOf(none)).toContain('hsCodeRequired');
    const fromGoods = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ hs_codes: [], goods_items: [{ description: 'Tea', hs_code: '0902.10' }] }),
    );
    expect(fromGoods.statusCode, fromGoods.body).toBe(201);
    expect(fromGoods.json().goods_items[0].hs_code).toBe('090210');
  });

  it('takes a Latin-only commodity', async () => {
    const response = await post('/api/v3/air_waybills', token.fwdA, body({ commodity: 'Телефоны' }));
    expect(response.statusCode).toBe(422);
    expect(keysOf(response)).toContain('latinOnly');
  });

  it('takes contact numbers under 25 digits', async () => {
    const response = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ shipper: { ...party('Shipper'), contacts: '+7 123 456 789 012 345 678 901 234 5' } }),
    );
    expect(response.statusCode).toBe(422);
    expect(keysOf(response)).toContain('contactNumber');
    const ok = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ shipper: { ...party('Shipper'), contacts: '+7 (495) 123-45-67' } }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('checks the INN length of a Russian party (10 or 12 digits)', async () => {
    const bad = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ consignee: { ...party('Consignee'), tax_id: '12345' } }),
    );
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toContain('innLength');
    const good = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ consignee: { ...party('Consignee'), tax_id: '7701234567' } }),
    );
    expect(good.statusCode, good.body).toBe(201);
    const foreign = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ consignee: { ...party('Consignee'), country_code: 'KZ', tax_id: '12345' } }),
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
  });

  it('refuses SHCs the airline does not take (403 ForbiddenShc)', async () => {
    await db
      .update(companies)
      .set({ shcs_accepted: ['PER'] })
      .where(eq(companies.id, id.SU));
    try {
      const response = await post('/api/v3/air_waybills', token.fwdA, body({ shcs: ['DGR', 'PER'] }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'ForbiddenShc' });
      expect(response.json().message).toContain('DGR');
      expect(keysOf(response)).toContain('awbForbiddenShc');
    } finally {
      await db.update(companies).set({ shcs_accepted: [] }).where(eq(companies.id, id.SU));
    }
  });

  it('refuses legs that do not lead from origin to destination', async () => {
    const response = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ route: [{ origin: 'SVO', destination: 'LED', carrier: 'SU' }] }),
    );
    expect(response.statusCode).toBe(422);
    expect(keysOf(response)).toContain('awbRouteBroken');
  });

  it('refuses an invalid flight date: not a real date, or a leg leaving before the previous one', async () => {
    const unreal = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({ route: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', date: '2027-02-30' }] }),
    );
    expect(unreal.statusCode).toBe(422);
    expect(keysOf(unreal)).toContain('invalidFlightDate');
    const backwards = await post(
      '/api/v3/air_waybills',
      token.fwdA,
      body({
        destination_iata: 'NQZ',
        route: [
          { origin: 'SVO', destination: 'ALA', carrier: 'SU', date: '2027-06-15' },
          { origin: 'ALA', destination: 'NQZ', carrier: 'KC', date: '2027-06-14' },
        ],
      }),
    );
    expect(backwards.statusCode).toBe(422);
    expect(keysOf(backwards)).toContain('invalidFlightDate');
  });

  it('refuses SHCs that must not travel together: "incompatible SHC codes"', async () => {
    const response = await post('/api/v3/air_waybills', token.fwdA, body({ shcs: ['AVI', 'ICE'] }));
    expect(response.statusCode).toBe(422);
    expect(keysOf(response)).toContain('incompatibleShcs');
  });

  it('refuses an unknown prefix and a prefix of another airline for an airline', async () => {
    const unknown = await post('/api/v3/air_waybills', token.fwdA, body({ mawb: formatAwb('999', 1234567) }));
    expect(unknown.statusCode).toBe(422);
    expect(keysOf(unknown)).toContain('stockPrefixNotFound');
    const other = await post(
      '/api/v3/air_waybills',
      token.su,
      body({ mawb: formatAwb('465', 4_000_123), forwarder_id: id.FWDA }),
    );
    expect(other.statusCode).toBe(422);
    expect(keysOf(other)).toContain('stockPrefixNotFound');
  });

  it('lets an airline create for a forwarder it names, and needs one', async () => {
    const none = await post('/api/v3/air_waybills', token.su, body());
    expect(none.statusCode).toBe(422);
    const w = await create({ forwarder_id: id.FWDB }, token.su);
    expect(w.forwarder).toMatchObject({ id: id.FWDB });
  });

  it('keeps the su-subdomain gate on POST /air_waybills', async () => {
    const response = await post('/api/v3/air_waybills', token.fwdA, body(), 'kc');
    expect(response.statusCode).toBe(403);
  });
});

describe('tenancy', () => {
  it('answers 404 to forwarder B for A’s waybill, by id or number, on every call', async () => {
    const w = await create();
    for (const ref of [String(w.id), w.mawb]) {
      expect((await ctx.call('GET', `/api/v3/air_waybills/${ref}`, token.fwdB)).statusCode).toBe(404);
      const patch = await ctx.call('PATCH', `/api/v3/air_waybills/${ref}`, token.fwdB, { air_waybill: { pieces: 9 } });
      expect(patch.statusCode).toBe(404);
      expect((await ctx.call('POST', `/api/v3/air_waybills/${ref}/calculate`, token.fwdB, {})).statusCode).toBe(404);
      expect((await ctx.call('GET', `/api/v3/air_waybills/${ref}/rates`, token.fwdB)).statusCode).toBe(404);
      expect((await ctx.call('GET', `/api/v3/air_waybills/${ref}/bookings`, token.fwdB)).statusCode).toBe(404);
    }
    const [row] = await db.select().from(airWaybills).where(eq(airWaybills.id, w.id));
    expect(row!.pieces).toBe(3);
  });
});

describe('editing', () => {
  it('changes the fields under air_waybill and replaces the dimensions; logs the change', async () => {
    const w = await create();
    const response = await ctx.call('PATCH', `/api/v3/air_waybills/${w.mawb}`, token.fwdA, {
      air_waybill: { weight: 150, commodity: 'PHONES', consignee: party('New Consignee') },
      dimensions: [
        { length: 60, width: 40, height: 40, pieces: 2 },
        { length: 50, width: 50, height: 50, pieces: 1 },
      ],
      row_version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json();
    expect(after).toMatchObject({ weight: 150, commodity: 'PHONES', pieces: 3, row_version: 2 });
    expect(after.consignee.name).toBe('New Consignee');
    expect(after.dimensions).toHaveLength(2);
    const changes = await ctx.call('GET', `/api/v3/air_waybills/${w.id}/changes`, token.fwdA);
    const [last] = changes.json().data;
    expect(last.change_set.weight).toEqual([120.5, 150]);
    expect(last.change_set.dimensions[1]).toHaveLength(2);
    expect(last.change_set.pieces).toBeUndefined();
  });

  it('refuses a stale row_version (409) and a voided waybill (422), and judges the HS-code rule again', async () => {
    const w = await create();
    const stale = await ctx.call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, {
      air_waybill: { pieces: 4 },
      row_version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(keysOf(stale)).toContain('shipmentChanged');
    const noHs = await ctx.call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, {
      air_waybill: { hs_codes: [], goods_items: [] },
    });
    expect(noHs.statusCode).toBe(422);
    expect(keysOf(noHs)).toContain('hsCodeRequired');
    const latin = await ctx.call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, {
      air_waybill: { commodity: 'Чай' },
    });
    expect(keysOf(latin)).toContain('latinOnly');
    await db.update(airWaybills).set({ voided: true }).where(eq(airWaybills.id, w.id));
    const voided = await ctx.call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, { air_waybill: { pieces: 4 } });
    expect(voided.statusCode).toBe(422);
    expect(keysOf(voided)).toContain('shipmentVoided');
    const [row] = await db.select().from(airWaybills).where(eq(airWaybills.id, w.id));
    expect(row!.pieces).toBe(3);
  });
});

describe('calculate and rates', () => {
  it('computes the chargeable weight and the freight by the carrier tariff, stores the rate lines and the total', async () => {
    // 120.5 kg gross, 1.2 m3 -> 200 kg volume weight: chargeable 200 (SU rounds up to 0.5 kg).
    const w = await create({ payment: 'prepaid', route: [], dimensions: [] });
    const response = await ctx.call('POST', `/api/v3/air_waybills/${w.id}/calculate`, token.su, {
      date: '2027-06-15',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.chargeable_calc).toMatchObject({
      gross_weight: 120.5,
      volume_weight: 200,
      chargeable_weight: 200,
      cw_auto_calculation: true,
    });
    expect(result.tariff_found).toBe(true);
    const freight = result.rate_lines.find((l: { rate_class_code: string | null }) => l.rate_class_code !== null);
    expect(freight).toMatchObject({ currency: 'USD', calculation_type: 'auto', base_value: '200' });
    expect(result.air_waybill).toMatchObject({ charge_weight: 200, charge_weight_source: 'auto', currency: 'USD' });
    const sum = result.rate_lines
      .filter((l: { currency: string }) => l.currency === 'USD')
      .reduce((s: number, l: { amount: string }) => s + Number(l.amount), 0);
    expect(Number(result.air_waybill.prepaid_total)).toBeCloseTo(sum, 2);
    expect(result.air_waybill.collect_total).toBeNull();

    // Calculating again replaces the calculated lines; a line added by hand stays.
    const added = await ctx.call('POST', `/api/v3/air_waybills/${w.id}/rates`, token.fwdA, {
      code: 'CH',
      description: 'Clearance',
      amount: '15.50',
      currency: 'USD',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ code: 'CH', amount: '15.50', calculation_type: 'manual' });
    const again = (
      await ctx.call('POST', `/api/v3/air_waybills/${w.id}/calculate`, token.su, { date: '2027-06-15' })
    ).json();
    expect(again.rate_lines).toHaveLength(result.rate_lines.length + 1);
    expect(Number(again.air_waybill.prepaid_total)).toBeCloseTo(sum + 15.5, 2);

    const list = await ctx.call('GET', `/api/v3/air_waybills/${w.mawb}/rates`, token.fwdA);
    expect(list.json().data).toHaveLength(result.rate_lines.length + 1);
    const removed = await ctx.call('DELETE', `/api/v3/air_waybills/${w.id}/rates/${added.json().id}`, token.fwdA);
    expect(removed.statusCode).toBe(204);
    const missing = await ctx.call('DELETE', `/api/v3/air_waybills/${w.id}/rates/${added.json().id}`, token.fwdA);
    expect(missing.statusCode).toBe(404);
    expect(keysOf(missing)).toContain('rateLineNotFound');
    const after = (await ctx.call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA)).json();
    expect(Number(after.prepaid_total)).toBeCloseTo(sum, 2);
  });

  it('stores only the chargeable weight when no tariff covers the route', async () => {
    const w = await create({ origin_iata: 'LED', destination_iata: 'KJA', route: [], dimensions: [] });
    const result = (await ctx.call('POST', `/api/v3/air_waybills/${w.id}/calculate`, token.su, {})).json();
    expect(result.tariff_found).toBe(false);
    expect(result.rate_lines).toEqual([]);
    expect(result.warnings[0].message_key.key).toBe('tariffsNotAvailable');
    expect(result.chargeable_calc.chargeable_weight).toBe(200);
    expect(result.air_waybill.charge_weight).toBe(200);
  });

  it('keeps a chargeable weight typed by hand', async () => {
    const w = await create({ charge_weight: 250, route: [], dimensions: [] });
    const result = (await ctx.call('POST', `/api/v3/air_waybills/${w.id}/calculate`, token.su, {})).json();
    expect(result.air_waybill).toMatchObject({ charge_weight: 250, charge_weight_source: 'manual' });
    expect(result.chargeable_calc.chargeable_weight).toBe(200);
  });
});

describe('bookings and waybills', () => {
  async function bookingOnNewFlight(values: Record<string, unknown> = {}) {
    const flight = await createFlight(ctx, id.SU, { date: '2027-07-01' });
    return createBooking(ctx, token.fwdA, flight.segmentIds, values);
  }

  it('creates the waybill of a booking: route, legs and cargo copied, number from stock, booking linked', async () => {
    const booking = await bookingOnNewFlight({ shcs: ['EAW'], commodity: 'SPARE PARTS' });
    const response = await ctx.call('POST', `/api/v3/bookings/${booking.id}/air_waybill`, token.fwdA, {
      hs_codes: ['840999'],
      shipper: party('Shipper'),
      consignee: party('Consignee'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const w = response.json();
    const [segment] = await db.select().from(segments).where(eq(segments.id, w.route_data[0].segment_id));
    expect(w).toMatchObject({
      source: 'booking',
      booking_id: booking.id,
      booked: true,
      su_booking_status: booking.response_status,
      pieces: 2,
      weight: 100,
      volume: 1,
      shcs: ['EAW'],
      commodity: 'SPARE PARTS',
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      flight_date: '2027-07-01',
      booking: { id: booking.id, active: true },
    });
    expect(w.route_data[0]).toMatchObject({ carrier: 'SU', flight: `SU${segment!.number}`, date: '2027-07-01' });
    expect(isValidAwb(w.mawb)).toBe(true);
    const b = (await ctx.call('GET', `/api/v3/bookings/${booking.id}`, token.fwdA)).json();
    expect(b.mawb).toBe(w.mawb);
    const linked = (await ctx.call('GET', `/api/v3/air_waybills/${w.id}/bookings`, token.fwdA)).json();
    expect(linked.data).toMatchObject([
      { id: booking.id, mawb: w.mawb, is_departed: false, response_status: booking.response_status },
    ]);
    expect(linked.data[0].segment_data[0]).toMatchObject({ origin: 'SVO', destination: 'ALA', carrier: 'SU' });

    const twice = await ctx.call('POST', `/api/v3/bookings/${booking.id}/air_waybill`, token.fwdA, {
      hs_codes: ['840999'],
      shipper: party('Shipper'),
      consignee: party('Consignee'),
    });
    expect(twice.statusCode).toBe(422);
    expect(keysOf(twice)).toContain('bookingHasWaybill');

    // Cancelling the booking takes the booked flag down.
    expect((await ctx.call('DELETE', `/api/v3/bookings/${booking.id}`, token.fwdA)).statusCode).toBe(200);
    const after = (await ctx.call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA)).json();
    expect(after).toMatchObject({ booked: false, su_booking_status: 'XX' });
  });

  it('uses the booking’s own number, and B cannot make a waybill of A’s booking', async () => {
    const mawb = nextMawb();
    const booking = await bookingOnNewFlight({ mawb });
    const foreign = await ctx.call('POST', `/api/v3/bookings/${booking.id}/air_waybill`, token.fwdB, {
      hs_codes: ['840999'],
      shipper: party('Shipper'),
      consignee: party('Consignee'),
    });
    expect(foreign.statusCode).toBe(404);
    const response = await ctx.call('POST', `/api/v3/bookings/${booking.id}/air_waybill`, token.fwdA, {
      hs_codes: ['840999'],
      shipper: party('Shipper'),
      consignee: party('Consignee'),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mawb, booked: true });
  });

  it('marks a typed waybill booked when a booking with its number exists, and a new booking books it', async () => {
    const w = await create();
    expect(w.booked).toBe(false);
    const booking = await bookingOnNewFlight({ mawb: w.mawb, weight: 120.5 });
    const after = (await ctx.call('GET', `/api/v3/air_waybills/${w.id}`, token.fwdA)).json();
    expect(after).toMatchObject({ booked: true, booking_id: booking.id, su_booking_status: booking.response_status });
    const b = (await ctx.call('GET', `/api/v3/bookings/${booking.id}`, token.fwdA)).json();
    expect(b.warnings.map((x: { code: string }) => x.code)).not.toContain('awb_weight_differs');
  });

  it('warns "Weight differs from the AWB" on a booking whose waybill has another weight', async () => {
    const w = await create({ weight: 300 });
    const booking = await bookingOnNewFlight({ mawb: w.mawb, weight: 100 });
    expect(booking).toBeDefined();
    const b = (await ctx.call('GET', `/api/v3/bookings/${booking.id}`, token.fwdA)).json();
    const warning = b.warnings.find((x: { code: string }) => x.code === 'awb_weight_differs');
    expect(warning).toMatchObject({
      message: 'Weight differs from the AWB',
      message_key: { key: 'warningAwbWeightDiffers' },
    });
    await ctx.call('PATCH', `/api/v3/air_waybills/${w.id}`, token.fwdA, { air_waybill: { weight: 100 } });
    const fixed = (await ctx.call('GET', `/api/v3/bookings/${booking.id}`, token.fwdA)).json();
    expect(fixed.warnings.map((x: { code: string }) => x.code)).not.toContain('awb_weight_differs');
  });
});

describe('the createAirWaybill factory', () => {
  it('writes a waybill other tests can aim at', async () => {
    const w = await createAirWaybill(ctx, { forwarder_id: id.FWDA });
    const got = await ctx.call('GET', `/api/v3/air_waybills/${w.mawb}`, token.fwdA);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: w.id, hs_codes: ['851712'], forwarder: { id: id.FWDA } });
  });
});
