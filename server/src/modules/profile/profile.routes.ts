import { availableRole, currentRoleUpdate, profile, profileUpdate } from '@aircargo/contract/profile';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { Module } from '../../platform/http';
import { ProfileService } from './profile.service';

export const profileRoutes: Module = (app, { db, authCache }) => {
  const service = new ProfileService(db, authCache);

  app.get(
    '/api/v3/profiles/me',
    {
      config: { permission: 'profile:read' },
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user, the current company and role',
        response: { 200: profile },
      },
    },
    (request) => service.get(authOf(request).userId),
  );

  app.patch(
    '/api/v3/profiles/me',
    {
      config: { permission: 'profile:update' },
      schema: {
        tags: ['profile'],
        summary: 'Update locale, name or phone',
        body: profileUpdate,
        response: { 200: profile },
      },
    },
    (request) => service.update(authOf(request).userId, request.body),
  );

  app.get(
    '/api/v3/profiles/me/available_roles',
    {
      config: { permission: 'profile:read' },
      schema: { tags: ['profile'], summary: 'Roles the user may switch to', response: { 200: z.array(availableRole) } },
    },
    async (request) => (await service.get(authOf(request).userId)).available_roles,
  );

  app.patch(
    '/api/v3/profiles/me/current_role',
    {
      config: { permission: 'profile:update' },
      schema: {
        tags: ['profile'],
        summary: 'Switch the current company and role',
        body: currentRoleUpdate,
        response: { 200: profile },
      },
    },
    (request) => service.switchRole(authOf(request).userId, request.body.role_id),
  );
};
