import type { Airline, AirlineQuery, Airport, AirportQuery } from '@aircargo/contract/reference';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { offsetOf, pageMeta } from '../../platform/pagination';
import { presentAirline, presentAirport, presentPage } from './reference.presenter';
import * as repo from './reference.repository';

/** The reference books: read-only, the same for every company. */
export class ReferenceService {
  constructor(private readonly db: Db) {}

  async airports(query: AirportQuery) {
    const { rows, total } = await repo.searchAirports(
      this.db,
      { q: query.q || undefined, country: query.country },
      { limit: query.per_page, offset: offsetOf(query) },
    );
    return presentPage(rows, pageMeta(query, total), presentAirport);
  }

  async airport(iata: string): Promise<Airport> {
    const row = await repo.findAirport(this.db, iata);
    if (!row) throw notFound('Airport not found');
    return presentAirport(row);
  }

  async airlines(query: AirlineQuery) {
    const { rows, total } = await repo.searchAirlines(
      this.db,
      { q: query.q || undefined },
      { limit: query.per_page, offset: offsetOf(query) },
    );
    return presentPage(rows, pageMeta(query, total), presentAirline);
  }

  async airline(id: number): Promise<Airline> {
    const row = await repo.findAirline(this.db, id);
    if (!row) throw notFound('Airline not found');
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
