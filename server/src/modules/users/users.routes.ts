import { idParam, paginated } from '@aircargo/contract/common';
import {
  companyUser,
  companyUserCreate,
  companyUserParams,
  companyUsersQuery,
  companyUserUpdate,
} from '@aircargo/contract/users';
import { authOf } from '../../platform/auth';
import type { Module } from '../../platform/http';
import { UsersService } from './users.service';

const tags = ['company users'];

export const usersRoutes: Module = (app, { db }) => {
  const service = new UsersService(db);

  app.get(
    '/api/v3/companies/:id/user_profiles',
    {
      config: { permission: 'company_users:read' },
      schema: {
        tags,
        summary: 'The users of a company with their roles there',
        params: idParam,
        querystring: companyUsersQuery,
        response: { 200: paginated(companyUser) },
      },
    },
    (request) => service.list(authOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/v3/companies/:id/user_profiles',
    {
      config: { permission: 'company_users:create' },
      schema: {
        tags,
        summary: 'Add a user (an existing one by e-mail, or a new system user) to a company with roles',
        params: idParam,
        body: companyUserCreate,
        response: { 201: companyUser },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(authOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/v3/companies/:id/user_profiles/:user_id',
    {
      config: { permission: 'company_users:update' },
      schema: {
        tags,
        summary: "Replace a user's roles in a company, set the description, block or unblock",
        params: companyUserParams,
        body: companyUserUpdate,
        response: { 200: companyUser },
      },
    },
    (request) => service.update(authOf(request), request.params.id, request.params.user_id, request.body),
  );
};
