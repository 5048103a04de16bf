import { airlinesApi as api } from '@aircargo/contract/airlines';
import { type Module, route } from '../../platform/http';
import { AirlinesService } from './airlines.service';

export const airlinesRoutes: Module = (app, { db }) => {
  const service = new AirlinesService(db);
  route(app, api.uiSetting, ({ auth, params }) => service.uiSetting(auth, params.id));
  route(app, api.updateUiSetting, ({ auth, params, body }) =>
    service.updateUiSetting(auth, params.id, body.show_settings),
  );
  route(app, api.rules, ({ auth, params }) => service.rules(auth, params.id));
  route(app, api.airports, ({ auth, params }) => service.airports(auth, params.id));
  route(app, api.updateAirports, ({ auth, params, body }) => service.replaceAirports(auth, params.id, body.airports));
};
