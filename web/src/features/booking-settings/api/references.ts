import { flightsApi, type Segment } from '@aircargo/contract/flights';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import { useCan } from '@/lib/auth/permissions';
import { REFERENCE_STALE_MS } from '@/lib/query-client';

export type { Segment };

/** Airlines (for the platform naming the carrier) or forwarders (an airline's clients; every one for the platform). */
export function useCompanyOptions(companyType: 'airline' | 'forwarder', enabled = true) {
  const query = useQuery({
    queryKey: ['reference', 'notable-companies', companyType],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: companyType, per_page: 200, sort: 'short_name' },
        signal,
        kind: `notable-companies-${companyType}`,
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  const companies = query.data?.data ?? [];
  return {
    companies,
    /** By company id. */
    options: companies.map((c) => ({ value: String(c.id), label: `${c.airline_code ?? c.short_name} — ${c.name}` })),
    /** Airlines by their two-character code (the `carrier` of allotments and booking rules). */
    codeOptions: companies
      .filter((c) => c.airline_code)
      .map((c) => ({ value: c.airline_code as string, label: `${c.airline_code} — ${c.name}` })),
  };
}

export interface SegmentSearch {
  date: string | null;
  carrier?: string | null;
  origin?: string | null;
  destination?: string | null;
}

const code = (v: string | null | undefined, length: number) =>
  v && v.trim().length === length ? v.trim().toUpperCase() : undefined;

/** The flight segments departing on a local date (optionally of a carrier and route), for picking a flight. */
export function useSegmentSearch(search: SegmentSearch) {
  const mayRead = useCan('flights:read');
  const query = {
    tab: 'all' as const,
    date_from: search.date ?? undefined,
    date_to: search.date ?? undefined,
    carrier: code(search.carrier, 2),
    origin: code(search.origin, 3),
    destination: code(search.destination, 3),
    sort: 'std' as const,
    per_page: 100,
  };
  return useQuery({
    queryKey: ['booking-settings', 'segments', query],
    queryFn: ({ signal }) => callApi(flightsApi.list, { query, signal }),
    enabled: mayRead && Boolean(search.date),
    placeholderData: keepPreviousData,
  });
}
