import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allotments, changeLogs, segments } from '../../db/schema';
import { FrozenClock } from '../../platform/clock';
import { addUser, createBooking, createFlight } from '../../test/factories';
import { createTestApp, DEMO, type TestContext } from '../../test/harness';

// Settings / allotments (seed 001 sections 3 and 7): CRUD, tenancy, permissions and the seed's messages.
const clock = new FrozenClock('2026-11-23T12:00:00Z');
let ctx: TestContext;
let platform: string;
let su: string;
let kc: string;
let fwdA: string;
let suBilling: string;
let suOperator: string;
let ids: Awaited<ReturnType<TestContext['companyIds']>>;

const URL = '/api/v3/allotments';

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  [platform, su, kc, fwdA] = await Promise.all([
    ctx.signIn(DEMO.platform),
    ctx.signIn(DEMO.suManager),
    ctx.signIn(DEMO.xxManager),
    ctx.signIn(DEMO.fwdA),
  ]);
  ids = await ctx.companyIds();
  suBilling = (await addUser(ctx, ids.SU, 'billing')).token;
  suOperator = (await addUser(ctx, ids.SU, 'operator')).token;
}, 120_000);

/** A one-leg SU flight SVO-LED with a capacity, returning its segment id. */
let flightNumber = 7100;
async function suSegment(weight = 1000, volume = 10): Promise<number> {
  flightNumber += 1;
  const f = await createFlight(ctx, ids.SU, {
    date: '2027-03-10',
    number: flightNumber,
    legs: [{ origin: 'SVO', destination: 'LED', std: '2027-03-10T07:00:00Z', sta: '2027-03-10T08:30:00Z' }],
  });
  await ctx.database.db
    .update(segments)
    .set({ capacity_weight: weight.toFixed(3), capacity_volume: volume.toFixed(3) })
    .where(inArray(segments.id, f.segmentIds));
  return f.segmentIds[0] as number;
}

const routeAllotment = (overrides: Record<string, unknown> = {}) => ({
  origin_iata: 'SVO',
  destination_iata: 'KZN',
  forwarder_id: ids.FWDA,
  type: 'soft',
  weight: 800,
  volume: 5.5,
  timelimit_to_std: 24,
  valid_until: '2027-12-31',
  postal: true,
  ...overrides,
});

describe('allotments CRUD', () => {
  it("creates a route allotment for the airline's own carrier, lists, changes and deletes it with a change log", async () => {
    const created = await ctx.call('POST', URL, su, routeAllotment());
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      airline_id: ids.SU,
      carrier: 'SU',
      origin_iata: 'SVO',
      destination_iata: 'KZN',
      forwarder_id: ids.FWDA,
      forwarder_short_name: 'FWDA',
      type: 'soft',
      weight: 800,
      volume: 5.5,
      timelimit_to_std: 24,
      segment_id: null,
      segment_number_with_date: null,
      valid_until: '2027-12-31',
      postal: true,
    });

    const listed = await ctx.call('GET', `${URL}?origin_iata=SVO&destination_iata=KZN`, su);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect(listed.json().meta.total_count).toBe(1);
    const byForwarder = await ctx.call('GET', `${URL}?forwarder_id=${ids.FWDB}&destination_iata=KZN`, su);
    expect(byForwarder.json().data).toEqual([]);

    const changed = await ctx.call('PATCH', `${URL}/${a.id}`, su, { weight: 900, postal: false, timelimit_to_std: 0 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ weight: 900, volume: 5.5, postal: false, timelimit_to_std: 0 });
    expect((await ctx.call('GET', `${URL}/${a.id}`, su)).json().weight).toBe(900);

    const removed = await ctx.call('DELETE', `${URL}/${a.id}`, su);
    expect(removed.statusCode).toBe(204);
    const gone = await ctx.call('GET', `${URL}/${a.id}`, su);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'NotFound', message: 'Allotment not found' });

    const logs = await ctx.database.db
      .select()
      .from(changeLogs)
      .where(inArray(changeLogs.record_id, [a.id]));
    const mine = logs.filter((l) => l.record_type === 'allotment');
    expect(mine).toHaveLength(3);
    expect(mine.some((l) => JSON.stringify(l.change_set).includes('[800,900]'))).toBe(true);
  });

  it("holds a flight's allotment on its segment and names the flight", async () => {
    const s = await suSegment(1000, 10);
    const created = await ctx.call('POST', URL, suOperator, {
      ...routeAllotment({ destination_iata: 'LED', weight: 300, volume: 3 }),
      segment_id: s,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().segment_id).toBe(s);
    expect(created.json().segment_number_with_date).toMatch(/^SU\d+\/10MAR$/);
    const bySegment = await ctx.call('GET', `${URL}?segment_id=${s}`, su);
    expect(bySegment.json().data).toHaveLength(1);
  });

  it('lets the platform create for any airline it names', async () => {
    const created = await ctx.call('POST', URL, platform, routeAllotment({ carrier: 'KC', destination_iata: 'ALA' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ carrier: 'KC', airline_id: ids.KC });
    const all = await ctx.call('GET', `${URL}?per_page=200`, platform);
    const carriers = new Set(all.json().data.map((r: { carrier: string }) => r.carrier));
    expect(carriers.has('KC') && carriers.has('SU')).toBe(true);
  });
});

