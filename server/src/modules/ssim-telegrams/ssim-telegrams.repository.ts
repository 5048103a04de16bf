import type { SsimTelegramsQuery } from '@aircargo/contract/ssim-telegrams';
import { and, count, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { airports, companies, ssimTelegrams, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { TelegramScope } from './ssim-telegrams.policy';

export type TelegramInsert = typeof ssimTelegrams.$inferInsert;
export type TelegramUpdate = Partial<
  Pick<
    TelegramInsert,
    'airline_id' | 'parsing_status' | 'processing_status' | 'report' | 'errors' | 'processed_at' | 'user_id'
  >
>;

const airline = alias(companies, 'airline');
const sender = alias(companies, 'sender');

const inScope = (scope: TelegramScope) =>
  scope.kind === 'all'
    ? undefined
    : scope.kind === 'none'
      ? sql`false`
      : or(eq(ssimTelegrams.airline_id, scope.companyId), eq(ssimTelegrams.company_id, scope.companyId));

/** The list's columns: the report's counts, progress and carriers without the (possibly large) records. */
function selectSummaries(db: Db) {
  return db
    .select({
      id: ssimTelegrams.id,
      kind: ssimTelegrams.kind,
      source: ssimTelegrams.source,
      file_name: ssimTelegrams.file_name,
      airline: { id: airline.id, short_name: airline.short_name },
      company: { id: sender.id, short_name: sender.short_name },
      user_email: users.email,
      parsing_status: ssimTelegrams.parsing_status,
      processing_status: ssimTelegrams.processing_status,
      counts: sql<Record<string, number> | null>`${ssimTelegrams.report}->'counts'`,
      progress: sql<{ done: number; total: number } | null>`${ssimTelegrams.report}->'progress'`,
      carriers: sql<
        string[] | null
      >`(select coalesce(jsonb_agg(c->'carrier'), '[]'::jsonb) from jsonb_array_elements(coalesce(${ssimTelegrams.report}->'carriers', '[]'::jsonb)) c)`,
      size: sql<number>`length(${ssimTelegrams.body})`.mapWith(Number),
      received_at: ssimTelegrams.received_at,
      processed_at: ssimTelegrams.processed_at,
    })
    .from(ssimTelegrams)
    .leftJoin(airline, eq(airline.id, ssimTelegrams.airline_id))
    .leftJoin(sender, eq(sender.id, ssimTelegrams.company_id))
    .leftJoin(users, eq(users.id, ssimTelegrams.user_id));
}

export type TelegramSummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function listTelegrams(
  db: Db,
  scope: TelegramScope,
  query: SsimTelegramsQuery,
): Promise<OffsetPage<TelegramSummaryRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    inScope(scope),
    query.kind ? eq(ssimTelegrams.kind, query.kind) : undefined,
    query.processing_status ? eq(ssimTelegrams.processing_status, query.processing_status) : undefined,
    query.parsing_status ? eq(ssimTelegrams.parsing_status, query.parsing_status) : undefined,
    query.airline_id ? eq(ssimTelegrams.airline_id, query.airline_id) : undefined,
    query.date_from ? gte(ssimTelegrams.received_at, new Date(`${query.date_from}T00:00:00Z`)) : undefined,
    query.date_to
      ? lt(ssimTelegrams.received_at, new Date(Date.parse(`${query.date_to}T00:00:00Z`) + 86_400_000))
      : undefined,
    pattern ? or(ilike(ssimTelegrams.file_name, pattern), ilike(ssimTelegrams.body, pattern)) : undefined,
  );
  const order = sortOrder(
    query.sort ?? '-id',
    { id: ssimTelegrams.id, received_at: ssimTelegrams.received_at },
    'id',
    ssimTelegrams.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectSummaries(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(ssimTelegrams).where(where),
  });
}

export async function findTelegram(db: Db, scope: TelegramScope, id: number) {
  const [row] = await selectSummaries(db)
    .where(and(eq(ssimTelegrams.id, id), inScope(scope)))
    .limit(1);
  if (!row) return null;
  const [full] = await db
    .select({ body: ssimTelegrams.body, report: ssimTelegrams.report, errors: ssimTelegrams.errors })
    .from(ssimTelegrams)
    .where(eq(ssimTelegrams.id, id));
  return { ...row, ...full! };
}

export type TelegramRow = NonNullable<Awaited<ReturnType<typeof findTelegram>>>;

/** The stored telegram as the processor reads it (no tenancy: the job acts for the telegram's own sender). */
export async function loadTelegram(db: Db, id: number) {
  const [row] = await db
    .select({
      id: ssimTelegrams.id,
      kind: ssimTelegrams.kind,
      source: ssimTelegrams.source,
      body: ssimTelegrams.body,
      user_id: ssimTelegrams.user_id,
      company_id: ssimTelegrams.company_id,
      company_type: sender.company_type,
      company_airline_code: sender.airline_code,
      processing_status: ssimTelegrams.processing_status,
      received_at: ssimTelegrams.received_at,
    })
    .from(ssimTelegrams)
    .leftJoin(sender, eq(sender.id, ssimTelegrams.company_id))
    .where(eq(ssimTelegrams.id, id));
  return row ?? null;
}

export type StoredTelegram = NonNullable<Awaited<ReturnType<typeof loadTelegram>>>;

export async function insertTelegram(db: Db, values: TelegramInsert): Promise<number> {
  const [row] = await db.insert(ssimTelegrams).values(values).returning({ id: ssimTelegrams.id });
  return row!.id;
}

export async function updateTelegram(db: Db, id: number, values: TelegramUpdate): Promise<void> {
  await db
    .update(ssimTelegrams)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(ssimTelegrams.id, id));
}

/** Marks a telegram pending again unless it is being processed now; answers whether it did. */
export async function claimForRestart(db: Db, id: number, userId: number | null): Promise<boolean> {
  const rows = await db
    .update(ssimTelegrams)
    .set({ processing_status: 'pending', user_id: userId, updated_at: sql`now()` })
    .where(and(eq(ssimTelegrams.id, id), sql`${ssimTelegrams.processing_status} <> 'processing'`))
    .returning({ id: ssimTelegrams.id });
  return rows.length > 0;
}

/** Airline companies by their two-character code. */
export async function airlinesByCode(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, code: companies.airline_code })
    .from(companies)
    .where(and(eq(companies.company_type, 'airline'), inArray(companies.airline_code, [...codes])));
  return new Map(rows.map((r) => [r.code as string, r.id]));
}

/** Every airport's IANA zone (reference data), for local-time SSIM, SSM and ASM and the export. */
export async function airportZones(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ iata: airports.iata, timezone: airports.timezone }).from(airports);
  return Object.fromEntries(rows.map((r) => [r.iata, r.timezone]));
}

export async function airlineCodeOf(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: companies.airline_code })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.company_type, 'airline')));
  return row?.code ?? null;
}
