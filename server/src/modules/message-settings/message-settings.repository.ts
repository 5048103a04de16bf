import type { MessageSettingsQuery } from '@aircargo/contract/outgoing-messages';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companies, messageSettings, messagingSettings } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern, type OffsetPage, offsetPage, sortOrder } from '../../platform/pagination';
import type { SettingsScope } from './message-settings.policy';

export type MessageSettingInsert = typeof messageSettings.$inferInsert;
export type MessagingSettingsInsert = typeof messagingSettings.$inferInsert;

const owner = alias(companies, 'owner');
const airline = alias(companies, 'airline');

function selectSettings(db: Db) {
  return db
    .select({
      setting: messageSettings,
      company: { id: owner.id, short_name: owner.short_name },
      airline: { id: airline.id, short_name: airline.short_name },
    })
    .from(messageSettings)
    .innerJoin(owner, eq(owner.id, messageSettings.company_id))
    .innerJoin(airline, eq(airline.id, messageSettings.airline_id));
}

export type MessageSettingRow = NonNullable<Awaited<ReturnType<typeof findSetting>>>;

const inScope = (scope: SettingsScope) =>
  scope.ownerId === undefined ? undefined : eq(messageSettings.company_id, scope.ownerId);

export function listSettings(
  db: Db,
  scope: SettingsScope,
  query: MessageSettingsQuery,
): Promise<OffsetPage<MessageSettingRow>> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    inScope(scope),
    query.airline_id ? eq(messageSettings.airline_id, query.airline_id) : undefined,
    query.event ? eq(messageSettings.event, query.event) : undefined,
    query.message_type ? eq(messageSettings.message_type, query.message_type) : undefined,
    query.channel ? eq(messageSettings.channel, query.channel) : undefined,
    query.enabled ? eq(messageSettings.enabled, query.enabled === 'yes') : undefined,
    pattern
      ? or(
          sql`array_to_string(${messageSettings.addresses}, ' ') ilike ${pattern}`,
          ilike(messageSettings.webhook_url, pattern),
        )
      : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      id: messageSettings.id,
      event: messageSettings.event,
      message_type: messageSettings.message_type,
      created_at: messageSettings.created_at,
    },
    'id',
    messageSettings.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      selectSettings(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(messageSettings).where(where),
  });
}

export function findSetting(db: Db, scope: SettingsScope, id: number) {
  return selectSettings(db)
    .where(and(eq(messageSettings.id, id), inScope(scope)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertSetting(db: Db, values: MessageSettingInsert): Promise<number> {
  const [row] = await db.insert(messageSettings).values(values).returning({ id: messageSettings.id });
  return row!.id;
}

/** Changes the row when its version is still `rowVersion` (any when undefined); false when someone changed it first. */
export async function updateSetting(
  db: Db,
  id: number,
  values: Partial<MessageSettingInsert>,
  rowVersion: number | undefined,
): Promise<boolean> {
  const updated = await db
    .update(messageSettings)
    .set({ ...values, updated_at: sql`now()`, row_version: sql`${messageSettings.row_version} + 1` })
    .where(
      and(
        eq(messageSettings.id, id),
        rowVersion === undefined ? undefined : eq(messageSettings.row_version, rowVersion),
      ),
    )
    .returning({ id: messageSettings.id });
  return updated.length > 0;
}

export async function deleteSetting(db: Db, id: number): Promise<void> {
  await db.delete(messageSettings).where(eq(messageSettings.id, id));
}

export function companyRef(db: Db, id: number) {
  return db
    .select({ id: companies.id, short_name: companies.short_name, company_type: companies.company_type })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findMessaging(db: Db, companyId: number) {
  return db
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.company_id, companyId))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function upsertMessaging(db: Db, companyId: number, values: Omit<MessagingSettingsInsert, 'company_id'>) {
  await db
    .insert(messagingSettings)
    .values({ ...values, company_id: companyId })
    .onConflictDoUpdate({ target: messagingSettings.company_id, set: { ...values, updated_at: sql`now()` } });
}