describe('allotment rules and messages', () => {
  it('refuses the same allotment twice with Exists', async () => {
    const first = await ctx.call('POST', URL, su, routeAllotment({ destination_iata: 'AER' }));
    expect(first.statusCode, first.body).toBe(201);
    const again = await ctx.call('POST', URL, su, routeAllotment({ destination_iata: 'AER', weight: 10 }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'Exists', message: 'Allotment already exists' });
  });

  it('validates the body with the catalogue messages', async () => {
    const missing = await ctx.call('POST', URL, su, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.forwarder_id).toEqual(['required field']);
    expect(missing.json().errors.origin_iata).toEqual(['required field']);
    const bad = await ctx.call('POST', URL, su, routeAllotment({ weight: -1, timelimit_to_std: 10_000, type: 'x' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['weight', 'timelimit_to_std', 'type']));
    const lower = await ctx.call('POST', URL, su, routeAllotment({ origin_iata: 'svo' }));
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.origin_iata).toEqual(['invalid format']);
  });

  it("refuses another airline's carrier, a platform without one, and a company that is not a forwarder", async () => {
    const other = await ctx.call('POST', URL, su, routeAllotment({ carrier: 'KC' }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.carrier).toEqual(['must be one of SU']);
    const none = await ctx.call('POST', URL, platform, routeAllotment());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.carrier).toEqual(['required field']);
    const unknownAirline = await ctx.call('POST', URL, platform, routeAllotment({ carrier: 'ZZ' }));
    expect(unknownAirline.json()).toMatchObject({ message: 'Airline not found' });
    const notForwarder = await ctx.call('POST', URL, su, routeAllotment({ forwarder_id: ids.KC }));
    expect(notForwarder.statusCode).toBe(422);
    expect(notForwarder.json().errors.forwarder_id).toEqual(['Forwarder not found']);
  });

  it("refuses a flight off the route, another airline's flight, more than the flight holds, and less than is used", async () => {
    const s = await suSegment(1000, 10);
    const offRoute = await ctx.call('POST', URL, su, { ...routeAllotment({ destination_iata: 'KZN' }), segment_id: s });
    expect(offRoute.statusCode).toBe(422);
    expect(offRoute.json()).toMatchObject({ message: 'The flight does not fly this route' });
    const notOwn = await ctx.call('POST', URL, kc, { ...routeAllotment({ destination_iata: 'LED' }), segment_id: s });
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json().message).toBe('Flight not found');
    const tooBig = await ctx.call('POST', URL, su, {
      ...routeAllotment({ destination_iata: 'LED', weight: 1500, volume: 1 }),
      segment_id: s,
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toMatch(/^The allotment does not fit the free capacity of SU\d+\/10MAR$/);

    const held = await ctx.call('POST', URL, su, {
      ...routeAllotment({ destination_iata: 'LED', weight: 400, volume: 4, timelimit_to_std: 0 }),
      segment_id: s,
    });
    expect(held.statusCode, held.body).toBe(201);
    await createBooking(ctx, fwdA, [s], { weight: 300, volume: 2 }, { weight: 1000, volume: 10 });
    const below = await ctx.call('PATCH', `${URL}/${held.json().id}`, su, { weight: 200 });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ message: 'The allotment cannot be less than its bookings (300 kg, 2 m3)' });
    expect(below.json().errors.weight).toHaveLength(1);
  });
});

