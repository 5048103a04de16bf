import { companiesApi as api } from '@aircargo/contract/companies';
import { type Module, route } from '../../platform/http';
import { CompaniesService } from './companies.service';

export const companiesRoutes: Module = (app, { db }) => {
  const service = new CompaniesService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.create, ({ body }) => service.create(body));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.remove, ({ auth, params }) => service.remove(auth, params.id));
  route(app, api.setState, ({ auth, params, body }) => service.setState(auth, params.id, body.state));
  route(app, api.uiSettings, ({ auth, params }) => service.uiSettings(auth, params.id));
  route(app, api.updateUiSettings, ({ auth, params, body }) => service.updateUiSettings(auth, params.id, body));
  route(app, api.details, ({ auth, params }) => service.details(auth, params.id));
};
