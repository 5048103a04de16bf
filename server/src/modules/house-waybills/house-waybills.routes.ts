import { houseWaybillsApi as api, waybillMessagesApi } from '@aircargo/contract/house-waybills';
import type { FastifyReply } from 'fastify';
import { type Module, route } from '../../platform/http';
import { HouseWaybillsService } from './house-waybills.service';

/** A Cargo-IMP message as plain text. */
const sendText = (reply: FastifyReply, text: string) =>
  reply.header('content-type', 'text/plain; charset=utf-8').send(text);

export const houseWaybillsRoutes: Module = (app, { db, clock }) => {
  const service = new HouseWaybillsService(db, clock);
  route(app, api.previousSsr, ({ auth, query }) => service.previousSsrs(auth, query.q));
  route(app, api.list, ({ auth, params }) => service.list(auth, params.id));
  route(app, api.create, ({ auth, params, body }) => service.create(auth, params.id, body));
  route(app, api.get, ({ auth, params }) => service.get(auth, params.id, params.house_id));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, params.house_id, body));
  route(app, api.delete, ({ auth, params }) => service.delete(auth, params.id, params.house_id));
  route(app, api.json, ({ auth, params }) => service.json(auth, params.id, params.house_id));
  route(app, api.cimp, async ({ auth, params, reply }) =>
    sendText(reply, await service.houseCimp(auth, params.id, params.house_id)),
  );
  route(app, waybillMessagesApi.fhl, async ({ auth, params, reply }) =>
    sendText(reply, await service.fhl(auth, params.id)),
  );
  route(app, waybillMessagesApi.fwb, async ({ auth, params, reply }) =>
    sendText(reply, await service.fwb(auth, params.id)),
  );
};
