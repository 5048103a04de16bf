import { CASS_TITLE } from '@aircargo/contract/waybill-reports';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { awbGoodsItems, awbRateLines, changeLogs, jobs } from '../../db/schema';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';

const ctx = await createTestApp();
const { db } = ctx.database;
const ids = await ctx.companyIds();
const token = {
  platform: await ctx.signIn(DEMO.platform),
  fwdA: await ctx.signIn(DEMO.fwdA),
  fwdB: await ctx.signIn(DEMO.fwdB),
};

const at = (d: string) => new Date(`${d}T12:00:00Z`);
let serial = 7_300_001;
const make = (forwarder: 'FWDA' | 'FWDB', created: string, extra: Record<string, unknown> = {}) =>
  createAirWaybill(ctx, { forwarder_id: ids[forwarder], serial: serial++, created_at: at(created), ...extra });

// A: three in October, one in November; B: one in October.
const aOct1 = await make('FWDA', '2026-10-01', { issued: true, issued_at: at('2026-10-02'), issue_date: '2026-10-02' });
const aOct15 = await make('FWDA', '2026-10-15', { origin_iata: 'LED' });
const aOct31 = await make('FWDA', '2026-10-31', { issued: true, issued_at: at('2026-10-31'), currency: 'USD' });
const aNov = await make('FWDA', '2026-11-02', { issued: true, issued_at: at('2026-11-02') });
const bOct = await make('FWDB', '2026-10-10', { issued: true, issued_at: at('2026-10-10') });
await db.insert(awbRateLines).values([
  {
    air_waybill_id: aOct1.id,
    code: 'FR',
    rate_class_code: 'N',
    amount: '1000.00',
    currency: 'USD',
    calculation_type: 'auto',
  },
  { air_waybill_id: aOct1.id, code: 'VC', amount: '50.00', currency: 'USD', calculation_type: 'auto' },
  {
    air_waybill_id: aOct1.id,
    code: 'MY',
    amount: '200.00',
    currency: 'USD',
    calculation_type: 'auto',
    supplier_id: aOct1.airline_id,
  },
  { air_waybill_id: aOct1.id, code: 'AW', amount: '30.00', currency: 'USD', calculation_type: 'manual' },
]);

async function sheetOf(body: Buffer): Promise<(string | number | null)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const rows: (string | number | null)[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as (string | number | null)[]).slice(1));
  });
  return rows;
}

describe('XLSX report', () => {
  it('streams the rows of the filter, exactly, with the list columns', async () => {
    const res = await ctx.call(
      'GET',
      '/api/v3/air_waybills/reports/xlsx?date_type=created&date_from=2026-10-01&date_to=2026-10-31',
      token.fwdA,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('awb_xlsx_report.xlsx');
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['AWB', 'Date', 'Status', 'Origin']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([aOct1.mawb, aOct15.mawb, aOct31.mawb]);
    expect(rows[2]?.[3]).toBe('LED');
    // The list's other filters narrow it too.
    const led = await ctx.call(
      'GET',
      '/api/v3/air_waybills/reports/xlsx?date_type=created&date_from=2026-10-01&date_to=2026-10-31&origin=LED',
      token.fwdA,
    );
    expect((await sheetOf(led.rawPayload)).slice(1).map((r) => r[0])).toEqual([aOct15.mawb]);
  });

  it("never holds another company's rows", async () => {
    const res = await ctx.call(
      'GET',
      '/api/v3/air_waybills/reports/xlsx?date_type=created&date_from=2026-10-01&date_to=2026-10-31',
      token.fwdB,
    );
    expect(res.statusCode).toBe(200);
    expect((await sheetOf(res.rawPayload)).slice(1).map((r) => r[0])).toEqual([bOct.mawb]);
  });

  it('refuses a range over 31 days, and a missing range or date type', async () => {
    const long = await ctx.call(
      'GET',
      '/api/v3/air_waybills/reports/xlsx?date_type=created&date_from=2026-10-01&date_to=2026-11-01',
      token.fwdA,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.date_to).toEqual(['must not exceed 31 days']);
    const missing = await ctx.call('GET', '/api/v3/air_waybills/reports/xlsx?date_from=2026-10-01', token.fwdA);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['date_to', 'date_type']);
  });
});

describe('CASS listing', () => {
  it('needs date type issue plus a range', async () => {
    for (const query of ['date_type=created&date_from=2026-10-01&date_to=2026-10-31', 'date_type=issue']) {
      const res = await ctx.call('GET', `/api/v3/air_waybills/reports/cass?${query}`, token.fwdA);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.date_type).toEqual(['CASS report needs date type Issued plus a range']);
    }
  });

  it('lists the waybills issued in the range with their charges, under its marked title', async () => {
    const res = await ctx.call(
      'GET',
      '/api/v3/air_waybills/reports/cass?date_type=issue&date_from=2026-10-01&date_to=2026-10-31',
      token.fwdA,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]?.[0]).toBe(CASS_TITLE);
    const header = rows[1]!;
    expect(rows.slice(2).map((r) => r[0])).toEqual([aOct1.mawb, aOct31.mawb]);
    const first = Object.fromEntries(header.map((h, i) => [h, rows[2]?.[i] ?? null]));
    expect(first).toMatchObject({
      'Issue date': '2026-10-02',
      'Weight charge': 1000,
      'Valuation charge': 50,
      'Other charges due carrier': 200,
      'Other charges due agent': 30,
      'Commission basis': 1000,
    });
  });
});

