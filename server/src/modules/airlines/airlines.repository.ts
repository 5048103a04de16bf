import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { agreements, airlineAirports, airports, companies } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { AirlineAccess } from './airlines.policy';

export type AirportRow = typeof airports.$inferSelect;

/** The airline company with this id, if the access lets the caller reach it. */
export async function findAirline(db: Db, id: number, access: AirlineAccess) {
  if (access.kind === 'none') return null;
  if (access.kind === 'own' && access.companyId !== id) return null;
  const [row] = await db
    .select({ id: companies.id, airline_code: companies.airline_code, ui_settings: companies.ui_settings })
    .from(companies)
    .where(
      and(
        eq(companies.id, id),
        eq(companies.company_type, 'airline'),
        access.kind === 'agreement'
          ? sql`exists (select 1 from ${agreements} where ${agreements.supplier_id} = ${companies.id}
              and ${agreements.client_id} = ${access.clientId})`
          : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Sets the airline's show_settings in its company UI settings, keeping the other keys. */
export async function setShowSettings(db: Db, id: number, show: boolean): Promise<Record<string, unknown>> {
  const [row] = await db
    .update(companies)
    .set({
      ui_settings: sql`${companies.ui_settings} || jsonb_build_object('show_settings', ${show}::boolean)`,
      updated_at: sql`now()`,
    })
    .where(eq(companies.id, id))
    .returning({ ui_settings: companies.ui_settings });
  return row?.ui_settings ?? {};
}

export function airportsOf(db: Db, airlineId: number): Promise<AirportRow[]> {
  return db
    .select({
      iata: airports.iata,
      icao: airports.icao,
      name: airports.name,
      full_name: airports.full_name,
      cyrillic_name: airports.cyrillic_name,
      city_code: airports.city_code,
      city_name: airports.city_name,
      cyrillic_city_name: airports.cyrillic_city_name,
      country_code: airports.country_code,
      latitude: airports.latitude,
      longitude: airports.longitude,
      timezone: airports.timezone,
    })
    .from(airlineAirports)
    .innerJoin(airports, eq(airports.iata, airlineAirports.airport))
    .where(eq(airlineAirports.airline_id, airlineId))
    .orderBy(asc(airports.iata));
}

/** The codes among `codes` that name a known airport. */
export async function knownAirports(db: Db, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, codes));
  return new Set(rows.map((r) => r.iata));
}

/** Replaces the airline's airports with `codes` in one transaction. */
export async function replaceAirports(db: Db, airlineId: number, codes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(airlineAirports).where(eq(airlineAirports.airline_id, airlineId));
    if (codes.length) {
      await tx.insert(airlineAirports).values(codes.map((airport) => ({ airline_id: airlineId, airport })));
    }
  });
}
