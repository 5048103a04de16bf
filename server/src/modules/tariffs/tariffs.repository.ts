import type { TariffsQuery } from '@aircargo/contract/tariffs';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  agreements,
  airlineSettings,
  airports,
  companies,
  customRegions,
  tariffCharges,
  tariffCompanies,
  tariffGroups,
  tariffNotificationMarks,
  tariffRates,
  tariffSurcharges,
  tariffs,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, type OffsetWindow, offsetPage } from '../../platform/pagination';
import type { TariffViewer } from './tariffs.policy';

export type RecordKind = 'tariff' | 'charge' | 'surcharge';
export type TariffRecord = typeof tariffs.$inferSelect;
export type ChargeRecord = typeof tariffCharges.$inferSelect;
export type SurchargeRecord = typeof tariffSurcharges.$inferSelect;
export type RateRecord = typeof tariffRates.$inferSelect;
export type GroupRecord = typeof tariffGroups.$inferSelect;
export type RowOf<K extends RecordKind> = K extends 'tariff'
  ? TariffRecord
  : K extends 'charge'
    ? ChargeRecord
    : SurchargeRecord;
export type TariffInsert = typeof tariffs.$inferInsert;
export type ChargeInsert = typeof tariffCharges.$inferInsert;
export type SurchargeInsert = typeof tariffSurcharges.$inferInsert;
export type InsertOf<K extends RecordKind> = K extends 'tariff'
  ? TariffInsert
  : K extends 'charge'
    ? ChargeInsert
    : SurchargeInsert;
export type RateInsert = Omit<typeof tariffRates.$inferInsert, 'tariff_id' | 'position'>;

/** The three priced kinds share their condition columns; this is the common view the queries use. */
type AnyTable = typeof tariffs;
const TABLES: Record<RecordKind, AnyTable> = {
  tariff: tariffs,
  charge: tariffCharges as unknown as AnyTable,
  surcharge: tariffSurcharges as unknown as AnyTable,
};
/** The column of tariff_companies and tariff_notification_marks naming a record of the kind. */
export const REF_COLUMN = { tariff: 'tariff_id', charge: 'charge_id', surcharge: 'surcharge_id' } as const;

const tableOf = (kind: RecordKind) => TABLES[kind];

/** Today's active agreement of a forwarder with the record's airline that shows tariffs. */
function agreementShows(airlineColumn: SQL | PgColumn, forwarderId: number, today: string): SQL {
  return sql`exists (select 1 from ${agreements} where ${agreements.supplier_id} = ${airlineColumn}
    and ${agreements.client_id} = ${forwarderId} and ${agreements.show_tariffs}
    and ${agreements.effective_from} <= ${today}::date
    and (${agreements.effective_to} is null or ${agreements.effective_to} >= ${today}::date))`;
}

/** The visibility rule of the policy as a condition on the kind's table. */
export function visibleTo(viewer: TariffViewer, kind: RecordKind): SQL {
  const t = tableOf(kind);
  const ref = sql.raw(`"${REF_COLUMN[kind]}"`);
  switch (viewer.kind) {
    case 'platform':
      return viewer.airlineId === undefined ? sql`true` : sql`${t.airline_id} = ${viewer.airlineId}`;
    case 'airline':
      return sql`${t.airline_id} = ${viewer.airlineId}`;
    case 'none':
      return sql`false`;
    case 'forwarder': {
      const me = viewer.companyId;
      return sql`(${agreementShows(t.airline_id, me, viewer.today)}
        and not exists (select 1 from ${tariffCompanies} r where r.${ref} = ${t.id} and r.company_id = ${me} and r.excluded)
        and (not exists (select 1 from ${tariffCompanies} r where r.${ref} = ${t.id} and not r.excluded)
          or exists (select 1 from ${tariffCompanies} r where r.${ref} = ${t.id} and r.company_id = ${me} and not r.excluded)))`;
    }
  }
}

/** New to a forwarder: it has not confirmed awareness; for others, no company has yet. */
export function isNewTo(viewer: TariffViewer, kind: RecordKind): SQL {
  const t = tableOf(kind);
  const ref = sql.raw(`"${REF_COLUMN[kind]}"`);
  const company = viewer.kind === 'forwarder' ? sql` and m.company_id = ${viewer.companyId}` : sql``;
  return sql`not exists (select 1 from ${tariffNotificationMarks} m where m.${ref} = ${t.id}${company})`;
}

