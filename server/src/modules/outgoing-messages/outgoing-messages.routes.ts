import { outgoingMessagesApi as api } from '@aircargo/contract/outgoing-messages';
import { type Module, route } from '../../platform/http';
import { OutgoingMessagesService } from './outgoing-messages.service';

export const outgoingMessagesRoutes: Module = (app, { db }) => {
  const service = new OutgoingMessagesService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.restart, ({ auth, params }) => service.restart(auth, params.id));
  route(app, api.sendSita, ({ auth, body }) => service.sendSita(auth, body));
};
