import type { Locale } from '@aircargo/domain';
import { eq, sql } from 'drizzle-orm';
import { users, userUiSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

export type UiSettingsRow = Omit<typeof userUiSettings.$inferSelect, 'user_id' | 'updated_at'>;
export type UiSettingsValues = Partial<UiSettingsRow>;

/** The user's stored preferences (null when never saved) and locale. */
export async function findUiSettings(db: Db, userId: number) {
  const [row] = await db
    .select({
      locale: users.locale,
      left_drawer_open: userUiSettings.left_drawer_open,
      utc_time: userUiSettings.utc_time,
      dark_mode: userUiSettings.dark_mode,
      markup_mode: userUiSettings.markup_mode,
      updated_at: userUiSettings.updated_at,
    })
    .from(users)
    .leftJoin(userUiSettings, eq(userUiSettings.user_id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Writes the given preferences (creating the row with the column defaults) and the locale, in one transaction. */
export async function saveUiSettings(db: Db, userId: number, values: UiSettingsValues, locale: Locale | undefined) {
  await db.transaction(async (tx) => {
    await tx
      .insert(userUiSettings)
      .values({ ...values, user_id: userId })
      .onConflictDoUpdate({ target: userUiSettings.user_id, set: { ...values, updated_at: sql`now()` } });
    if (locale) await tx.update(users).set({ locale, updated_at: sql`now()` }).where(eq(users.id, userId));
  });
}
