import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { airWaybills, companies, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import { createAirWaybill } from '../../test/factories';
import { createTestApp, DEMO } from '../../test/harness';
import { visibleWaybillsWhere, waybillScope } from './air-waybills.policy';

const ctx = await createTestApp();
const { db } = ctx.database;
const id = await ctx.companyIds();
afterAll(() => ctx.app.close());

const [fwdAUser] = await db.select().from(users).where(eq(users.email, DEMO.fwdA));

function auth(companyType: AuthContext['companyType'], companyId: number | null, userId = fwdAUser!.id): AuthContext {
  return {
    userId,
    tokenId: 1,
    email: 'x@example.com',
    system: true,
    membershipId: 1,
    companyId,
    companyType,
    role: 'operator',
    airlineCode: null,
    blocked: false,
    scope: 'public',
    createdAt: new Date(),
    expiresIn: 3600,
  };
}

const own = await createAirWaybill(ctx, {
  forwarder_id: id.FWDA,
  carrier: 'SU',
  origin_iata: 'SVO',
  destination_iata: 'ALA',
});
const other = await createAirWaybill(ctx, {
  forwarder_id: id.FWDB,
  carrier: 'SU',
  origin_iata: 'LED',
  destination_iata: 'KJA',
});
const ids = [own.id, other.id];

async function visible(a: AuthContext): Promise<number[]> {
  const rows = await db
    .select({ id: airWaybills.id })
    .from(airWaybills)
    .where(and(visibleWaybillsWhere(a), sql`${airWaybills.id} in (${sql.join(ids, sql`, `)})`))
    .orderBy(airWaybills.id);
  return rows.map((r) => r.id);
}

describe('air waybill visibility', () => {
  it('gives the platform all, an airline those on its prefixes, a forwarder its own, others none', async () => {
    expect(own.mawb).toMatch(/^555-\d{8}$/);
    expect(await visible(auth('platform', id.PLATFORM))).toEqual(ids);
    expect(await visible(auth('airline', id.SU))).toEqual(ids);
    expect(await visible(auth('airline', id.KC))).toEqual([]);
    expect(await visible(auth('forwarder', id.FWDA))).toEqual([own.id]);
    expect(await visible(auth('forwarder', id.FWDB))).toEqual([other.id]);
    expect(await visible(auth('visitor', 999))).toEqual([]);
    expect(waybillScope(auth('forwarder', null)).kind).toBe('none');
  });

  it("narrows by the company's permitted carriers and the user's allowed and denied stations", async () => {
    await db
      .update(companies)
      .set({ permitted_carriers: ['XX'] })
      .where(eq(companies.id, id.FWDA));
    expect(await visible(auth('forwarder', id.FWDA))).toEqual([]);
    await db.update(companies).set({ access_to_all_carriers: true }).where(eq(companies.id, id.FWDA));
    expect(await visible(auth('forwarder', id.FWDA))).toEqual([own.id]);
    await db
      .update(companies)
      .set({ permitted_carriers: [], access_to_all_carriers: false })
      .where(eq(companies.id, id.FWDA));

    await db
      .update(users)
      .set({ stations_allowed: ['LED'] })
      .where(eq(users.id, fwdAUser!.id));
    expect(await visible(auth('platform', id.PLATFORM))).toEqual([other.id]);
    await db
      .update(users)
      .set({ stations_allowed: ['ALA'] })
      .where(eq(users.id, fwdAUser!.id));
    expect(await visible(auth('platform', id.PLATFORM))).toEqual([own.id]);
    await db
      .update(users)
      .set({ stations_allowed: [], stations_denied: ['KJA'] })
      .where(eq(users.id, fwdAUser!.id));
    expect(await visible(auth('airline', id.SU))).toEqual([own.id]);
    await db.update(users).set({ stations_denied: [] }).where(eq(users.id, fwdAUser!.id));
    expect(await visible(auth('airline', id.SU))).toEqual(ids);
  });

  it('cascades child rows with the waybill and keeps numbers unique', async () => {
    const w = await createAirWaybill(
      ctx,
      { forwarder_id: id.FWDA },
      {
        goods_items: [{ description: 'Phones', hs_code: '851712' }],
        dimensions: [{ length: '10', width: '10', height: '10', pieces: 1 }],
      },
    );
    await expect(createAirWaybill(ctx, { forwarder_id: id.FWDB, mawb: w.mawb })).rejects.toThrow();
    await db.delete(airWaybills).where(eq(airWaybills.id, w.id));
    const left = await db.execute(sql`select count(*)::int as n from awb_goods_items where air_waybill_id = ${w.id}`);
    expect(JSON.stringify(left)).toContain('"n":0');
  });
});
