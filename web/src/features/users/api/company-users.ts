import { paginated } from '@aircargo/contract/common';
import { type CompanyUser, companyUser, companyUserCreate, companyUserUpdate } from '@aircargo/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api/api-client';
import { formSchema } from '@/lib/validation/messages';

export type { CompanyUser };

const usersKey = (companyId: number) => ['company-users', companyId] as const;

export function companyUsersQueryOptions(companyId: number, query: Record<string, string | number>) {
  return queryOptions({
    queryKey: [...usersKey(companyId), query],
    queryFn: ({ signal }) =>
      apiFetch(`companies/${companyId}/user_profiles`, { query, schema: paginated(companyUser), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyUsers(companyId: number | null, query: Record<string, string | number>) {
  return useQuery({ ...companyUsersQueryOptions(companyId ?? 0, query), enabled: companyId !== null });
}

/** Add-user form: the contract body; a password is only needed when no account has the e-mail yet. */
export const addUserFormSchema = formSchema(companyUserCreate);
export type AddUserForm = z.input<typeof companyUserCreate>;

export const editUserFormSchema = formSchema(companyUserUpdate);
export type EditUserForm = z.input<typeof companyUserUpdate>;

export function useAddCompanyUser(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof companyUserCreate>) =>
      apiFetch(`companies/${companyId}/user_profiles`, { method: 'POST', body, schema: companyUser }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}

export function useUpdateCompanyUser(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: EditUserForm }) =>
      apiFetch(`companies/${companyId}/user_profiles/${userId}`, { method: 'PATCH', body, schema: companyUser }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}
