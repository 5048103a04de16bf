import { formatAwb } from '@aircargo/domain/awb';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { airWaybills, awbMovements, awbNumbers, bookings, changeLogs, companies, segments } from '../../db/schema';
import { inTransaction } from '../../platform/transactions';
import { createAirWaybill, createBooking, createFlight } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { allocateNumber, useNumber } from '../stocks/stocks.service';
import { refreshWaybillAlerts } from './waybill-lifecycle.service';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  kc: await ctx.signIn(DEMO.xxManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

/** Serials of forwarder A's SU range (1 000 000 to 1 000 999) the demo bookings leave alone. */
let nextSerial = 1_000_900;

/** A waybill of forwarder A on SU's prefix 555, its number from A's stock range, marked e-AWB. */
async function waybillOfA(values: Partial<Parameters<typeof createAirWaybill>[1]> = {}) {
  const serial = nextSerial++;
  return createAirWaybill(ctx, { forwarder_id: id.FWDA, serial, shcs: ['EAW'], ...values });
}

const base = (w: { id: number }) => `/api/v3/air_waybills/${w.id}`;

async function state(w: { id: number }) {
  const [row] = await db.select().from(airWaybills).where(eq(airWaybills.id, w.id));
  return row!;
}

async function numberRow(mawb: string) {
  const [row] = await db
    .select()
    .from(awbNumbers)
    .where(and(eq(awbNumbers.prefix, mawb.slice(0, 3)), eq(awbNumbers.serial, Number(mawb.slice(4, 11)))));
  return row ?? null;
}

function expectRefused(response: { statusCode: number; json(): unknown; body: string }, key: string, status = 422) {
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { message_key: { key: string } }).message_key.key).toBe(key);
}

