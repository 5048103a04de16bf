import type { Airline, Airport } from '@aircargo/contract/reference';
import { SYNTHETIC_CITY_CODES } from '../../db/reference/airport-cities';
import type { AirlineRow, AirportRow } from './reference.repository';

export function presentAirport(row: AirportRow): Airport {
  return { ...row, separator: SYNTHETIC_CITY_CODES.has(row.iata) };
}

export function presentAirline(row: AirlineRow): Airline {
  return { ...row };
}
