import { routeSearchApi as api } from '@aircargo/contract/route-search';
import { type Module, route } from '../../platform/http';
import { QUOTE_CACHE_TTL_MS, QuoteCache, QuoteService, TARIFFS_CHANNEL } from '../tariffs/tariffs.quote';
import { TariffPricer } from './route-search.pricer';
import { RouteSearchService } from './route-search.service';
import { Timetable } from './route-search.timetable';

export const routeSearchRoutes: Module = async (app, { db, clock, notifications, config }) => {
  const timetable = new Timetable(db, clock, app.log);
  const unsubscribe = await timetable.subscribe(notifications);
  app.addHook('onClose', () => unsubscribe());
  // A listening server builds its index in the background, so the first search need not wait (tests build lazily).
  app.addHook('onListen', async () => timetable.warmUp());
  // Prepared rating engines per airline, dropped on the tariffs module's notifications (decision 015).
  const quoteCache = new QuoteCache(QUOTE_CACHE_TTL_MS, config.authCacheTtlMs);
  const stopQuotes = await notifications.subscribe(TARIFFS_CHANNEL, {
    onPayload: (payload) => quoteCache.onNotification(payload),
    onState: (live) => quoteCache.setLive(live),
  });
  app.addHook('onClose', () => stopQuotes());
  const pricer = new TariffPricer(new QuoteService(db, quoteCache, clock));
  const service = new RouteSearchService(db, clock, timetable, pricer);
  route(app, api.trips, ({ auth, query }) => service.search(auth, query));
  route(app, api.flightRoutes, ({ auth, query }) => service.flightRoutes(auth, query));
};
