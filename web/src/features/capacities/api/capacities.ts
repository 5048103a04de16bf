import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type AircraftCapacitiesUpdate,
  type BaggageAverage,
  type BaggageStat,
  baggageAverageInput,
  baggageAveragesApi,
  baggageStatFilesApi,
  baggageStatInput,
  baggageStatRecordApi,
  baggageStatsApi,
  capacityApi,
  type PaxOdAverage,
  paxOdAverageFilesApi,
  paxOdAverageInput,
  paxOdAveragesApi,
  type SegmentPayload,
  segmentPayloadFilesApi,
  segmentPayloadInput,
  segmentPayloadsApi,
  type UploadReport,
  uploadReport,
} from '@aircargo/contract/flights';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { referenceApi } from '@aircargo/contract/reference';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api/api-client';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import { formSchema } from '@/lib/validation/messages';

export type { BaggageAverage, BaggageStat, PaxOdAverage, SegmentPayload, UploadReport };

const CAPACITIES = ['capacities'] as const;

// Aircraft capacities.

export function useAircraftCapacities(airlineId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...CAPACITIES, 'aircraft', airlineId],
    queryFn: ({ signal }) =>
      callApi(capacityApi.aircraftCapacities, { query: airlineId ? { airline_id: airlineId } : {}, signal }),
    enabled,
  });
}

export function useUpdateAircraftCapacities() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AircraftCapacitiesUpdate) => callApi(capacityApi.updateAircraftCapacities, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...CAPACITIES, 'aircraft'] }),
  });
}

/** Airlines for the platform's airline pickers. */
export function useAirlineOptions(enabled: boolean) {
  const query = useQuery({
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
  return (query.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }));
}

export function useAircraftTypeOptions() {
  const query = useQuery({
    queryKey: ['reference', 'aircraft-types'],
    queryFn: ({ signal }) => callApi(referenceApi.aircraftTypes, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
  return (query.data ?? []).map((a) => ({ value: a.iata, label: `${a.iata} — ${a.description}` }));
}

// The four record kinds: list, create, edit, delete.

export const RECORD_APIS = {
  segmentPayloads: segmentPayloadsApi,
  paxOdAverages: paxOdAveragesApi,
  baggageAverages: baggageAveragesApi,
  baggageStats: baggageStatsApi,
} as const;
export type RecordKind = keyof typeof RECORD_APIS;
export interface RecordOf {
  segmentPayloads: SegmentPayload;
  paxOdAverages: PaxOdAverage;
  baggageAverages: BaggageAverage;
  baggageStats: BaggageStat;
}

export const recordFormSchemas = {
  segmentPayloads: formSchema(segmentPayloadInput),
  paxOdAverages: formSchema(paxOdAverageInput),
  baggageAverages: formSchema(baggageAverageInput),
  baggageStats: formSchema(baggageStatInput),
};
export interface RecordFormOf {
  segmentPayloads: z.input<typeof segmentPayloadInput>;
  paxOdAverages: z.input<typeof paxOdAverageInput>;
  baggageAverages: z.input<typeof baggageAverageInput>;
  baggageStats: z.input<typeof baggageStatInput>;
}

export type RecordsQuery = EndpointQuery<typeof segmentPayloadsApi.list>;

export function useRecords<K extends RecordKind>(kind: K, query: RecordsQuery, enabled = true) {
  return useQuery({
    queryKey: [...CAPACITIES, kind, 'list', query],
    queryFn: ({ signal }) =>
      callApi(RECORD_APIS[kind].list, { query, signal }) as Promise<{
        data: RecordOf[K][];
        meta: Awaited<ReturnType<typeof callApi<typeof segmentPayloadsApi.list>>>['meta'];
      }>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBaggageStat(id: number) {
  return useQuery({
    queryKey: [...CAPACITIES, 'baggageStats', 'detail', id],
    queryFn: ({ signal }) => callApi(baggageStatRecordApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSaveRecord<K extends RecordKind>(kind: K, id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordFormOf[K]) => {
      const api = RECORD_APIS[kind];
      // Each kind's body matches its own endpoints; the union of kinds hides that from the compiler.
      return (id === null
        ? callApi(api.create as typeof segmentPayloadsApi.create, { body: body as RecordFormOf['segmentPayloads'] })
        : callApi(api.update as typeof segmentPayloadsApi.update, {
            params: { id },
            body: body as RecordFormOf['segmentPayloads'],
          })) as Promise<unknown> as Promise<RecordOf[K]>;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...CAPACITIES, kind] }),
  });
}

export function useDeleteRecord(kind: RecordKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(RECORD_APIS[kind].remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...CAPACITIES, kind] }),
  });
}

// XLSX upload and template.

export const FILE_APIS = {
  segmentPayloads: segmentPayloadFilesApi,
  paxOdAverages: paxOdAverageFilesApi,
  baggageStats: baggageStatFilesApi,
} as const;
export type UploadKind = keyof typeof FILE_APIS;

/** Sends the workbook as the multipart field `file`; the answer is the per-row report. */
export function useUpload(kind: UploadKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, airlineId }: { file: File; airlineId: number | null }) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch<UploadReport>(FILE_APIS[kind].upload.path, {
        method: 'POST',
        body,
        query: airlineId ? { airline_id: airlineId } : undefined,
        schema: uploadReport,
        kind: false,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...CAPACITIES, kind] }),
  });
}

export const CAPACITIES_PATH = '/settings/capacities';
export const PATHS: Record<RecordKind, string> = {
  segmentPayloads: '/settings/segment-payloads',
  paxOdAverages: '/settings/pax-od-averages',
  baggageAverages: '/settings/baggage-averages',
  baggageStats: '/settings/baggage-stats',
};
