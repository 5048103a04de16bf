import { profileApi as api } from '@aircargo/contract/profile';
import { hostScopeOfRequest } from '../../platform/auth';
import { type Module, route } from '../../platform/http';
import { ProfileService } from './profile.service';

export const profileRoutes: Module = (app, { db, authCache, config }) => {
  const service = new ProfileService(db, authCache);
  // The profile's permissions depend on the host the carrier header names (decision 014).
  const scope = (request: Parameters<typeof hostScopeOfRequest>[0]) => hostScopeOfRequest(request, config.environment);
  route(app, api.get, ({ auth, request }) => service.get(auth.userId, scope(request)));
  route(app, api.update, ({ auth, body, request }) => service.update(auth.userId, body, scope(request)));
  route(
    app,
    api.availableRoles,
    async ({ auth, request }) => (await service.get(auth.userId, scope(request))).available_roles,
  );
  route(app, api.switchRole, ({ auth, body, request }) =>
    service.switchRole(auth.userId, body.role_id, scope(request)),
  );
};
