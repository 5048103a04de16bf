import type { AwbRef } from '@aircargo/contract/air-waybills';
import { and, asc, eq, sql } from 'drizzle-orm';
import { airports, airWaybills, awbGoodsItems, companies, houseWaybills, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';

export type WaybillRow = typeof airWaybills.$inferSelect;
export type HouseRow = typeof houseWaybills.$inferSelect;
export type GoodsRow = typeof awbGoodsItems.$inferSelect;

export interface CompanyNames {
  name: string;
  short_name: string;
  local_name: string | null;
  airline_code: string | null;
  forwarder_iata_code: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
}

/** The waybill the caller may see (by id or number), or null; `lock` takes its row lock. */
export async function findVisibleWaybill(
  db: Db,
  auth: AuthContext,
  ref: AwbRef,
  options: { lock?: boolean } = {},
): Promise<WaybillRow | null> {
  const byRef = typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref);
  const query = db
    .select()
    .from(airWaybills)
    .where(and(byRef, visibleWaybillsWhere(auth)));
  const [row] = options.lock ? await query.for('update', { of: airWaybills }) : await query;
  return row ?? null;
}

export function listHouses(db: Db, waybillId: number): Promise<HouseRow[]> {
  return db
    .select()
    .from(houseWaybills)
    .where(eq(houseWaybills.air_waybill_id, waybillId))
    .orderBy(asc(houseWaybills.serial_number), asc(houseWaybills.id));
}

export function listGoods(db: Db, waybillId: number): Promise<GoodsRow[]> {
  return db
    .select()
    .from(awbGoodsItems)
    .where(eq(awbGoodsItems.air_waybill_id, waybillId))
    .orderBy(asc(awbGoodsItems.position), asc(awbGoodsItems.id));
}

export async function company(db: Db, id: number): Promise<CompanyNames | null> {
  const [row] = await db
    .select({
      name: companies.name,
      short_name: companies.short_name,
      local_name: companies.local_name,
      airline_code: companies.airline_code,
      forwarder_iata_code: companies.forwarder_iata_code,
      address: companies.address,
      city: companies.city,
      country: companies.country,
    })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

export async function airportExists(db: Db, iata: string): Promise<boolean> {
  const [row] = await db.select({ iata: airports.iata }).from(airports).where(eq(airports.iata, iata)).limit(1);
  return row !== undefined;
}

/** Airport names by IATA code (the ones known). */
export async function airportNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ iata: airports.iata, name: airports.name, city: airports.city_name })
    .from(airports)
    .where(sql`${airports.iata} = any(${codes}::text[])`);
  return new Map(rows.map((r) => [r.iata, r.city ?? r.name]));
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Marks the letter sent: its barcode, the time, and no answer yet (a new letter awaits a new answer). */
export async function markLetterSent(db: Db, id: number, barcode: string, at: Date): Promise<WaybillRow> {
  const [row] = await db
    .update(airWaybills)
    .set({
      sli_barcode: barcode,
      sli_sent_at: at,
      sli_accepted: null,
      sli_answered_at: null,
      updated_at: at,
      row_version: sql`${airWaybills.row_version} + 1`,
    })
    .where(eq(airWaybills.id, id))
    .returning();
  if (!row) throw new Error(`markLetterSent: waybill ${id} is gone`);
  return row;
}
