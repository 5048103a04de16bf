import { type Agreement, agreementCreate, agreementsApi, agreementUpdate } from '@aircargo/contract/agreements';
import { MAX_PAGE_SIZE } from '@aircargo/contract/common';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { formSchema } from '@/lib/validation/messages';

export type { Agreement };

/** The airline's agreements (`agreements`) or the forwarder's own (`agent/agreements`). */
export type AgreementSource = 'agreements' | 'agent/agreements';

const AGREEMENTS = ['agreements'] as const;

export type AgreementsListQuery = EndpointQuery<typeof agreementsApi.list> &
  EndpointQuery<typeof agreementsApi.agentList>;

export function useAgreements(source: AgreementSource, query: AgreementsListQuery) {
  return useQuery({
    queryKey: [...AGREEMENTS, source, query],
    queryFn: ({ signal }) =>
      source === 'agreements'
        ? callApi(agreementsApi.list, { query, signal })
        : callApi(agreementsApi.agentList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgreement(id: number) {
  return useQuery({
    queryKey: [...AGREEMENTS, 'detail', id],
    queryFn: ({ signal }) => callApi(agreementsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Companies an agreement may name, as supplier (airline) or client (forwarder). */
export function useAgreementCompanies(companyType: 'airline' | 'forwarder', enabled = true) {
  return useQuery({
    queryKey: ['reference', 'agreement-companies', companyType],
    queryFn: ({ signal }) =>
      callApi(agreementsApi.companies, {
        query: { company_type: companyType, per_page: MAX_PAGE_SIZE, sort: 'name' },
        signal,
        kind: `agreement-companies-${companyType}`,
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

export const createAgreementFormSchema = formSchema(agreementCreate);
export type CreateAgreementForm = z.input<typeof agreementCreate>;
export const updateAgreementFormSchema = formSchema(agreementUpdate);
export type UpdateAgreementForm = z.input<typeof agreementUpdate>;

export function useCreateAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgreementForm) => callApi(agreementsApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: AGREEMENTS }),
  });
}

export function useUpdateAgreement(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgreementForm) => callApi(agreementsApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: AGREEMENTS }),
  });
}

/** The list a create or edit page returns to. */
export function agreementsListPath(pathname: string): string {
  return pathname.startsWith('/settings/agent/') ? '/settings/agent/agreements' : '/settings/agreements';
}
