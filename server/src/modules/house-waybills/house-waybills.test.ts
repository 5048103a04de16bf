import { FhlSchema, parseFhl, parseFwb } from '@aircargo/cargo-messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { airWaybills, awbRateLines, changeLogs } from '../../db/schema';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const call = ctx.call;
const id = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  su: await ctx.signIn(DEMO.suManager),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const master = (values: Partial<Parameters<typeof createAirWaybill>[1]> = {}) =>
  createAirWaybill(ctx, { forwarder_id: id.FWDA, prefix: '555', pieces: 2, weight: '100.000', ...values });

const house = (extra: Record<string, unknown> = {}) => ({
  serial_number: 'hawb1',
  pieces: 1,
  weight: 40,
  manifest_description_of_goods: 'Books',
  ...extra,
});

const housesUrl = (waybill: { id: number } | string) =>
  `/api/v3/air_waybills/${typeof waybill === 'string' ? waybill : waybill.id}/house_waybills`;

async function addHouse(waybill: { id: number }, body: Record<string, unknown>, bearer = token.fwdA) {
  const response = await call('POST', housesUrl(waybill), bearer, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; serial_number: string; weight_kg: number };
}

describe('house waybills', () => {
  it('adds, reads, lists with totals, edits and deletes a house; by id and by the master number', async () => {
    const w = await master();
    const created = await addHouse(
      w,
      house({
        shcs: ['per', 'PER'],
        hs_codes: ['4901.99'],
        free_text: 'Printed books in English',
        shipper: { name: 'Smith Books Ltd', address: '1 Main St', city: 'Moscow', country_code: 'RU' },
      }),
    );
    expect(created).toMatchObject({
      serial_number: 'HAWB1',
      mawb: w.mawb,
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      weight_code: 'K',
      weight_kg: 40,
      shcs: ['PER'],
      hs_codes: ['490199'],
      consignee: null,
    });
    const byNumber = await call('GET', `${housesUrl(w.mawb)}/${created.id}`, token.fwdA);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().shipper).toMatchObject({ name: 'Smith Books Ltd', city: 'Moscow', tax_id: null });

    const list = await call('GET', housesUrl(w), token.su);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totals).toEqual({ pieces: 1, weight_kg: 40, master_pieces: 2, master_weight_kg: 100 });
    expect(list.json().data.map((h: { id: number }) => h.id)).toEqual([created.id]);

    const patched = await call('PATCH', `${housesUrl(w)}/${created.id}`, token.fwdA, {
      weight: 88,
      weight_code: 'L',
      free_text: '',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ weight: 88, weight_code: 'L', weight_kg: 39.916, free_text: null });

    const deleted = await call('DELETE', `${housesUrl(w)}/${created.id}`, token.fwdA);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', `${housesUrl(w)}/${created.id}`, token.fwdA)).statusCode).toBe(404);
    const log = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'house_waybill'), eq(changeLogs.record_id, created.id)))
      .orderBy(changeLogs.id);
    expect(log.map((l) => Object.keys(l.change_set).sort())).toEqual([
      expect.arrayContaining(['serial_number', 'pieces', 'weight', 'shipper']),
      ['free_text', 'weight', 'weight_code'],
      expect.arrayContaining(['serial_number', 'pieces', 'weight']),
    ]);
    expect(log[1]?.change_set.weight).toEqual([40, 88]);
    expect(log[2]?.change_set.serial_number).toEqual(['HAWB1', null]);
  });

  it('refuses a number already taken under the master (Exists), also on edit, and allows it under another master', async () => {
    const w = await master();
    const first = await addHouse(w, house({ serial_number: 'A1', weight: 10 }));
    await addHouse(w, house({ serial_number: 'A2', weight: 10 }));
    const again = await call('POST', housesUrl(w), token.fwdA, house({ serial_number: 'a1', weight: 10 }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', errors: { serial_number: ['Already taken'] } });
    const renamed = await call('PATCH', `${housesUrl(w)}/${first.id}`, token.fwdA, { serial_number: 'A2' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error).toBe('Exists');
    await addHouse(await master(), house({ serial_number: 'A1' }));
  });

  it('answers EmptyFields "must exist" for a house under a master that does not exist or is not the caller\'s', async () => {
    const missing = await call('POST', housesUrl({ id: 999_999 }), token.fwdA, house());
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: 'EmptyFields', message: 'must exist' });
    const w = await master();
    const foreign = await call('POST', housesUrl(w), token.fwdB, house());
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error).toBe('EmptyFields');
    expect(await ctx.database.db.select().from(airWaybills).where(eq(airWaybills.id, w.id))).toHaveLength(1);
  });

  it("keeps the houses' pieces and weight within the master's, counting pounds as kg", async () => {
    const w = await master({ pieces: 3, weight: '100.000' });
    const h1 = await addHouse(w, house({ serial_number: 'T1', pieces: 2, weight: 60 }));
    const pieces = await call('POST', housesUrl(w), token.fwdA, house({ serial_number: 'T2', pieces: 2, weight: 1 }));
    expect(pieces.statusCode).toBe(422);
    expect(pieces.json()).toMatchObject({
      error: 'ValidationFailed',
      message: 'The house waybills hold 4 pieces, more than the 3 of the air waybill',
      message_key: { key: 'housePiecesOverMaster', params: { pieces: 4, master: 3 } },
    });
    const weight = await call('POST', housesUrl(w), token.fwdA, house({ serial_number: 'T2', weight: 40.5 }));
    expect(weight.statusCode).toBe(422);
    expect(weight.json().message).toBe('The house waybills weigh 100.5 kg, more than the 100 kg of the air waybill');
    // 88 lb = 39.916 kg: 99.916 kg in all.
    await addHouse(w, house({ serial_number: 'T2', weight: 88, weight_code: 'L' }));
    const grown = await call('PATCH', `${housesUrl(w)}/${h1.id}`, token.fwdA, { weight: 61 });
    expect(grown.statusCode).toBe(422);
    expect(grown.json().errors.weight).toHaveLength(1);
    const list = (await call('GET', housesUrl(w), token.fwdA)).json();
    expect(list.totals).toMatchObject({ pieces: 3, weight_kg: 99.916 });
  });

  it('lets only one of two houses added at once pass the totals check (the master row lock)', async () => {
    const w = await master({ pieces: 10, weight: '100.000' });
    const responses = await Promise.all(
      ['C1', 'C2', 'C3', 'C4'].map((serial) =>
        call('POST', housesUrl(w), token.fwdA, house({ serial_number: serial, pieces: 1, weight: 60 })),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const list = (await call('GET', housesUrl(w), token.fwdA)).json();
    expect(list.totals).toMatchObject({ pieces: 1, weight_kg: 60 });
  });

  it('refuses a description that is not Latin, a bad number and unknown airports', async () => {
    const w = await master();
    const cyrillic = await call('POST', housesUrl(w), token.fwdA, house({ manifest_description_of_goods: 'Книги' }));
    expect(cyrillic.statusCode).toBe(422);
    expect(cyrillic.json().error_keys.manifest_description_of_goods[0].key).toBe('latinOnly');
    const number = await call('POST', housesUrl(w), token.fwdA, house({ serial_number: 'AB-12' }));
    expect(number.statusCode).toBe(422);
    expect(Object.keys(number.json().errors)).toEqual(['serial_number']);
    const airport = await call('POST', housesUrl(w), token.fwdA, house({ destination_iata: 'QQQ' }));
    expect(airport.statusCode).toBe(422);
    expect(airport.json().message).toBe('Airport not found');
  });

  it('refuses changes of the houses of a voided master, and leaves them as they were', async () => {
    const w = await master();
    const h = await addHouse(w, house());
    await db.update(airWaybills).set({ voided: true }).where(eq(airWaybills.id, w.id));
    for (const [method, url, body] of [
      ['POST', housesUrl(w), house({ serial_number: 'V2', weight: 1 })],
      ['PATCH', `${housesUrl(w)}/${h.id}`, { pieces: 2 }],
      ['DELETE', `${housesUrl(w)}/${h.id}`, undefined],
    ] as const) {
      const response = await call(method, url, token.fwdA, body);
      expect(response.statusCode, `${method} ${url}`).toBe(422);
      expect(response.json().message).toBe('The shipment is voided and cannot change');
    }
    const list = (await call('GET', housesUrl(w), token.fwdA)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].pieces).toBe(1);
  });

  it("keeps forwarder B away from A's houses and the airline from changing them", async () => {
    const w = await master();
    const h = await addHouse(w, house());
    for (const [method, url] of [
      ['GET', housesUrl(w)],
      ['GET', `${housesUrl(w)}/${h.id}`],
      ['GET', `${housesUrl(w)}/${h.id}/json`],
      ['GET', `${housesUrl(w)}/${h.id}/cimp`],
      ['GET', `/api/v3/air_waybills/${w.id}/fhl`],
      ['GET', `/api/v3/air_waybills/${w.id}/eap.cimp`],
      ['PATCH', `${housesUrl(w)}/${h.id}`],
      ['DELETE', `${housesUrl(w)}/${h.id}`],
    ] as const) {
      const response = await call(method, url, token.fwdB, method === 'PATCH' ? { pieces: 2 } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('HAWB1');
    }
    // The airline reads the houses of its waybills but does not write them (house_waybills:write).
    expect((await call('GET', `${housesUrl(w)}/${h.id}`, token.su)).statusCode).toBe(200);
    expect((await call('PATCH', `${housesUrl(w)}/${h.id}`, token.su, { pieces: 2 })).statusCode).toBe(403);
    const after = (await call('GET', `${housesUrl(w)}/${h.id}`, token.fwdA)).json();
    expect(after.pieces).toBe(1);
  });
});

