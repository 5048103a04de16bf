import { flightsApi as api, capacityApi } from '@aircargo/contract/flights';
import { callerMay, hostScopeOfRequest } from '../../platform/auth';
import { type Module, route } from '../../platform/http';
import { FlightsService } from './flights.service';

export const flightsRoutes: Module = (app, { db, clock, config }) => {
  const service = new FlightsService(db, clock);
  route(app, api.list, ({ auth, query, request }) =>
    service.list(auth, query, callerMay(auth, 'flights:aci', hostScopeOfRequest(request, config.environment))),
  );
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.cancel, ({ auth, params }) => service.cancel(auth, params.id));
  route(app, api.sales, ({ auth, params, body }) => service.sales(auth, params.id, body.sales_closed));
  route(app, api.lock, ({ auth, params }) => service.lock(auth, params.id, true));
  route(app, api.unlock, ({ auth, params }) => service.lock(auth, params.id, false));
  route(app, api.loadFactor, ({ auth, params }) => service.loadFactor(auth, params.id));
  route(app, api.changeLogs, ({ auth, query }) => service.changeLogs(auth, query));
  route(app, capacityApi.segmentCapacity, ({ auth, params }) => service.segmentCapacity(auth, params.segment));
  route(app, capacityApi.updateSegmentCapacity, ({ auth, params, body }) =>
    service.updateSegmentCapacity(auth, params.segment, body),
  );
};
