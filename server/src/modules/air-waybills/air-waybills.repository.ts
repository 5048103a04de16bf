import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  airlineSettings,
  airWaybills,
  awbDimensions,
  awbGoodsItems,
  awbNotices,
  awbPrefixes,
  awbRateLines,
  awbStockRanges,
  bookings,
  changeLogs,
  companies,
} from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';

/**
 * SQL of the air waybills (issue 12 item 2). Reads take the caller's visibility condition
 * (air-waybills.policy.ts `visibleWaybillsWhere`) as an argument, so none can forget the tenant.
 */

export type WaybillRow = typeof airWaybills.$inferSelect;
export type WaybillInsert = typeof airWaybills.$inferInsert;
export type GoodsItemRow = typeof awbGoodsItems.$inferSelect;
export type GoodsItemInsert = Omit<typeof awbGoodsItems.$inferInsert, 'air_waybill_id'>;
export type DimensionRow = typeof awbDimensions.$inferSelect;
export type DimensionInsert = Omit<typeof awbDimensions.$inferInsert, 'air_waybill_id'>;
export type NoticeRow = typeof awbNotices.$inferSelect;
export type NoticeInsert = Omit<typeof awbNotices.$inferInsert, 'air_waybill_id'>;
export type RateLineRow = typeof awbRateLines.$inferSelect;
export type RateLineInsert = Omit<typeof awbRateLines.$inferInsert, 'air_waybill_id'>;

export interface CompanyRef {
  id: number;
  short_name: string;
  name: string;
}

export interface ForwarderRef extends CompanyRef {
  company_type: string;
  local_name: string | null;
  address: string | null;
  country: string | null;
  city: string | null;
  post_code: string | null;
}

/** Everything a waybill is shown with. */
export interface WaybillBundle {
  waybill: WaybillRow;
  airline: CompanyRef;
  forwarder: ForwarderRef;
  booking: { id: number; response_status: string; active: boolean } | null;
  goods: GoodsItemRow[];
  dimensions: DimensionRow[];
  notices: NoticeRow[];
  rates: RateLineRow[];
}

/** How a route's `:id` names a waybill: its id or its number. */
export type WaybillRef = number | string;

function refWhere(ref: WaybillRef): SQL {
  return typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref);
}