describe('send_report', () => {
  it('queues one mail per recipient saying where to download the report', async () => {
    const res = await ctx.call('POST', '/api/v3/air_waybills/send_report', token.fwdA, {
      kind: 'xlsx',
      emails: ['boss@example.com', 'BOSS@example.com', 'ops@example.com'],
      date_type: 'created',
      date_from: '2026-10-01',
      date_to: '2026-10-31',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().queued).toBe(2);
    const mails = await db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
    const mine = mails.filter((j) => String(j.payload.text).includes('reports/xlsx?'));
    expect(mine.map((j) => j.payload.to).sort()).toEqual(['boss@example.com', 'ops@example.com']);
    expect(String(mine[0]?.payload.text)).toContain('date_from=2026-10-01');
  });

  it('applies the rules of the report it names', async () => {
    const cass = await ctx.call('POST', '/api/v3/air_waybills/send_report', token.fwdA, {
      kind: 'cass',
      emails: ['boss@example.com'],
      date_type: 'created',
      date_from: '2026-10-01',
      date_to: '2026-10-31',
    });
    expect(cass.statusCode).toBe(422);
    expect(cass.json().errors.date_type).toEqual(['CASS report needs date type Issued plus a range']);
  });
});

/** Sends a file as the multipart field `file`. */
function upload(url: string, bearer: string, file: Buffer) {
  const boundary = '----goods-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="goods.xlsx"\r\n` +
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
  const sheet = book.addWorksheet('goods');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = ['description', 'hs_code', 'marks', 'packing', 'pieces', 'weight'];

describe('goods items upload', () => {
  it('hands out a template the upload takes back', async () => {
    const template = await ctx.call('GET', `/api/v3/air_waybills/${aNov.id}/goods_items/template.xlsx`, token.fwdA);
    expect(template.statusCode).toBe(200);
    const res = await upload(`/api/v3/air_waybills/${aNov.mawb}/goods_items/upload`, token.fwdA, template.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(1);
    const list = await ctx.call('GET', `/api/v3/air_waybills/${aNov.id}/goods_items`, token.fwdA);
    expect(list.json().data).toMatchObject([{ description: 'Spare parts for pumps', hs_code: '841391', pieces: 10 }]);
  });

  it('replaces the goods items and logs the change', async () => {
    await db.insert(awbGoodsItems).values({ air_waybill_id: aOct15.id, description: 'OLD ITEM' });
    const file = await workbook([
      HEADER,
      ['Books', '490199', null, 'Boxes', 3, 45.5],
      ['Toys', '950300', 'M1', null, 2, 10],
    ]);
    const res = await upload(`/api/v3/air_waybills/${aOct15.id}/goods_items/upload`, token.fwdA, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, failed: 0 });
    const items = await db.select().from(awbGoodsItems).where(eq(awbGoodsItems.air_waybill_id, aOct15.id));
    expect(items.map((i) => [i.description, i.hs_code, i.pieces, Number(i.weight)]).sort()).toEqual([
      ['Books', '490199', 3, 45.5],
      ['Toys', '950300', 2, 10],
    ]);
    const logs = await db
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, aOct15.id)));
    const change = logs.at(-1)?.change_set.goods_items as [{ description: string }[], { description: string }[]];
    expect(change[0].map((g) => g.description)).toEqual(['OLD ITEM']);
    expect(change[1].map((g) => g.description)).toEqual(['Books', 'Toys']);
  });

  it('writes nothing when a row is refused, and names the row', async () => {
    const file = await workbook([
      HEADER,
      ['Books', '490199', null, null, 3, 45.5],
      ['Toys', '95', null, null, -2, 'heavy'],
    ]);
    const res = await upload(`/api/v3/air_waybills/${aOct15.id}/goods_items/upload`, token.fwdA, file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ created: 0, failed: 1 });
    expect(report.rows[0]).toMatchObject({ row: 2, status: 'unchanged' });
    expect(report.rows[1].row).toBe(3);
    expect(report.rows[1].errors.map((e: string) => e.split(':')[0]).sort()).toEqual(['hs_code', 'pieces', 'weight']);
    const items = await db.select().from(awbGoodsItems).where(eq(awbGoodsItems.air_waybill_id, aOct15.id));
    expect(items.map((i) => i.description).sort()).toEqual(['Books', 'Toys']);
  });

  it("answers 404 for another company's waybill", async () => {
    const file = await workbook([HEADER, ['Books', '490199', null, null, 3, 45.5]]);
    expect((await upload(`/api/v3/air_waybills/${aOct15.id}/goods_items/upload`, token.fwdB, file)).statusCode).toBe(
      404,
    );
    expect((await ctx.call('GET', `/api/v3/air_waybills/${aOct15.id}/goods_items`, token.fwdB)).statusCode).toBe(404);
    const items = await db.select().from(awbGoodsItems).where(eq(awbGoodsItems.air_waybill_id, aOct15.id));
    expect(items).toHaveLength(2);
  });
});
