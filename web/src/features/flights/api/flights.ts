import type { EndpointQuery, EndpointResult } from '@aircargo/contract/endpoint';
import {
  capacityApi,
  type FlightLeg,
  flightsApi,
  type Segment,
  type SegmentLoad,
  segmentCapacityUpdate,
  segmentCreate,
  segmentUpdate,
  type TimeMode,
} from '@aircargo/contract/flights';
import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';

export type { FlightLeg, Segment, SegmentLoad, TimeMode };

export const FLIGHTS_PATH = '/flights/tabs';
export const flightPath = (id: number) => `/flights/${id}`;

const FLIGHTS = ['flights'] as const;

export type SegmentsQuery = EndpointQuery<typeof flightsApi.list>;
export type SegmentsPage = EndpointResult<typeof flightsApi.list>;
export type ChangeLogsQuery = EndpointQuery<typeof flightsApi.changeLogs>;
export type ChangeLogEntry = EndpointResult<typeof flightsApi.changeLogs>['data'][number];
export type LoadFactor = EndpointResult<typeof flightsApi.loadFactor>;
export type SalesResult = EndpointResult<typeof flightsApi.sales>;
export type CreateResult = EndpointResult<typeof flightsApi.create>;
export type SegmentCapacity = EndpointResult<typeof capacityApi.segmentCapacity>;
export type AircraftCapacity = EndpointResult<typeof capacityApi.aircraftCapacities>[number];

/** One keyset page of segments: the tab, the filters and the cursor of the page. */
export function useSegments(query: SegmentsQuery) {
  return useQuery({
    queryKey: [...FLIGHTS, 'list', query],
    queryFn: ({ signal }) => callApi(flightsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSegment(id: number) {
  return useQuery({
    queryKey: [...FLIGHTS, 'detail', id],
    queryFn: ({ signal }) => callApi(flightsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useLoadFactor(id: number, enabled = true) {
  return useQuery({
    queryKey: [...FLIGHTS, 'load', id],
    queryFn: ({ signal }) => callApi(flightsApi.loadFactor, { params: { id }, signal }),
    enabled: enabled && id > 0,
  });
}

export function useChangeLogs(query: ChangeLogsQuery, enabled = true) {
  return useQuery({
    queryKey: [...FLIGHTS, 'change-logs', query],
    queryFn: ({ signal }) => callApi(flightsApi.changeLogs, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The create form: the contract's schema (single, regular or schedule). */
export const createFlightFormSchema = segmentCreate;
export type CreateFlightForm = z.input<typeof segmentCreate>;
export const updateSegmentFormSchema = segmentUpdate;
export type UpdateSegmentForm = z.input<typeof segmentUpdate>;
export const segmentCapacityFormSchema = segmentCapacityUpdate;
export type SegmentCapacityForm = z.input<typeof segmentCapacityUpdate>;

/** A change to one segment refreshes every list, detail, load and change log of the flights. */
function useInvalidateFlights() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: FLIGHTS });
}

export function useCreateFlights() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (body: z.output<typeof segmentCreate>) => callApi(flightsApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSegment(id: number) {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (body: z.output<typeof segmentUpdate>) => callApi(flightsApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export type SegmentAction = 'cancel' | 'close_sales' | 'open_sales' | 'lock' | 'unlock';

/** Cancel, close or open sales, lock or unlock; sales answers carry the server's warning, the others none. */
export function useSegmentAction(id: number) {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: async (action: SegmentAction): Promise<{ segment: Segment; warning: string | null }> => {
      const params = { id };
      switch (action) {
        case 'cancel':
          return { segment: await callApi(flightsApi.cancel, { params }), warning: null };
        case 'close_sales':
          return callApi(flightsApi.sales, { params, body: { sales_closed: true } });
        case 'open_sales':
          return callApi(flightsApi.sales, { params, body: { sales_closed: false } });
        case 'lock':
          return { segment: await callApi(flightsApi.lock, { params }), warning: null };
        case 'unlock':
          return { segment: await callApi(flightsApi.unlock, { params }), warning: null };
      }
    },
    onSuccess: invalidate,
  });
}

export function useSegmentCapacity(segment: number) {
  return useQuery({
    queryKey: [...FLIGHTS, 'capacity', segment],
    queryFn: ({ signal }) => callApi(capacityApi.segmentCapacity, { params: { segment }, signal }),
    enabled: Number.isInteger(segment) && segment > 0,
  });
}

export function useUpdateSegmentCapacity(segment: number) {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (body: z.output<typeof segmentCapacityUpdate>) =>
      callApi(capacityApi.updateSegmentCapacity, { params: { segment }, body }),
    onSuccess: invalidate,
  });
}

/** The airline's aircraft types with their capacity (the platform names the airline). */
export function useAircraftCapacities(airlineId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...FLIGHTS, 'aircraft-capacities', airlineId],
    queryFn: ({ signal }) =>
      callApi(capacityApi.aircraftCapacities, { query: airlineId ? { airline_id: airlineId } : {}, signal }),
    enabled,
  });
}

/** Airlines the platform may pick on the aircraft page. */
export function useAirlineCompanies(enabled: boolean) {
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
