import { MAX_PAGE_SIZE } from '@aircargo/contract/common';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';

/** Airlines (for the platform's choice) or forwarders (for a restriction) the caller knows. */
export function useCompanyOptions(companyType: 'airline' | 'forwarder', enabled = true) {
  const query = useQuery({
    queryKey: ['reference', 'notable-companies', companyType],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: companyType, per_page: MAX_PAGE_SIZE, sort: 'name' },
        signal,
        kind: `notable-companies-${companyType}`,
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  return (query.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }));
}
