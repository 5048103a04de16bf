import { authApi, newPassword } from '@aircargo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';

export const changePasswordSchema = newPassword.safeExtend({ current_password: z.string().min(1).max(200) });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/** Changes the password of the signed-in user: the public password call, sent with the session's token. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordForm) => callApi(authApi.updatePassword, { body, auth: true }),
  });
}