describe('issue, verify, deliver and their cancellations', () => {
  it('issues a waybill: flags, date, row version, the number used and the change log', async () => {
    const w = await waybillOfA();
    const response = await call('POST', `${base(w)}/issue`, token.su);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: w.id, mawb: w.mawb, issued: true, verified: false, row_version: 2 });
    expect(body.issued_at).not.toBeNull();
    const row = await state(w);
    expect(row.issued).toBe(true);
    expect(row.issue_date).not.toBeNull();
    expect((await numberRow(w.mawb))?.status).toBe('used');
    const logs = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, w.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.change_set).toMatchObject({ issued: [false, true] });
  });

  it('addresses a waybill by its number as well as its id', async () => {
    const w = await waybillOfA();
    const response = await call('POST', `/api/v3/air_waybills/${w.mawb}/issue`, token.su);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().id).toBe(w.id);
  });

  it('refuses to issue twice, and refuses the forwarder (airline side only)', async () => {
    const w = await waybillOfA();
    expect((await call('POST', `${base(w)}/issue`, token.fwdA)).statusCode).toBe(403);
    expect((await call('POST', `${base(w)}/issue`, token.su)).statusCode).toBe(200);
    expectRefused(await call('POST', `${base(w)}/issue`, token.su), 'waybillAlreadyIssued');
    expect((await state(w)).row_version).toBe(2);
  });

  it('refuses to deliver or verify before issue, and to cancel an issue that is not there', async () => {
    const w = await waybillOfA();
    expectRefused(await call('POST', `${base(w)}/deliver`, token.su), 'waybillNotIssued');
    expectRefused(await call('POST', `${base(w)}/verify`, token.su), 'waybillNotIssued');
    expectRefused(await call('DELETE', `${base(w)}/issue`, token.su), 'waybillNotIssued');
    expectRefused(await call('DELETE', `${base(w)}/verify`, token.su), 'waybillNotVerified');
    const row = await state(w);
    expect(row).toMatchObject({ issued: false, delivered: false, verified: false, row_version: 1 });
  });

  it('verifies, cancels the verification, delivers, and keeps the issue of a delivered waybill', async () => {
    const w = await waybillOfA();
    await call('POST', `${base(w)}/issue`, token.su);
    const verified = await call('POST', `${base(w)}/verify`, token.su);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ verified: true });
    expect(verified.json().verified_at).not.toBeNull();
    expectRefused(await call('POST', `${base(w)}/verify`, token.su), 'waybillAlreadyVerified');
    expectRefused(await call('DELETE', `${base(w)}/issue`, token.su), 'waybillIssueLocked');

    const unverified = await call('DELETE', `${base(w)}/verify`, token.su);
    expect(unverified.statusCode, unverified.body).toBe(200);
    expect(unverified.json()).toMatchObject({ verified: false, verified_at: null });
    expectRefused(await call('DELETE', `${base(w)}/verify`, token.su), 'waybillNotVerified');

    const delivered = await call('POST', `${base(w)}/deliver`, token.su);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ delivered: true, issued: true });
    expect(delivered.json().delivered_at).not.toBeNull();
    expectRefused(await call('POST', `${base(w)}/deliver`, token.su), 'waybillAlreadyDelivered');
    expectRefused(await call('DELETE', `${base(w)}/issue`, token.su), 'waybillIssueLocked');
    expectRefused(
      await call('POST', `${base(w)}/void`, token.su, { void_payment: 'required', reason: 'Late' }),
      'waybillDeliveredNoVoid',
    );
    // issue, verify, cancel verify, deliver: four versions on top of the first.
    expect((await state(w)).row_version).toBe(5);
  });

  it('lets one of two racing transitions through and refuses the other from the new state', async () => {
    const w = await waybillOfA();
    const issues = await Promise.all([1, 2].map(() => call('POST', `${base(w)}/issue`, token.su)));
    expect(issues.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const voids = await Promise.all(
      ['required', 'not_required'].map((p) =>
        call('POST', `${base(w)}/void`, token.su, { void_payment: p, reason: p }),
      ),
    );
    expect(voids.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await state(w)).row_version).toBe(3);
  });

  it('cancels the issue of an issued waybill', async () => {
    const w = await waybillOfA();
    await call('POST', `${base(w)}/issue`, token.su);
    const response = await call('DELETE', `${base(w)}/issue`, token.su);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ issued: false, issued_at: null, row_version: 3 });
    expect((await call('POST', `${base(w)}/issue`, token.su)).statusCode).toBe(200);
  });

  it('lets the platform verify (air_waybills:verify) and refuses the forwarder', async () => {
    const w = await waybillOfA();
    await call('POST', `${base(w)}/issue`, token.su);
    expect((await call('POST', `${base(w)}/verify`, token.platform)).statusCode).toBe(200);
    expect((await call('POST', `${base(w)}/verify`, token.fwdA)).statusCode).toBe(403);
  });
});

