import { airWaybillListApi as api } from '@aircargo/contract/air-waybill-lists';
import { type Module, route } from '../../platform/http';
import { ShipmentsService } from './shipments.service';

export const shipmentsRoutes: Module = (app, { db }) => {
  const service = new ShipmentsService(db);
  route(app, api.list, ({ auth, query }) => service.list(auth, query));
  route(app, api.agentList, ({ query }) => service.agentList(query));
};
