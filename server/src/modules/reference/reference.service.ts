import type { Airline, AirlineQuery, Airport, AirportQuery } from '@aircargo/contract/reference';
import type { Db } from '../../platform/db';
import { message, notFound } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { presentAirline, presentAirport } from './reference.presenter';
import * as repo from './reference.repository';

/** The reference books: read-only, the same for every company. */
export class ReferenceService {
  constructor(private readonly db: Db) {}

  async airports(query: AirportQuery) {
    const page = await repo.searchAirports(this.db, { q: query.q || undefined, country: query.country }, query);
    return presentPage(page, presentAirport);
  }

  async airport(iata: string): Promise<Airport> {
    const row = await repo.findAirport(this.db, iata);
    if (!row) throw notFound(message('airportNotFound'));
    return presentAirport(row);
  }

  async airlines(query: AirlineQuery) {
    const page = await repo.searchAirlines(this.db, { q: query.q || undefined }, query);
    return presentPage(page, presentAirline);
  }

  async airline(id: number): Promise<Airline> {
    const row = await repo.findAirline(this.db, id);
    if (!row) throw notFound(message('airlineNotFound'));
    return presentAirline(row);
  }

  countries() {
    return repo.listCountries(this.db);
  }

  customRegions() {
    return repo.listCustomRegions(this.db);
  }

  aircraftTypes() {
    return repo.listAircraftTypes(this.db);
  }

  specialHandlings() {
    return repo.listSpecialHandlings(this.db);
  }

  productCodes() {
    return repo.listProductCodes(this.db);
  }

  chargeCodes() {
    return repo.listChargeCodes(this.db);
  }

  currencies() {
    return repo.listCurrencies(this.db);
  }
}
