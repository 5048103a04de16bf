import { waybillTelegramsApi as api } from '@aircargo/contract/waybill-telegrams';
import { type Module, route } from '../../platform/http';
import { TelegramProducersService } from './telegram-producers.service';

export const telegramProducersRoutes: Module = (app, { db }) => {
  const service = new TelegramProducersService(db);
  route(app, api.sendFwb, ({ auth, params, body }) => service.sendFwb(auth, params.id, body));
  route(app, api.fwbList, ({ auth, body }) => service.fwbList(auth, body));
  route(app, api.outgoingMessages, ({ auth, params, query }) => service.outgoingMessages(auth, params.id, query));
  route(app, api.sendFhl, ({ auth, params, body }) => service.sendFhl(auth, params.id, body));
  route(app, api.sendCimp, ({ auth, body }) => service.sendCimp(auth, body));
};
