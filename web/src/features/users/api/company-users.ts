import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { type CompanyUser, companyUserCreate, companyUserUpdate, usersApi } from '@aircargo/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';

export type { CompanyUser };

const usersKey = (companyId: number) => ['company-users', companyId] as const;

export type CompanyUsersListQuery = EndpointQuery<typeof usersApi.list>;

export function companyUsersQueryOptions(companyId: number, query: CompanyUsersListQuery) {
  return queryOptions({
    queryKey: [...usersKey(companyId), query],
    queryFn: ({ signal }) => callApi(usersApi.list, { params: { id: companyId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyUsers(companyId: number | null, query: CompanyUsersListQuery) {
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
    mutationFn: (body: AddUserForm) => callApi(usersApi.create, { params: { id: companyId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}

export function useUpdateCompanyUser(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: EditUserForm }) =>
      callApi(usersApi.update, { params: { id: companyId, user_id: userId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}
