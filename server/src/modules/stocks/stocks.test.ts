import { isValidAwb } from '@aircargo/domain/awb';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { awbNumbers, awbStockRanges } from '../../db/schema';
import { openDatabase } from '../../platform/db';
import { inTransaction } from '../../platform/transactions';
import { createTestApp, DEMO } from '../../test/harness';
import { allocateNumber, useNumber, voidNumber } from './stocks.service';

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

type Range = {
  id: number;
  prefix: string;
  first_blank: string;
  last_blank: string;
  quantity: number;
  free_count: number;
  low_stock: boolean;
  forwarder_id: number | null;
  location: string | null;
};

async function ranges(bearer: string, query = ''): Promise<Range[]> {
  const response = await call('GET', `/api/v1/stocks/ranges${query}`, bearer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function assign(body: Record<string, unknown>, bearer = token.su) {
  return call('POST', '/api/v1/stocks/assign', bearer, body);
}

const allocate = (forwarderId: number, prefix = '555', airlineId = id.SU) =>
  inTransaction(db, (tx) => allocateNumber(tx, { airlineId, forwarderId, prefix }));

describe('AWB prefixes (api/v3)', () => {
  it('shows an airline its own prefixes, a forwarder the prefixes of its ranges, the platform all', async () => {
    const prefixes = async (bearer: string) => {
      const response = await call('GET', '/api/v3/stocks/prefixes', bearer);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { prefix: string }[]).map((p) => p.prefix);
    };
    expect(await prefixes(token.su)).toEqual(['555']);
    expect(await prefixes(token.kc)).toEqual(['465']);
    expect(await prefixes(token.fwdA)).toEqual(['465', '555']);
    expect(await prefixes(token.fwdB)).toEqual(['555']);
    expect(await prefixes(token.platform)).toEqual(['465', '555']);
    const su = (await call('GET', '/api/v3/stocks/prefixes', token.fwdB)).json().data[0];
    // A forwarder's counts are of its own ranges only: B holds 500 blanks of 555.
    expect(su).toMatchObject({ prefix: '555', airline_id: id.SU, ranges_count: 1, free_count: 500, active: true });
  });

  it('adds a prefix to the own airline and refuses one another airline holds', async () => {
    const created = await call('POST', '/api/v3/stocks/prefixes', token.su, { prefix: '556', description: 'Cargo' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ prefix: '556', airline_id: id.SU, description: 'Cargo', ranges_count: 0 });
    const taken = await call('POST', '/api/v3/stocks/prefixes', token.su, { prefix: '465' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ error: 'Exists', message: 'This AWB prefix belongs to another airline' });
    const bad = await call('POST', '/api/v3/stocks/prefixes', token.su, { prefix: '55' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.prefix).toEqual(['must be 3 digits']);
    const other = await call('POST', '/api/v3/stocks/prefixes', token.su, { prefix: '557', airline_id: id.KC });
    expect(other.statusCode).toBe(422);
    const platform = await call('POST', '/api/v3/stocks/prefixes', token.platform, {
      prefix: '466',
      airline_id: id.KC,
    });
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json()).toMatchObject({ prefix: '466', airline_id: id.KC });
  });

  it('edits a prefix; the digits only while no range uses them; never another airline’s prefix', async () => {
    const list = (await call('GET', '/api/v3/stocks/prefixes', token.su)).json().data as {
      id: number;
      prefix: string;
    }[];
    const p556 = list.find((p) => p.prefix === '556')!;
    const p555 = list.find((p) => p.prefix === '555')!;
    const renamed = await call('PATCH', `/api/v3/stocks/prefixes/${p556.id}`, token.su, {
      prefix: '558',
      active: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ prefix: '558', active: false });
    const inUse = await call('PATCH', `/api/v3/stocks/prefixes/${p555.id}`, token.su, { prefix: '559' });
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().message).toBe('AWB prefix 555 has ranges and cannot change');
    const foreign = await call('PATCH', `/api/v3/stocks/prefixes/${p555.id}`, token.kc, { active: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'NotFound', message: 'Stock not found' });
    const forwarder = await call('PATCH', `/api/v3/stocks/prefixes/${p555.id}`, token.fwdA, { active: false });
    expect(forwarder.statusCode).toBe(403);
    const inactive = await assign({ prefix: '558', first_blank: '0000100', quantity: 10, location: 'SVO' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toBe('AWB prefix 558 is not active');
  });
});

describe('AWB stock ranges (api/v1)', () => {
  it('shows an airline its ranges, a forwarder only the ranges assigned to it, the platform all', async () => {
    expect((await ranges(token.su)).map((r) => r.first_blank)).toEqual(['1000000', '1001000', '2000000']);
    expect((await ranges(token.kc)).map((r) => r.first_blank)).toEqual(['3000000']);
    expect((await ranges(token.fwdA)).map((r) => `${r.prefix}-${r.first_blank}`)).toEqual([
      '465-3000000',
      '555-1000000',
    ]);
    expect((await ranges(token.fwdB)).map((r) => r.first_blank)).toEqual(['1001000']);
    expect(await ranges(token.platform)).toHaveLength(4);
    const [a] = await ranges(token.fwdA, '?prefix=555');
    expect(a).toMatchObject({
      first_number: '555-10000001',
      last_number: '555-10009996',
      quantity: 1000,
      free_count: 1000,
      free: true,
      low_stock: false,
      forwarder_id: id.FWDA,
      forwarder_short_name: 'FWDA',
      airline_short_name: 'SU',
    });
    const page = await call('GET', '/api/v1/stocks/ranges?per_page=2&page=2', token.su);
    expect(page.json().meta).toMatchObject({ total_count: 3, current_page: 2, per_page: 2 });
    expect(page.json().data).toHaveLength(1);
    expect((await ranges(token.su, '?location=SVO')).map((r) => r.location)).toEqual(['SVO']);
    expect((await ranges(token.su, `?forwarder_id=${id.FWDB}`)).map((r) => r.first_blank)).toEqual(['1001000']);
  });

  it('assigns blanks to a forwarder with an agreement or to a location', async () => {
    const toA = await assign({ prefix: '555', first_blank: '1002000', last_blank: '10020990', forwarder_id: id.FWDA });
    expect(toA.statusCode, toA.body).toBe(201);
    expect(toA.json()).toMatchObject({
      first_blank: '1002000',
      last_blank: '1002099',
      quantity: 100,
      free_count: 100,
      forwarder_id: id.FWDA,
      bso: false,
    });
    const toLed = await assign({ prefix: '555', first_blank: 1_002_100, quantity: 50, location: 'LED', bso: true });
    expect(toLed.statusCode, toLed.body).toBe(201);
    expect(toLed.json()).toMatchObject({ first_blank: '1002100', last_blank: '1002149', location: 'LED', bso: true });
    const platform = await assign(
      { prefix: '465', first_blank: '3001000', quantity: 10, forwarder_id: id.FWDA },
      token.platform,
    );
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json()).toMatchObject({ airline_id: id.KC });
  });

  it('refuses overlapping ranges, bad blank numbers and holders the airline may not give stock to', async () => {
    const overlap = await assign({ prefix: '555', first_blank: '1000990', quantity: 20, location: 'SVO' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json()).toMatchObject({
      error: 'Exists',
      message: 'overlapping range: 555-10000001 to 555-10009996',
    });
    const blank = await assign({ prefix: '555', first_blank: '12345', quantity: 1, location: 'SVO' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.first_blank).toEqual(['invalid blank number']);
    const letters = await assign({ prefix: '555', first_blank: '10O3000', quantity: 1, location: 'SVO' });
    expect(letters.json().errors.first_blank).toEqual(['invalid blank number']);
    // 1002001 mod 7 = 0: the check digit 6 is wrong.
    const control = await assign({ prefix: '555', first_blank: '10020016', quantity: 1, location: 'SVO' });
    expect(control.statusCode).toBe(422);
    expect(control.json().errors.first_blank).toEqual(['invalid control bit']);
    const order = await assign({ prefix: '555', first_blank: '5000010', last_blank: '5000000', location: 'SVO' });
    expect(order.json().errors.last_blank).toEqual(['the last blank must not be before the first']);
    const holder = await assign({ prefix: '555', first_blank: '5000000', quantity: 1 });
    expect(holder.json().errors.forwarder_id).toEqual(['name a forwarder or a location']);
    const both = await assign({
      prefix: '555',
      first_blank: '5000000',
      quantity: 1,
      location: 'SVO',
      forwarder_id: id.FWDA,
    });
    expect(both.statusCode).toBe(422);
    // KC has no agreement with forwarder B.
    const noAgreement = await assign(
      { prefix: '465', first_blank: '3100000', quantity: 10, forwarder_id: id.FWDB },
      token.kc,
    );
    expect(noAgreement.statusCode).toBe(422);
    expect(noAgreement.json()).toMatchObject({ error: 'NoValidAgreement', message: 'No valid agreement with airline' });
    const notForwarder = await assign({ prefix: '555', first_blank: '5000000', quantity: 1, forwarder_id: id.KC });
    expect(notForwarder.json().message).toBe('Forwarder not found');
    const airport = await assign({ prefix: '555', first_blank: '5000000', quantity: 1, location: 'ZZZ' });
    expect(airport.json().message).toBe('Airport not found');
    // KC cannot hand out SU's prefix.
    const foreign = await assign({ prefix: '555', first_blank: '5000000', quantity: 1, location: 'ALA' }, token.kc);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe('AWB prefix not found');
    expect(await db.select().from(awbStockRanges).where(eq(awbStockRanges.first_serial, 5_000_000))).toEqual([]);
  });

  it('lets no forwarder create or withdraw ranges', async () => {
    const created = await assign(
      { prefix: '555', first_blank: '6000000', quantity: 5, forwarder_id: id.FWDA },
      token.fwdA,
    );
    expect(created.statusCode).toBe(403);
    const [a] = await ranges(token.fwdA, '?prefix=555');
    const withdrawn = await call('POST', '/api/v1/stocks/withdraw', token.fwdA, { range_id: a!.id });
    expect(withdrawn.statusCode).toBe(403);
  });

  it('withdraws only unused numbers, from the end of the range; the rest stays with the holder', async () => {
    const made = await assign({ prefix: '555', first_blank: '1004000', quantity: 10, forwarder_id: id.FWDB });
    const range = made.json() as Range;
    // B's ranges: 1001000.. first, then this one; take the first one's numbers out of the way by allocating from it.
    const issued = [] as string[];
    await db.update(awbStockRanges).set({ next_serial: 1_001_500 }).where(eq(awbStockRanges.first_serial, 1_001_000));
    for (let i = 0; i < 3; i++) issued.push((await allocate(id.FWDB)).number);
    expect(issued).toEqual(['555-10040004', '555-10040015', '555-10040026']);
    const some = await call('POST', '/api/v1/stocks/withdraw', token.su, { range_id: range.id, quantity: 2 });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toMatchObject({ withdrawn: 2, first_blank: '1004008', last_blank: '1004009' });
    expect(some.json().range).toMatchObject({ last_blank: '1004007', free_count: 5, allocated_count: 3 });
    const tooMany = await call('POST', '/api/v1/stocks/withdraw', token.su, { range_id: range.id, quantity: 6 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('only 5 unused numbers can be withdrawn');
    const rest = await call('POST', '/api/v1/stocks/withdraw', token.su, { range_id: range.id });
    expect(rest.json()).toMatchObject({ withdrawn: 5, first_blank: '1004003', last_blank: '1004007' });
    expect(rest.json().range).toMatchObject({ first_blank: '1004000', last_blank: '1004002', free_count: 0 });
    expect(rest.json().range.low_stock).toBe(true);
    // The withdrawn blanks can be assigned again; the issued ones cannot.
    const again = await assign({ prefix: '555', first_blank: '1004003', quantity: 7, location: 'SVO' });
    expect(again.statusCode, again.body).toBe(201);
    const issuedAgain = await assign({ prefix: '555', first_blank: '1004002', quantity: 1, location: 'SVO' });
    expect(issuedAgain.json().error).toBe('Exists');
    // A range nothing was issued from goes away whole.
    const whole = await call('POST', '/api/v1/stocks/withdraw', token.su, { range_id: again.json().id });
    expect(whole.json()).toMatchObject({ withdrawn: 7, range: null });
    const gone = await call('POST', '/api/v1/stocks/withdraw', token.su, { range_id: again.json().id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Stock not found');
  });

  it("refuses KC every change of SU's stock (not found)", async () => {
    const [su] = await ranges(token.su);
    const response = await call('POST', '/api/v1/stocks/withdraw', token.kc, { range_id: su!.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NotFound', message: 'Stock not found' });
    expect((await ranges(token.su)).find((r) => r.id === su!.id)).toMatchObject({ free_count: su!.free_count });
  });
});

describe('allocation and the stock list', () => {
  it('issues the next free number of the forwarder, passes over typed and voided ones, and never re-issues a voided one', async () => {
    // A number typed and voided before its blank was ever assigned.
    await inTransaction(db, (tx) => voidNumber(tx, { airlineId: id.SU, prefix: '555', serial: 1_003_001 }));
    await inTransaction(db, (tx) => useNumber(tx, { airlineId: id.SU, prefix: '555', serial: 1_003_003 }));
    const made = await assign({ prefix: '555', first_blank: '1003000', quantity: 5, forwarder_id: id.FWDB });
    expect(made.json()).toMatchObject({ free_count: 3, voided_count: 0 });
    const got: string[] = [];
    for (let i = 0; i < 3; i++) got.push((await allocate(id.FWDB)).number);
    expect(got).toEqual(['555-10030005', '555-10030020', '555-10030042']);
    // Voiding an issued number blocks it too; the range is now used up.
    await inTransaction(db, (tx) => voidNumber(tx, { airlineId: id.SU, prefix: '555', serial: 1_003_002 }));
    const exhausted = await allocate(id.FWDB).catch((e: { status: number; message: string }) => e);
    expect(exhausted).toMatchObject({ status: 422, message: 'No free AWB numbers of prefix 555' });
    const voided = await db.select().from(awbNumbers).where(eq(awbNumbers.status, 'voided'));
    expect(voided.map((n) => n.serial).sort()).toEqual([1_003_001, 1_003_002]);
    // Using a voided number is refused.
    const use = await inTransaction(db, (tx) =>
      useNumber(tx, { airlineId: id.SU, prefix: '555', serial: 1_003_001 }),
    ).catch((e: { status: number }) => e);
    expect(use).toMatchObject({ status: 422 });
    const [range] = await ranges(token.su, `?forwarder_id=${id.FWDB}&free_only=false`).then((list) =>
      list.filter((r) => r.first_blank === '1003000'),
    );
    expect(range).toMatchObject({ free_count: 0, allocated_count: 2, used_count: 0, voided_count: 1, low_stock: true });
  });

  it('rolls the counter back with the transaction: no number is skipped silently', async () => {
    const first = await allocate(id.FWDA);
    await inTransaction(db, async (tx) => {
      await allocateNumber(tx, { airlineId: id.SU, forwarderId: id.FWDA, prefix: '555' });
      throw new Error('the air waybill failed');
    }).catch(() => undefined);
    const next = await allocate(id.FWDA);
    expect(next.serial).toBe(first.serial + 1);
    expect(isValidAwb(next.number)).toBe(true);
  });

  it('lists blanks with free and BSO flags, by prefix and serial, paged over the ranges', async () => {
    const response = await call('GET', '/api/v1/stocks?prefix=555&first_blank=1000000&last_blank=1000004', token.fwdA);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ total_count: 5, current_page: 1 });
    expect(body.data.map((n: { number: string }) => n.number)).toEqual([
      '555-10000001',
      '555-10000012',
      '555-10000023',
      '555-10000034',
      '555-10000045',
    ]);
    // Two numbers of A's first range were allocated above.
    expect(body.data.map((n: { free: boolean }) => n.free)).toEqual([false, false, true, true, true]);
    expect(body.data[0]).toMatchObject({
      status: 'allocated',
      forwarder_short_name: 'FWDA',
      bso: false,
      blank: '1000000',
    });
    const free = await call('GET', '/api/v1/stocks?prefix=555&free_only=true&per_page=3&page=2', token.fwdA);
    expect(free.json().data.map((n: { blank: string }) => n.blank)).toEqual(['1000005', '1000006', '1000007']);
    // The next page crosses into A's next range of 555 (1002000..).
    const fwdAFree = (await ranges(token.fwdA, '?prefix=555')).reduce((sum, r) => sum + r.free_count, 0);
    expect(free.json().meta.total_count).toBe(fwdAFree);
    const crossing = await call('GET', '/api/v1/stocks?prefix=555&free_only=true&per_page=4&page=250', token.fwdA);
    expect(crossing.json().data.map((n: { blank: string }) => n.blank)).toEqual([
      '1000998',
      '1000999',
      '1002000',
      '1002001',
    ]);
    const bso = await call('GET', '/api/v1/stocks?bso=true&per_page=1', token.su);
    expect(bso.json().data[0]).toMatchObject({ bso: true, location: 'LED', free: true });
    const badBlank = await call('GET', '/api/v1/stocks?first_blank=10020016', token.su);
    expect(badBlank.statusCode).toBe(422);
    expect(badBlank.json().errors.first_blank).toEqual(['invalid control bit']);
    // A forwarder never sees another's blanks.
    const b = await call('GET', '/api/v1/stocks?per_page=200', token.fwdB);
    expect(b.json().data.every((n: { forwarder_id: number }) => n.forwarder_id === id.FWDB)).toBe(true);
    expect(b.body).not.toContain('FWDA');
  });

  it('exports the ranges as CSV and XLSX', async () => {
    const csv = await call('GET', '/api/v1/stocks/ranges.csv?prefix=555', token.fwdA);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('stocks.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'prefix,first_number,last_number,first_blank,last_blank,quantity,free_count,allocated_count,used_count,voided_count,low_stock,bso,airline_short_name,forwarder_short_name,location,created_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^555,555-10000001,555-10009996,1000000,1000999,1000,\d+,\d+,0,0,false,false,SU,FWDA,,/);
    const xlsx = await call('GET', '/api/v1/stocks/ranges.xlsx', token.kc);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('stocks.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('prefix');
    expect(sheet.rowCount).toBe(3);
    expect([2, 3].map((r) => sheet.getRow(r).getCell(2).value)).toEqual(['465-30000003', '465-30010002']);
  });
});

/**
 * Allocation under contention on a real PostgreSQL server (TEST_DB=postgresql; PGlite has one connection and cannot
 * show a race): 64 clients on their own connections each take 100 numbers, one transaction per number.
 */
describe.runIf(process.env.TEST_DB === 'postgresql')('allocation under contention (PostgreSQL)', () => {
  it('gives 64 clients x 100 numbers: all distinct, valid check digits, inside the assigned ranges, none skipped', async () => {
    const created = await call('POST', '/api/v3/stocks/prefixes', token.su, { prefix: '560' });
    expect(created.statusCode, created.body).toBe(201);
    const spans: [number, number][] = [
      [7_000_000, 7_002_999],
      [7_100_000, 7_101_999],
      [7_200_000, 7_202_999],
    ];
    for (const [first, last] of spans) {
      const r = await assign({ prefix: '560', first_blank: first, last_blank: last, forwarder_id: id.FWDA });
      expect(r.statusCode, r.body).toBe(201);
    }
    // Another forwarder's range between them, and numbers voided before their blanks were issued.
    await assign({ prefix: '560', first_blank: 7_050_000, quantity: 1000, forwarder_id: id.FWDB });
    const voided = [7_000_010, 7_000_011, 7_100_005];
    for (const serial of voided) {
      await inTransaction(db, (tx) => voidNumber(tx, { airlineId: id.SU, prefix: '560', serial }));
    }
    const url = (ctx.config.database as { url: string }).url;
    const pool = await openDatabase({ kind: 'postgresql', url, poolSize: 64 });
    try {
      const results = await Promise.all(
        Array.from({ length: 64 }, async () => {
          const mine: number[] = [];
          for (let i = 0; i < 100; i++) {
            const n = await inTransaction(pool.db, (tx) =>
              allocateNumber(tx, { airlineId: id.SU, forwarderId: id.FWDA, prefix: '560' }),
            );
            expect(isValidAwb(n.number)).toBe(true);
            mine.push(n.serial);
          }
          return mine;
        }),
      );
      const all = results.flat();
      expect(all).toHaveLength(6400);
      expect(new Set(all).size).toBe(6400);
      const inside = (s: number) => spans.some(([a, b]) => s >= a && s <= b);
      expect(all.filter((s) => !inside(s))).toEqual([]);
      expect(all.filter((s) => voided.includes(s))).toEqual([]);
      // None skipped: every serial below a range's counter is one of the numbers handed out or a voided one.
      const issued = new Set(all);
      const counters = await db.select().from(awbStockRanges).where(eq(awbStockRanges.prefix, '560'));
      const gaps: number[] = [];
      for (const r of counters.filter((c) => c.holder_company_id === id.FWDA)) {
        for (let s = r.first_serial; s < r.next_serial; s++) if (!issued.has(s) && !voided.includes(s)) gaps.push(s);
      }
      expect(gaps).toEqual([]);
      const rows = await db.select().from(awbNumbers).where(eq(awbNumbers.prefix, '560'));
      expect(rows.filter((n) => n.status === 'allocated')).toHaveLength(6400);
    } finally {
      await pool.close();
    }
  }, 300_000);
});
