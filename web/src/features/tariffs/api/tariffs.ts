import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type Charge,
  type ChargeCreate,
  type ChargeUpdate,
  type QuoteInput,
  type QuoteResult,
  type Surcharge,
  type SurchargeCreate,
  type SurchargeUpdate,
  type Tariff,
  type TariffCreate,
  type TariffsUploadReport,
  type TariffUpdate,
  tariffChargesApi,
  tariffSurchargesApi,
  tariffsApi,
} from '@aircargo/contract/tariffs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';

export type { Charge, QuoteResult, Surcharge, Tariff, TariffsUploadReport };

export const TARIFFS_PATH = '/tariffs/external-tariffs';
export const CHARGES_PATH = '/tariffs/external-charges';
export const SURCHARGES_PATH = '/tariffs/external-surcharges';

const TARIFFS = ['tariffs'] as const;

export type TariffsListQuery = EndpointQuery<typeof tariffsApi.list>;

/** The three record kinds of the tariff screens, with the calls each one has. */
export const KIND_APIS = {
  tariffs: tariffsApi,
  charges: tariffChargesApi,
  surcharges: tariffSurchargesApi,
} as const;
export type RecordKind = keyof typeof KIND_APIS;

export function useTariffs(query: TariffsListQuery) {
  return useQuery({
    queryKey: [...TARIFFS, 'tariffs', 'list', query],
    queryFn: ({ signal }) => callApi(tariffsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCharges(query: TariffsListQuery) {
  return useQuery({
    queryKey: [...TARIFFS, 'charges', 'list', query],
    queryFn: ({ signal }) => callApi(tariffChargesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSurcharges(query: TariffsListQuery) {
  return useQuery({
    queryKey: [...TARIFFS, 'surcharges', 'list', query],
    queryFn: ({ signal }) => callApi(tariffSurchargesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const validId = (id: number) => Number.isInteger(id) && id > 0;

export function useTariff(id: number) {
  return useQuery({
    queryKey: [...TARIFFS, 'tariffs', 'detail', id],
    queryFn: ({ signal }) => callApi(tariffsApi.get, { params: { id }, signal }),
    enabled: validId(id),
  });
}

export function useCharge(id: number) {
  return useQuery({
    queryKey: [...TARIFFS, 'charges', 'detail', id],
    queryFn: ({ signal }) => callApi(tariffChargesApi.get, { params: { id }, signal }),
    enabled: validId(id),
  });
}

/** Every mutation here changes what the lists, details and quotes answer: all of them are refetched. */
function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: TARIFFS }) });
}

export const useCreateTariff = () => useInvalidating((body: TariffCreate) => callApi(tariffsApi.create, { body }));
export const useUpdateTariff = (id: number) =>
  useInvalidating((body: TariffUpdate) => callApi(tariffsApi.update, { params: { id }, body }));
export const useCreateCharge = () =>
  useInvalidating((body: ChargeCreate) => callApi(tariffChargesApi.create, { body }));
export const useUpdateCharge = (id: number) =>
  useInvalidating((body: ChargeUpdate) => callApi(tariffChargesApi.update, { params: { id }, body }));
export const useCreateSurcharge = () =>
  useInvalidating((body: SurchargeCreate) => callApi(tariffSurchargesApi.create, { body }));
export const useUpdateSurcharge = (id: number) =>
  useInvalidating((body: SurchargeUpdate) => callApi(tariffSurchargesApi.update, { params: { id }, body }));

export function useDeleteRecord(kind: RecordKind) {
  return useInvalidating((id: number) => callApi(KIND_APIS[kind].remove, { params: { id } }));
}

/** Confirms the caller's company's awareness of the records named, or of every record new to it. */
export function useConfirmAwareness(kind: RecordKind) {
  return useInvalidating((body: { ids: number[] } | { all: true }) =>
    callApi(KIND_APIS[kind].notificationMarks, { body }),
  );
}

/** Uploads tariffs.xlsx (multipart, field `file`); the answer reports each row. */
export function useUploadTariffs() {
  return useInvalidating(({ file, airlineId }: { file: File; airlineId?: number }) => {
    const body = new FormData();
    body.append('file', file);
    return callApi(tariffsApi.upload, {
      query: airlineId ? { airline_id: airlineId } : {},
      body: body as never,
      kind: false,
      timeoutMs: 180_000,
    });
  });
}

export function useQuote() {
  return useMutation({ mutationFn: (body: QuoteInput) => callApi(tariffsApi.quote, { body, kind: 'tariffs-quote' }) });
}
