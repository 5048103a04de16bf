import { airWaybillsApi } from '@aircargo/contract/air-waybills';
import {
  type Booking,
  type BookingChange,
  type BookingDetail,
  type BookingSegment,
  type BookingStatusChange,
  type BookingWarning,
  bookingChange,
  bookingsApi,
} from '@aircargo/contract/bookings';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { flightsApi } from '@aircargo/contract/flights';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';

export type { Booking, BookingDetail, BookingSegment, BookingWarning };

export const BOOKINGS_PATH = '/bookings';
export const bookingPath = (id: number) => `${BOOKINGS_PATH}/${id}`;

const BOOKINGS = ['bookings'] as const;

export type BookingsListQuery = EndpointQuery<typeof bookingsApi.list>;

/** One page of bookings: the caller's scope (own, on its flights, or all), the filters and the page. */
export function useBookings(query: BookingsListQuery) {
  return useQuery({
    queryKey: [...BOOKINGS, 'list', query],
    queryFn: ({ signal }) => callApi(bookingsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: number) {
  return useQuery({
    queryKey: [...BOOKINGS, 'detail', id],
    queryFn: ({ signal }) => callApi(bookingsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * The air waybill carrying the booking's number, if one was made (a booking may hold a number before its waybill
 * exists): null when there is none, undefined while it is asked or when the caller may not read waybills.
 */
export function useBookingWaybill(mawb: string | null, enabled: boolean) {
  const query = useQuery({
    queryKey: ['air-waybills', 'detail', mawb],
    queryFn: ({ signal }) => callApi(airWaybillsApi.get, { params: { id: mawb ?? '' }, signal }),
    enabled: enabled && mawb !== null,
    retry: false,
  });
  if (!enabled) return undefined;
  if (mawb === null) return null;
  if (query.data) return query.data;
  return query.isError ? null : undefined;
}

/** Every booking mutation changes lists, details and the flights' booked figures: bookings and flights refetch. */
function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: BOOKINGS }),
        client.invalidateQueries({ queryKey: ['flights'] }),
      ]);
    },
  });
}

export const useCancelBooking = () => useInvalidating((id: number) => callApi(bookingsApi.cancel, { params: { id } }));

export const useBookingStatus = () =>
  useInvalidating(({ id, body }: { id: number; body: BookingStatusChange }) =>
    callApi(bookingsApi.status, { params: { id }, body }),
  );

export const useChangeBooking = (id: number) =>
  useInvalidating((body: BookingChange) => callApi(bookingsApi.change, { params: { id }, body }));

/** The change form: the cargo figures of the contract's change schema, all of them given. */
export const changeFormSchema = bookingChange.required({ pieces: true, weight: true, volume: true });
export type ChangeForm = z.input<typeof changeFormSchema>;

export function changeFormValues(booking: Booking): ChangeForm {
  return {
    pieces: booking.pieces,
    weight: booking.weight,
    volume: booking.volume,
    density_group: booking.density_group,
    commodity: booking.commodity,
    shcs: booking.shcs,
    segment_ids: booking.segments.map((s) => s.segment_id),
  };
}

/** Days either side of a leg's departure in which the change dialog offers other flights of the same route. */
export const MOVE_WINDOW_DAYS = 3;

const shiftDate = (iso: string, days: number) =>
  new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Flights of a leg's route (same origin and destination) around its departure, open for sale or the leg itself: what
 * a booking may move to. Each leg's call names its own kind, so the legs' calls do not cancel each other.
 */
export function useLegAlternatives(leg: BookingSegment, index: number) {
  const query = {
    tab: 'all' as const,
    origin: leg.origin,
    destination: leg.destination,
    date_from: shiftDate(leg.std, -MOVE_WINDOW_DAYS),
    date_to: shiftDate(leg.std, MOVE_WINDOW_DAYS),
    per_page: 100,
  };
  return useQuery({
    queryKey: [...BOOKINGS, 'leg-alternatives', query],
    queryFn: ({ signal }) => callApi(flightsApi.list, { query, signal, kind: `booking-leg-${index}` }),
    select: (page) => page.data.filter((s) => s.id === leg.segment_id || (s.available && !s.locked)),
  });
}