/** A place column pair matching a shipment airport: its airport, city, country or a region holding its country. */
function servesAirport(kindColumn: PgColumn, codeColumn: PgColumn, airport: string, orAnywhere: boolean): SQL {
  const country = sql`(select ${airports.country_code} from ${airports} where ${airports.iata} = ${airport})`;
  return sql`(${kindColumn} = 'airport' and ${codeColumn} = ${airport}
    or ${kindColumn} = 'city' and ${codeColumn} = (select ${airports.city_code} from ${airports} where ${airports.iata} = ${airport})
    or ${kindColumn} = 'country' and ${codeColumn} = ${country}
    or ${kindColumn} = 'region' and exists (select 1 from ${customRegions} where ${customRegions.code} = ${codeColumn}
      and ${country} = any(${customRegions.countries}))${orAnywhere ? sql` or ${kindColumn} is null` : sql``})`;
}

function filters(viewer: TariffViewer, kind: RecordKind, query: TariffsQuery & { mode: string }): SQL | undefined {
  const t = tableOf(kind);
  const onRoute = query.mode === 'on_route';
  const ends = kind !== 'tariff';
  const place = (end: 'origin' | 'destination', code: string | undefined) => {
    if (!code) return undefined;
    const kindColumn = end === 'origin' ? t.origin_kind : t.destination_kind;
    const codeColumn = end === 'origin' ? t.origin_code : t.destination_code;
    return onRoute ? servesAirport(kindColumn, codeColumn, code, ends) : eq(codeColumn, code);
  };
  const pattern = query.q ? containsPattern(query.q) : null;
  const search =
    pattern === null
      ? undefined
      : kind === 'tariff'
        ? ilike(tariffs.internal_id, pattern)
        : kind === 'charge'
          ? or(ilike(tariffCharges.charge_code, pattern), ilike(tariffCharges.charge_name, pattern))
          : or(ilike(tariffSurcharges.code, pattern), ilike(tariffSurcharges.name, pattern));
  return and(
    visibleTo(viewer, kind),
    query.date
      ? sql`(${t.effective_from} is null or ${t.effective_from} <= ${query.date}::date)
        and (${t.effective_to} is null or ${t.effective_to} >= ${query.date}::date)`
      : undefined,
    query.mode === 'new' ? isNewTo(viewer, kind) : undefined,
    place('origin', query.origin),
    place('destination', query.destination),
    query.carrier
      ? sql`${t.airline_id} in (select ${companies.id} from ${companies} where ${companies.airline_code} = ${query.carrier})`
      : undefined,
    search,
  );
}

function orderOf(kind: RecordKind, order: string): SQL[] {
  if (kind === 'tariff') {
    const normal = sql`(select ${tariffRates.value} from ${tariffRates} where ${tariffRates.tariff_id} = ${tariffs.id}
      and ${tariffRates.rate_class} = 'N' and not ${tariffRates.expired} order by ${tariffRates.level} nulls first limit 1)`;
    const byCode = [
      asc(tariffs.origin_code),
      asc(tariffs.destination_code),
      sql`${tariffs.internal_id} asc nulls first`,
      asc(tariffs.id),
    ];
    return order === 'weight' ? [sql`${normal} asc nulls last`, ...byCode] : byCode;
  }
  if (kind === 'charge') {
    return order === 'weight'
      ? [asc(tariffCharges.rate), asc(tariffCharges.charge_code), asc(tariffCharges.id)]
      : [asc(tariffCharges.charge_code), asc(tariffCharges.id)];
  }
  return order === 'weight'
    ? [asc(tariffSurcharges.value), asc(tariffSurcharges.id)]
    : [sql`${tariffSurcharges.code} asc nulls first`, asc(tariffSurcharges.id)];
}

export interface ListedRow<K extends RecordKind> {
  row: RowOf<K>;
  is_new: boolean;
}

export function listRecords<K extends RecordKind>(
  db: Db,
  viewer: TariffViewer,
  kind: K,
  query: TariffsQuery & { mode: string; order: string } & OffsetWindow,
): Promise<OffsetPage<ListedRow<K>>> {
  const t = tableOf(kind);
  const where = filters(viewer, kind, query);
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ row: t, is_new: sql<boolean>`${isNewTo(viewer, kind)}` })
        .from(t)
        .where(where)
        .orderBy(...orderOf(kind, query.order))
        .limit(limit)
        .offset(offset) as unknown as Promise<ListedRow<K>[]>,
    count: () => db.select({ n: count() }).from(t).where(where),
  });
}

