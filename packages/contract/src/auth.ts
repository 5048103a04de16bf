import { PASSWORD_MIN_LENGTH } from '@aircargo/domain';
import { z } from 'zod';
import { emailAddress, messageBody, okBody } from './common';
import { endpoint } from './endpoint';
import { msg } from './messages';

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  email: emailAddress,
  password: z.string().min(1).max(200),
  remember_me: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional(),
  scope: z.string().max(200).optional(),
});

export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(200),
});

export const tokenRequest = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant]);
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  created_at: z.number().int(),
  scope: z.string(),
  token_type: z.literal('Bearer'),
  email: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const oauthError = z.object({
  error: z.string(),
  error_description: z.string(),
  message: z.string(),
});

export const revokeRequest = z.object({ token: z.string().min(1).max(200) });

export const tokenInfo = z.object({
  resource_owner_id: z.number().int(),
  scope: z.string(),
  expires_in: z.number().int(),
  created_at: z.number().int(),
});

export const newPassword = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, msg('passwordTooShort')).max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: msg('passwordsDoNotMatch'),
    path: ['password_confirmation'],
  });

export const passwordResetRequest = z.object({ email: emailAddress });

/** PUT api/v2/users/password: reset by token, or (signed in) change with the current password. */
export const passwordUpdate = z.object({
  reset_password_token: z.string().min(1).max(200).optional(),
  current_password: z.string().max(200).optional(),
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
});

export const signUpRequest = z.object({
  email: emailAddress,
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
  firstname: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
  locale: z.enum(['en', 'ru', 'es']).optional(),
});

/** The same answer for a new and a registered address (the outcome arrives by mail). */
export const signUpResponse = messageBody;

/** POST api/v2/users/confirmation: the token of the link mailed at sign-up. */
export const emailConfirmationRequest = z.object({ confirmation_token: z.string().min(1).max(200) });

/** The answer to a password reset request or change. */
export const passwordAnswer = messageBody;
export type PasswordGrant = z.input<typeof passwordGrant>;
export type PasswordUpdate = z.input<typeof passwordUpdate>;
export type SignUpRequest = z.input<typeof signUpRequest>;
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;
export type TokenInfo = z.infer<typeof tokenInfo>;

const tags = ['auth'];

/** Sign-in, tokens, sign-up and passwords (seed 001 section 7 "Authentication and profile"). */
export const authApi = {
  token: endpoint({
    method: 'POST',
    path: '/oauth/token',
    permission: 'public',
    tags,
    summary: 'Issue tokens: password grant or refresh_token grant (refresh tokens rotate)',
    body: tokenRequest,
    response: tokenResponse,
    errors: { 400: oauthError },
    form: true,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/oauth/revoke',
    permission: 'public',
    tags,
    summary: 'Revoke an access or refresh token',
    body: revokeRequest,
    response: okBody,
    form: true,
  }),
  tokenInfo: endpoint({
    method: 'GET',
    path: '/oauth/token/info',
    permission: 'public',
    tags,
    summary: 'The presented access token',
    response: tokenInfo,
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/api/v2/users',
    permission: 'public',
    tags,
    summary: 'Sign up as a visitor: the confirmation link (or a notice to an existing account) goes by mail',
    body: signUpRequest,
    response: signUpResponse,
    status: 202,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/v2/users/confirmation',
    permission: 'public',
    tags,
    summary: 'Confirm a self-registered e-mail address with the mailed token',
    body: emailConfirmationRequest,
    response: messageBody,
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/v2/users/password',
    permission: 'public',
    tags,
    summary: 'Request a password reset; the link goes to the account e-mail',
    body: passwordResetRequest,
    response: passwordAnswer,
  }),
  updatePassword: endpoint({
    method: 'PUT',
    path: '/api/v2/users/password',
    permission: 'public',
    tags,
    summary: 'Reset the password by token, or (signed in) change it with the current one',
    body: passwordUpdate,
    response: passwordAnswer,
  }),
};
