import {
  type BookingRule,
  type BookingRuleCheck,
  bookingRuleCheck,
  bookingRuleCreate,
  bookingRulesApi,
  bookingRuleUpdate,
} from '@aircargo/contract/bookings';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';

export type { BookingRule };

const RULES = ['booking-rules'] as const;

export type BookingRulesListQuery = EndpointQuery<typeof bookingRulesApi.list>;

export function useBookingRules(query: Record<string, string | number>) {
  const sent = query as BookingRulesListQuery;
  return useQuery({
    queryKey: [...RULES, 'list', sent],
    queryFn: ({ signal }) => callApi(bookingRulesApi.list, { query: sent, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingRule(id: number) {
  return useQuery({
    queryKey: [...RULES, 'detail', id],
    queryFn: ({ signal }) => callApi(bookingRulesApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createBookingRuleFormSchema = formSchema(bookingRuleCreate);
export type CreateBookingRuleForm = z.input<typeof bookingRuleCreate>;
export const updateBookingRuleFormSchema = formSchema(bookingRuleUpdate);
export type UpdateBookingRuleForm = z.input<typeof bookingRuleUpdate>;
export const checkRulesFormSchema = formSchema(bookingRuleCheck);
export type CheckRulesForm = z.input<typeof bookingRuleCheck>;

export function useCreateBookingRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBookingRuleForm) => callApi(bookingRulesApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: RULES }),
  });
}

export function useUpdateBookingRule(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBookingRuleForm) => callApi(bookingRulesApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: RULES }),
  });
}

export function useDeleteBookingRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(bookingRulesApi.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: RULES }),
  });
}

/** The answer the rules would give a shipment now; nothing is booked. */
export function useCheckBookingRules() {
  return useMutation({
    mutationFn: (body: BookingRuleCheck | CheckRulesForm) => callApi(bookingRulesApi.check, { body }),
  });
}

export const BOOKING_RULES_PATH = '/settings/booking-rules';
