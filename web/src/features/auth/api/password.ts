import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api/api-client';
import type { RestoreForm, SignUpForm } from './auth-forms';

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpForm) => apiFetch('/api/v2/users', { method: 'POST', body, auth: false }),
  });
}

/** Always answers 200, whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RestoreForm) => apiFetch('/api/v2/users/password', { method: 'POST', body, auth: false }),
  });
}

export interface PasswordUpdateBody {
  reset_password_token?: string;
  current_password?: string;
  password: string;
  password_confirmation: string;
}

/** Resets by token, or (signed in, with the current password) changes the password. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: PasswordUpdateBody) =>
      apiFetch('/api/v2/users/password', { method: 'PUT', body, auth: !body.reset_password_token }),
  });
}
