import { newPassword } from '@aircargo/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api/api-client';

export const changePasswordSchema = newPassword.safeExtend({ current_password: z.string().min(1).max(200) });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordForm) => apiFetch('/api/v2/users/password', { method: 'PUT', body }),
  });
}
