import {
  type BookingRule,
  type BookingRuleCheck,
  bookingRuleCheck,
  bookingRuleCreate,
  bookingRulesApi,
  bookingRuleUpdate,
} from '@aircargo/contract/bookings';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { msg } from '@aircargo/contract/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

const BOUNDS = ['percent', 'weight', 'volume'] as const;

/** A maximum below its minimum is reported on that maximum ("at least {min}"), whichever of the three it is. */
function boundsInOrder(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const k of BOUNDS) {
    const min = value[`min_${k}`];
    const max = value[`max_${k}`];
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      ctx.addIssue({ code: 'custom', path: [`max_${k}`], message: msg('minValue', { min }) });
    }
  }
}

// The contract's fields with the bounds judged per field (the server judges them again).
export const createBookingRuleFormSchema = formSchema(z.object(bookingRuleCreate.shape).superRefine(boundsInOrder));
export type CreateBookingRuleForm = z.input<typeof bookingRuleCreate>;
export const updateBookingRuleFormSchema = formSchema(z.object(bookingRuleUpdate.shape).superRefine(boundsInOrder));
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
