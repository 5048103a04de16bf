import { and, eq, ne, sql } from 'drizzle-orm';
import { airlineSettings, companies } from '../../db/schema';
import type { Db } from '../../platform/db';
import { type CompanyScope, inScope } from '../../platform/policy';

export type AirlineSettingsRow = typeof airlineSettings.$inferSelect;
export type AirlineSettingsValues = Omit<Partial<typeof airlineSettings.$inferInsert>, 'company_id'>;

export function findSettings(db: Db, companyId: number): Promise<AirlineSettingsRow | null> {
  return db
    .select()
    .from(airlineSettings)
    .where(eq(airlineSettings.company_id, companyId))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Writes the given fields, creating the row with the column defaults for the rest when the airline has none. */
export async function upsertSettings(
  db: Db,
  companyId: number,
  values: AirlineSettingsValues,
): Promise<AirlineSettingsRow> {
  const [row] = await db
    .insert(airlineSettings)
    .values({ ...values, company_id: companyId })
    .onConflictDoUpdate({ target: airlineSettings.company_id, set: { ...values, updated_at: sql`now()` } })
    .returning();
  return row!;
}

/** Another airline that issues air waybills under this prefix. */
export function findPrefixHolder(db: Db, prefix: string, exceptCompanyId: number) {
  return db
    .select({ company_id: airlineSettings.company_id })
    .from(airlineSettings)
    .where(and(eq(airlineSettings.awb_prefix, prefix), ne(airlineSettings.company_id, exceptCompanyId)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Whether the scope's company is an airline. */
export async function isAirline(db: Db, scope: CompanyScope & { kind: 'company' }): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inScope(scope, companies.id), eq(companies.company_type, 'airline')))
    .limit(1);
  return rows.length > 0;
}
