import { idParam, paginated } from '@aircargo/contract/common';
import {
  companiesQuery,
  company,
  companyCreate,
  companyDetails,
  companyListItem,
  companyStateUpdate,
  companyUiSettings,
  companyUiSettingsUpdate,
  companyUpdate,
} from '@aircargo/contract/companies';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { Module } from '../../platform/http';
import { CompaniesService } from './companies.service';

const tags = ['companies'];

export const companiesRoutes: Module = (app, { db }) => {
  const service = new CompaniesService(db);

  app.get(
    '/api/v3/companies',
    {
      config: { permission: 'companies:list' },
      schema: {
        tags,
        summary: 'Companies: every company for the platform, only the own company for anyone else',
        querystring: companiesQuery,
        response: { 200: paginated(companyListItem) },
      },
    },
    (request) => service.list(authOf(request), request.query),
  );

  app.post(
    '/api/v3/companies',
    {
      config: { permission: 'companies:create' },
      schema: { tags, summary: 'Create a company', body: companyCreate, response: { 201: company } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.get(
    '/api/v3/companies/:id',
    {
      config: { permission: 'companies:read' },
      schema: { tags, summary: 'A company with every field', params: idParam, response: { 200: company } },
    },
    (request) => service.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v3/companies/:id',
    {
      config: { permission: 'companies:update' },
      schema: {
        tags,
        summary: 'Update a company (its type is fixed)',
        params: idParam,
        body: companyUpdate,
        response: { 200: company },
      },
    },
    (request) => service.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v3/companies/:id',
    {
      config: { permission: 'companies:delete' },
      schema: {
        tags,
        summary: 'Delete a company that has no users, agreements or AWB stock left',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.remove(authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/v3/companies/:id/state',
    {
      config: { permission: 'companies:state' },
      schema: {
        tags,
        summary: 'Block or unblock a company',
        params: idParam,
        body: companyStateUpdate,
        response: { 200: company },
      },
    },
    (request) => service.setState(authOf(request), request.params.id, request.body.state),
  );

  app.get(
    '/api/v3/companies/:id/ui_settings',
    {
      config: { permission: 'companies:ui_settings:read' },
      schema: { tags, summary: 'The UI settings of a company', params: idParam, response: { 200: companyUiSettings } },
    },
    (request) => service.uiSettings(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v3/companies/:id/ui_settings',
    {
      config: { permission: 'companies:ui_settings:update' },
      schema: {
        tags,
        summary: 'Merge keys into the UI settings of a company; a free key sent as null is removed',
        params: idParam,
        body: companyUiSettingsUpdate,
        response: { 200: companyUiSettings },
      },
    },
    (request) => service.updateUiSettings(authOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/v3/companies/:id/details',
    {
      config: { permission: 'companies:read' },
      schema: { tags, summary: 'The detail block of a company', params: idParam, response: { 200: companyDetails } },
    },
    (request) => service.details(authOf(request), request.params.id),
  );
};
