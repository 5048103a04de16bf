import { eq, inArray } from 'drizzle-orm';
import { airports, chargeCodes, companies } from '../../db/schema';
import type { Db } from '../../platform/db';

/** What the form prints about an airport: its city (Latin and, where the reference data has them, Russian names). */
export interface AirportNames {
  iata: string;
  city: string;
  cyrillicCity: string | null;
  cyrillicName: string | null;
}

export async function airportNames(db: Db, codes: readonly string[]): Promise<Map<string, AirportNames>> {
  const unique = [...new Set(codes)];
  const out = new Map<string, AirportNames>();
  if (unique.length === 0) return out;
  const rows = await db
    .select({
      iata: airports.iata,
      name: airports.name,
      city: airports.city_name,
      cyrillicCity: airports.cyrillic_city_name,
      cyrillicName: airports.cyrillic_name,
    })
    .from(airports)
    .where(inArray(airports.iata, unique));
  for (const r of rows) {
    out.set(r.iata, {
      iata: r.iata,
      city: r.city ?? r.name,
      cyrillicCity: r.cyrillicCity,
      cyrillicName: r.cyrillicName,
    });
  }
  return out;
}

/** Other-charge codes and whom they are due to (A agent, C carrier). */
export async function chargeDue(db: Db, codes: readonly string[]): Promise<Map<string, 'A' | 'C'>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ code: chargeCodes.code, due: chargeCodes.due })
    .from(chargeCodes)
    .where(inArray(chargeCodes.code, unique));
  return new Map(rows.map((r) => [r.code, r.due]));
}

/** The forwarder's IATA agent code (box 7). */
export async function agentCode(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: companies.forwarder_iata_code })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.code ?? null;
}
