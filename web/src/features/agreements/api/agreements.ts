import {
  type Agreement,
  agreement,
  agreementCompany,
  agreementCreate,
  agreementUpdate,
} from '@aircargo/contract/agreements';
import { paginated } from '@aircargo/contract/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api/api-client';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { formSchema } from '@/lib/validation/messages';

export type { Agreement };

/** The airline's agreements (`agreements`) or the forwarder's own (`agent/agreements`). */
export type AgreementSource = 'agreements' | 'agent/agreements';

const AGREEMENTS = ['agreements'] as const;

export function useAgreements(source: AgreementSource, query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...AGREEMENTS, source, query],
    queryFn: ({ signal }) => apiFetch(source, { query, schema: paginated(agreement), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgreement(id: number) {
  return useQuery({
    queryKey: [...AGREEMENTS, 'detail', id],
    queryFn: ({ signal }) => apiFetch(`agreements/${id}`, { schema: agreement, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Companies an agreement may name, as supplier (airline) or client (forwarder). */
export function useAgreementCompanies(companyType: 'airline' | 'forwarder', enabled = true) {
  return useQuery({
    queryKey: ['reference', 'agreement-companies', companyType],
    queryFn: ({ signal }) =>
      apiFetch('agreements/companies', {
        query: { company_type: companyType, per_page: 200, sort: 'name' },
        schema: paginated(agreementCompany),
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
    mutationFn: (body: CreateAgreementForm) => apiFetch('agreements', { method: 'POST', body, schema: agreement }),
    onSuccess: () => client.invalidateQueries({ queryKey: AGREEMENTS }),
  });
}

export function useUpdateAgreement(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgreementForm) =>
      apiFetch(`agreements/${id}`, { method: 'PATCH', body, schema: agreement }),
    onSuccess: () => client.invalidateQueries({ queryKey: AGREEMENTS }),
  });
}

/** The list a create or edit page returns to. */
export function agreementsListPath(pathname: string): string {
  return pathname.startsWith('/settings/agent/') ? '/settings/agent/agreements' : '/settings/agreements';
}
