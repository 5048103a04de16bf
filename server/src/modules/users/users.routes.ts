import { usersApi as api } from '@aircargo/contract/users';
import { type Module, route } from '../../platform/http';
import { UsersService } from './users.service';

export const usersRoutes: Module = (app, { db }) => {
  const service = new UsersService(db);
  route(app, api.list, ({ auth, params, query }) => service.list(auth, params.id, query));
  route(app, api.create, async ({ auth, params, body, reply }) => {
    const result = await service.create(auth, params.id, body);
    if ('created' in result) return result.created;
    return reply.status(202).send(result.invited);
  });
  route(app, api.remove, ({ auth, params }) => service.remove(auth, params.id, params.user_id));
  route(app, api.invitations, ({ auth }) => service.invitations(auth));
  route(app, api.acceptInvitation, ({ auth, params }) => service.respond(auth, params.id, true));
  route(app, api.declineInvitation, ({ auth, params }) => service.respond(auth, params.id, false));
  route(app, api.ban, ({ auth, params, body }) => service.ban(auth, params.id, body.banned));
  route(app, api.update, ({ auth, params, body }) => service.update(auth, params.id, params.user_id, body));
};
