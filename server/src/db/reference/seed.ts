import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../platform/db';
import {
  aircraftTypes,
  airlines,
  airports,
  chargeCodes,
  countries,
  currencies,
  customRegions,
  productCodes,
  specialHandlings,
} from '../schema';
import { AIRCRAFT_TYPES } from './aircraft-types';
import { AIRLINES } from './airlines';
import { buildAirports } from './airports';
import { CHARGE_CODES } from './charge-codes';
import { buildCountries, CUSTOM_REGIONS } from './countries';
import { CURRENCIES } from './currencies';
import { PRODUCT_CODES } from './product-codes';
import { SPECIAL_HANDLINGS } from './special-handlings';

interface Book {
  table: PgTable;
  rows: () => readonly object[];
}

/** Ties a table to the builder of its rows, so the rows are checked against the table's insert type. */
const book = <T extends PgTable>(table: T, rows: () => readonly T['$inferInsert'][]): Book => ({ table, rows });

/** Every reference table and where its rows come from; the airports and countries are built only when needed. */
const BOOKS = {
  airports: book(airports, buildAirports),
  countries: book(countries, buildCountries),
  custom_regions: book(customRegions, () => CUSTOM_REGIONS),
  airlines: book(airlines, () => AIRLINES),
  aircraft_types: book(aircraftTypes, () => AIRCRAFT_TYPES),
  special_handlings: book(specialHandlings, () => SPECIAL_HANDLINGS),
  product_codes: book(productCodes, () => PRODUCT_CODES),
  charge_codes: book(chargeCodes, () => CHARGE_CODES),
  currencies: book(currencies, () => CURRENCIES),
} as const;

export type ReferenceTable = keyof typeof BOOKS;
export const REFERENCE_TABLES = Object.keys(BOOKS) as ReferenceTable[];

const BATCH_SIZE = 500;

/**
 * Inserts the rows a few hundred per statement, each batch as one JSON parameter that `json_populate_recordset`
 * expands into rows: binding 12 parameters for each of ~8,500 airports costs PGlite about three times as long.
 * Columns are named, so a generated identity (airlines.id) is left to the database.
 */
async function insertRows(db: Db, table: PgTable, rows: readonly object[]): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columnOf = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((key) => {
    const column = columnOf[key];
    if (!column) throw new Error(`${getTableName(table)} has no column for ${key}`);
    return column.name;
  });
  const columns = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows
      .slice(i, i + BATCH_SIZE)
      .map((row) =>
        Object.fromEntries(keys.map((key, k) => [names[k], (row as Record<string, unknown>)[key] ?? null])),
      );
    await db.execute(
      sql`insert into ${table} (${columns})
          select ${columns} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)
          on conflict do nothing`,
    );
  }
  return rows.length;
}

/** Which reference tables hold no row yet. */
async function emptyTables(db: Db): Promise<ReferenceTable[]> {
  const probes = sql.join(
    REFERENCE_TABLES.map((name) => sql`not exists(select 1 from ${BOOKS[name].table}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<ReferenceTable, boolean>>(db, sql`select ${probes}`);
  return REFERENCE_TABLES.filter((name) => row?.[name] === true);
}

/**
 * Fills every empty reference table; a table that holds rows is left as it is, so running it again (each start, each
 * test database) changes nothing and edits made through the product survive. One transaction, so a start that dies
 * half-way leaves no half-filled table behind; `on conflict do nothing` lets two API processes starting together on
 * one database both succeed. Answers how many rows each table received.
 */
export async function seedReference(db: Db): Promise<Partial<Record<ReferenceTable, number>>> {
  const empty = await emptyTables(db);
  if (empty.length === 0) return {};
  return db.transaction(async (tx) => {
    const seeded: Partial<Record<ReferenceTable, number>> = {};
    for (const name of empty) seeded[name] = await insertRows(tx, BOOKS[name].table, BOOKS[name].rows());
    return seeded;
  });
}
