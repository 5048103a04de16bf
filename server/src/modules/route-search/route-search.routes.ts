import { routeSearchApi as api } from '@aircargo/contract/route-search';
import { type Module, route } from '../../platform/http';
import { RouteSearchService } from './route-search.service';
import { Timetable } from './route-search.timetable';

export const routeSearchRoutes: Module = async (app, { db, clock, notifications }) => {
  const timetable = new Timetable(db, clock, app.log);
  const unsubscribe = await timetable.subscribe(notifications);
  app.addHook('onClose', () => unsubscribe());
  // A listening server builds its index in the background, so the first search need not wait (tests build lazily).
  app.addHook('onListen', async () => timetable.warmUp());
  const service = new RouteSearchService(db, clock, timetable);
  route(app, api.trips, ({ auth, query }) => service.search(auth, query));
  route(app, api.flightRoutes, ({ auth, query }) => service.flightRoutes(auth, query));
};
