import { movementsApi as api, TRACKING_LIMIT_PER_MINUTE, trackingApi } from '@aircargo/contract/movements';
import { type Module, route } from '../../platform/http';
import { takeRateLimits } from '../../platform/rate-limit';
import { MovementsService } from './movements.service';

export const movementsRoutes: Module = (app, { db, clock }) => {
  const service = new MovementsService(db, clock);
  route(app, api.list, ({ auth, params }) => service.list(auth, params.id));
  route(app, api.create, ({ auth, params, body }) => service.create(auth, params.id, body));
  route(app, api.delete, ({ auth, params }) => service.deactivate(auth, params.id, params.movement_id));
  // Public: counted per client address like the other public intakes.
  route(app, trackingApi.get, async ({ params, request }) => {
    await takeRateLimits(db, [
      { scope: 'tracking', key: `ip:${request.ip}`, max: TRACKING_LIMIT_PER_MINUTE, windowSeconds: 60 },
    ]);
    return service.tracking(params.mawb);
  });
};
