import {
  type AirWaybillCreateInput,
  type AirWaybillFromBooking,
  type AirWaybillRecord,
  type AirWaybillUpdateInput,
  airWaybillsApi,
} from '@aircargo/contract/air-waybills';
import { bookingsApi } from '@aircargo/contract/bookings';
import { MAX_PAGE_SIZE } from '@aircargo/contract/common';
import { houseWaybillsApi } from '@aircargo/contract/house-waybills';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { stockPrefixesApi, stocksApi } from '@aircargo/contract/stocks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';

export type { AirWaybillRecord };

/** The shipment page of a waybill, by its number (the API takes the number as the waybill's id). */
export const shipmentPath = (mawb: string) => `/shipments/${mawb}`;
export const editAwbPath = (mawb: string) => `${shipmentPath(mawb)}/edit-awb`;
export const bookingPath = (id: number) => `/bookings/${id}`;
export const SHIPMENTS_PATH = '/air-waybills';

const AIR_WAYBILLS = ['air-waybills'] as const;

export function useAirWaybill(mawb: string) {
  return useQuery({
    queryKey: [...AIR_WAYBILLS, 'detail', mawb],
    queryFn: ({ signal }) => callApi(airWaybillsApi.get, { params: { id: mawb }, signal }),
    enabled: mawb !== '',
  });
}

/** A new or changed waybill changes the lists and its detail, and a booking's waybill its bookings. */
function useSaving<A>(mutationFn: (args: A) => Promise<AirWaybillRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: AIR_WAYBILLS }),
        client.invalidateQueries({ queryKey: ['bookings'] }),
      ]);
    },
  });
}

export const useCreateAirWaybill = () =>
  useSaving((body: AirWaybillCreateInput) => callApi(airWaybillsApi.create, { body }));

export const useUpdateAirWaybill = (mawb: string) =>
  useSaving((body: AirWaybillUpdateInput) => callApi(airWaybillsApi.update, { params: { id: mawb }, body }));

export const useCreateFromBooking = (bookingId: number) =>
  useSaving((body: AirWaybillFromBooking) => callApi(airWaybillsApi.fromBooking, { params: { id: bookingId }, body }));

export function useBookingForWaybill(id: number) {
  return useQuery({
    queryKey: ['bookings', 'detail', id],
    queryFn: ({ signal }) => callApi(bookingsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The AWB prefixes of the airlines whose stock the caller sees (only asked by those who may read stock). */
export function useStockPrefixes(enabled: boolean) {
  const query = useQuery({
    queryKey: ['stocks', 'prefixes'],
    queryFn: ({ signal }) => callApi(stockPrefixesApi.list, { signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  return (query.data?.data ?? []).filter((p) => p.active);
}

/**
 * The first free number of a prefix in the visible stock (of the forwarder when one is named): what taking a number
 * from stock would give now. The server allocates on save, so another user may take it first.
 */
export function useNextFreeNumber(prefix: string, forwarderId: number | null, enabled: boolean) {
  const query = useQuery({
    queryKey: ['stocks', 'next-free', prefix, forwarderId],
    queryFn: ({ signal }) =>
      callApi(stocksApi.list, {
        query: {
          prefix,
          free_only: 'true',
          per_page: 1,
          ...(forwarderId ? { forwarder_id: String(forwarderId) } : {}),
        },
        signal,
      }),
    enabled: enabled && /^\d{3}$/.test(prefix),
  });
  return { number: query.data?.data[0]?.number ?? null, loading: query.isFetching, loaded: query.isSuccess };
}

/** Forwarders the caller deals with, for the platform's or an airline's choice of whose waybill it makes. */
export function useForwarderOptions(enabled: boolean) {
  const query = useQuery({
    queryKey: ['reference', 'notable-companies', 'forwarder'],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: 'forwarder', per_page: MAX_PAGE_SIZE, sort: 'name' },
        signal,
        kind: 'notable-companies-forwarder',
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  return (query.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }));
}

/** Special service requests the caller's company wrote before, for a picker. */
export function usePreviousSsrs(enabled: boolean) {
  const query = useQuery({
    queryKey: ['air-waybills', 'previous-ssrs'],
    queryFn: ({ signal }) => callApi(houseWaybillsApi.previousSsr, { query: {}, signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
  return query.data?.data ?? [];
}
