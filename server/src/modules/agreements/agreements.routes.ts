import { agreementsApi as api } from '@aircargo/contract/agreements';
import { type Module, route } from '../../platform/http';
import { AgreementsService } from './agreements.service';

export const agreementsRoutes: Module = (app, { db, clock }) => {
  const service = new AgreementsService(db, clock);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.companies, ({ auth, query }) => service.parties(auth, query));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id));
  route(app, api.create, ({ auth, body }) => service.create(auth, body));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, body));
  route(app, api.agentList, ({ auth, query }) => service.listForAgent(auth, query));
  route(app, api.agentGet, ({ auth, params }) => service.getForAgent(auth, params.id));
};
