import type { PaginationMeta } from '@aircargo/contract/common';
import type { Airline, Airport } from '@aircargo/contract/reference';
import { SYNTHETIC_CITY_CODES } from '../../db/reference/airport-cities';
import type { AirlineRow, AirportRow } from './reference.repository';

export function presentAirport(row: AirportRow): Airport {
  return { ...row, separator: SYNTHETIC_CITY_CODES.has(row.iata) };
}

export function presentAirline(row: AirlineRow): Airline {
  return { ...row };
}

export function presentPage<R, T>(
  rows: R[],
  meta: PaginationMeta,
  present: (row: R) => T,
): { data: T[]; meta: PaginationMeta } {
  return { data: rows.map(present), meta };
}