/** The waybill named by `ref` within `visible`; `lock` takes its row lock (FOR UPDATE) for a change. */
export async function findWaybill(db: Db, visible: SQL, ref: WaybillRef, lock = false): Promise<WaybillRow | null> {
  const query = db
    .select()
    .from(airWaybills)
    .where(and(refWhere(ref), visible));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function waybillByMawb(db: Db, mawb: string): Promise<WaybillRow | null> {
  const [row] = await db.select().from(airWaybills).where(eq(airWaybills.mawb, mawb));
  return row ?? null;
}

export async function waybillOfBooking(db: Db, bookingId: number): Promise<WaybillRow | null> {
  const [row] = await db.select().from(airWaybills).where(eq(airWaybills.booking_id, bookingId)).limit(1);
  return row ?? null;
}

/** The waybill with its companies, booking and child rows. */
export async function bundleOf(db: Db, waybill: WaybillRow): Promise<WaybillBundle> {
  const companyRows = await db
    .select({
      id: companies.id,
      short_name: companies.short_name,
      name: companies.name,
      company_type: companies.company_type,
      local_name: companies.local_name,
      address: companies.address,
      country: companies.country,
      city: companies.city,
      post_code: companies.post_code,
    })
    .from(companies)
    .where(inArray(companies.id, [waybill.airline_id, waybill.forwarder_id]));
  const byId = new Map(companyRows.map((c) => [c.id, c]));
  const airline = byId.get(waybill.airline_id);
  const forwarder = byId.get(waybill.forwarder_id);
  if (!airline || !forwarder) throw new Error(`air waybill ${waybill.id}: its companies are missing`);
  const [booking] =
    waybill.booking_id === null
      ? []
      : await db
          .select({ id: bookings.id, response_status: bookings.response_status, active: bookings.active })
          .from(bookings)
          .where(eq(bookings.id, waybill.booking_id));
  // One after another: `db` may be a transaction, whose one connection takes one query at a time (node-postgres
  // deprecates queueing them, pg@9 refuses it).
  const goods = await db
    .select()
    .from(awbGoodsItems)
    .where(eq(awbGoodsItems.air_waybill_id, waybill.id))
    .orderBy(asc(awbGoodsItems.position), asc(awbGoodsItems.id));
  const dimensions = await db
    .select()
    .from(awbDimensions)
    .where(eq(awbDimensions.air_waybill_id, waybill.id))
    .orderBy(asc(awbDimensions.position), asc(awbDimensions.id));
  const notices = await db
    .select()
    .from(awbNotices)
    .where(eq(awbNotices.air_waybill_id, waybill.id))
    .orderBy(asc(awbNotices.id));
  const rates = await rateLinesOf(db, waybill.id);
  return {
    waybill,
    airline: { id: airline.id, short_name: airline.short_name, name: airline.name },
    forwarder,
    booking: booking ?? null,
    goods,
    dimensions,
    notices,
    rates,
  };
}

export function rateLinesOf(db: Db, waybillId: number): Promise<RateLineRow[]> {
  return db.select().from(awbRateLines).where(eq(awbRateLines.air_waybill_id, waybillId)).orderBy(asc(awbRateLines.id));
}

export async function insertWaybill(tx: Db, values: WaybillInsert): Promise<WaybillRow> {
  const [row] = await tx.insert(airWaybills).values(values).returning();
  if (!row) throw new Error('insert air_waybills returned nothing');
  return row;
}

export async function updateWaybill(tx: Db, id: number, values: Partial<WaybillInsert>): Promise<WaybillRow> {
  const [row] = await tx
    .update(airWaybills)
    .set({
      ...values,
      updated_at: sql`now()`,
      row_version: sql`${airWaybills.row_version} + 1`,
    })
    .where(eq(airWaybills.id, id))
    .returning();
  if (!row) throw new Error(`air waybill ${id} vanished while locked`);
  return row;
}

/** The goods items, dimensions and notices of a new waybill, in the order given. */
export async function insertChildren(
  tx: Db,
  waybillId: number,
  children: { goods: GoodsItemInsert[]; dimensions: DimensionInsert[]; notices: NoticeInsert[] },
): Promise<void> {
  if (children.goods.length) {
    await tx
      .insert(awbGoodsItems)
      .values(children.goods.map((g, i) => ({ ...g, position: i, air_waybill_id: waybillId })));
  }
  if (children.dimensions.length) {
    await tx
      .insert(awbDimensions)
      .values(children.dimensions.map((d, i) => ({ ...d, position: i, air_waybill_id: waybillId })));
  }
  if (children.notices.length) {
    await tx.insert(awbNotices).values(children.notices.map((n) => ({ ...n, air_waybill_id: waybillId })));
  }
}

/** Replaces the goods items, dimensions or notices of a waybill (only the lists given). */
export async function replaceChildren(
  tx: Db,
  waybillId: number,
  children: { goods?: GoodsItemInsert[]; dimensions?: DimensionInsert[]; notices?: NoticeInsert[] },
): Promise<void> {
  if (children.goods) {
    await tx.delete(awbGoodsItems).where(eq(awbGoodsItems.air_waybill_id, waybillId));
    if (children.goods.length) {
      await tx
        .insert(awbGoodsItems)
        .values(children.goods.map((g, i) => ({ ...g, position: i, air_waybill_id: waybillId })));
    }
  }
  if (children.dimensions) {
    await tx.delete(awbDimensions).where(eq(awbDimensions.air_waybill_id, waybillId));
    if (children.dimensions.length) {
      await tx
        .insert(awbDimensions)
        .values(children.dimensions.map((d, i) => ({ ...d, position: i, air_waybill_id: waybillId })));
    }
  }
  if (children.notices) {
    await tx.delete(awbNotices).where(eq(awbNotices.air_waybill_id, waybillId));
    if (children.notices.length) {
      await tx.insert(awbNotices).values(children.notices.map((n) => ({ ...n, air_waybill_id: waybillId })));
    }
  }
}

// Numbers and companies.

export interface PrefixOwner {
  airline_id: number;
  active: boolean;
  airline_code: string | null;
  shcs_accepted: string[];
}

/** The airline owning an AWB prefix, with its carrier code and the SHCs it takes. */
export async function prefixOwner(db: Db, prefix: string): Promise<PrefixOwner | null> {
  const [row] = await db
    .select({
      airline_id: awbPrefixes.airline_id,
      active: awbPrefixes.active,
      airline_code: companies.airline_code,
      shcs_accepted: companies.shcs_accepted,
    })
    .from(awbPrefixes)
    .innerJoin(companies, eq(companies.id, awbPrefixes.airline_id))
    .where(eq(awbPrefixes.prefix, prefix));
  return row ?? null;
}

/** The AWB prefix an airline issues from: its settings' `awb_prefix`, else its first active prefix. */
export async function defaultPrefixOf(db: Db, airlineId: number): Promise<string | null> {
  const [settings] = await db
    .select({ prefix: airlineSettings.awb_prefix })
    .from(airlineSettings)
    .where(eq(airlineSettings.company_id, airlineId));
  if (settings?.prefix) return settings.prefix;
  const [first] = await db
    .select({ prefix: awbPrefixes.prefix })
    .from(awbPrefixes)
    .where(and(eq(awbPrefixes.airline_id, airlineId), eq(awbPrefixes.active, true)))
    .orderBy(asc(awbPrefixes.id))
    .limit(1);
  return first?.prefix ?? null;
}

/** The holders of the stock ranges a serial of a prefix falls in (null: a location's range). */
export async function rangeHoldersOf(db: Db, prefix: string, serial: number): Promise<(number | null)[]> {
  const rows = await db
    .select({ holder: awbStockRanges.holder_company_id })
    .from(awbStockRanges)
    .where(
      and(
        eq(awbStockRanges.prefix, prefix),
        sql`${serial} between ${awbStockRanges.first_serial} and ${awbStockRanges.last_serial}`,
      ),
    );
  return rows.map((r) => r.holder);
}

export async function companyById(
  db: Db,
  id: number,
): Promise<{ id: number; company_type: string; airline_code: string | null; shcs_accepted: string[] } | null> {
  const [row] = await db
    .select({
      id: companies.id,
      company_type: companies.company_type,
      airline_code: companies.airline_code,
      shcs_accepted: companies.shcs_accepted,
    })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

export async function airlineByCode(db: Db, code: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.airline_code, code), eq(companies.company_type, 'airline')))
    .limit(1);
  return row ?? null;
}