describe('void and cancel void', () => {
  it('voids with a payment decision, blocks the number, and refuses a second void', async () => {
    const w = await waybillOfA();
    const response = await call('POST', `${base(w)}/void`, token.su, {
      void_payment: 'required',
      reason: 'Shipper cancelled',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      voided: true,
      void_payment: 'required',
      void_reason: 'Shipper cancelled',
      row_version: 2,
    });
    expect(response.json().voided_at).not.toBeNull();
    expect((await numberRow(w.mawb))?.status).toBe('voided');
    expectRefused(
      await call('POST', `${base(w)}/void`, token.su, { void_payment: 'not_required', reason: 'Again' }),
      'waybillAlreadyVoided',
    );
    expectRefused(await call('POST', `${base(w)}/issue`, token.su), 'waybillVoided');
    expectRefused(await call('POST', `${base(w)}/deliver`, token.su), 'waybillVoided');
  });

  it('changes the void payment of a voided waybill only', async () => {
    const w = await waybillOfA();
    expectRefused(await call('PATCH', `${base(w)}/void`, token.su, { void_payment: 'required' }), 'waybillNotVoided');
    await call('POST', `${base(w)}/void`, token.su, { void_payment: 'required', reason: 'Damaged' });
    const response = await call('PATCH', `${base(w)}/void`, token.su, { void_payment: 'not_required' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ voided: true, void_payment: 'not_required' });
    expect((await call('PATCH', `${base(w)}/void`, token.su, { void_payment: 'maybe' })).statusCode).toBe(422);
  });

  it('cancels a void with a reason: the waybill is back, its number blocked for good', async () => {
    const w = await waybillOfA();
    expectRefused(await call('DELETE', `${base(w)}/void`, token.su, { cancel_reason: 'Oops' }), 'waybillNotVoided');
    await call('POST', `${base(w)}/void`, token.su, { void_payment: 'not_required', reason: 'Duplicate' });
    expect((await call('DELETE', `${base(w)}/void`, token.su, {})).statusCode).toBe(422);
    const response = await call('DELETE', `${base(w)}/void`, token.su, { cancel_reason: 'Voided by mistake' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      voided: false,
      void_payment: null,
      voided_at: null,
      void_cancel_reason: 'Voided by mistake',
    });
    // The number stays voided in the stock: typing it for another waybill is refused, allocation passes it over.
    expect((await numberRow(w.mawb))?.status).toBe('voided');
    await expect(
      inTransaction(db, (tx) => useNumber(tx, { airlineId: id.SU, prefix: '555', serial: w.serial })),
    ).rejects.toMatchObject({ status: 422, message: 'invalid blank number' });
    await expect(createAirWaybill(ctx, { forwarder_id: id.FWDB, mawb: w.mawb })).rejects.toThrow();
    const party = (name: string) => ({ name, address: 'Main street 1', city: 'Moscow', country_code: 'RU' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/air_waybills',
      headers: { ...ctx.as(token.fwdA), 'x-carrier': 'su' },
      payload: {
        mawb: w.mawb,
        origin_iata: 'SVO',
        destination_iata: 'ALA',
        pieces: 1,
        weight: 10,
        volume: 0.1,
        commodity: 'PARTS',
        hs_codes: ['851712'],
        shipper: party('Shipper LLC'),
        consignee: party('Consignee LLP'),
        route: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1234', date: '2027-06-15' }],
      },
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().message_key.key).toBe('shipmentExists');
    expect(await db.select().from(airWaybills).where(eq(airWaybills.mawb, w.mawb))).toHaveLength(1);
    // The restored waybill itself can go on: issue it, its number still blocked for anyone else.
    expect((await call('POST', `${base(w)}/issue`, token.su)).statusCode).toBe(200);
    expect((await numberRow(w.mawb))?.status).toBe('voided');
  });

  it('never allocates a voided number again', async () => {
    // A range of three blanks for forwarder B: void the middle one before it is handed out.
    const assigned = await call('POST', '/api/v1/stocks/assign', token.su, {
      prefix: '555',
      first_blank: '4000000',
      last_blank: '4000002',
      forwarder_id: id.FWDB,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const w = await createAirWaybill(ctx, { forwarder_id: id.FWDB, serial: 4_000_001 });
    await call('POST', `${base(w)}/void`, token.su, { void_payment: 'not_required', reason: 'Torn blank' });
    await call('DELETE', `${base(w)}/void`, token.su, { cancel_reason: 'Blank found' });
    const allocate = () =>
      inTransaction(db, (tx) => allocateNumber(tx, { airlineId: id.SU, forwarderId: id.FWDB, prefix: '555' }));
    // B's older SU range comes first; allocate until the new range is used up.
    const got: string[] = [];
    for (let i = 0; i < 600 && !got.includes(formatAwb('555', 4_000_002)); i++) got.push((await allocate()).number);
    expect(got).toContain(formatAwb('555', 4_000_000));
    expect(got).toContain(formatAwb('555', 4_000_002));
    expect(got).not.toContain(w.mawb);
    expect(new Set(got).size).toBe(got.length);
  });

  it('refuses the forwarder a void (it asks with a void request instead)', async () => {
    const w = await waybillOfA();
    const response = await call('POST', `${base(w)}/void`, token.fwdA, { void_payment: 'required', reason: 'x' });
    expect(response.statusCode).toBe(403);
    expect((await state(w)).voided).toBe(false);
  });
});

describe('void requests', () => {
  it('runs a request through decline, a second request through withdrawal and a third through accept', async () => {
    const w = await waybillOfA();
    const created = await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Wrong consignee' });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({
      air_waybill_id: w.id,
      mawb: w.mawb,
      status: 'requested',
      request_reason: 'Wrong consignee',
      resolve_reason: null,
      payment_required: null,
      forwarder_short_name: 'FWDA',
      airline_short_name: 'SU',
      requested_by_email: DEMO.fwdA,
    });
    // One open request per waybill.
    expectRefused(await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Again' }), 'voidRequestOpen');

    const declined = await call('POST', `/api/v3/void_requests/${request.id}/resolve`, token.su, {
      decision: 'decline',
      reason: 'Cargo already departed',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      resolve_reason: 'Cargo already departed',
      resolved_by_email: DEMO.suManager,
    });
    expect(declined.json().resolved_at).not.toBeNull();
    expect((await state(w)).voided).toBe(false);
    // Resolving or withdrawing a request that is no longer requested is refused.
    expectRefused(
      await call('POST', `/api/v3/void_requests/${request.id}/resolve`, token.su, { decision: 'accept', reason: 'x' }),
      'voidRequestNotRequested',
    );
    expectRefused(await call('DELETE', `/api/v3/void_requests/${request.id}`, token.fwdA), 'voidRequestNotRequested');

    const second = (await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Still wrong' })).json();
    expect(second.status).toBe('requested');
    // Only the requester withdraws it.
    expect((await call('DELETE', `/api/v3/void_requests/${second.id}`, token.su)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v3/void_requests/${second.id}`, token.fwdA)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v3/void_requests/${second.id}`, token.fwdA)).statusCode).toBe(404);

    const third = (await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Cancel it' })).json();
    const accepted = await call('POST', `/api/v3/void_requests/${third.id}/resolve`, token.su, {
      decision: 'accept',
      reason: 'Agreed',
      payment_needed: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', payment_required: true, resolve_reason: 'Agreed' });
    expect(await state(w)).toMatchObject({ voided: true, void_payment: 'required', void_reason: 'Agreed' });
    expect((await numberRow(w.mawb))?.status).toBe('voided');
    // No request for a voided waybill.
    expectRefused(await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'x' }), 'waybillAlreadyVoided');

    const history = await call('GET', `${base(w)}/void_requests`, token.fwdA);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.map((r: { status: string }) => r.status)).toEqual(['accepted', 'declined']);
    const logged = await db.select().from(changeLogs).where(eq(changeLogs.record_type, 'awb_void_request'));
    expect(logged.filter((l) => l.record_id === second.id)).toHaveLength(2);
  });

  it('keeps one open request when several race for the same waybill', async () => {
    const w = await waybillOfA();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: `Race ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect((await call('GET', `${base(w)}/void_requests`, token.fwdA)).json().data).toHaveLength(1);
  });

  it('voids with void_payment not_required when the accepted request needs no payment', async () => {
    const w = await waybillOfA();
    const request = (await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Not needed' })).json();
    const accepted = await call('POST', `/api/v3/void_requests/${request.id}/resolve`, token.su, {
      decision: 'accept',
      reason: 'Fine',
      payment_needed: false,
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted', payment_required: false });
    expect(await state(w)).toMatchObject({ voided: true, void_payment: 'not_required' });
  });

  it('answers an open request when the airline voids the waybill directly', async () => {
    const w = await waybillOfA();
    const request = (await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Please' })).json();
    await call('POST', `${base(w)}/void`, token.su, { void_payment: 'required', reason: 'Voided at the counter' });
    const [after] = (await call('GET', `${base(w)}/void_requests`, token.fwdA)).json().data;
    expect(after).toMatchObject({ id: request.id, status: 'accepted', payment_required: true });
  });

  it('leaves void requests to the forwarder: an airline does not make one', async () => {
    const w = await waybillOfA();
    expectRefused(
      await call('POST', `${base(w)}/void_requests`, token.su, { reason: 'x' }),
      'voidRequestByForwarder',
      403,
    );
  });

  it('lists requests: the forwarder its own, the airline those on its waybills, with status and number filters', async () => {
    const w = await waybillOfA();
    const request = (await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Listed' })).json();
    const ids = async (bearer: string, query = '') => {
      const response = await call('GET', `/api/v3/void_requests${query}`, bearer);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { id: number }[]).map((r) => r.id);
    };
    expect(await ids(token.fwdA)).toContain(request.id);
    expect(await ids(token.su)).toContain(request.id);
    expect(await ids(token.platform)).toContain(request.id);
    expect(await ids(token.fwdB)).not.toContain(request.id);
    expect(await ids(token.kc)).not.toContain(request.id);
    expect(await ids(token.fwdA, '?status=requested')).toContain(request.id);
    expect(await ids(token.fwdA, '?status=declined')).not.toContain(request.id);
    expect(await ids(token.fwdA, `?mawb=${w.mawb}`)).toEqual([request.id]);
    expect(await ids(token.fwdA, `?mawb=${w.mawb.slice(0, 9)}`)).toContain(request.id);
    expect(await ids(token.fwdA, '?mawb=465-')).not.toContain(request.id);
    const page = (await call('GET', '/api/v3/void_requests?per_page=1', token.fwdA)).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta.total_count).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/v3/void_requests?status=open', token.fwdA)).statusCode).toBe(422);
  });
});

describe('tenancy', () => {
  it("keeps forwarder B and another airline away from A's waybill and requests (404)", async () => {
    const w = await waybillOfA();
    const request = (await call('POST', `${base(w)}/void_requests`, token.fwdA, { reason: 'Mine' })).json();
    // Forwarder B: another company's waybill and request are not found.
    expect((await call('POST', `${base(w)}/void_requests`, token.fwdB, { reason: 'Theirs' })).statusCode).toBe(404);
    expect((await call('GET', `${base(w)}/void_requests`, token.fwdB)).statusCode).toBe(404);
    expect((await call('GET', `${base(w)}/alerts`, token.fwdB)).statusCode).toBe(404);
    expect((await call('GET', `${base(w)}/verification_movement_difference`, token.fwdB)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v3/void_requests/${request.id}`, token.fwdB)).statusCode).toBe(404);
    // Forwarders hold no void or resolve right at all.
    expect(
      (
        await call('POST', `/api/v3/void_requests/${request.id}/resolve`, token.fwdB, {
          decision: 'accept',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `${base(w)}/void`, token.fwdB, { void_payment: 'required', reason: 'x' })).statusCode,
    ).toBe(403);
    // Another airline (KC): SU's waybill is not found.
    expect(
      (await call('POST', `/api/v3/void_requests/${request.id}/resolve`, token.kc, { decision: 'accept', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `${base(w)}/void`, token.kc, { void_payment: 'required', reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `${base(w)}/issue`, token.kc)).statusCode).toBe(404);
    expect((await call('DELETE', `${base(w)}/void`, token.kc, { cancel_reason: 'x' })).statusCode).toBe(404);
    expect(await state(w)).toMatchObject({ voided: false, issued: false, row_version: 1 });
    const [still] = (await call('GET', `${base(w)}/void_requests`, token.fwdA)).json().data;
    expect(still).toMatchObject({ id: request.id, status: 'requested' });
  });
});

describe('verification movement difference', () => {
  it('compares pieces, weight and volume with the latest active movement reporting each', async () => {
    const w = await waybillOfA({ pieces: 4, weight: '250.500', volume: '1.200' });
    const empty = (await call('GET', `${base(w)}/verification_movement_difference`, token.su)).json();
    expect(empty.differs).toBe(false);
    expect(empty.fields.map((f: { movement: number | null }) => f.movement)).toEqual([null, null, null]);

    await db.insert(awbMovements).values([
      {
        air_waybill_id: w.id,
        location_iata: 'SVO',
        status_code: 'RCS',
        time_utc: new Date('2026-06-01T08:00:00Z'),
        pieces: 4,
        weight: '262.000',
      },
      {
        air_waybill_id: w.id,
        location_iata: 'SVO',
        status_code: 'FOH',
        time_utc: new Date('2026-05-31T20:00:00Z'),
        pieces: 3,
        weight: '240.000',
        volume: '1.000',
      },
      // A later weighing that was deactivated counts for nothing.
      {
        air_waybill_id: w.id,
        location_iata: 'SVO',
        status_code: 'RCS',
        time_utc: new Date('2026-06-01T09:00:00Z'),
        weight: '999.000',
        deactivated: true,
      },
    ]);
    const response = await call('GET', `/api/v3/air_waybills/${w.mawb}/verification_movement_difference`, token.fwdA);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ air_waybill_id: w.id, mawb: w.mawb, differs: true });
    const byField = Object.fromEntries(body.fields.map((f: { field: string }) => [f.field, f]));
    expect(byField.pieces).toMatchObject({
      air_waybill: 4,
      movement: 4,
      difference: 0,
      differs: false,
      status_code: 'RCS',
    });
    expect(byField.weight).toMatchObject({ air_waybill: 250.5, movement: 262, difference: 11.5, differs: true });
    expect(byField.volume).toMatchObject({ air_waybill: 1.2, movement: 1, difference: -0.2, status_code: 'FOH' });
  });
});