export async function findRecord<K extends RecordKind>(
  db: Db,
  viewer: TariffViewer,
  kind: K,
  id: number,
): Promise<ListedRow<K> | null> {
  const t = tableOf(kind);
  const rows = await db
    .select({ row: t, is_new: sql<boolean>`${isNewTo(viewer, kind)}` })
    .from(t)
    .where(and(eq(t.id, id), visibleTo(viewer, kind)))
    .limit(1);
  return (rows[0] as unknown as ListedRow<K> | undefined) ?? null;
}

/** Ids of records of the kind the viewer sees among `ids` (all visible new ones when `ids` is null). */
export async function visibleIds(db: Db, viewer: TariffViewer, kind: RecordKind, ids: number[] | null) {
  const t = tableOf(kind);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(visibleTo(viewer, kind), ids === null ? isNewTo(viewer, kind) : inArray(t.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertRecord<K extends RecordKind>(db: Db, kind: K, values: InsertOf<K>): Promise<number> {
  const t = tableOf(kind);
  const [row] = await db
    .insert(t)
    .values(values as TariffInsert)
    .returning({ id: t.id });
  return row!.id;
}

export async function updateRecord<K extends RecordKind>(
  db: Db,
  kind: K,
  id: number,
  values: Partial<InsertOf<K>>,
): Promise<void> {
  const t = tableOf(kind);
  await db
    .update(t)
    .set({ ...(values as Partial<TariffInsert>), updated_at: sql`now()` })
    .where(eq(t.id, id));
}

export async function deleteRecord(db: Db, kind: RecordKind, id: number): Promise<void> {
  const t = tableOf(kind);
  await db.delete(t).where(eq(t.id, id));
}

// Rates.

export function ratesOf(db: Db, tariffIds: number[]): Promise<RateRecord[]> {
  if (tariffIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(tariffRates)
    .where(inArray(tariffRates.tariff_id, tariffIds))
    .orderBy(asc(tariffRates.tariff_id), asc(tariffRates.position));
}

export async function replaceRates(db: Db, tariffId: number, rates: RateInsert[]): Promise<void> {
  await db.delete(tariffRates).where(eq(tariffRates.tariff_id, tariffId));
  if (rates.length === 0) return;
  await db.insert(tariffRates).values(rates.map((r, position) => ({ ...r, tariff_id: tariffId, position })));
}

export function derivativesOf(db: Db, tariffId: number) {
  return db.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.base_tariff_id, tariffId)).limit(1);
}

/** Candidate duplicates of a tariff: same airline and the same values of the columns that make a tariff. */
export function sameTariffs(db: Db, values: TariffInsert, exceptId?: number) {
  const same = (column: PgColumn, value: unknown) =>
    value === null || value === undefined ? sql`${column} is null` : sql`${column} = ${value}`;
  return db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.airline_id, values.airline_id),
        eq(tariffs.origin_kind, values.origin_kind),
        eq(tariffs.origin_code, values.origin_code),
        eq(tariffs.destination_kind, values.destination_kind),
        eq(tariffs.destination_code, values.destination_code),
        sql`${tariffs.transfers} = ${sql.param(values.transfers ?? [])}::text[]`,
        sql`${tariffs.products} = ${sql.param(values.products ?? [])}::text[]`,
        sql`${tariffs.groups} = ${sql.param(values.groups ?? [])}::text[]`,
        eq(tariffs.non_stop, values.non_stop ?? false),
        eq(tariffs.basis, values.basis),
        eq(tariffs.currency, values.currency),
        eq(tariffs.level, values.level ?? 'first'),
        same(tariffs.effective_from, values.effective_from),
        same(tariffs.effective_to, values.effective_to),
        same(tariffs.sales_channel, values.sales_channel),
        same(tariffs.internal_id, values.internal_id),
        exceptId === undefined ? undefined : sql`${tariffs.id} <> ${exceptId}`,
      ),
    );
}

// Company restrictions and awareness marks.

export interface CompanyLink {
  record_id: number;
  company: { id: number; name: string; short_name: string };
  excluded: boolean;
}

