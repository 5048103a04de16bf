import type { PaginationMeta } from '@aircargo/contract/common';
import type { Handler, HandlerCreate, HandlersQuery, HandlerUpdate } from '@aircargo/contract/handlers';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { companyTypeOf } from '../companies/companies.service';
import { airlineForNew, handlerScope } from './handlers.policy';
import { presentHandler } from './handlers.presenter';
import * as repo from './handlers.repository';

export const HANDLER_EXISTS = 'Handler already exists at this airport';
export const UNKNOWN_AIRPORT = 'Unknown airport';
export const NOT_A_HANDLER = 'The company is not a handler';

export class HandlersService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, query: HandlersQuery): Promise<{ data: Handler[]; meta: PaginationMeta }> {
    return presentPage(await repo.listHandlers(this.db, handlerScope(auth, query.airline_id), query), presentHandler);
  }

  /** A handler of the caller's airline (any for the platform); anything else is 404, existing or not. */
  async get(auth: AuthContext, id: number): Promise<Handler> {
    const row = await repo.findHandler(this.db, handlerScope(auth), id);
    if (!row) throw notFound(message('handlerNotFound'));
    return presentHandler(row);
  }

  /** The airport must be known, a linked company must be a handler, and a name is unique per airline and airport. */
  private async check(
    airlineId: number,
    values: { airport: string; name: string; handler_company_id?: number | null },
    exceptId?: number,
  ) {
    if (!(await repo.airportExists(this.db, values.airport))) {
      throw validation({ airport: [UNKNOWN_AIRPORT] }, UNKNOWN_AIRPORT);
    }
    if (values.handler_company_id) {
      const type = await companyTypeOf(this.db, values.handler_company_id);
      if (type !== 'handler') throw validation({ handler_company_id: [NOT_A_HANDLER] }, NOT_A_HANDLER);
    }
    if (await repo.findDuplicate(this.db, airlineId, values.airport, values.name, exceptId)) {
      throw exists(HANDLER_EXISTS, 'name');
    }
  }

  async create(auth: AuthContext, input: HandlerCreate): Promise<Handler> {
    const { airline_id, ...fields } = input;
    const airlineId = airlineForNew(auth, airline_id);
    if (airlineId === null) throw emptyFields('airline_id is required', { airline_id: ['required field'] });
    if ((await companyTypeOf(this.db, airlineId)) !== 'airline') throw companyNotFound();
    await this.check(airlineId, fields);
    const id = await repo.insertHandler(this.db, { ...fields, airline_id: airlineId });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: HandlerUpdate): Promise<Handler> {
    const current = await repo.findHandler(this.db, handlerScope(auth), id);
    if (!current) throw notFound(message('handlerNotFound'));
    await this.check(
      current.handler.airline_id,
      {
        airport: input.airport ?? current.handler.airport,
        name: input.name ?? current.handler.name,
        handler_company_id: input.handler_company_id,
      },
      id,
    );
    await repo.updateHandler(this.db, id, input);
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await repo.findHandler(this.db, handlerScope(auth), id))) throw notFound(message('handlerNotFound'));
    await repo.deleteHandler(this.db, id);
  }
}
