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
  };
}
