import { airWaybillsApi as api } from '@aircargo/contract/air-waybills';
import { prepare } from '@aircargo/rating';
import { type Module, route } from '../../platform/http';
import { QUOTE_CACHE_TTL_MS, QuoteCache, QuoteService, TARIFFS_CHANNEL } from '../tariffs/tariffs.quote';
import { AirWaybillsService, engineRater } from './air-waybills.service';

export const airWaybillsRoutes: Module = async (app, { db, clock, notifications, config }) => {
  // Prepared rating engines per airline for `calculate`, dropped on the tariffs module's notifications (decision 015).
  const quoteCache = new QuoteCache(QUOTE_CACHE_TTL_MS, config.authCacheTtlMs);
  const stopQuotes = await notifications.subscribe(TARIFFS_CHANNEL, {
    onPayload: (payload) => quoteCache.onNotification(payload),
    onState: (live) => quoteCache.setLive(live),
  });
  app.addHook('onClose', () => stopQuotes());
  const quotes = new QuoteService(db, quoteCache, clock);
  const rater = engineRater(quotes, prepare([], [], []));
  const service = new AirWaybillsService(db, rater, clock);

  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.changes, ({ auth, params }) => service.changes(auth, params.id));
  route(app, api.calculate, ({ auth, params, body }) => service.calculate(auth, params.id, body));
  route(app, api.rates, ({ auth, params }) => service.rates(auth, params.id));
  route(app, api.addRate, ({ auth, params, body }) => service.addRate(auth, params.id, body));
  route(app, api.deleteRate, async ({ auth, params }) => {
    await service.deleteRate(auth, params.id, params.rate_id);
  });
  route(app, api.bookings, ({ auth, params }) => service.bookings(auth, params.id));
  route(app, api.fromBooking, ({ auth, params, body }) => service.createFromBooking(auth, params.id, body));
};
