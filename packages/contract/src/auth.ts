import { PASSWORD_MIN_LENGTH } from '@aircargo/domain';
import { z } from 'zod';

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  email: z.string().trim().min(1).max(254),
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
    password: z.string().min(PASSWORD_MIN_LENGTH, 'PasswordTooShort').max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'ConfirmationNotMatch',
    path: ['password_confirmation'],
  });

export const passwordResetRequest = z.object({ email: z.string().trim().email().max(254) });

/** PUT api/v2/users/password: reset by token, or (signed in) change with the current password. */
export const passwordUpdate = z.object({
  reset_password_token: z.string().min(1).max(200).optional(),
  current_password: z.string().max(200).optional(),
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
});

export const signUpRequest = z.object({
  email: z.string().trim().email().max(254),
  password: z.string().max(200),
  password_confirmation: z.string().max(200),
  firstname: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
  locale: z.enum(['en', 'ru', 'es']).optional(),
});

export const signUpResponse = z.object({ id: z.number().int(), email: z.string() });
