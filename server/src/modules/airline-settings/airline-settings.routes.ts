import { airlineSettingsApi as api } from '@aircargo/contract/airline-settings';
import { type Module, route } from '../../platform/http';
import { AirlineSettingsService } from './airline-settings.service';

export const airlineSettingsRoutes: Module = (app, { db }) => {
  const service = new AirlineSettingsService(db);
  route(app, api.get, ({ auth, query }) => service.get(auth, query.company_id));
  route(app, api.update, ({ auth, query, body }) => service.update(auth, query.company_id, body));
};
