import type { IncomingTelegramsQuery, TelegramFamily } from '@aircargo/contract/incoming-telegrams';
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  airWaybills,
  awbMovements,
  awbPrefixes,
  companies,
  incomingTelegrams,
  telegramIntakeKeys,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { IncomingTelegramScope } from './incoming-telegrams.policy';

export type IncomingTelegramInsert = typeof incomingTelegrams.$inferInsert;
export type IncomingTelegramRecord = typeof incomingTelegrams.$inferSelect;
export type IncomingTelegramChange = Partial<Omit<IncomingTelegramInsert, 'id' | 'received_at' | 'created_at'>>;

const airline = alias(companies, 'telegram_airline');

function scopeWhere(scope: IncomingTelegramScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return or(eq(incomingTelegrams.company_id, scope.companyId), eq(incomingTelegrams.airline_id, scope.companyId));
}

const summaryColumns = {
  id: incomingTelegrams.id,
  family: incomingTelegrams.family,
  message_type: incomingTelegrams.message_type,
  version: incomingTelegrams.version,
  sent_at: incomingTelegrams.sent_at,
  airline: { id: airline.id, code: airline.airline_code, name: airline.short_name },
  station: incomingTelegrams.station,
  source: incomingTelegrams.source,
  sender: incomingTelegrams.sender,
  notes: incomingTelegrams.notes,
  corrected: incomingTelegrams.corrected,
  parsing_status: incomingTelegrams.parsing_status,
  processing_status: incomingTelegrams.processing_status,
  errors: incomingTelegrams.errors,
  received_at: incomingTelegrams.received_at,
  processed_at: incomingTelegrams.processed_at,
  duplicate_of_id: incomingTelegrams.duplicate_of_id,
  mawb: incomingTelegrams.mawb,
  air_waybill: { id: airWaybills.id, mawb: airWaybills.mawb },
  booking_id: incomingTelegrams.booking_id,
  flight_id: incomingTelegrams.flight_id,
  house_waybill_ids: incomingTelegrams.house_waybill_ids,
  ssim_telegram_id: incomingTelegrams.ssim_telegram_id,
  row_version: incomingTelegrams.row_version,
};

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(incomingTelegrams)
    .leftJoin(airline, eq(airline.id, incomingTelegrams.airline_id))
    .leftJoin(airWaybills, eq(airWaybills.id, incomingTelegrams.air_waybill_id));
}

export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function listTelegrams(
  db: Db,
  scope: IncomingTelegramScope,
  family: TelegramFamily,
  query: IncomingTelegramsQuery,
): Promise<OffsetPage<SummaryRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const t = incomingTelegrams;
  const where = and(
    eq(t.family, family),
    scopeWhere(scope),
    query.message_type ? eq(t.message_type, query.message_type) : undefined,
    query.parsing_status ? eq(t.parsing_status, query.parsing_status) : undefined,
    query.processing_status ? eq(t.processing_status, query.processing_status) : undefined,
    query.source ? eq(t.source, query.source) : undefined,
    query.airline_id ? eq(t.airline_id, query.airline_id) : undefined,
    query.mawb ? eq(t.mawb, query.mawb) : undefined,
    query.received_from ? gte(t.received_at, new Date(`${query.received_from}T00:00:00Z`)) : undefined,
    query.received_to
      ? lt(t.received_at, new Date(Date.parse(`${query.received_to}T00:00:00Z`) + 86_400_000))
      : undefined,
    query.has_errors === undefined
      ? undefined
      : query.has_errors
        ? sql`jsonb_array_length(${t.errors}) > 0`
        : sql`jsonb_array_length(${t.errors}) = 0`,
    pattern ? or(ilike(t.body, pattern), ilike(t.sender, pattern), ilike(t.notes, pattern)) : undefined,
  );
  const order = sortOrder(
    query.sort ?? '-id',
    { id: t.id, received_at: t.received_at, message_type: t.message_type },
    'id',
    t.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectSummaries(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(t).where(where),
  });
}

/** The telegrams about a waybill, newest first (the caller has checked the waybill is visible). */
export function telegramsOfWaybill(db: Db, scope: IncomingTelegramScope, waybillId: number, mawb: string) {
  return selectSummaries(db)
    .where(
      and(scopeWhere(scope), or(eq(incomingTelegrams.air_waybill_id, waybillId), eq(incomingTelegrams.mawb, mawb))),
    )
    .orderBy(desc(incomingTelegrams.id))
    .limit(500);
}

