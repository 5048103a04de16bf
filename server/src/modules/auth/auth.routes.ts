import { authApi as api } from '@aircargo/contract/auth';
import { authenticate, authOf } from '../../platform/auth';
import { AppError, message } from '../../platform/errors';
import { type Module, route } from '../../platform/http';
import { AuthService, OAuthError } from './auth.service';

const PASSWORD_CHANGED = { message: 'Password has been changed' };
export const SIGN_UP_ACCEPTED = 'Check your e-mail: follow the link we sent to confirm the address, then sign in';

export const authRoutes: Module = (app, { db, config, authCache, clock }) => {
  const service = new AuthService(db, config, authCache, clock);

  route(app, api.token, async ({ body, request, reply }) => {
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
  });

  route(app, api.revoke, async ({ body }) => {
    await service.revoke(body.token);
    return {};
  });

  route(app, api.tokenInfo, async ({ request }) => {
    const auth = await authenticate(db, request, authCache, config.environment);
    const remaining = Math.floor((auth.createdAt.getTime() + auth.expiresIn * 1000 - clock.now().getTime()) / 1000);
    return {
      resource_owner_id: auth.userId,
      scope: auth.scope,
      expires_in: Math.max(0, remaining),
      created_at: Math.floor(auth.createdAt.getTime() / 1000),
    };
  });

  // Both answers are the same whether the address is registered: the work is queued (auth.jobs.ts).
  route(app, api.signUp, async ({ body, request }) => {
    await service.queueSignUp(body, request.ip);
    return { message: SIGN_UP_ACCEPTED };
  });

  route(app, api.confirmEmail, async ({ body }) => {
    await service.confirmEmail(body.confirmation_token);
    return { message: 'Your e-mail address is confirmed; you can sign in' };
  });

  route(app, api.requestPasswordReset, async ({ body, request }) => {
    await service.queuePasswordReset(body.email, request.ip);
    return { message: 'If the address is registered, reset instructions have been sent' };
  });

  route(app, api.updatePassword, async ({ body, request }) => {
    if (body.reset_password_token) {
      await service.resetPassword(body.reset_password_token, body.password, body.password_confirmation);
      return PASSWORD_CHANGED;
    }
    request.auth = await authenticate(db, request, authCache, config.environment);
    const auth = authOf(request);
    if (body.current_password === undefined) {
      throw new AppError(422, 'EmptyFields', message('currentPasswordRequired'), {
        current_password: [message('required')],
      });
    }
    await service.changePassword(auth, body.current_password, body.password, body.password_confirmation, request.ip);
    return PASSWORD_CHANGED;
  });
};
