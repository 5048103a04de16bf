import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { airWaybills, awbGoodsItems, awbRateLines, companies } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * SQL of the waybill reports and the goods items upload. Every read takes the caller's visibility condition
 * (air-waybills.policy.ts `visibleWaybillsWhere`), so another company's waybill is simply not found.
 */

export interface ReportWaybill {
  id: number;
  mawb: string;
  row_version: number;
}

/** A waybill the caller sees, by id or AWB number; `lock` takes the row for an update. */
export async function findWaybill(
  db: Db,
  visible: SQL,
  ref: number | string,
  lock = false,
): Promise<ReportWaybill | null> {
  const byRef = typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref);
  const query = db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb, row_version: airWaybills.row_version })
    .from(airWaybills)
    .where(and(byRef, visible));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export type GoodsItemRow = typeof awbGoodsItems.$inferSelect;
export type GoodsItemInsert = Omit<typeof awbGoodsItems.$inferInsert, 'id' | 'air_waybill_id'>;

export function goodsItemsOf(db: Db, waybillId: number): Promise<GoodsItemRow[]> {
  return db
    .select()
    .from(awbGoodsItems)
    .where(eq(awbGoodsItems.air_waybill_id, waybillId))
    .orderBy(asc(awbGoodsItems.position), asc(awbGoodsItems.id));
}

/** Replaces the waybill's goods items (in the caller's transaction) and bumps its row version. */
export async function replaceGoodsItems(tx: Db, waybillId: number, items: readonly GoodsItemInsert[]): Promise<void> {
  await tx.delete(awbGoodsItems).where(eq(awbGoodsItems.air_waybill_id, waybillId));
  if (items.length > 0) {
    await tx.insert(awbGoodsItems).values(items.map((item) => ({ ...item, air_waybill_id: waybillId })));
  }
  await tx
    .update(airWaybills)
    .set({ row_version: sql`${airWaybills.row_version} + 1`, updated_at: new Date() })
    .where(eq(airWaybills.id, waybillId));
}

/** The settlement figures of the CASS listing, per waybill (the rate lines summed by their kind). */
export interface CassFigures {
  id: number;
  mawb: string;
  issue_date: string | null;
  issued_at: Date | null;
  agent_iata_code: string | null;
  origin: string;
  destination: string;
  currency: string | null;
  payment: string;
  weight_charge: string;
  valuation: string;
  due_agent: string;
  due_carrier: string;
  prepaid_total: string | null;
  collect_total: string | null;
}

const sumOf = (condition: SQL) =>
  sql<string>`coalesce((select sum(r.amount) from ${awbRateLines} r where r.air_waybill_id = ${airWaybills.id} and ${condition}), 0)::text`;

/**
 * The CASS figures of the given waybills (those the caller sees), in id order. Weight charge: the rate lines with a
 * rate class (the freight); valuation: code VC; other charges due carrier: the other lines the waybill's airline
 * supplies; due agent: the remaining other lines (decision 028).
 */
export function cassFigures(db: Db, visible: SQL, ids: readonly number[]): Promise<CassFigures[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: airWaybills.id,
      mawb: airWaybills.mawb,
      issue_date: airWaybills.issue_date,
      issued_at: airWaybills.issued_at,
      agent_iata_code: companies.forwarder_iata_code,
      origin: airWaybills.origin_iata,
      destination: airWaybills.destination_iata,
      currency: airWaybills.currency,
      payment: airWaybills.payment,
      weight_charge: sumOf(sql`r.rate_class_code is not null`),
      valuation: sumOf(sql`r.rate_class_code is null and r.code = 'VC'`),
      due_carrier: sumOf(
        sql`r.rate_class_code is null and r.code <> 'VC' and r.supplier_id is not distinct from ${airWaybills.airline_id}`,
      ),
      due_agent: sumOf(
        sql`r.rate_class_code is null and r.code <> 'VC' and r.supplier_id is distinct from ${airWaybills.airline_id}`,
      ),
      prepaid_total: airWaybills.prepaid_total,
      collect_total: airWaybills.collect_total,
    })
    .from(airWaybills)
    .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
    .where(and(inArray(airWaybills.id, [...ids]), visible))
    .orderBy(asc(airWaybills.id));
}
