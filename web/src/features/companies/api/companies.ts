import { paginated } from '@aircargo/contract/common';
import {
  type Company,
  type CompanyListItem,
  company,
  companyCreate,
  companyListItem,
  companyUpdate,
} from '@aircargo/contract/companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api/api-client';
import { formSchema } from '@/lib/validation/messages';

export type { Company, CompanyListItem };

const COMPANIES = ['companies'] as const;

export function companiesQueryOptions(query: Record<string, string | number>) {
  return queryOptions({
    queryKey: [...COMPANIES, 'list', query],
    queryFn: ({ signal }) => apiFetch('companies', { query, schema: paginated(companyListItem), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: Record<string, string | number>) {
  return useQuery(companiesQueryOptions(query));
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: [...COMPANIES, 'detail', id],
    queryFn: ({ signal }) => apiFetch(`companies/${id}`, { schema: company, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createCompanyFormSchema = formSchema(companyCreate);
export type CreateCompanyForm = z.input<typeof companyCreate>;
export const updateCompanyFormSchema = formSchema(companyUpdate);
export type UpdateCompanyForm = z.input<typeof companyUpdate>;

export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyForm) => apiFetch('companies', { method: 'POST', body, schema: company }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMPANIES }),
  });
}

export function useUpdateCompany(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyForm) => apiFetch(`companies/${id}`, { method: 'PATCH', body, schema: company }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMPANIES }),
  });
}

export function useSetCompanyState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: 'active' | 'blocked' }) =>
      apiFetch(`companies/${id}/state`, { method: 'PATCH', body: { state } }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMPANIES }),
  });
}
