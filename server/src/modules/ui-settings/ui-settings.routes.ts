import { uiSettingsApi as api } from '@aircargo/contract/ui-settings';
import { type Module, route } from '../../platform/http';
import { UiSettingsService } from './ui-settings.service';

export const uiSettingsRoutes: Module = (app, { db }) => {
  const service = new UiSettingsService(db);
  route(app, api.get, ({ auth }) => service.get(auth));
  route(app, api.update, ({ auth, body }) => service.update(auth, body));
};
