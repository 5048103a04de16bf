import type { PaginationMeta } from '@aircargo/contract/common';
import type {
  PermittedRoute,
  PermittedRouteCreate,
  PermittedRoutesQuery,
  PermittedRouteUpdate,
} from '@aircargo/contract/route-search';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, type FieldErrors, message, notFound, validation } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { companyNotFound } from '../../platform/policy';
import { airlineForNew, permittedRouteScope } from './permitted-routes.policy';
import { presentPermittedRoute } from './permitted-routes.presenter';
import * as repo from './permitted-routes.repository';

export const SAME_ENDS = 'Origin and destination must differ';

export class PermittedRoutesService {
  constructor(private readonly db: Db) {}

  async list(
    auth: AuthContext,
    query: PermittedRoutesQuery,
  ): Promise<{ data: PermittedRoute[]; meta: PaginationMeta }> {
    return presentPage(
      await repo.listPermittedRoutes(this.db, permittedRouteScope(auth, query.airline_id), query),
      presentPermittedRoute,
    );
  }

  /** A row of the caller's airline (any for the platform); anything else is 404, existing or not. */
  async get(auth: AuthContext, id: number): Promise<PermittedRoute> {
    const row = await repo.findPermittedRoute(this.db, permittedRouteScope(auth), id);
    if (!row) throw notFound(message('permittedRouteNotFound'));
    return presentPermittedRoute(row);
  }

  /** Origin, destination and transit airports must be known codes, the ends differ, and a row is unique. */
  private async check(
    airlineId: number,
    values: { origin: string; destination: string; via: string[] | null },
    exceptId?: number,
  ): Promise<void> {
    const errors: FieldErrors = {};
    for (const field of ['origin', 'destination'] as const) {
      if (!(await repo.placeExists(this.db, values[field]))) errors[field] = [message('airportNotFound')];
    }
    for (const code of values.via ?? []) {
      if (!(await repo.placeExists(this.db, code))) errors.via = [message('airportNotFound')];
    }
    if (values.origin === values.destination) errors.destination = [SAME_ENDS];
    if (Object.keys(errors).length > 0) throw validation(errors);
    if (await repo.findDuplicate(this.db, airlineId, values, exceptId)) {
      throw exists(message('permittedRouteExists'), 'origin');
    }
  }

  async create(auth: AuthContext, input: PermittedRouteCreate): Promise<PermittedRoute> {
    const airlineId = airlineForNew(auth, input.airline_id);
    if (airlineId === null) throw emptyFields(message('required'), { airline_id: [message('required')] });
    if ((await repo.carrierOf(this.db, airlineId)) === null) throw companyNotFound();
    const values = { origin: input.origin, destination: input.destination, via: input.via ?? null };
    await this.check(airlineId, values);
    const id = await repo.insertPermittedRoute(this.db, {
      ...values,
      notes: input.notes ?? null,
      airline_id: airlineId,
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: PermittedRouteUpdate): Promise<PermittedRoute> {
    const current = await repo.findPermittedRoute(this.db, permittedRouteScope(auth), id);
    if (!current) throw notFound(message('permittedRouteNotFound'));
    const values = {
      origin: input.origin ?? current.route.origin,
      destination: input.destination ?? current.route.destination,
      via: input.via === undefined ? current.route.via : input.via,
    };
    await this.check(current.route.airline_id, values, id);
    await repo.updatePermittedRoute(this.db, id, {
      ...values,
      ...(input.notes === undefined ? {} : { notes: input.notes }),
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await repo.findPermittedRoute(this.db, permittedRouteScope(auth), id))) {
      throw notFound(message('permittedRouteNotFound'));
    }
    await repo.deletePermittedRoute(this.db, id);
  }
}
