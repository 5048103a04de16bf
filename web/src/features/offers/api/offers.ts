import { type Booking, bookingsApi } from '@aircargo/contract/bookings';
import type { EndpointBody, EndpointQuery } from '@aircargo/contract/endpoint';
import { referenceApi } from '@aircargo/contract/reference';
import {
  type FlightRoutesResult,
  type Route,
  type RouteReason,
  type RouteSearchResult,
  routeSearchApi,
} from '@aircargo/contract/route-search';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';

export type { Booking, FlightRoutesResult, Route, RouteReason, RouteSearchResult };

/** The route search request as the call takes it (flags as "true"/"false"). */
export type RouteSearchQuery = EndpointQuery<typeof routeSearchApi.trips>;
export type BookingRequest = EndpointBody<typeof bookingsApi.create>;

export const BOOKINGS_PATH = '/bookings';

const SEARCH = ['route-search'] as const;

/**
 * The route search of the booking selection (GET /segments/trips) in explain mode: the bookable routes, every
 * candidate that is not bookable with its reasons, and the nearest alternatives. Runs once a search was submitted.
 */
export function useTrips(query: RouteSearchQuery | null) {
  return useQuery({
    queryKey: [...SEARCH, 'trips', query],
    queryFn: ({ signal }) => callApi(routeSearchApi.trips, { query: { ...query, explain: 'true' }, signal }),
    enabled: query !== null,
    retry: false,
  });
}

/** The segments of the routes the same search finds (GET /segments/flight_routes), for the segments tab. */
export function useFlightRoutes(query: RouteSearchQuery | null, enabled: boolean) {
  return useQuery({
    queryKey: [...SEARCH, 'flight-routes', query],
    queryFn: ({ signal }) => callApi(routeSearchApi.flightRoutes, { query: { ...query, explain: 'true' }, signal }),
    enabled: enabled && query !== null,
    retry: false,
  });
}

/** POST /bookings on the legs of a route; the search answers again afterwards (capacity changed). */
export function useBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRequest) => callApi(bookingsApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SEARCH }),
  });
}

/** IANA zones of airports by IATA code, for times in the airport's local time. */
export function useAirportZones(codes: readonly string[]): Record<string, string> {
  const unique = useMemo(() => [...new Set(codes)].sort(), [codes]);
  const results = useQueries({
    queries: unique.map((iata) => ({
      queryKey: ['reference', 'airport', iata],
      queryFn: ({ signal }: { signal: AbortSignal }) => callApi(referenceApi.airport, { params: { iata }, signal }),
      staleTime: REFERENCE_STALE_MS,
      retry: false,
    })),
  });
  const zones: Record<string, string> = {};
  results.forEach((r, i) => {
    const code = unique[i];
    if (code && r.data?.timezone) zones[code] = r.data.timezone;
  });
  return zones;
}

/** Special handling codes (reference data) for the SHC picker. */
export function useShcOptions() {
  const shcs = useQuery({
    queryKey: ['reference', 'special-handlings'],
    queryFn: ({ signal }) => callApi(referenceApi.specialHandlings, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
  return useMemo(
    () => (shcs.data ?? []).map((s) => ({ value: s.code, label: `${s.code} — ${s.description}` })),
    [shcs.data],
  );
}

/** Cargo products (reference data) for the selected-route panel. */
export function useProductOptions() {
  const products = useQuery({
    queryKey: ['reference', 'product-codes'],
    queryFn: ({ signal }) => callApi(referenceApi.productCodes, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
  return useMemo(
    () => (products.data ?? []).map((p) => ({ value: p.code, label: `${p.code} — ${p.description}` })),
    [products.data],
  );
}

/** The AWB prefix of a carrier (the airline reference book), e.g. KC → 465. */
export function useAwbPrefix(carrier: string | null) {
  const airlines = useQuery({
    queryKey: ['reference', 'airlines', carrier],
    queryFn: ({ signal }) => callApi(referenceApi.airlines, { query: { q: carrier ?? '' }, signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled: carrier !== null,
  });
  return airlines.data?.data.find((a) => a.iata === carrier)?.awb_prefix ?? null;
}
