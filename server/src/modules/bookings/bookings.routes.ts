import { bookingsApi as api } from '@aircargo/contract/bookings';
import { type Module, route } from '../../platform/http';
import { BookingsService } from './bookings.service';

export const bookingsRoutes: Module = (app, { db, clock }) => {
  const service = new BookingsService(db, clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.availability, ({ auth, query }) => service.availability(auth, query.segment_ids, query.forwarder_id));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body, 'web'));
  route(app, api.createV1, ({ auth, body }) => service.create(auth, body, 'api'));
  route(app, api.change, ({ auth, params, body }) => service.change(auth, params.id, body));
  route(app, api.cancel, ({ auth, params }) => service.cancel(auth, params.id));
  route(app, api.status, ({ auth, params, body }) => service.setStatus(auth, params.id, body));
  route(app, api.touch, ({ auth, params }) => service.touch(auth, params.id));
  route(app, api.ffr, ({ auth, params }) => service.ffr(auth, params.id));
};