describe('Cargo-IMP texts', () => {
  it('writes the FHL of all houses and of one house with its parties; both parse back with the package parser', async () => {
    const w = await master({ pieces: 5, weight: '250.500' });
    const h1 = await addHouse(
      w,
      house({
        serial_number: 'HB001',
        pieces: 2,
        weight: 120.5,
        manifest_description_of_goods: 'Spare parts',
        shcs: ['PER'],
        hs_codes: ['847330', '847160'],
        free_text: 'Model 3 memory boards / assorted parts',
        shipper: {
          name: 'Société Générale Export',
          address: 'Rue de la Paix 5',
          city: 'Paris',
          country_code: 'FR',
          post_code: '75002',
          contacts: '+33 1 23 45 67 89',
        },
        consignee: { name: 'Almaty Trading LLP', city: 'Almaty', country_code: 'KZ' },
      }),
    );
    await addHouse(w, house({ serial_number: 'HB002', pieces: 3, weight: 130 }));

    const all = await call('GET', `/api/v3/air_waybills/${w.id}/fhl`, token.fwdA);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toContain('text/plain');
    const parsed = parseFhl(all.body);
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(parsed.message.master).toEqual({
      awb: w.mawb,
      origin: 'SVO',
      destination: 'ALA',
      pieces: 5,
      weight: { unit: 'K', value: 250.5 },
    });
    expect(parsed.message.houses.map((h) => [h.hawb, h.pieces, h.weight.value])).toEqual([
      ['HB001', 2, 120.5],
      ['HB002', 3, 130],
    ]);
    expect(parsed.message.houses[0]).toMatchObject({
      description: 'SPARE PARTS',
      shc: ['PER'],
      hsCodes: ['847330', '847160'],
      freeText: ['MODEL 3 MEMORY BOARDS / ASSORTED PARTS'],
    });
    expect(parsed.message.shipper).toBeUndefined();

    const one = await call('GET', `${housesUrl(w)}/${h1.id}/cimp`, token.su);
    expect(one.statusCode, one.body).toBe(200);
    const single = parseFhl(one.body);
    expect(single.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(single.message.shipper).toMatchObject({
      name: ['SOCIETE GENERALE EXPORT'],
      address: ['RUE DE LA PAIX 5'],
      place: 'PARIS',
      country: 'FR',
      postcode: '75002',
      contacts: [{ id: 'TE', number: '+33 1 23 45 67 89' }],
    });
    expect(single.message.consignee).toMatchObject({ name: ['ALMATY TRADING LLP'], place: 'ALMATY', country: 'KZ' });

    const json = await call('GET', `${housesUrl(w)}/${h1.id}/json`, token.fwdA);
    expect(json.statusCode, json.body).toBe(200);
    expect(FhlSchema.safeParse(json.json()).success).toBe(true);
    expect(json.json()).toEqual(JSON.parse(JSON.stringify(single.message)));
  });

  it('refuses the FHL of a master without houses', async () => {
    const w = await master();
    const response = await call('GET', `/api/v3/air_waybills/${w.id}/fhl`, token.fwdA);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The air waybill has no house waybills');
  });

  it('writes the FWB of the master through the package; it parses back without errors', async () => {
    const w = await master({
      pieces: 3,
      weight: '45.500',
      volume: '0.350',
      commodity: 'Electronics',
      shcs: ['ELI'],
      hs_codes: ['851712'],
      currency: 'RUB',
      special_service_request: 'Keep dry',
      charge_weight: '58.500',
      shipper: {
        name: 'Shipper Co',
        address: 'Leninsky 1',
        city: 'Moscow',
        state: null,
        country_code: 'RU',
        post_code: '119049',
        contacts: '+7 495 123 45 67',
        tax_id: null,
      },
      route_data: [
        { origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1940', date: '2026-06-15', segment_id: null },
      ],
    });
    await db.insert(awbRateLines).values([
      {
        air_waybill_id: w.id,
        code: 'FR',
        rate_class_code: 'N',
        rate: '120.0000',
        amount: '7020.00',
        currency: 'RUB',
        calculation_type: 'auto',
      },
      { air_waybill_id: w.id, code: 'MY', amount: '500.00', currency: 'RUB', calculation_type: 'auto' },
    ]);
    const response = await call('GET', `/api/v3/air_waybills/${w.mawb}/eap.cimp`, token.su);
    expect(response.statusCode, response.body).toBe(200);
    const parsed = parseFwb(response.body);
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(parsed.message).toMatchObject({
      awb: w.mawb,
      origin: 'SVO',
      destination: 'ALA',
      pieces: 3,
      weight: { unit: 'K', value: 45.5 },
      volume: { unit: 'MC', value: 0.35 },
      flights: [{ carrier: 'SU', number: '1940', day: '15' }],
      routing: [{ airport: 'ALA', carrier: 'SU' }],
      ssr: ['KEEP DRY'],
      charges: { currency: 'RUB', weightValuation: 'P', other: 'P' },
      shc: ['ELI'],
      otherCharges: [{ pc: 'P', code: 'MY', entitlement: 'C', amount: '500.00' }],
      prepaid: { weight: '7020.00', dueCarrier: '500.00', total: '7520.00' },
    });
    expect(parsed.message.shipper).toMatchObject({ name: ['SHIPPER CO'], place: 'MOSCOW', country: 'RU' });
    expect(parsed.message.rates[0]).toMatchObject({ pieces: 3, rateClass: 'N', chargeableWeight: 58.5 });
  });
});

describe('FWB without parties', () => {
  it('refuses the FWB of a waybill whose consignee has no name (FWB needs SHP and CNE)', async () => {
    const w = await master({
      consignee: {
        name: null,
        address: null,
        city: null,
        state: null,
        country_code: null,
        post_code: null,
        contacts: null,
        tax_id: null,
      },
    });
    const response = await call('GET', `/api/v3/air_waybills/${w.id}/eap.cimp`, token.fwdA);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['consignee.name']);
  });
});

describe('previous special service requests', () => {
  it("lists the distinct texts of the caller's company's waybills, newest first, narrowed by a prefix", async () => {
    await master({ special_service_request: 'Keep upright', created_at: new Date('2026-01-01T00:00:00Z') });
    await master({ special_service_request: 'Keep upright', created_at: new Date('2026-01-02T00:00:00Z') });
    await master({ special_service_request: 'Fragile glass', created_at: new Date('2026-01-03T00:00:00Z') });
    await createAirWaybill(ctx, { forwarder_id: id.FWDB, prefix: '555', special_service_request: 'Secret of B' });
    const a = await call('GET', '/api/v3/air_waybills/previous_special_service_requests', token.fwdA);
    expect(a.statusCode, a.body).toBe(200);
    const texts: string[] = a.json().data;
    expect(texts.filter((t) => t === 'Keep upright')).toHaveLength(1);
    expect(texts.indexOf('Fragile glass')).toBeLessThan(texts.indexOf('Keep upright'));
    expect(a.json().data).not.toContain('Secret of B');
    const narrowed = await call('GET', '/api/v3/air_waybills/previous_special_service_requests?q=keep', token.fwdA);
    expect(narrowed.json().data).toContain('Keep upright');
    expect(narrowed.json().data).not.toContain('Fragile glass');
    const b = await call('GET', '/api/v3/air_waybills/previous_special_service_requests', token.fwdB);
    expect(b.json().data).toContain('Secret of B');
    expect(b.json().data).not.toContain('Fragile glass');
  });
});