// Bookings.

export interface BookingForWaybill {
  id: number;
  forwarder_id: number;
  airline_id: number;
  carrier: string;
  mawb: string | null;
  origin: string;
  destination: string;
  pieces: number;
  weight: string;
  volume: string;
  commodity: string | null;
  shcs: string[];
  dimensions: { pieces: number; length: number; width: number; height: number; weight?: number }[];
  response_status: string;
  effective: boolean;
  active: boolean;
  version: number;
}

/** A booking within `visible` (a condition on `bookings`), locked for the waybill's transaction. */
export async function bookingForWaybill(tx: Db, visible: SQL, id: number): Promise<BookingForWaybill | null> {
  const [row] = await tx
    .select({
      id: bookings.id,
      forwarder_id: bookings.forwarder_id,
      airline_id: bookings.airline_id,
      carrier: bookings.carrier,
      mawb: bookings.mawb,
      origin: bookings.origin,
      destination: bookings.destination,
      pieces: bookings.pieces,
      weight: bookings.weight,
      volume: bookings.volume,
      commodity: bookings.commodity,
      shcs: bookings.shcs,
      dimensions: bookings.dimensions,
      response_status: bookings.response_status,
      effective: bookings.effective,
      active: bookings.active,
      version: bookings.version,
    })
    .from(bookings)
    .where(and(eq(bookings.id, id), visible))
    .for('update');
  return row ?? null;
}

export interface LegRow {
  booking_id: number;
  sequence: number;
  segment_id: number;
  carrier: string;
  number: string;
  flight_date: string;
  origin: string;
  destination: string;
  std: Date | string;
  sta: Date | string;
}

/** The segments of bookings in route order. */
export function legsOfBookings(db: Db, bookingIds: readonly number[]): Promise<LegRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return queryRows<LegRow>(
    db,
    sql`select bs.booking_id, bs.sequence, s.id as segment_id, s.carrier, s.number, s.flight_date::text as flight_date,
          s.origin, s.destination, s.std, s.sta
        from booking_segments bs join segments s on s.id = bs.segment_id
        where bs.booking_id in (${sql.join(
          bookingIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by bs.booking_id, bs.sequence`,
  );
}

