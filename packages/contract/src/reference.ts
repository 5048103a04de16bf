import { z } from 'zod';
import { idParam, pageQuery, paginated } from './common';
import { endpoint } from './endpoint';
import { msg } from './messages';

// Reference books of seed 001 section 3 "Other" and section 9: read-only lists every signed-in user may load.

/** PostgreSQL text cannot hold NUL; refusing it here keeps such a search a 422 instead of a driver error. */
const searchText = z
  .string()
  .trim()
  .max(200)
  .refine((v) => !v.includes('\u0000'), msg('invalidCharacter'));

/** Seed 001 section 3 Airport. */
export const airport = z.object({
  iata: z.string(),
  icao: z.string().nullable(),
  name: z.string(),
  /** The name with its city, for pickers and documents: "Sheremetyevo International Airport, Moscow". */
  full_name: z.string().nullable(),
  cyrillic_name: z.string().nullable(),
  /** The IATA city code: the metropolitan code (MOW, LON, NYC, ...) where one exists, else the airport's own code. */
  city_code: z.string(),
  city_name: z.string().nullable(),
  cyrillic_city_name: z.string().nullable(),
  country_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** IANA time zone of the airport's local time. */
  timezone: z.string(),
  /**
   * True for a city entry that stands for all airports of a metropolitan area (the synthetic MOW), so a picker can
   * draw it as a group header above its airports; false for an airport.
   */
  separator: z.boolean(),
});
export type Airport = z.infer<typeof airport>;

export const airportQuery = pageQuery.omit({ sort: true, q: true }).extend({
  /** Matches IATA, ICAO, city code, name and city, in Latin or Cyrillic, case-insensitively. */
  q: searchText.optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, msg('invalidFormat'))
    .optional(),
});
export type AirportQuery = z.infer<typeof airportQuery>;

export const airportParams = z.object({
  iata: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, msg('invalidFormat')),
});

/** Seed 001 section 3 Country. */
export const country = z.object({
  alpha_2: z.string(),
  name: z.string(),
  cyrillic_name: z.string().nullable(),
});
export type Country = z.infer<typeof country>;

/** A customs region (GB, EU) and its member countries: post codes are required there (seed 001 section 5). */
export const customRegion = z.object({
  code: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
});
export type CustomRegion = z.infer<typeof customRegion>;

export const airline = z.object({
  id: z.number().int(),
  iata: z.string(),
  icao: z.string().nullable(),
  /** The 3-digit prefix of the airline's air waybill numbers. */
  awb_prefix: z.string().nullable(),
  name: z.string(),
  cyrillic_name: z.string().nullable(),
  country_code: z.string().nullable(),
});
export type Airline = z.infer<typeof airline>;

export const airlineQuery = pageQuery.omit({ sort: true, q: true }).extend({
  /** Matches IATA, ICAO, AWB prefix and name (Latin or Cyrillic), case-insensitively. */
  q: searchText.optional(),
});
export type AirlineQuery = z.infer<typeof airlineQuery>;

/** Seed 001 section 3 Aircraft type (the ICAO designator added). */
export const aircraftType = z.object({
  iata: z.string(),
  icao: z.string().nullable(),
  description: z.string(),
});
export type AircraftType = z.infer<typeof aircraftType>;

/** Seed 001 section 3 Special handling code. */
export const specialHandling = z.object({
  code: z.string(),
  description: z.string(),
  description_cyrillic: z.string(),
});
export type SpecialHandling = z.infer<typeof specialHandling>;

/** Seed 001 section 3 Product. */
export const productCode = z.object({
  code: z.string(),
  description: z.string(),
});
export type ProductCode = z.infer<typeof productCode>;

/** An IATA other-charge code and whether it is due agent (A) or due carrier (C). */
export const chargeCode = z.object({
  code: z.string(),
  description: z.string(),
  due: z.enum(['A', 'C']),
});
export type ChargeCode = z.infer<typeof chargeCode>;

/** Seed 001 section 9 currencies. */
export const currency = z.object({
  code: z.string(),
  name: z.string(),
  decimals: z.number().int(),
});
export type Currency = z.infer<typeof currency>;

const tags = ['reference'];
const permission = 'reference:read';

/** The reference-book calls of seed 001 section 7: read-only, cached by the client for 600 s. */
export const referenceApi = {
  airports: endpoint({
    method: 'GET',
    path: '/api/v3/airports',
    permission,
    tags,
    summary: 'Airports and city entries, searched by code or name (Latin or Cyrillic)',
    query: airportQuery,
    response: paginated(airport),
  }),
  airport: endpoint({
    method: 'GET',
    path: '/api/v3/airports/:iata',
    permission,
    tags,
    summary: 'One airport or city entry',
    params: airportParams,
    response: airport,
  }),
  countries: endpoint({
    method: 'GET',
    path: '/api/v3/countries',
    permission,
    tags,
    summary: 'Countries (ISO 3166-1)',
    response: z.array(country),
  }),
  customRegions: endpoint({
    method: 'GET',
    path: '/api/v3/custom_regions',
    permission,
    tags,
    summary: 'Customs regions and their countries',
    response: z.array(customRegion),
  }),
  airlines: endpoint({
    method: 'GET',
    path: '/api/v3/airlines',
    permission,
    tags,
    summary: 'Airlines, searched by code, AWB prefix or name',
    query: airlineQuery,
    response: paginated(airline),
  }),
  airline: endpoint({
    method: 'GET',
    path: '/api/v3/airlines/:id',
    permission,
    tags,
    summary: 'One airline',
    params: idParam,
    response: airline,
  }),
  aircraftTypes: endpoint({
    method: 'GET',
    path: '/api/v3/aircraft_types',
    permission,
    tags,
    summary: 'Aircraft types (not paginated)',
    response: z.array(aircraftType),
  }),
  specialHandlings: endpoint({
    method: 'GET',
    path: '/api/v3/special_handlings',
    permission,
    tags,
    summary: 'Special handling codes (SHC)',
    response: z.array(specialHandling),
  }),
  productCodes: endpoint({
    method: 'GET',
    path: '/api/v3/product_codes',
    permission,
    tags,
    summary: 'Cargo products',
    response: z.array(productCode),
  }),
  chargeCodes: endpoint({
    method: 'GET',
    path: '/api/v3/charge_codes',
    permission,
    tags,
    summary: 'Other-charge codes and whom they are due',
    response: z.array(chargeCode),
  }),
  currencies: endpoint({
    method: 'GET',
    path: '/api/v3/currencies',
    permission,
    tags,
    summary: 'Currencies',
    response: z.array(currency),
  }),
};
