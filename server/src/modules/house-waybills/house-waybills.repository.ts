import type { AwbRef } from '@aircargo/contract/air-waybills';
import { KG_PER_LB, PREVIOUS_SSR_LIMIT } from '@aircargo/contract/house-waybills';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { agreements, airports, airWaybills, awbRateLines, companies, houseWaybills } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import { type Db, queryRows } from '../../platform/db';
import { visibleWaybillsWhere } from '../air-waybills/air-waybills.policy';

export type WaybillRow = typeof airWaybills.$inferSelect;
export type HouseRow = typeof houseWaybills.$inferSelect;
export type HouseInsert = typeof houseWaybills.$inferInsert;

/** The waybill `ref` names (numeric id or number `PPP-SSSSSSSC`), as a condition. */
export function refWhere(ref: AwbRef): SQL {
  return typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref);
}

/**
 * The master the caller may see, or null. `lock` takes its row lock (FOR UPDATE), so changes of its houses, movements
 * and flags made under it are serialised: two houses added at once cannot both pass the totals check.
 */
export async function findVisibleWaybill(
  db: Db,
  auth: AuthContext,
  ref: AwbRef,
  options: { lock?: boolean } = {},
): Promise<WaybillRow | null> {
  const query = db
    .select()
    .from(airWaybills)
    .where(and(refWhere(ref), visibleWaybillsWhere(auth)));
  const [row] = options.lock ? await query.for('update', { of: airWaybills }) : await query;
  return row ?? null;
}

export async function listHouses(db: Db, waybillId: number): Promise<HouseRow[]> {
  return db
    .select()
    .from(houseWaybills)
    .where(eq(houseWaybills.air_waybill_id, waybillId))
    .orderBy(asc(houseWaybills.serial_number), asc(houseWaybills.id));
}

export async function findHouse(db: Db, waybillId: number, houseId: number): Promise<HouseRow | null> {
  const [row] = await db
    .select()
    .from(houseWaybills)
    .where(and(eq(houseWaybills.air_waybill_id, waybillId), eq(houseWaybills.id, houseId)));
  return row ?? null;
}

/** Whether another house of the master has this number. */
export async function serialTaken(db: Db, waybillId: number, serial: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(houseWaybills.air_waybill_id, waybillId), eq(houseWaybills.serial_number, serial)];
  if (exceptId !== undefined) conditions.push(ne(houseWaybills.id, exceptId));
  const [row] = await db
    .select({ id: houseWaybills.id })
    .from(houseWaybills)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Count, pieces and kg (an `L` weight converted, each house to three decimals) of a master's houses but `exceptId`. */
export async function houseTotals(
  db: Db,
  waybillId: number,
  exceptId?: number,
): Promise<{ count: number; pieces: number; weightKg: number }> {
  const except = exceptId === undefined ? sql`` : sql`and ${houseWaybills.id} <> ${exceptId}`;
  const [row] = await queryRows<{ count: number; pieces: number; kg: string }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(${houseWaybills.pieces}), 0)::int as pieces,
          coalesce(sum(round(case when ${houseWaybills.weight_code} = 'L'
            then ${houseWaybills.weight} * ${String(KG_PER_LB)}::numeric else ${houseWaybills.weight} end, 3)), 0)::text as kg
        from ${houseWaybills}
        where ${houseWaybills.air_waybill_id} = ${waybillId} ${except}`,
  );
  return { count: row?.count ?? 0, pieces: row?.pieces ?? 0, weightKg: Number(row?.kg ?? 0) };
}

export async function insertHouse(db: Db, values: HouseInsert): Promise<HouseRow> {
  const [row] = await db.insert(houseWaybills).values(values).returning();
  if (!row) throw new Error('house insert returned nothing');
  return row;
}

export async function updateHouse(db: Db, id: number, values: Partial<HouseInsert>, now: Date): Promise<HouseRow> {
  const [row] = await db
    .update(houseWaybills)
    .set({ ...values, updated_at: now })
    .where(eq(houseWaybills.id, id))
    .returning();
  if (!row) throw new Error('house update returned nothing');
  return row;
}

export async function deleteHouse(db: Db, id: number): Promise<void> {
  await db.delete(houseWaybills).where(eq(houseWaybills.id, id));
}

/** Those of `codes` that are airports of the reference data. */
export async function knownAirports(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ iata: airports.iata })
    .from(airports)
    .where(inArray(airports.iata, [...new Set(codes)]));
  return new Set(rows.map((r) => r.iata));
}

/** City names of airports (the IATA code when the reference data has none). */
export async function airportCities(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({ iata: airports.iata, city: airports.city_name, name: airports.name })
          .from(airports)
          .where(inArray(airports.iata, unique));
  const out = new Map(unique.map((c) => [c, c]));
  for (const r of rows) out.set(r.iata, r.city ?? r.name ?? r.iata);
  return out;
}

export async function rateLinesOf(db: Db, waybillId: number) {
  return db
    .select({
      code: awbRateLines.code,
      rate_class_code: awbRateLines.rate_class_code,
      rate: awbRateLines.rate,
      amount: awbRateLines.amount,
      currency: awbRateLines.currency,
    })
    .from(awbRateLines)
    .where(eq(awbRateLines.air_waybill_id, waybillId))
    .orderBy(asc(awbRateLines.id));
}

export async function companyOf(db: Db, id: number) {
  const [row] = await db
    .select({
      name: companies.name,
      city: companies.city,
      iata_code: companies.forwarder_iata_code,
    })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

/** The currency of the airline's newest agreement with the forwarder, or null. */
export async function agreementCurrency(db: Db, airlineId: number, forwarderId: number): Promise<string | null> {
  const [row] = await db
    .select({ currency: agreements.currency })
    .from(agreements)
    .where(and(eq(agreements.supplier_id, airlineId), eq(agreements.client_id, forwarderId)))
    .orderBy(sql`${agreements.effective_from} desc`, sql`${agreements.id} desc`)
    .limit(1);
  return row?.currency ?? null;
}

/**
 * Distinct special service requests of the waybills the caller may see, most recently used first; `prefix` narrows
 * them to texts starting with it (case-insensitive).
 */
export async function previousSsrs(db: Db, auth: AuthContext, prefix: string | undefined): Promise<string[]> {
  const filter = prefix
    ? sql`and lower(${airWaybills.special_service_request}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
    : sql``;
  const rows = await queryRows<{ text: string }>(
    db,
    sql`select ${airWaybills.special_service_request} as text
          from ${airWaybills}
         where ${visibleWaybillsWhere(auth)}
           and ${airWaybills.special_service_request} is not null
           and btrim(${airWaybills.special_service_request}) <> '' ${filter}
         group by ${airWaybills.special_service_request}
         order by max(${airWaybills.created_at}) desc, ${airWaybills.special_service_request}
         limit ${PREVIOUS_SSR_LIMIT}`,
  );
  return rows.map((r) => r.text);
}