export async function findTelegram(db: Db, scope: IncomingTelegramScope, family: TelegramFamily, id: number) {
  const [row] = await selectSummaries(db)
    .where(and(eq(incomingTelegrams.id, id), eq(incomingTelegrams.family, family), scopeWhere(scope)))
    .limit(1);
  if (!row) return null;
  const [full] = await db
    .select({
      body: incomingTelegrams.body,
      original_body: incomingTelegrams.original_body,
      result: incomingTelegrams.result,
      envelope: incomingTelegrams.envelope,
    })
    .from(incomingTelegrams)
    .where(eq(incomingTelegrams.id, id));
  return { ...row, ...full! };
}

export type DetailRow = NonNullable<Awaited<ReturnType<typeof findTelegram>>>;

/** The stored telegram as the worker reads it, with the receiving company's type (no tenancy: the job acts for it). */
export async function loadTelegram(db: Db, id: number, lock = false) {
  const receiver = alias(companies, 'receiver');
  const q = db
    .select({ telegram: incomingTelegrams, receiver_type: receiver.company_type })
    .from(incomingTelegrams)
    .leftJoin(receiver, eq(receiver.id, incomingTelegrams.company_id))
    .where(eq(incomingTelegrams.id, id));
  const [row] = lock ? await q.for('update', { of: incomingTelegrams }) : await q;
  return row ?? null;
}

export async function insertTelegrams(db: Db, rows: IncomingTelegramInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await db.insert(incomingTelegrams).values(rows).returning({ id: incomingTelegrams.id });
  return ids.map((r) => r.id);
}

export async function updateTelegram(db: Db, id: number, values: IncomingTelegramChange): Promise<void> {
  await db
    .update(incomingTelegrams)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(incomingTelegrams.id, id));
}

/** Sets pending (unless being processed) and bumps the version; answers whether it did. */
export async function markPending(db: Db, id: number, userId: number | null): Promise<boolean> {
  const rows = await db
    .update(incomingTelegrams)
    .set({
      processing_status: 'pending',
      parsing_status: 'pending',
      user_id: userId,
      row_version: sql`${incomingTelegrams.row_version} + 1`,
      updated_at: sql`now()`,
    })
    .where(and(eq(incomingTelegrams.id, id), ne(incomingTelegrams.processing_status, 'processing')))
    .returning({ id: incomingTelegrams.id });
  return rows.length > 0;
}

/** A correction: the new body and/or notes when the version matches; answers whether it did. */
export async function correctTelegram(
  db: Db,
  id: number,
  rowVersion: number,
  values: { body?: string; body_hash?: string; notes?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(incomingTelegrams)
    .set({
      ...values,
      ...(values.body !== undefined ? { corrected: sql`${incomingTelegrams.original_body} <> ${values.body}` } : {}),
      row_version: sql`${incomingTelegrams.row_version} + 1`,
      updated_at: sql`now()`,
    })
    .where(and(eq(incomingTelegrams.id, id), eq(incomingTelegrams.row_version, rowVersion)))
    .returning({ id: incomingTelegrams.id });
  return rows.length > 0;
}

export async function deleteTelegram(db: Db, id: number): Promise<void> {
  await db.delete(incomingTelegrams).where(eq(incomingTelegrams.id, id));
}

const APPLIED = ['processed', 'partially_processed', 'ignored'];

/**
 * An earlier applied telegram of the same receiver this one repeats: the same Type B identity, or the same content
 * received within `windowMs` before it.
 */
export async function findDuplicate(
  db: Db,
  t: { id: number; company_id: number | null; typeb_identity: string | null; body_hash: string; received_at: Date },
  windowMs: number,
): Promise<number | null> {
  const t0 = incomingTelegrams;
  const sameReceiver = t.company_id === null ? sql`${t0.company_id} is null` : eq(t0.company_id, t.company_id);
  const byContent = and(
    eq(t0.body_hash, t.body_hash),
    gte(t0.received_at, new Date(t.received_at.getTime() - windowMs)),
  );
  const [row] = await db
    .select({ id: t0.id })
    .from(t0)
    .where(
      and(
        sameReceiver,
        ne(t0.id, t.id),
        inArray(t0.processing_status, APPLIED),
        t.typeb_identity ? or(eq(t0.typeb_identity, t.typeb_identity), byContent) : byContent,
      ),
    )
    .orderBy(t0.id)
    .limit(1);
  return row?.id ?? null;
}

/** Serialises the processing of telegrams with the same content or identity (two workers, the same resent telegram). */
export async function lockContent(db: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`incoming_telegram:${key}`}, 0))`);
  }
}

/** The airline company owning an AWB prefix, or with a carrier code. */
export async function airlineOfPrefix(db: Db, prefix: string): Promise<number | null> {
  const [row] = await db
    .select({ id: awbPrefixes.airline_id })
    .from(awbPrefixes)
    .where(eq(awbPrefixes.prefix, prefix))
    .limit(1);
  return row?.id ?? null;
}

export async function airlineOfCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.company_type, 'airline'), eq(companies.airline_code, code)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The forwarder of an FWB's agent: by its IATA agent code (7 digits); without one, by the CASS address among the
 * forwarders' CASS codes. The lowest id wins when several match.
 */
export async function forwarderByAgent(db: Db, iata: string | null, cass: string | null): Promise<number | null> {
  const match = iata
    ? eq(companies.forwarder_iata_code, iata)
    : cass
      ? sql`${cass} = any(${companies.cass_codes})`
      : null;
  if (match === null) return null;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.company_type, 'forwarder'), match))
    .orderBy(companies.id)
    .limit(1);
  return row?.id ?? null;
}

export async function waybillIdByMawb(db: Db, mawb: string): Promise<number | null> {
  const [row] = await db.select({ id: airWaybills.id }).from(airWaybills).where(eq(airWaybills.mawb, mawb));
  return row?.id ?? null;
}

/** Whether the waybill has an active movement with this status, station and local time. */
export async function hasMovement(
  db: Db,
  m: { waybillId: number; status: string; station: string; timeLocal: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: awbMovements.id })
    .from(awbMovements)
    .where(
      and(
        eq(awbMovements.air_waybill_id, m.waybillId),
        eq(awbMovements.status_code, m.status),
        eq(awbMovements.location_iata, m.station),
        eq(awbMovements.time_local, m.timeLocal),
        eq(awbMovements.deactivated, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The company an e-mail address of the intake domain belongs to: its cimp_email, or telegrams@ for the platform. */
export async function companyOfMailbox(db: Db, address: string, platformLocalPart: string, domain: string) {
  const lower = address.toLowerCase();
  if (lower === `${platformLocalPart}@${domain}`.toLowerCase()) {
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.company_type, 'platform'))
      .orderBy(companies.id)
      .limit(1);
    return row?.id ?? null;
  }
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.cimp_email}) = ${lower}`)
    .orderBy(companies.id)
    .limit(1);
  return row?.id ?? null;
}

