import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  ConnectionTime,
  ConnectionTimeCreate,
  ConnectionTimesQuery,
  ConnectionTimeUpdate,
} from '@aircargo/contract/route-search';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { mayWrite, readScope } from './connection-times.policy';
import { presentConnectionTime } from './connection-times.presenter';
import * as repo from './connection-times.repository';

type Values = {
  airport: string;
  minutes: number;
  arrival_carrier: string | null;
  departure_carrier: string | null;
  connection_type: ConnectionTime['connection_type'];
};

export class ConnectionTimesService {
  constructor(private readonly db: Db) {}

  async list(
    auth: AuthContext,
    query: ConnectionTimesQuery,
  ): Promise<{ data: ConnectionTime[]; meta: PaginationMeta }> {
    return presentPage(
      await repo.listConnectionTimes(this.db, readScope(auth, query.airline_id), query),
      presentConnectionTime,
    );
  }

  async get(auth: AuthContext, id: number): Promise<ConnectionTime> {
    const row = await repo.findConnectionTime(this.db, readScope(auth), id);
    if (!row) throw notFound(message('connectionTimeNotFound'));
    return presentConnectionTime(row);
  }

  /** The airport must be known; an airline's row must name its own carrier; a row is unique per its keys. */
  private async check(airlineId: number | null, values: Values, exceptId?: number): Promise<void> {
    if (!(await repo.airportExists(this.db, values.airport))) {
      throw validation({ airport: [message('airportNotFound')] }, message('airportNotFound'));
    }
    if (airlineId !== null) {
      const carrier = await repo.carrierOf(this.db, airlineId);
      if (carrier === null) throw companyNotFound();
      if (values.arrival_carrier !== carrier && values.departure_carrier !== carrier) {
        throw validation({ departure_carrier: [message('connectionTimeCarrier')] }, message('connectionTimeCarrier'));
      }
    }
    if (await repo.findDuplicate(this.db, values, exceptId)) throw exists(message('connectionTimeExists'), 'airport');
  }

  async create(auth: AuthContext, input: ConnectionTimeCreate): Promise<ConnectionTime> {
    let airlineId: number | null;
    if (auth.companyType === 'platform') airlineId = input.airline_id ?? null;
    else {
      if (input.airline_id != null && input.airline_id !== auth.companyId) throw companyNotFound();
      airlineId = auth.companyId;
    }
    const values: Values = {
      airport: input.airport,
      minutes: input.minutes,
      arrival_carrier: input.arrival_carrier ?? null,
      departure_carrier: input.departure_carrier ?? null,
      connection_type: input.connection_type ?? null,
    };
    await this.check(airlineId, values);
    const id = await repo.insertConnectionTime(this.db, { ...values, airline_id: airlineId });
    return this.get(auth, id);
  }

  private async writable(auth: AuthContext, id: number) {
    const row = await repo.findConnectionTime(this.db, readScope(auth), id);
    // A row the caller may read but not change (a platform row for an airline) is not found for writing either.
    if (!row || !mayWrite(auth, row.row.airline_id)) throw notFound(message('connectionTimeNotFound'));
    return row;
  }

  async update(auth: AuthContext, id: number, input: ConnectionTimeUpdate): Promise<ConnectionTime> {
    const { row } = await this.writable(auth, id);
    const values: Values = {
      airport: input.airport ?? row.airport,
      minutes: input.minutes ?? row.minutes,
      arrival_carrier: input.arrival_carrier === undefined ? row.arrival_carrier : input.arrival_carrier,
      departure_carrier: input.departure_carrier === undefined ? row.departure_carrier : input.departure_carrier,
      connection_type: (input.connection_type === undefined
        ? row.connection_type
        : input.connection_type) as Values['connection_type'],
    };
    await this.check(row.airline_id, values, id);
    await repo.updateConnectionTime(this.db, id, values);
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.writable(auth, id);
    await repo.deleteConnectionTime(this.db, id);
  }
}
