import { allotmentsApi as api } from '@aircargo/contract/bookings';
import { type Module, route } from '../../platform/http';
import { AllotmentsService } from './allotments.service';

export const allotmentsRoutes: Module = (app, { db, clock }) => {
  const service = new AllotmentsService(db, clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.remove, async ({ auth, params }) => {
    await service.remove(auth, params.id);
  });
};
