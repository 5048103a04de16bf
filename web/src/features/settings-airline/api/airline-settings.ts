import { type AirlineSettings, airlineSettingsApi, airlineSettingsUpdate } from '@aircargo/contract/airline-settings';
import { airlinesApi } from '@aircargo/contract/airlines';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { formSchema } from '@/lib/validation/messages';

export type { AirlineSettings };

const KEY = ['airline-settings'] as const;

/** The settings of an airline (`company_id`: the airline the platform picked; an airline's staff pass their own). */
export function useAirlineSettings(companyId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'settings', companyId],
    queryFn: ({ signal }) => callApi(airlineSettingsApi.get, { query: { company_id: companyId ?? undefined }, signal }),
    enabled: companyId !== null,
  });
}

export const airlineSettingsFormSchema = formSchema(airlineSettingsUpdate);
export type AirlineSettingsForm = z.input<typeof airlineSettingsUpdate>;

export function useUpdateAirlineSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AirlineSettingsForm) =>
      callApi(airlineSettingsApi.update, { query: { company_id: companyId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAirlineUiSetting(airlineId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'ui-setting', airlineId],
    queryFn: ({ signal }) => callApi(airlinesApi.uiSetting, { params: { id: airlineId ?? 0 }, signal }),
    enabled: airlineId !== null,
  });
}

export function useUpdateAirlineUiSetting(airlineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (show: boolean) =>
      callApi(airlinesApi.updateUiSetting, { params: { id: airlineId }, body: { show_settings: show } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAirlineAirports(airlineId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'airports', airlineId],
    queryFn: ({ signal }) => callApi(airlinesApi.airports, { params: { id: airlineId ?? 0 }, signal }),
    enabled: airlineId !== null,
  });
}

export function useReplaceAirlineAirports(airlineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (airports: string[]) =>
      callApi(airlinesApi.updateAirports, { params: { id: airlineId }, body: { airports } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The airlines the platform may pick from. */
export function useAirlineChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['reference', 'notable-companies', 'airline'],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: 'airline', per_page: 200, sort: 'name' },
        signal,
        kind: 'notable-companies-airline',
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}
