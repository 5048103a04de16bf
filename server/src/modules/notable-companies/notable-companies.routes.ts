import { notableCompaniesApi as api } from '@aircargo/contract/notable-companies';
import { type Module, route } from '../../platform/http';
import { NotableCompaniesService } from './notable-companies.service';

export const notableCompaniesRoutes: Module = (app, { db }) => {
  const service = new NotableCompaniesService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
};
