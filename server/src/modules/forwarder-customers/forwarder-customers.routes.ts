import { forwarderCustomersApi as api } from '@aircargo/contract/forwarder-customers';
import { type Module, route } from '../../platform/http';
import { ForwarderCustomersService } from './forwarder-customers.service';

export const forwarderCustomersRoutes: Module = (app, { db }) => {
  const service = new ForwarderCustomersService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.remove, async ({ auth, params }) => {
    await service.remove(auth, params.id);
    return undefined;
  });
};
