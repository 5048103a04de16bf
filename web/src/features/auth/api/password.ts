import { authApi, type PasswordUpdate } from '@aircargo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import type { RestoreForm, SignUpForm } from './auth-forms';

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpForm) => callApi(authApi.signUp, { body }),
  });
}

/** Follows the link mailed at sign-up: confirms the address so that the account may sign in. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (confirmation_token: string) => callApi(authApi.confirmEmail, { body: { confirmation_token } }),
  });
}

/** Always answers 200, whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RestoreForm) => callApi(authApi.requestPasswordReset, { body }),
  });
}

/** Resets by token, or (signed in, with the current password) changes the password. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: PasswordUpdate) => callApi(authApi.updatePassword, { body, auth: !body.reset_password_token }),
  });
}
