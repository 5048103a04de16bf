import { type Country, referenceApi } from '@aircargo/contract/reference';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';

// Reference books shared by many screens; cached for 600 s and dropped on a role or company change.

export function useCountries() {
  return useQuery({
    queryKey: ['reference', 'countries'],
    queryFn: ({ signal }) => callApi(referenceApi.countries, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** Country options in the interface language. */
export function countryOptions(countries: Country[] | undefined, language: string) {
  return (countries ?? []).map((item) => ({
    value: item.alpha_2,
    label: `${item.alpha_2} — ${language === 'ru' && item.cyrillic_name ? item.cyrillic_name : item.name}`,
  }));
}

/** Airports and city entries matching a code or name; each carries its IANA time zone. */
export function useAirports(q: string) {
  return useQuery({
    queryKey: ['reference', 'airports', q],
    queryFn: ({ signal }) => callApi(referenceApi.airports, { query: { q }, signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled: q.length >= 2,
  });
}
