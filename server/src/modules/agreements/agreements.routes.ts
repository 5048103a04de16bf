import {
  agentAgreementsQuery,
  agreement,
  agreementCompaniesQuery,
  agreementCompany,
  agreementCreate,
  agreementsQuery,
  agreementUpdate,
} from '@aircargo/contract/agreements';
import { idParam, paginated } from '@aircargo/contract/common';
import { authOf } from '../../platform/auth';
import type { Module } from '../../platform/http';
import { AgreementsService } from './agreements.service';

const tags = ['agreements'];

export const agreementsRoutes: Module = (app, { db }) => {
  const service = new AgreementsService(db);

  app.get(
    '/api/v3/agreements',
    {
      config: { permission: 'agreements:read' },
      schema: {
        tags,
        summary: 'Agreements: all for the platform, those where it is the supplier for an airline',
        querystring: agreementsQuery,
        response: { 200: paginated(agreement) },
      },
    },
    (request) => service.list(authOf(request), request.query),
  );

  app.get(
    '/api/v3/agreements/companies',
    {
      config: { permission: 'agreements:read' },
      schema: {
        tags,
        summary: 'Companies an agreement may name: forwarders as clients, and for the platform airlines as suppliers',
        querystring: agreementCompaniesQuery,
        response: { 200: paginated(agreementCompany) },
      },
    },
    (request) => service.parties(authOf(request), request.query),
  );

  app.get(
    '/api/v3/agreements/:id',
    {
      config: { permission: 'agreements:read' },
      schema: { tags, summary: 'An agreement', params: idParam, response: { 200: agreement } },
    },
    (request) => service.get(authOf(request), request.params.id),
  );

  app.post(
    '/api/v3/agreements',
    {
      config: { permission: 'agreements:create' },
      schema: {
        tags,
        summary: 'Create an agreement between a supplier airline and a client forwarder',
        body: agreementCreate,
        response: { 201: agreement },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(authOf(request), request.body)),
  );

  app.patch(
    '/api/v3/agreements/:id',
    {
      config: { permission: 'agreements:update' },
      schema: {
        tags,
        summary: 'Update an agreement',
        params: idParam,
        body: agreementUpdate,
        response: { 200: agreement },
      },
    },
    (request) => service.update(authOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/v3/agent/agreements',
    {
      config: { permission: 'agent_agreements:read' },
      schema: {
        tags,
        summary: 'Agreements of a forwarder, where it is the client (all for the platform)',
        querystring: agentAgreementsQuery,
        response: { 200: paginated(agreement) },
      },
    },
    (request) => service.listForAgent(authOf(request), request.query),
  );

  app.get(
    '/api/v3/agent/agreements/:id',
    {
      config: { permission: 'agent_agreements:read' },
      schema: { tags, summary: 'An agreement of a forwarder', params: idParam, response: { 200: agreement } },
    },
    (request) => service.getForAgent(authOf(request), request.params.id),
  );
};
