import { type Allotment, allotmentsApi, type BookingRule, bookingRulesApi } from '@aircargo/contract/bookings';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/endpoint';

export type { Allotment, BookingRule };

type AllotmentsQuery = EndpointQuery<typeof allotmentsApi.list>;
type RulesQuery = EndpointQuery<typeof bookingRulesApi.list>;

/** The most the server gives in one page: a flight's allotments and rules fit in it. */
const PAGE = 200;

/**
 * The tabs ask one list twice at once (the flight's records and the route's): each call names its own kind, or the
 * client would cancel the first as superseded by the second.
 */
function useAllotments(query: AllotmentsQuery, kind: string) {
  return useQuery({
    queryKey: ['allotments', 'list', query],
    queryFn: ({ signal }) => callApi(allotmentsApi.list, { query, signal, kind }),
  });
}

function useBookingRules(query: RulesQuery, kind: string) {
  return useQuery({
    queryKey: ['booking-rules', 'list', query],
    queryFn: ({ signal }) => callApi(bookingRulesApi.list, { query, signal, kind }),
  });
}

/** The flight's own allotments and those of its route without a flight (they hold on every flight of it). */
export function useFlightAllotments(segment: { id: number; origin: string; destination: string; flight_date: string }) {
  const own = useAllotments({ segment_id: segment.id, per_page: PAGE }, 'allotments-of-flight');
  const route = useAllotments(
    { origin_iata: segment.origin, destination_iata: segment.destination, per_page: PAGE },
    'allotments-of-route',
  );
  const routeWide = (route.data?.data ?? []).filter(
    (a) => a.segment_id === null && (a.valid_until === null || a.valid_until >= segment.flight_date),
  );
  return {
    data: own.data && route.data ? [...own.data.data, ...routeWide] : undefined,
    error: own.error ?? route.error,
    isPending: own.isPending || route.isPending,
  };
}

/**
 * The booking rules that may answer a booking on this flight: the flight's own, and the carrier's rules without a
 * flight whose route (if any) is this one.
 */
export function useFlightBookingRules(segment: { id: number; carrier: string; origin: string; destination: string }) {
  const own = useBookingRules({ segment_id: segment.id, per_page: PAGE }, 'booking-rules-of-flight');
  const all = useBookingRules({ per_page: PAGE }, 'booking-rules-of-carrier');
  const general = (all.data?.data ?? []).filter(
    (r) =>
      r.segment_id === null &&
      r.carrier === segment.carrier &&
      (r.origin_iata === null || r.origin_iata === segment.origin) &&
      (r.destination_iata === null || r.destination_iata === segment.destination),
  );
  return {
    data: own.data && all.data ? [...own.data.data, ...general] : undefined,
    error: own.error ?? all.error,
    isPending: own.isPending || all.isPending,
  };
}