/** Gives a booking its waybill's number (the booking had none) and logs it. */
export async function setBookingMawb(tx: Db, bookingId: number, mawb: string, userId: number): Promise<void> {
  await tx.update(bookings).set({ mawb, updated_at: sql`now()` }).where(eq(bookings.id, bookingId));
  await tx.insert(changeLogs).values({
    record_type: 'booking',
    record_id: bookingId,
    channel: 'web',
    user_id: userId,
    change_set: { mawb: [null, mawb] },
  });
}

/** The effective booking of a number (the first made), if any: a new waybill links to it. */
export async function effectiveBookingOf(
  db: Db,
  mawb: string,
  forwarderId: number,
): Promise<{ id: number; response_status: string } | null> {
  const [row] = await db
    .select({ id: bookings.id, response_status: bookings.response_status })
    .from(bookings)
    .where(and(eq(bookings.mawb, mawb), eq(bookings.forwarder_id, forwarderId), eq(bookings.effective, true)))
    .orderBy(asc(bookings.id))
    .limit(1);
  return row ?? null;
}

/** Bookings carrying a waybill's number for its forwarder, oldest first. */
export function bookingsOfWaybill(db: Db, waybill: WaybillRow) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.mawb, waybill.mawb), eq(bookings.forwarder_id, waybill.forwarder_id)))
    .orderBy(asc(bookings.id));
}

/**
 * Keeps the booked flag of the waybill with this number true to its bookings: booked while one of its forwarder's
 * bookings with the number holds capacity (KK or NN). `su_booking_status` shows the answer of the latest such booking
 * (XX once cancelled) and `booking_id` links the first effective one. Call it in the transaction that changed a booking.
 */
export async function refreshBookedFlag(tx: Db, mawb: string): Promise<void> {
  await tx.execute(sql`
    update air_waybills aw
       set booked = s.booked, su_booking_status = s.status, booking_id = coalesce(s.booking_id, aw.booking_id),
           updated_at = now(), row_version = aw.row_version + 1
      from (
        select w.id, e.id is not null as booked, e.id as booking_id, l.response_status as status
          from air_waybills w
          left join lateral (select x.id from bookings x
                              where x.mawb = w.mawb and x.forwarder_id = w.forwarder_id and x.effective
                              order by x.id limit 1) e on true
          left join lateral (select x.response_status from bookings x
                              where x.mawb = w.mawb and x.forwarder_id = w.forwarder_id
                              order by x.id desc limit 1) l on true
         where w.mawb = ${mawb}
      ) s
     where aw.id = s.id
       and (aw.booked <> s.booked or aw.su_booking_status is distinct from s.status
            or (s.booking_id is not null and aw.booking_id is distinct from s.booking_id))`);
}

// Rate lines.

export async function insertRateLines(
  tx: Db,
  waybillId: number,
  lines: readonly RateLineInsert[],
): Promise<RateLineRow[]> {
  if (lines.length === 0) return [];
  return tx
    .insert(awbRateLines)
    .values(lines.map((l) => ({ ...l, air_waybill_id: waybillId })))
    .returning();
}

export async function deleteRateLines(tx: Db, waybillId: number, calculationType?: 'auto' | 'manual'): Promise<void> {
  await tx
    .delete(awbRateLines)
    .where(
      and(
        eq(awbRateLines.air_waybill_id, waybillId),
        calculationType ? eq(awbRateLines.calculation_type, calculationType) : undefined,
      ),
    );
}

export async function deleteRateLine(tx: Db, waybillId: number, rateId: number): Promise<boolean> {
  const rows = await tx
    .delete(awbRateLines)
    .where(and(eq(awbRateLines.air_waybill_id, waybillId), eq(awbRateLines.id, rateId)))
    .returning({ id: awbRateLines.id });
  return rows.length > 0;
}

// Change log.

export function changesOf(db: Db, waybillId: number) {
  return db
    .select()
    .from(changeLogs)
    .where(and(eq(changeLogs.record_type, 'air_waybill'), eq(changeLogs.record_id, waybillId)))
    .orderBy(desc(changeLogs.id))
    .limit(500);
}