describe('allotment permissions and tenancy', () => {
  it('refuses a forwarder every call (403)', async () => {
    const mine = (await ctx.call('POST', URL, su, routeAllotment({ destination_iata: 'OVB' }))).json();
    expect((await ctx.call('GET', URL, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('GET', `${URL}/${mine.id}`, fwdA)).statusCode).toBe(403);
    const post = await ctx.call('POST', URL, fwdA, routeAllotment({ destination_iata: 'UFA' }));
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toBe('Forbidden');
    expect((await ctx.call('PATCH', `${URL}/${mine.id}`, fwdA, { weight: 1 })).statusCode).toBe(403);
    expect((await ctx.call('DELETE', `${URL}/${mine.id}`, fwdA)).statusCode).toBe(403);
  });

  it('lets an airline billing user read but not write', async () => {
    expect((await ctx.call('GET', URL, suBilling)).statusCode).toBe(200);
    const post = await ctx.call('POST', URL, suBilling, routeAllotment({ destination_iata: 'SVX' }));
    expect(post.statusCode).toBe(403);
  });

  it("keeps SU's allotments from KC: not listed, and not found to read, change or delete", async () => {
    const mine = (await ctx.call('POST', URL, su, routeAllotment({ destination_iata: 'KRR' }))).json();
    const kcList = await ctx.call('GET', `${URL}?per_page=200`, kc);
    expect(kcList.json().data.some((r: { carrier: string }) => r.carrier === 'SU')).toBe(false);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { weight: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const r = await ctx.call(method, `${URL}/${mine.id}`, kc, payload);
      expect(r.statusCode, method).toBe(404);
      expect(r.json().message).toBe('Allotment not found');
    }
    const still = await ctx.call('GET', `${URL}/${mine.id}`, su);
    expect(still.json().weight).toBe(800);
  });
});

/** Sends a file as the multipart field `file`. */
function upload(bearer: string, file: Buffer, field = 'file') {
  const boundary = '----allotment-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="allotments.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `${URL}/upload`,
    headers: { ...ctx.as(bearer), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const HEADER = [
  'carrier',
  'origin',
  'destination',
  'forwarder',
  'type',
  'weight',
  'volume',
  'flight',
  'flight_date',
  'valid_until',
  'timelimit_to_std',
  'postal',
];

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const allotmentsTo = (airlineId: number, destination: string) =>
  ctx.database.db
    .select()
    .from(allotments)
    .where(and(eq(allotments.airline_id, airlineId), eq(allotments.destination, destination)));

describe('allotments XLSX upload and template', () => {
  it('serves a template that reads back with the header row and an example row', async () => {
    const response = await ctx.call('GET', `${URL}/template.xlsx`, su);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('allotments_template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.getRow(2).getCell(2).value).toBe('SVO');
    expect(sheet.getRow(2).getCell(4).value).toBe('FWDA');
    expect((await ctx.call('GET', `${URL}/template.xlsx`, fwdA)).statusCode).toBe(403);
    expect((await ctx.call('GET', `${URL}/template.xlsx`, suBilling)).statusCode).toBe(403);
  });

  it('creates the rows of a good file: route and flight allotments, with a change log each', async () => {
    const s = await suSegment(2000, 20);
    const [seg] = await ctx.database.db.select().from(segments).where(eq(segments.id, s));
    const template = await ctx.call('GET', `${URL}/template.xlsx`, su);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    sheet.spliceRows(2, 1);
    sheet.addRow([null, 'SVO', 'MRV', 'fwdb', 'soft', 300, '2.5', null, null, '2027-06-30', 12, 'yes']);
    sheet.addRow(['SU', 'SVO', 'LED', 'FWDA', null, 500, 4, `SU${seg!.number}`, '2027-03-10', null, 0, null]);
    const response = await upload(su, Buffer.from(await book.xlsx.writeBuffer()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      created: 2,
      updated: 0,
      failed: 0,
      rows: [
        { row: 2, status: 'created', errors: [] },
        { row: 3, status: 'created', errors: [] },
      ],
    });
    const [route] = await allotmentsTo(ids.SU, 'MRV');
    expect(route).toMatchObject({
      carrier: 'SU',
      forwarder_id: ids.FWDB,
      type: 'soft',
      weight: '300.000',
      volume: '2.500',
      segment_id: null,
      valid_until: '2027-06-30',
      timelimit_to_std: 12,
      postal: true,
    });
    const flight = (await ctx.call('GET', `${URL}?segment_id=${s}`, su)).json().data;
    expect(flight).toHaveLength(1);
    expect(flight[0]).toMatchObject({ forwarder_id: ids.FWDA, type: 'hard', weight: 500, postal: false });
    const logs = await ctx.database.db
      .select()
      .from(changeLogs)
      .where(inArray(changeLogs.record_id, [route!.id, flight[0].id]));
    expect(logs.filter((l) => l.record_type === 'allotment')).toHaveLength(2);
  });

  it('reports a bad row by its number and reason, writes nothing for it and creates the rest', async () => {
    const s = await suSegment(1000, 10);
    const [seg] = await ctx.database.db.select().from(segments).where(eq(segments.id, s));
    const file = await workbook([
      HEADER,
      [null, 'SVO', 'GOJ', 'FWDA', 'hard', 100, 1, null, null, null, 24, null],
      [null, 'SVO', 'GOJ', 'NOSUCH', 'hard', 100, 1, null, null, null, 24, null],
      [null, 'SVO', 'GOJ', 'FWDA', 'hard', 'heavy', 1, null, null, null, 24, null],
      [null, null, null, null, null, null, null, null, null, null, null, null],
      [null, 'SVO', 'GOJ', 'FWDA', 'hard', 100, 1, null, null, null, 24, null],
      [null, 'SVO', 'LED', 'FWDA', 'hard', 5000, 1, seg!.number, '2027-03-10', null, 24, null],
      [null, 'SVO', 'LED', 'FWDA', 'hard', 50, 1, '9999', '2027-03-10', null, 24, null],
      [null, 'SVO', 'GOJ', 'FWDB', 'hard', 100, 1, null, null, null, 24, 'perhaps'],
      [null, 'SVO', 'GOJ', 'FWDB', 'hard', 100, 1, null, null, null, 24, 'no'],
    ]);
    const response = await upload(suOperator, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 2, updated: 0, failed: 6 });
    expect(response.json().rows).toEqual([
      { row: 2, status: 'created', errors: [] },
      { row: 3, status: 'failed', errors: ['forwarder: Forwarder not found'] },
      { row: 4, status: 'failed', errors: ['weight: invalid format'] },
      { row: 6, status: 'failed', errors: ['row: Allotment already exists'] },
      {
        row: 7,
        status: 'failed',
        errors: [`weight: The allotment does not fit the free capacity of SU${seg!.number}/10MAR`],
      },
      { row: 8, status: 'failed', errors: ['flight: Flight not found'] },
      { row: 9, status: 'failed', errors: [expect.stringMatching(/^postal: /)] },
      { row: 10, status: 'created', errors: [] },
    ]);
    const stored = await allotmentsTo(ids.SU, 'GOJ');
    expect(stored.map((a) => `${a.forwarder_id} ${Number(a.weight)}`).sort()).toEqual(
      [`${ids.FWDA} 100`, `${ids.FWDB} 100`].sort(),
    );
    expect(await allotmentsTo(ids.SU, 'LED').then((r) => r.filter((a) => a.segment_id === s))).toEqual([]);
  });

  it('answers a clear 4xx to a file that is not XLSX, a missing file and a header without the columns', async () => {
    const text = await upload(su, Buffer.from('origin,destination\nSVO,LED\n'));
    expect(text.statusCode).toBe(422);
    expect(text.json().message_key.key).toBe('uploadNotXlsx');
    const json = await ctx.call('POST', `${URL}/upload`, su, {});
    expect(json.statusCode).toBe(422);
    expect(json.json().message_key.key).toBe('uploadFileMissing');
    const header = await upload(su, await workbook([['origin', 'destination', 'weight']]));
    expect(header.statusCode).toBe(422);
    expect(header.json().message).toBe('The header row lacks the columns forwarder, volume, timelimit_to_std');
  });

  it('refuses a forwarder and an airline billing user (403)', async () => {
    const file = await workbook([HEADER, [null, 'SVO', 'IKT', 'FWDA', 'hard', 100, 1, null, null, null, 24, null]]);
    const forwarder = await upload(fwdA, file);
    expect(forwarder.statusCode).toBe(403);
    expect(forwarder.json().error).toBe('Forbidden');
    expect((await upload(suBilling, file)).statusCode).toBe(403);
    expect(await allotmentsTo(ids.SU, 'IKT')).toEqual([]);
  });

  it('keeps KC from uploading for SU; the platform names the carrier per row', async () => {
    const rows = [HEADER, ['SU', 'SVO', 'BAX', 'FWDA', 'hard', 100, 1, null, null, null, 24, null]];
    const response = await upload(kc, await workbook(rows));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, failed: 1 });
    expect(response.json().rows[0]).toEqual({ row: 2, status: 'failed', errors: ['carrier: must be one of KC'] });
    expect(await allotmentsTo(ids.SU, 'BAX')).toEqual([]);

    const byPlatform = await upload(
      platform,
      await workbook([...rows, [null, 'SVO', 'BAX', 'FWDA', 'hard', 100, 1, null, null, null, 24, null]]),
    );
    expect(byPlatform.json().rows).toEqual([
      { row: 2, status: 'created', errors: [] },
      { row: 3, status: 'failed', errors: ['carrier: required field'] },
    ]);
    expect(await allotmentsTo(ids.SU, 'BAX')).toHaveLength(1);
  });
});
