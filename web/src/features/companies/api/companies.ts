import {
  type Company,
  type CompanyListItem,
  companiesApi,
  companyCreate,
  companyUpdate,
} from '@aircargo/contract/companies';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';

export type { Company, CompanyListItem };

const COMPANIES = ['companies'] as const;

export type CompaniesListQuery = EndpointQuery<typeof companiesApi.list>;

export function companiesQueryOptions(query: CompaniesListQuery) {
  return queryOptions({
    queryKey: [...COMPANIES, 'list', query],
    queryFn: ({ signal }) => callApi(companiesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: CompaniesListQuery) {
  return useQuery(companiesQueryOptions(query));
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: [...COMPANIES, 'detail', id],
    queryFn: ({ signal }) => callApi(companiesApi.get, { params: { id }, signal }),
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
    mutationFn: (body: CreateCompanyForm) => callApi(companiesApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMPANIES }),
  });
}

export function useUpdateCompany(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyForm) => callApi(companiesApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMPANIES }),
  });
}

export function useSetCompanyState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: 'active' | 'blocked' }) =>
      callApi(companiesApi.setState, { params: { id }, body: { state } }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMPANIES }),
  });
}
