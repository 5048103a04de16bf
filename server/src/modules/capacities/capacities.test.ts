import { randomBytes } from 'node:crypto';
import { CAPACITY_UPLOAD_MAX_BYTES } from '@aircargo/contract/flights';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { memberships, paxOdAverages, segmentPayloads, users } from '../../db/schema';
import { createTestApp, DEMO } from '../../test/harness';

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

/** Switches the SU manager's session to another of the user's SU roles. */
async function suActsAs(role: 'manager' | 'operator' | 'billing') {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(users.email, DEMO.suManager), eq(memberships.role, role)));
  const response = await call('PATCH', '/api/v3/profiles/me/current_role', token.su, { role_id: row!.id });
  expect(response.statusCode).toBe(200);
}

/** Sends a file as the multipart field `file`. */
function upload(url: string, bearer: string, file: Buffer, field = 'file', filename = 'upload.xlsx') {
  const boundary = '----capacity-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...ctx.as(bearer), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('aircraft capacities', () => {
  it("lists every aircraft type of the reference with the airline's weight and volume, null where unset", async () => {
    const response = await call('GET', '/api/v3/aircraft_capacities', token.su);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as { aircraft_type: string; weight: number | null }[];
    expect(list.length).toBeGreaterThan(50);
    expect(list.find((r) => r.aircraft_type === '77F')).toMatchObject({ weight: null, volume: null });
  });

  it('sets capacities per type for the own airline only, and KC does not see them', async () => {
    const response = await call('PATCH', '/api/v3/aircraft_capacities', token.su, {
      capacities: [
        { aircraft_type: '77f', weight: 102000, volume: 653.5 },
        { aircraft_type: '321', weight: 3500, volume: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const su = response.json() as { aircraft_type: string; weight: number | null; volume: number | null }[];
    expect(su.find((r) => r.aircraft_type === '77F')).toMatchObject({ weight: 102000, volume: 653.5 });
    expect(su.find((r) => r.aircraft_type === '321')).toMatchObject({ weight: 3500, volume: null });
    const kc = (await call('GET', '/api/v3/aircraft_capacities', token.kc)).json() as typeof su;
    expect(kc.find((r) => r.aircraft_type === '77F')).toMatchObject({ weight: null, volume: null });
    // Both null removes the value; an update is an upsert.
    await call('PATCH', '/api/v3/aircraft_capacities', token.su, {
      capacities: [{ aircraft_type: '321', weight: null, volume: null }],
    });
    const after = (await call('GET', '/api/v3/aircraft_capacities', token.su)).json() as typeof su;
    expect(after.find((r) => r.aircraft_type === '321')).toMatchObject({ weight: null, volume: null });
    expect(after.find((r) => r.aircraft_type === '77F')).toMatchObject({ weight: 102000 });
  });

  it('refuses an unknown aircraft type and changes nothing', async () => {
    const response = await call('PATCH', '/api/v3/aircraft_capacities', token.su, {
      capacities: [
        { aircraft_type: '320', weight: 4000, volume: 20 },
        { aircraft_type: 'ZZ9', weight: 1, volume: 1 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'capacities.1.aircraft_type': ['Aircraft type not found'] });
    const list = (await call('GET', '/api/v3/aircraft_capacities', token.su)).json() as { aircraft_type: string }[];
    expect(list.find((r) => r.aircraft_type === '320')).toMatchObject({ weight: null });
  });

  it('needs airline_id from the platform, and answers 404 to an airline naming another airline', async () => {
    expect((await call('GET', '/api/v3/aircraft_capacities', token.platform)).statusCode).toBe(422);
    const platform = await call('GET', `/api/v3/aircraft_capacities?airline_id=${id.SU}`, token.platform);
    expect((platform.json() as { aircraft_type: string }[]).find((r) => r.aircraft_type === '77F')).toMatchObject({
      weight: 102000,
    });
    expect((await call('GET', `/api/v3/aircraft_capacities?airline_id=${id.SU}`, token.kc)).statusCode).toBe(404);
    const write = await call('PATCH', '/api/v3/aircraft_capacities', token.kc, {
      airline_id: id.SU,
      capacities: [{ aircraft_type: '77F', weight: 1, volume: 1 }],
    });
    expect(write.statusCode).toBe(404);
  });

  it("lets a forwarder read the capacities of an airline it holds an agreement with, no one else's", async () => {
    // Forwarder B has an agreement with SU only.
    expect((await call('GET', `/api/v3/aircraft_capacities?airline_id=${id.SU}`, token.fwdB)).statusCode).toBe(200);
    expect((await call('GET', `/api/v3/aircraft_capacities?airline_id=${id.KC}`, token.fwdB)).statusCode).toBe(404);
    const write = await call('PATCH', '/api/v3/aircraft_capacities', token.fwdA, {
      capacities: [{ aircraft_type: '77F', weight: 1, volume: 1 }],
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('segment payloads', () => {
  const URL = '/api/v3/segment_payloads';
  let created = 0;

  it('creates, lists, edits and deletes, scoped to the airline', async () => {
    const response = await call('POST', URL, token.su, {
      origin: 'svo',
      destination: 'ala',
      aircraft_type: '321',
      reg_numbers: ['vp-bax'],
      payload: 19000,
      season: 'summer',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      airline_id: id.SU,
      origin: 'SVO',
      destination: 'ALA',
      reg_numbers: ['VP-BAX'],
      payload: 19000,
    });
    created = response.json().id;
    const kcList = await call('GET', URL, token.kc);
    expect(kcList.json().data).toEqual([]);
    expect((await call('PATCH', `${URL}/${created}`, token.kc, { payload: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}/${created}`, token.kc)).statusCode).toBe(404);
    const edited = await call('PATCH', `${URL}/${created}`, token.su, { payload: 18500.5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ payload: 18500.5, season: 'summer' });
    const list = await call('GET', `${URL}?origin=SVO`, token.su);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(created);
    expect(list.json().meta).toMatchObject({ total_count: 1 });
  });

  it('answers Exists with a message key for a duplicate route, aircraft type and season', async () => {
    const response = await call('POST', URL, token.su, {
      origin: 'SVO',
      destination: 'ALA',
      aircraft_type: '321',
      payload: 1000,
      season: 'summer',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'Exists', message_key: { key: 'segmentPayloadExists' } });
  });

  it('refuses unknown airports and aircraft types, and the same origin and destination', async () => {
    const response = await call('POST', URL, token.su, {
      origin: 'QQQ',
      destination: 'ALA',
      aircraft_type: 'ZZ9',
      payload: 1000,
      season: 'winter',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      origin: ['Airport not found'],
      aircraft_type: ['Aircraft type not found'],
    });
    const same = await call('POST', URL, token.su, {
      origin: 'ALA',
      destination: 'ALA',
      aircraft_type: '321',
      payload: 1000,
      season: 'winter',
    });
    expect(same.json().errors).toEqual({ destination: ['must differ from origin'] });
  });

  it('needs airline_id from the platform and refuses an operator of another company type', async () => {
    const body = { origin: 'ALA', destination: 'SVO', aircraft_type: '321', payload: 1000, season: 'winter' };
    expect((await call('POST', URL, token.platform, body)).statusCode).toBe(422);
    const made = await call('POST', URL, token.platform, { ...body, airline_id: id.KC });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().airline_id).toBe(id.KC);
    expect((await call('POST', URL, token.platform, { ...body, airline_id: id.FWDA })).statusCode).toBe(404);
    expect((await call('POST', URL, token.fwdA, body)).statusCode).toBe(403);
  });

  it('deletes', async () => {
    expect((await call('DELETE', `${URL}/${created}`, token.su)).statusCode).toBe(204);
    expect((await call('DELETE', `${URL}/${created}`, token.su)).statusCode).toBe(404);
  });
});

describe('XLSX upload and template', () => {
  it('serves a real XLSX template with the header row and an example row', async () => {
    const response = await call('GET', '/api/v3/segment_payloads/template.xlsx', token.su);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('segment_payloads_template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'origin',
      'destination',
      'aircraft_type',
      'season',
      'payload',
      'reg_numbers',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('SVO');
  });

  it('round trip: the template filled in and uploaded creates the rows; the same file again changes nothing', async () => {
    const template = await call('GET', '/api/v3/pax_od_averages/template.xlsx', token.kc);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    // The example row (SVO-ALA 321 142) stays; two rows are added.
    sheet.addRow(['ALA', 'NQZ', '320', 98]);
    sheet.addRow(['nqz', 'ala', '320', '101.5']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const first = await upload('/api/v3/pax_od_averages/upload', token.kc, file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      created: 3,
      updated: 0,
      failed: 0,
      rows: [
        { row: 2, status: 'created', errors: [] },
        { row: 3, status: 'created', errors: [] },
        { row: 4, status: 'created', errors: [] },
      ],
    });
    const rows = await db.select().from(paxOdAverages).where(eq(paxOdAverages.airline_id, id.KC));
    expect(rows.map((r) => `${r.origin}-${r.destination} ${r.aircraft_type} ${Number(r.quantity)}`).sort()).toEqual([
      'ALA-NQZ 320 98',
      'NQZ-ALA 320 101.5',
      'SVO-ALA 321 142',
    ]);
    const again = await upload('/api/v3/pax_od_averages/upload', token.kc, file);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(again.json().rows.map((r: { status: string }) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    // SU sees none of KC's rows.
    expect((await call('GET', '/api/v3/pax_od_averages', token.su)).json().data).toEqual([]);
  });

  it('reports bad rows by row number, writes nothing for them and imports the rest', async () => {
    await suActsAs('manager');
    const file = await workbook([
      ['Origin', 'Destination', 'Aircraft_Type', 'Season', 'Payload', 'Reg_Numbers'],
      ['SVO', 'LED', '320', 'winter', 16000, 'VP-BAA, VP-BAB'],
      ['SVO', 'XXX', '320', 'winter', 16000, null],
      [null, null, null, null, null, null],
      ['LED', 'SVO', '320', 'autumn', 'heavy', null],
      ['SVO', 'LED', '320', 'winter', 15000, null],
      ['LED', 'SVO', '320', 'summer', 17000, null],
    ]);
    const response = await upload('/api/v3/segment_payloads/upload', token.su, file);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 2, updated: 0, failed: 3 });
    expect(report.rows).toEqual([
      { row: 2, status: 'created', errors: [] },
      { row: 3, status: 'failed', errors: ['destination: Airport not found'] },
      { row: 5, status: 'failed', errors: ['payload: invalid format', 'season: must be one of summer, winter'] },
      { row: 6, status: 'failed', errors: ['row: the same record as row 2'] },
      { row: 7, status: 'created', errors: [] },
    ]);
    const stored = await db.select().from(segmentPayloads).where(eq(segmentPayloads.airline_id, id.SU));
    expect(
      stored.map((r) => `${r.origin}-${r.destination} ${r.season} ${Number(r.payload)} ${r.reg_numbers}`).sort(),
    ).toEqual(['LED-SVO summer 17000 ', 'SVO-LED winter 16000 VP-BAA,VP-BAB']);
    // An upload updates by the natural key.
    const update = await upload(
      '/api/v3/segment_payloads/upload',
      token.su,
      await workbook([
        ['origin', 'destination', 'aircraft_type', 'season', 'payload'],
        ['SVO', 'LED', '320', 'winter', 16500],
      ]),
    );
    expect(update.json()).toMatchObject({ created: 0, updated: 1, rows: [{ row: 2, status: 'updated' }] });
  });

  it('answers a clear 4xx to a file that is not XLSX, a missing file and a header without the columns', async () => {
    const text = await upload(
      '/api/v3/segment_payloads/upload',
      token.su,
      Buffer.from('origin,destination\nSVO,LED\n'),
    );
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({
      message_key: { key: 'uploadNotXlsx' },
      errors: { file: [expect.any(String)] },
    });
    const zipNotXlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    expect((await upload('/api/v3/segment_payloads/upload', token.su, zipNotXlsx)).statusCode).toBe(422);
    const wrongField = await upload('/api/v3/segment_payloads/upload', token.su, await workbook([['a']]), 'other');
    expect(wrongField.json().message_key.key).toBe('uploadFileMissing');
    const json = await call('POST', '/api/v3/segment_payloads/upload', token.su, {});
    expect(json.statusCode).toBe(422);
    expect(json.json().message_key.key).toBe('uploadFileMissing');
    const header = await upload('/api/v3/segment_payloads/upload', token.su, await workbook([['origin', 'payload']]));
    expect(header.statusCode).toBe(422);
    expect(header.json().message).toBe('The header row lacks the columns destination, aircraft_type, season');
  });

  it('takes files above the JSON body limit up to the upload limit, and answers 413 beyond it', async () => {
    const rows: (string | number)[][] = [['origin', 'destination', 'aircraft_type', 'quantity']];
    // Random text in an extra column makes a workbook of a few MB that compression cannot shrink.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow([...rows[0]!, 'note']);
    for (let i = 0; i < 2_000; i++) sheet.addRow(['SVO', 'LED', '320', 100, randomBytes(600).toString('base64')]);
    const big = Buffer.from(await book.xlsx.writeBuffer());
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const accepted = await upload('/api/v3/pax_od_averages/upload', token.su, big);
    expect(accepted.statusCode, accepted.body.slice(0, 200)).toBe(200);
    expect(accepted.json().failed).toBe(1_999);
    const huge = Buffer.concat([big, Buffer.alloc(CAPACITY_UPLOAD_MAX_BYTES)]);
    const refused = await upload('/api/v3/pax_od_averages/upload', token.su, huge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: 'PayloadTooLarge', message: 'The file is larger than 5 MB' });
  });

  it('refuses uploads to callers without the write permission', async () => {
    const file = await workbook([['origin', 'destination', 'aircraft_type', 'quantity']]);
    expect((await upload('/api/v3/pax_od_averages/upload', token.fwdA, file)).statusCode).toBe(403);
    await suActsAs('billing');
    expect((await upload('/api/v3/pax_od_averages/upload', token.su, file)).statusCode).toBe(403);
    await suActsAs('manager');
  });
});

describe('baggage stats and averages', () => {
  const STATS = '/api/v3/baggage_stats';
  const AVERAGES = '/api/v3/baggage_averages';

  it('computes an average from the statistics of its route and period and follows their changes', async () => {
    const stat = async (flight_date: string, pax: number, baggage_weight: number) => {
      const response = await call('POST', STATS, token.su, {
        origin: 'SVO',
        destination: 'AER',
        flight_date,
        pax,
        baggage_pcs: pax,
        baggage_weight,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    await stat('2026-06-01', 100, 1500);
    const second = await stat('2026-06-15', 150, 2250.5);
    await stat('2026-07-02', 80, 999);
    const created = await call('POST', AVERAGES, token.su, {
      origin: 'SVO',
      destination: 'AER',
      beginning_of_period: '2026-06-01',
      end_of_period: '2026-06-30',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      total_baggage_weight: 3750.5,
      total_baggage_pcs: 250,
      total_pax: 250,
      segments_count: 2,
      average_baggage_weight: 15.002,
      weight_stat: 15.002,
      weight_data: 15.002,
      manual_average_baggage_weight: null,
    });
    const averageId = created.json().id as number;
    // A stat moved out of the period and one deleted: the average follows.
    expect((await call('PATCH', `${STATS}/${second}`, token.su, { flight_date: '2026-07-10' })).statusCode).toBe(200);
    let average = (await call('GET', `${AVERAGES}?origin=SVO&destination=AER`, token.su)).json().data[0];
    expect(average).toMatchObject({ id: averageId, total_pax: 100, segments_count: 1, average_baggage_weight: 15 });
    const edited = await call('PATCH', `${AVERAGES}/${averageId}`, token.su, {
      end_of_period: '2026-07-31',
      manual_average_baggage_weight: 14,
    });
    expect(edited.json()).toMatchObject({ total_pax: 330, segments_count: 3, weight_data: 14 });
    expect((await call('DELETE', `${STATS}/${second}`, token.su)).statusCode).toBe(204);
    average = (await call('GET', AVERAGES, token.su)).json().data[0];
    expect(average).toMatchObject({ total_pax: 180, segments_count: 2, total_baggage_weight: 2499 });
    const duplicate = await call('POST', AVERAGES, token.su, {
      origin: 'SVO',
      destination: 'AER',
      beginning_of_period: '2026-06-01',
      end_of_period: '2026-06-10',
    });
    expect(duplicate.json()).toMatchObject({ error: 'Exists', message_key: { key: 'baggageAverageExists' } });
    const reversed = await call('POST', AVERAGES, token.su, {
      origin: 'SVO',
      destination: 'AER',
      beginning_of_period: '2026-08-10',
      end_of_period: '2026-08-01',
    });
    expect(reversed.json().errors).toEqual({ end_of_period: ['must not be before beginning_of_period'] });
  });

  it('reads one stat of the own airline; KC and forwarders get 404', async () => {
    const list = (await call('GET', STATS, token.su)).json().data as { id: number }[];
    const one = list[0]!.id;
    expect((await call('GET', `${STATS}/${one}`, token.su)).json()).toMatchObject({ id: one, origin: 'SVO' });
    expect((await call('GET', `${STATS}/${one}`, token.kc)).statusCode).toBe(404);
    expect((await call('GET', `${STATS}/${one}`, token.fwdB)).statusCode).toBe(404);
    expect((await call('GET', `${STATS}/${one}`, token.platform)).statusCode).toBe(200);
  });

  it('lets only the platform and airline managers write stats, without a subdomain or on the named one', async () => {
    const body = {
      origin: 'SVO',
      destination: 'LED',
      flight_date: '2026-05-05',
      pax: 10,
      baggage_pcs: 10,
      baggage_weight: 150,
    };
    await suActsAs('operator');
    expect((await call('POST', STATS, token.su, body)).statusCode).toBe(403);
    // The operator still writes the other capacity records.
    const payload = await call('POST', '/api/v3/pax_od_averages', token.su, {
      origin: 'SVO',
      destination: 'AER',
      aircraft_type: '320',
      quantity: 120,
    });
    expect(payload.statusCode, payload.body).toBe(201);
    await suActsAs('manager');
    const onKc = await ctx.app.inject({
      method: 'POST',
      url: STATS,
      headers: { ...ctx.as(token.su), 'x-carrier': 'kc' },
      payload: body,
    });
    expect(onKc.statusCode).toBe(403);
    const onSu = await ctx.app.inject({
      method: 'POST',
      url: STATS,
      headers: { ...ctx.as(token.su), 'x-carrier': 'su' },
      payload: body,
    });
    expect(onSu.statusCode, onSu.body).toBe(201);
  });

  it('refuses a segment of another airline', async () => {
    const response = await call('POST', STATS, token.kc, {
      segment_id: 999999,
      origin: 'ALA',
      destination: 'NQZ',
      flight_date: '2026-05-05',
      pax: 10,
      baggage_pcs: 10,
      baggage_weight: 150,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['segment_id']);
  });

  it('uploads stats by route and day, recomputes the averages and refuses a day with several stats', async () => {
    const average = await call('POST', AVERAGES, token.su, {
      origin: 'LED',
      destination: 'AER',
      beginning_of_period: '2026-09-01',
      end_of_period: '2026-09-30',
    });
    expect(average.statusCode, average.body).toBe(201);
    for (let i = 0; i < 2; i++) {
      const twin = await call('POST', STATS, token.su, {
        origin: 'LED',
        destination: 'AER',
        flight_date: '2026-09-20',
        pax: 10,
        baggage_pcs: 10,
        baggage_weight: 100,
      });
      expect(twin.statusCode).toBe(201);
    }
    const template = await call('GET', '/api/v3/baggage_stats/template.xlsx', token.su);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'origin',
      'destination',
      'flight_date',
      'pax',
      'baggage_pcs',
      'baggage_weight',
    ]);
    sheet.spliceRows(2, 1);
    sheet.addRow(['LED', 'AER', new Date(Date.UTC(2026, 8, 5)), 120, 100, 1800]);
    sheet.addRow(['LED', 'AER', '2026-09-06', 80, 70, 1000.5]);
    sheet.addRow(['LED', 'AER', '2026-09-20', 50, 40, 700]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const first = await upload('/api/v3/baggage_stats/upload', token.su, file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, updated: 0, failed: 1 });
    expect(first.json().rows[2]).toEqual({
      row: 4,
      status: 'failed',
      errors: ['flight_date: several baggage stats of this route and day exist: edit them one by one'],
    });
    const after = (await call('GET', `${AVERAGES}?origin=LED&destination=AER`, token.su)).json().data[0];
    expect(after).toMatchObject({ total_pax: 220, segments_count: 4, total_baggage_weight: 3000.5 });
    // The same day again updates its stat; the average follows.
    const again = await upload(
      '/api/v3/baggage_stats/upload',
      token.su,
      await workbook([
        ['origin', 'destination', 'flight_date', 'pax', 'baggage_pcs', 'baggage_weight'],
        ['LED', 'AER', '2026-09-05', 120, 100, 1800],
        ['LED', 'AER', '2026-09-06', 90, 70, 1000.5],
      ]),
    );
    expect(again.json().rows.map((r: { status: string }) => r.status)).toEqual(['unchanged', 'updated']);
    const updated = (await call('GET', `${AVERAGES}?origin=LED&destination=AER`, token.su)).json().data[0];
    expect(updated).toMatchObject({ total_pax: 230, segments_count: 4 });
    // Only the baggage statistics permission uploads them.
    await suActsAs('operator');
    expect((await upload('/api/v3/baggage_stats/upload', token.su, file)).statusCode).toBe(403);
    await suActsAs('manager');
  });
});
