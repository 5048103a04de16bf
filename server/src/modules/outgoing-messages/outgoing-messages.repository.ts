import type { OutgoingMessagesQuery } from '@aircargo/contract/outgoing-messages';
import { and, count, eq, gte, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  airWaybills,
  companies,
  jobs,
  messageSettings,
  messagingSettings,
  outgoingMessages,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { OutgoingScope } from './outgoing-messages.policy';

export type OutgoingInsert = typeof outgoingMessages.$inferInsert;
export type OutgoingRowData = typeof outgoingMessages.$inferSelect;
export type MessageSettingData = typeof messageSettings.$inferSelect;
export type MessagingSettingsData = typeof messagingSettings.$inferSelect;

const airline = alias(companies, 'airline');
const sender = alias(companies, 'sender');

function selectMessages(db: Db) {
  return db
    .select({
      message: outgoingMessages,
      airline: { id: airline.id, short_name: airline.short_name },
      sender: { id: sender.id, short_name: sender.short_name },
      user_email: users.email,
      awb_number: airWaybills.mawb,
    })
    .from(outgoingMessages)
    .leftJoin(airline, eq(airline.id, outgoingMessages.airline_id))
    .leftJoin(sender, eq(sender.id, outgoingMessages.company_id))
    .leftJoin(users, eq(users.id, outgoingMessages.user_id))
    .leftJoin(airWaybills, eq(airWaybills.id, outgoingMessages.air_waybill_id));
}

export type OutgoingRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

/** Platform: all; an airline: what it sent or what concerns it; anyone else: nothing. */
function inScope(scope: OutgoingScope) {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return or(eq(outgoingMessages.company_id, scope.companyId), eq(outgoingMessages.airline_id, scope.companyId));
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export function listMessages(
  db: Db,
  scope: OutgoingScope,
  query: OutgoingMessagesQuery,
): Promise<OffsetPage<OutgoingRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const awb = query.air_waybill?.replace('-', '');
  const where = and(
    inScope(scope),
    query.event ? eq(outgoingMessages.event, query.event) : undefined,
    query.message_type ? eq(outgoingMessages.message_type, query.message_type) : undefined,
    query.channel ? eq(outgoingMessages.channel, query.channel) : undefined,
    query.status ? eq(outgoingMessages.status, query.status) : undefined,
    query.forwarded ? eq(outgoingMessages.forwarded, query.forwarded === 'yes') : undefined,
    query.airline_id ? eq(outgoingMessages.airline_id, query.airline_id) : undefined,
    query.air_waybill_id ? eq(outgoingMessages.air_waybill_id, query.air_waybill_id) : undefined,
    awb
      ? inArray(
          outgoingMessages.air_waybill_id,
          db
            .select({ id: airWaybills.id })
            .from(airWaybills)
            .where(sql`replace(${airWaybills.mawb}, '-', '') = ${awb}`),
        )
      : undefined,
    query.created_from ? gte(outgoingMessages.created_at, new Date(`${query.created_from}T00:00:00Z`)) : undefined,
    query.created_to ? lt(outgoingMessages.created_at, dayAfter(query.created_to)) : undefined,
    pattern
      ? or(
          ilike(outgoingMessages.subject, pattern),
          ilike(outgoingMessages.segment, pattern),
          ilike(outgoingMessages.source_id, pattern),
          sql`array_to_string(${outgoingMessages.to_addresses}, ' ') ilike ${pattern}`,
        )
      : undefined,
  );
  const order = sortOrder(
    query.sort ?? '-id',
    { id: outgoingMessages.id, created_at: outgoingMessages.created_at, sent_at: outgoingMessages.sent_at },
    'id',
    outgoingMessages.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectMessages(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(outgoingMessages).where(where),
  });
}

export function findMessage(db: Db, scope: OutgoingScope, id: number) {
  return selectMessages(db)
    .where(and(eq(outgoingMessages.id, id), inScope(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Messages by id, in the order of the ids (no scope: the caller has just written them or checked their waybill). */
export async function messagesByIds(db: Db, ids: readonly number[]): Promise<OutgoingRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectMessages(db).where(inArray(outgoingMessages.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.message.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

export function loadMessage(db: Db, id: number) {
  return db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function companyOf(db: Db, id: number) {
  return db
    .select({
      id: companies.id,
      company_type: companies.company_type,
      short_name: companies.short_name,
      maildomain: companies.maildomain,
      cimp_sita: companies.cimp_sita,
      cimp_email: companies.cimp_email,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function messagingSettingsOf(db: Db, companyId: number) {
  return db
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.company_id, companyId))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function messageSettingById(db: Db, id: number) {
  return db
    .select()
    .from(messageSettings)
    .where(eq(messageSettings.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** The sender's enabled settings for the carrier, event and type whose airport filters (if any) match. */
export function matchingSettings(
  db: Db,
  m: {
    companyId: number;
    airlineId: number;
    event: string;
    messageType: string;
    origin: string | null;
    destination: string | null;
  },
) {
  return db
    .select()
    .from(messageSettings)
    .where(
      and(
        eq(messageSettings.company_id, m.companyId),
        eq(messageSettings.airline_id, m.airlineId),
        eq(messageSettings.event, m.event),
        eq(messageSettings.message_type, m.messageType),
        eq(messageSettings.enabled, true),
        m.origin
          ? or(isNull(messageSettings.origin), eq(messageSettings.origin, m.origin))
          : isNull(messageSettings.origin),
        m.destination
          ? or(isNull(messageSettings.destination), eq(messageSettings.destination, m.destination))
          : isNull(messageSettings.destination),
      ),
    )
    .orderBy(messageSettings.id);
}

export async function insertMessages(db: Db, rows: OutgoingInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(outgoingMessages).values(rows).returning({ id: outgoingMessages.id });
  return inserted.map((r) => r.id);
}

export async function setMessageId(db: Db, id: number, messageId: string): Promise<void> {
  await db.update(outgoingMessages).set({ message_id: messageId }).where(eq(outgoingMessages.id, id));
}

/** Takes the row for a delivery attempt; null when it is already sent (nothing to do). */
export function beginAttempt(db: Db, id: number, worker: string) {
  return db
    .update(outgoingMessages)
    .set({ status: 'sending', attempts: sql`${outgoingMessages.attempts} + 1`, sent_by: worker })
    .where(and(eq(outgoingMessages.id, id), ne(outgoingMessages.status, 'sent')))
    .returning()
    .then((r) => r[0] ?? null);
}

export async function markSent(db: Db, id: number, values: Partial<OutgoingInsert>): Promise<void> {
  await db
    .update(outgoingMessages)
    .set({ ...values, status: 'sent', sent_at: sql`now()`, last_error: null })
    .where(and(eq(outgoingMessages.id, id), ne(outgoingMessages.status, 'sent')));
}

export async function markFailed(
  db: Db,
  id: number,
  status: 'failed' | 'dead',
  error: string,
  values: Partial<OutgoingInsert> = {},
): Promise<void> {
  await db
    .update(outgoingMessages)
    .set({ ...values, status, last_error: error })
    .where(and(eq(outgoingMessages.id, id), ne(outgoingMessages.status, 'sent')));
}

/** Puts a failed or dead row back to pending; false when it was not failed or dead. */
export function resetForRestart(db: Db, id: number) {
  return db
    .update(outgoingMessages)
    .set({ status: 'pending', last_error: null })
    .where(and(eq(outgoingMessages.id, id), inArray(outgoingMessages.status, ['failed', 'dead'])))
    .returning({ id: outgoingMessages.id })
    .then((r) => r.length > 0);
}

/**
 * Makes the row's waiting delivery job (a failed row's retry) due now; false when it has none. A restart then needs no
 * second job, which could run beside the first.
 */
export function hurryPendingJob(db: Db, kind: string, id: number) {
  return db
    .update(jobs)
    .set({ run_at: sql`now()` })
    .where(and(eq(jobs.kind, kind), eq(jobs.state, 'pending'), sql`(${jobs.payload}->>'id')::int = ${id}`))
    .returning({ id: jobs.id })
    .then((r) => r.length > 0);
}
