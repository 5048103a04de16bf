import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const airports = pgTable(
  'airports',
  {
    iata: text('iata').primaryKey(),
    icao: text('icao'),
    name: text('name').notNull(),
    full_name: text('full_name'),
    cyrillic_name: text('cyrillic_name'),
    city_code: text('city_code').notNull(),
    city_name: text('city_name'),
    cyrillic_city_name: text('cyrillic_city_name'),
    country_code: text('country_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timezone: text('timezone').notNull(),
  },
  (t) => [index('airports_city_code_idx').on(t.city_code), index('airports_country_idx').on(t.country_code)],
);

export const countries = pgTable('countries', {
  alpha_2: text('alpha_2').primaryKey(),
  name: text('name').notNull(),
  cyrillic_name: text('cyrillic_name'),
});

export const customRegions = pgTable('custom_regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  countries: text('countries').array().notNull(),
});

export const airlines = pgTable('airlines', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  iata: text('iata').notNull().unique(),
  icao: text('icao'),
  awb_prefix: text('awb_prefix'),
  name: text('name').notNull(),
  cyrillic_name: text('cyrillic_name'),
  country_code: text('country_code'),
});

export const aircraftTypes = pgTable('aircraft_types', {
  iata: text('iata').primaryKey(),
  icao: text('icao'),
  description: text('description').notNull(),
});

export const specialHandlings = pgTable('special_handlings', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  description_cyrillic: text('description_cyrillic').notNull(),
});

export const productCodes = pgTable('product_codes', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
});

export const chargeCodes = pgTable('charge_codes', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  /** Due agent (A) or due carrier (C). */
  due: text('due', { enum: ['A', 'C'] }).notNull(),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  decimals: integer('decimals').notNull().default(2),
});
