import {
  oauthError,
  passwordResetRequest,
  passwordUpdate,
  revokeRequest,
  signUpRequest,
  signUpResponse,
  tokenInfo,
  tokenRequest,
  tokenResponse,
} from '@aircargo/contract/auth';
import { z } from 'zod';
import { authenticate, authOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Module } from '../../platform/http';
import { AuthService, OAuthError } from './auth.service';

const message = z.object({ message: z.string() });

export const authRoutes: Module = (app, { db, config, authCache }) => {
  const service = new AuthService(db, config, authCache);

  app.post(
    '/oauth/token',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Issue tokens: password grant or refresh_token grant (refresh tokens rotate)',
        body: tokenRequest,
        response: { 200: tokenResponse, 400: oauthError },
      },
    },
    async (request, reply) => {
      const body = request.body;
      try {
        if (body.grant_type === 'password') {
          const remember = body.remember_me === true || body.remember_me === 'true' || body.remember_me === '1';
          return await service.passwordGrant(body.email, body.password, remember, request.ip);
        }
        return await service.refreshGrant(body.refresh_token);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        reply.header('Cache-Control', 'no-store');
        return reply
          .status(400)
          .send({ error: error.code, error_description: error.description, message: error.description });
      }
    },
  );

  app.post(
    '/oauth/revoke',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: 'Revoke an access or refresh token', body: revokeRequest },
    },
    async (request) => {
      await service.revoke(request.body.token);
      return {};
    },
  );

  app.get(
    '/oauth/token/info',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: 'The presented access token', response: { 200: tokenInfo } },
    },
    async (request) => {
      const auth = await authenticate(db, request, authCache);
      const remaining = Math.floor((auth.createdAt.getTime() + auth.expiresIn * 1000 - Date.now()) / 1000);
      return {
        resource_owner_id: auth.userId,
        scope: auth.scope,
        expires_in: Math.max(0, remaining),
        created_at: Math.floor(auth.createdAt.getTime() / 1000),
      };
    },
  );

  app.post(
    '/api/v2/users',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign up as a visitor',
        body: signUpRequest,
        response: { 201: signUpResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.signUp(request.body)),
  );

  app.post(
    '/api/v2/users/password',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Request a password reset; the link goes to the account e-mail',
        body: passwordResetRequest,
        response: { 200: message },
      },
    },
    async (request) => {
      const token = await service.requestPasswordReset(request.body.email);
      if (token) {
        // No mail transport is configured in this deployment: the link is written to the server log for the operator.
        request.log.info(
          { email: request.body.email, path: `/users/password/edit?reset_password_token=${token}` },
          'password reset requested',
        );
      }
      return { message: 'If the address is registered, reset instructions have been sent' };
    },
  );

  app.put(
    '/api/v2/users/password',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Reset the password by token, or (signed in) change it with the current one',
        body: passwordUpdate,
        response: { 200: message },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.reset_password_token) {
        await service.resetPassword(body.reset_password_token, body.password, body.password_confirmation);
        return { message: 'Password has been changed' };
      }
      request.auth = await authenticate(db, request, authCache);
      const auth = authOf(request);
      if (body.current_password === undefined) {
        throw new AppError(422, 'EmptyFields', 'Current password is required', {
          current_password: ['required field'],
        });
      }
      await service.changePassword(auth.userId, body.current_password, body.password, body.password_confirmation);
      return { message: 'Password has been changed' };
    },
  );
};
