import { idParam, paginated } from '@aircargo/contract/common';
import {
  aircraftType,
  airline,
  airlineQuery,
  airport,
  airportParams,
  airportQuery,
  chargeCode,
  country,
  currency,
  customRegion,
  productCode,
  specialHandling,
} from '@aircargo/contract/reference';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Module } from '../../platform/http';
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

const config = { permission: 'reference:read' } as const;
const tags = ['reference'];

export const referenceRoutes: Module = (app, { db }) => {
  const service = new ReferenceService(db);

  app.get(
    '/api/v3/airports',
    {
      config,
      schema: {
        tags,
        summary: 'Airports and city entries, searched by code or name (Latin or Cyrillic)',
        querystring: airportQuery,
        response: { 200: paginated(airport) },
      },
    },
    async (request, reply) => cached(reply, await service.airports(request.query)),
  );

  app.get(
    '/api/v3/airports/:iata',
    {
      config,
      schema: { tags, summary: 'One airport or city entry', params: airportParams, response: { 200: airport } },
    },
    async (request, reply) => cached(reply, await service.airport(request.params.iata)),
  );

  app.get(
    '/api/v3/countries',
    { config, schema: { tags, summary: 'Countries (ISO 3166-1)', response: { 200: z.array(country) } } },
    async (_request, reply) => cached(reply, await service.countries()),
  );

  app.get(
    '/api/v3/custom_regions',
    {
      config,
      schema: { tags, summary: 'Customs regions and their countries', response: { 200: z.array(customRegion) } },
    },
    async (_request, reply) => cached(reply, await service.customRegions()),
  );

  app.get(
    '/api/v3/airlines',
    {
      config,
      schema: {
        tags,
        summary: 'Airlines, searched by code, AWB prefix or name',
        querystring: airlineQuery,
        response: { 200: paginated(airline) },
      },
    },
    async (request, reply) => cached(reply, await service.airlines(request.query)),
  );

  app.get(
    '/api/v3/airlines/:id',
    { config, schema: { tags, summary: 'One airline', params: idParam, response: { 200: airline } } },
    async (request, reply) => cached(reply, await service.airline(request.params.id)),
  );

  app.get(
    '/api/v3/aircraft_types',
    {
      config,
      schema: { tags, summary: 'Aircraft types (not paginated)', response: { 200: z.array(aircraftType) } },
    },
    async (_request, reply) => cached(reply, await service.aircraftTypes()),
  );

  app.get(
    '/api/v3/special_handlings',
    {
      config,
      schema: { tags, summary: 'Special handling codes (SHC)', response: { 200: z.array(specialHandling) } },
    },
    async (_request, reply) => cached(reply, await service.specialHandlings()),
  );

  app.get(
    '/api/v3/product_codes',
    { config, schema: { tags, summary: 'Cargo products', response: { 200: z.array(productCode) } } },
    async (_request, reply) => cached(reply, await service.productCodes()),
  );

  app.get(
    '/api/v3/charge_codes',
    {
      config,
      schema: { tags, summary: 'Other-charge codes and whom they are due', response: { 200: z.array(chargeCode) } },
    },
    async (_request, reply) => cached(reply, await service.chargeCodes()),
  );

  app.get(
    '/api/v3/currencies',
    { config, schema: { tags, summary: 'Currencies', response: { 200: z.array(currency) } } },
    async (_request, reply) => cached(reply, await service.currencies()),
  );
};
