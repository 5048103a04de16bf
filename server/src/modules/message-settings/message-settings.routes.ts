import { messageSettingsApi as api, messagingSettingsApi } from '@aircargo/contract/outgoing-messages';
import { type Module, route } from '../../platform/http';
import { MessageSettingsService } from './message-settings.service';

export const messageSettingsRoutes: Module = (app, { db }) => {
  const service = new MessageSettingsService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.remove, async ({ auth, params }) => {
    await service.remove(auth, params.id);
    return undefined;
  });
  route(app, messagingSettingsApi.get, ({ auth, query }) => service.getMessaging(auth, query.company_id));
  route(app, messagingSettingsApi.update, ({ auth, query, body }) =>
    service.putMessaging(auth, query.company_id, body),
  );
};
