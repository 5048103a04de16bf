import { newPassword, passwordGrant, passwordResetRequest, signUpRequest } from '@aircargo/contract/auth';
import { msg } from '@aircargo/contract/messages';
import { z } from 'zod';

export const signInFormSchema = passwordGrant
  .pick({ email: true, password: true })
  .extend({ remember_me: z.boolean() });
export type SignInForm = z.infer<typeof signInFormSchema>;

/** Sign-up: the contract body with the password rules (at least 8 characters, matching confirmation). */
export const signUpFormSchema = signUpRequest
  .extend({
    firstname: z.string().trim().min(1).max(100),
    lastname: z.string().trim().min(1).max(100),
    password: newPassword.shape.password,
    password_confirmation: newPassword.shape.password_confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: msg('passwordsDoNotMatch'),
    path: ['password_confirmation'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const restoreFormSchema = passwordResetRequest;
export type RestoreForm = z.infer<typeof restoreFormSchema>;

export const resetPasswordFormSchema = newPassword;
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Only a path of this site may be a redirect target after sign-in. */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/signIn')) return null;
  return value;
}
