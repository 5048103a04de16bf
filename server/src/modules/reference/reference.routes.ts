import { referenceApi as api } from '@aircargo/contract/reference';
import type { FastifyReply } from 'fastify';
import { type Module, route } from '../../platform/http';
import { ReferenceService } from './reference.service';

/**
 * Reference books change only with a release, and the web client keeps them for 600 s (seed 001 section 9); the
 * browser may keep them as long. Private: the answer still needs the caller's token.
 */
const CACHE_CONTROL = 'private, max-age=600';

function cached<T>(reply: FastifyReply, body: T): T {
  reply.header('Cache-Control', CACHE_CONTROL);
  return body;
}

export const referenceRoutes: Module = (app, { db }) => {
  const service = new ReferenceService(db);
  route(app, api.airports, async ({ query, reply }) => cached(reply, await service.airports(query)));
  route(app, api.airport, async ({ params, reply }) => cached(reply, await service.airport(params.iata)));
  route(app, api.countries, async ({ reply }) => cached(reply, await service.countries()));
  route(app, api.customRegions, async ({ reply }) => cached(reply, await service.customRegions()));
  route(app, api.airlines, async ({ query, reply }) => cached(reply, await service.airlines(query)));
  route(app, api.airline, async ({ params, reply }) => cached(reply, await service.airline(params.id)));
  route(app, api.aircraftTypes, async ({ reply }) => cached(reply, await service.aircraftTypes()));
  route(app, api.specialHandlings, async ({ reply }) => cached(reply, await service.specialHandlings()));
  route(app, api.productCodes, async ({ reply }) => cached(reply, await service.productCodes()));
  route(app, api.chargeCodes, async ({ reply }) => cached(reply, await service.chargeCodes()));
  route(app, api.currencies, async ({ reply }) => cached(reply, await service.currencies()));
};