export async function restrictionsOf(db: Db, kind: RecordKind, ids: number[]): Promise<CompanyLink[]> {
  if (ids.length === 0) return [];
  const ref = tariffCompanies[REF_COLUMN[kind]];
  const rows = await db
    .select({
      record_id: ref,
      company: { id: companies.id, name: companies.name, short_name: companies.short_name },
      excluded: tariffCompanies.excluded,
    })
    .from(tariffCompanies)
    .innerJoin(companies, eq(companies.id, tariffCompanies.company_id))
    .where(inArray(ref, ids))
    .orderBy(asc(companies.short_name), asc(companies.id));
  return rows as CompanyLink[];
}

export async function replaceRestrictions(
  db: Db,
  kind: RecordKind,
  id: number,
  companyIds: number[] | undefined,
  excludedIds: number[] | undefined,
): Promise<void> {
  const ref = REF_COLUMN[kind];
  const column = tariffCompanies[ref];
  const replace = async (ids: number[], excluded: boolean) => {
    await db.delete(tariffCompanies).where(and(eq(column, id), eq(tariffCompanies.excluded, excluded)));
    if (ids.length) {
      await db
        .insert(tariffCompanies)
        .values([...new Set(ids)].map((company_id) => ({ [ref]: id, company_id, excluded })));
    }
  };
  if (companyIds !== undefined) await replace(companyIds, false);
  if (excludedIds !== undefined) await replace(excludedIds, true);
}

/** Marks of the records; only `companyId`'s when given. */
export async function marksOf(db: Db, kind: RecordKind, ids: number[], companyId?: number): Promise<CompanyLink[]> {
  if (ids.length === 0) return [];
  const ref = tariffNotificationMarks[REF_COLUMN[kind]];
  const rows = await db
    .select({
      record_id: ref,
      company: { id: companies.id, name: companies.name, short_name: companies.short_name },
    })
    .from(tariffNotificationMarks)
    .innerJoin(companies, eq(companies.id, tariffNotificationMarks.company_id))
    .where(
      and(inArray(ref, ids), companyId === undefined ? undefined : eq(tariffNotificationMarks.company_id, companyId)),
    )
    .orderBy(asc(companies.short_name), asc(companies.id));
  return rows.map((r) => ({ ...r, record_id: r.record_id as number, excluded: false }));
}

export async function insertMarks(
  db: Db,
  kind: RecordKind,
  ids: number[],
  companyId: number,
  userId: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const ref = REF_COLUMN[kind];
  const rows = await db
    .insert(tariffNotificationMarks)
    .values(ids.map((id) => ({ [ref]: id, company_id: companyId, user_id: userId })))
    .onConflictDoNothing()
    .returning({ id: tariffNotificationMarks.id });
  return rows.length;
}

/** An edited record is new again to every forwarder. */
export async function clearMarks(db: Db, kind: RecordKind, id: number): Promise<void> {
  await db.delete(tariffNotificationMarks).where(eq(tariffNotificationMarks[REF_COLUMN[kind]], id));
}

// Companies, airlines and groups.

export function airlinesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: companies.id,
      name: companies.name,
      short_name: companies.short_name,
      airline_code: companies.airline_code,
    })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
}

export function companiesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: companies.id, company_type: companies.company_type, short_name: companies.short_name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
}

export function companiesByShortNames(db: Db, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select({ id: companies.id, company_type: companies.company_type, short_name: companies.short_name })
    .from(companies)
    .where(inArray(companies.short_name, [...new Set(names)]));
}