describe('alerts', () => {
  it('raises the warnings that apply, keeps the warning flag true to them and lets people dismiss them', async () => {
    await db.update(companies).set({ forwarder_iata_code: '1234567' }).where(eq(companies.id, id.FWDA));
    // A typed number from no stock of A, an agent account that is not A's IATA code, no e-AWB code.
    const w = await createAirWaybill(ctx, {
      forwarder_id: id.FWDA,
      serial: 7_100_000,
      shcs: ['GEN'],
      forwarder_account: '7654321/0001',
    });
    const issued = await call('POST', `${base(w)}/issue`, token.su);
    expect(issued.json().warning).toBe(true);
    const list = await call('GET', `${base(w)}/alerts`, token.fwdA);
    expect(list.statusCode, list.body).toBe(200);
    const alerts = list.json().data as { id: number; code: string; text: string; message_key: { key: string } }[];
    expect(alerts.map((a) => a.code).sort()).toEqual(['forwarder_iata_mismatch', 'mawb_not_assigned', 'missing_eawb']);
    expect(alerts.find((a) => a.code === 'missing_eawb')).toMatchObject({
      text: 'Missing eAWB',
      message_key: { key: 'alertMissingEawb' },
    });

    // Dismissing one leaves the flag up while others remain; a transition does not raise it again.
    const [first, ...rest] = alerts;
    expect((await call('DELETE', `${base(w)}/alerts/${first!.id}`, token.fwdA)).statusCode).toBe(204);
    expect((await call('DELETE', `${base(w)}/alerts/${first!.id}`, token.fwdA)).statusCode).toBe(404);
    expect((await state(w)).warning).toBe(true);
    await call('POST', `${base(w)}/verify`, token.su);
    expect((await call('GET', `${base(w)}/alerts`, token.su)).json().data).toHaveLength(2);
    for (const a of rest) expect((await call('DELETE', `${base(w)}/alerts/${a.id}`, token.su)).statusCode).toBe(204);
    expect((await state(w)).warning).toBe(false);
    await call('DELETE', `${base(w)}/verify`, token.su);
    expect((await call('GET', `${base(w)}/alerts`, token.su)).json().data).toEqual([]);
    expect((await state(w)).warning).toBe(false);

    // Voided, nothing about it needs attention.
    const other = await createAirWaybill(ctx, { forwarder_id: id.FWDA, serial: 7_100_001 });
    await call('POST', `${base(other)}/issue`, token.su);
    expect((await state(other)).warning).toBe(true);
    await call('POST', `${base(other)}/void`, token.su, { void_payment: 'not_required', reason: 'x' });
    expect((await state(other)).warning).toBe(false);
    expect((await call('GET', `${base(other)}/alerts`, token.su)).json().data).toEqual([]);
    // Another waybill's alert is not this waybill's.
    expect((await call('DELETE', `${base(w)}/alerts/${first!.id + 100000}`, token.su)).statusCode).toBe(404);
    await db.update(companies).set({ forwarder_iata_code: null }).where(eq(companies.id, id.FWDA));
  });

  it('warns of a booking weight that differs from the waybill and of a cancelled flight', async () => {
    const flight = await createFlight(ctx, id.SU);
    const booking = await createBooking(ctx, token.fwdA, flight.segmentIds);
    const w = await waybillOfA({ weight: '100.000', booking_id: booking.id });
    await db.update(bookings).set({ weight: '120.000', mawb: w.mawb }).where(eq(bookings.id, booking.id));
    await call('POST', `${base(w)}/issue`, token.su);
    const codes = async () =>
      ((await call('GET', `${base(w)}/alerts`, token.su)).json().data as { code: string }[]).map((a) => a.code);
    expect(await codes()).toEqual(['awb_weight_differs']);

    await db.update(bookings).set({ weight: '100.000' }).where(eq(bookings.id, booking.id));
    await db.update(segments).set({ canceled: true }).where(eq(segments.id, flight.segmentIds[0]!));
    await call('POST', `${base(w)}/verify`, token.su);
    expect(await codes()).toEqual(['cancelled_flight']);
    expect((await state(w)).warning).toBe(true);
  });

  it('brings alerts and the flag up to date after another module changed the waybill (refreshWaybillAlerts)', async () => {
    const flight = await createFlight(ctx, id.SU);
    const booking = await createBooking(ctx, token.fwdA, flight.segmentIds);
    const w = await waybillOfA({ weight: '100.000', booking_id: booking.id });
    await db.update(bookings).set({ weight: '100.000', mawb: w.mawb }).where(eq(bookings.id, booking.id));
    const refresh = () =>
      inTransaction(db, (tx) => refreshWaybillAlerts(tx, { waybillId: w.id, userId: null, now: new Date() }));
    expect(await refresh()).toBe(false);
    expect((await state(w)).row_version).toBe(1);
    // An edit of the waybill's weight (the air-waybills module) makes the booking's weight differ.
    await db.update(airWaybills).set({ weight: '90.000' }).where(eq(airWaybills.id, w.id));
    expect(await refresh()).toBe(true);
    expect(await state(w)).toMatchObject({ warning: true, row_version: 2 });
    const [alert] = (await call('GET', `${base(w)}/alerts`, token.fwdA)).json().data;
    expect(alert.code).toBe('awb_weight_differs');
    await db.update(airWaybills).set({ weight: '100.000' }).where(eq(airWaybills.id, w.id));
    expect(await refresh()).toBe(false);
    expect(await state(w)).toMatchObject({ warning: false, row_version: 3 });
    expect((await call('GET', `${base(w)}/alerts`, token.fwdA)).json().data).toEqual([]);
  });
});