// Intake keys.

export function listKeys(db: Db, companyId: number | null) {
  return db
    .select()
    .from(telegramIntakeKeys)
    .where(companyId === null ? undefined : eq(telegramIntakeKeys.company_id, companyId))
    .orderBy(telegramIntakeKeys.id);
}

export async function insertKey(db: Db, values: typeof telegramIntakeKeys.$inferInsert) {
  const [row] = await db.insert(telegramIntakeKeys).values(values).returning();
  return row!;
}

export async function deleteKey(db: Db, id: number, companyId: number | null): Promise<boolean> {
  const rows = await db
    .delete(telegramIntakeKeys)
    .where(
      and(eq(telegramIntakeKeys.id, id), companyId === null ? undefined : eq(telegramIntakeKeys.company_id, companyId)),
    )
    .returning({ id: telegramIntakeKeys.id });
  return rows.length > 0;
}

/** The company of an intake key (by its hash), noting its use. */
export async function useKey(db: Db, keyHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(telegramIntakeKeys)
    .set({ last_used_at: now })
    .where(eq(telegramIntakeKeys.key_hash, keyHash))
    .returning({ company_id: telegramIntakeKeys.company_id });
  return row?.company_id ?? null;
}

/**
 * Takes a telegram for processing: a pending one, or one left 'processing' longer than `staleMs` by a worker that died.
 * Answers whether this caller took it (two workers never process the same telegram at once).
 */
export async function claimForProcessing(db: Db, id: number, staleMs: number): Promise<boolean> {
  const rows = await db
    .update(incomingTelegrams)
    .set({ processing_status: 'processing', updated_at: sql`now()` })
    .where(
      and(
        eq(incomingTelegrams.id, id),
        or(
          eq(incomingTelegrams.processing_status, 'pending'),
          and(
            eq(incomingTelegrams.processing_status, 'processing'),
            sql`${incomingTelegrams.updated_at} < now() - make_interval(secs => ${staleMs / 1000})`,
          ),
        ),
      ),
    )
    .returning({ id: incomingTelegrams.id });
  return rows.length > 0;
}

/** The id and number of a waybill the condition (the caller's visibility) reaches, by id or number. */
export async function visibleWaybill(db: Db, where: SQL, ref: number | string) {
  const [row] = await db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(where, typeof ref === 'number' ? eq(airWaybills.id, ref) : eq(airWaybills.mawb, ref)))
    .limit(1);
  return row ?? null;
}