/** The airline company of an IATA designator (the lowest id when several carry it). */
export function airlineByCode(db: Db, code: string) {
  return db
    .select({ id: companies.id, airline_code: companies.airline_code, state: companies.state })
    .from(companies)
    .where(and(eq(companies.airline_code, code), eq(companies.company_type, 'airline')))
    .orderBy(asc(companies.id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function companyType(db: Db, id: number) {
  return db
    .select({ company_type: companies.company_type, airline_code: companies.airline_code })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function hasShowingAgreement(db: Db, airlineId: number, forwarderId: number, today: string) {
  return db
    .select({ ok: sql<boolean>`${agreementShows(sql`${airlineId}`, forwarderId, today)}` })
    .from(sql`(select 1) as one`)
    .then((r) => r[0]?.ok === true);
}

export function groupsOfAirline(db: Db, airlineId: number) {
  return db.select().from(tariffGroups).where(eq(tariffGroups.airline_id, airlineId));
}

function groupsVisible(viewer: TariffViewer): SQL {
  switch (viewer.kind) {
    case 'platform':
      return viewer.airlineId === undefined ? sql`true` : sql`${tariffGroups.airline_id} = ${viewer.airlineId}`;
    case 'airline':
      return sql`${tariffGroups.airline_id} = ${viewer.airlineId}`;
    case 'none':
      return sql`false`;
    case 'forwarder':
      return agreementShows(tariffGroups.airline_id, viewer.companyId, viewer.today);
  }
}

export function listGroups(db: Db, viewer: TariffViewer, query: OffsetWindow & { q?: string | undefined }) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    groupsVisible(viewer),
    pattern ? or(ilike(tariffGroups.code, pattern), ilike(tariffGroups.name, pattern)) : undefined,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(tariffGroups)
        .where(where)
        .orderBy(asc(tariffGroups.airline_id), asc(tariffGroups.code), asc(tariffGroups.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(tariffGroups).where(where),
  });
}

export function findGroup(db: Db, viewer: TariffViewer, id: number) {
  return db
    .select()
    .from(tariffGroups)
    .where(and(eq(tariffGroups.id, id), groupsVisible(viewer)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function groupByCode(db: Db, airlineId: number, code: string, exceptId?: number) {
  return db
    .select({ id: tariffGroups.id })
    .from(tariffGroups)
    .where(
      and(
        eq(tariffGroups.airline_id, airlineId),
        eq(tariffGroups.code, code),
        exceptId === undefined ? undefined : sql`${tariffGroups.id} <> ${exceptId}`,
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertGroup(db: Db, values: typeof tariffGroups.$inferInsert): Promise<number> {
  const [row] = await db.insert(tariffGroups).values(values).returning({ id: tariffGroups.id });
  return row!.id;
}

export async function updateGroup(db: Db, id: number, values: Partial<typeof tariffGroups.$inferInsert>) {
  await db
    .update(tariffGroups)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(tariffGroups.id, id));
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(tariffGroups).where(eq(tariffGroups.id, id));
}

/** Whether a tariff, charge or surcharge of the airline names the group code. */
export async function groupInUse(db: Db, airlineId: number, code: string): Promise<boolean> {
  for (const kind of ['tariff', 'charge', 'surcharge'] as const) {
    const t = tableOf(kind);
    const rows = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.airline_id, airlineId), sql`${code} = any(${t.groups})`))
      .limit(1);
    if (rows.length) return true;
  }
  return false;
}

// What the rating engine of one airline needs.

export async function ratingRecords(db: Db, airlineId: number) {
  const [tariffRows, chargeRows, surchargeRows, groups, settings] = await Promise.all([
    db.select().from(tariffs).where(eq(tariffs.airline_id, airlineId)),
    db.select().from(tariffCharges).where(eq(tariffCharges.airline_id, airlineId)),
    db.select().from(tariffSurcharges).where(eq(tariffSurcharges.airline_id, airlineId)),
    groupsOfAirline(db, airlineId),
    db.select().from(airlineSettings).where(eq(airlineSettings.company_id, airlineId)).limit(1),
  ]);
  const [rates, tariffLinks, chargeLinks, surchargeLinks] = await Promise.all([
    ratesOf(
      db,
      tariffRows.map((t) => t.id),
    ),
    restrictionsOf(
      db,
      'tariff',
      tariffRows.map((t) => t.id),
    ),
    restrictionsOf(
      db,
      'charge',
      chargeRows.map((t) => t.id),
    ),
    restrictionsOf(
      db,
      'surcharge',
      surchargeRows.map((t) => t.id),
    ),
  ]);
  return {
    tariffs: tariffRows,
    charges: chargeRows,
    surcharges: surchargeRows,
    groups,
    settings: settings[0] ?? null,
    rates,
    links: { tariff: tariffLinks, charge: chargeLinks, surcharge: surchargeLinks },
  };
}

/** Every airport's city and country, and every custom region's countries (the engine's places). */
export async function places(db: Db) {
  const [airportRows, regionRows] = await Promise.all([
    db.select({ iata: airports.iata, city: airports.city_code, country: airports.country_code }).from(airports),
    db.select({ code: customRegions.code, countries: customRegions.countries }).from(customRegions),
  ]);
  return { airportRows, regionRows };
}

export function airportsExist(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select({ iata: airports.iata })
    .from(airports)
    .where(inArray(airports.iata, [...new Set(codes)]));
}

/** Tells every process that the airline's prices changed (the quote cache listens; delivered on commit). */
export async function notifyChange(db: Db, airlineId: number): Promise<void> {
  await db.execute(sql`select pg_notify('tariffs_change', ${String(airlineId)})`);
}
