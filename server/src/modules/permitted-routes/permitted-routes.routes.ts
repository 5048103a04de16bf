import { permittedRoutesApi as api } from '@aircargo/contract/route-search';
import { type Module, route } from '../../platform/http';
import { PermittedRoutesService } from './permitted-routes.service';

export const permittedRoutesRoutes: Module = (app, { db }) => {
  const service = new PermittedRoutesService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.remove, async ({ auth, params }) => {
    await service.remove(auth, params.id);
    return undefined;
  });
};
