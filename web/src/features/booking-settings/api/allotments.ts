import { type Allotment, allotmentCreate, allotmentsApi, allotmentUpdate } from '@aircargo/contract/bookings';
import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { type UploadReport, uploadReport } from '@aircargo/contract/flights';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api/api-client';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';
import { upperCodes } from './codes';

export type { Allotment, UploadReport };

const ALLOTMENTS = ['allotments'] as const;

export type AllotmentsListQuery = EndpointQuery<typeof allotmentsApi.list>;

export function useAllotments(query: Record<string, string | number>) {
  const sent = upperCodes(query, ['origin_iata', 'destination_iata']) as AllotmentsListQuery;
  return useQuery({
    queryKey: [...ALLOTMENTS, 'list', sent],
    queryFn: ({ signal }) => callApi(allotmentsApi.list, { query: sent, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllotment(id: number) {
  return useQuery({
    queryKey: [...ALLOTMENTS, 'detail', id],
    queryFn: ({ signal }) => callApi(allotmentsApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createAllotmentFormSchema = formSchema(allotmentCreate);
export type CreateAllotmentForm = z.input<typeof allotmentCreate>;
export const updateAllotmentFormSchema = formSchema(allotmentUpdate);
export type UpdateAllotmentForm = z.input<typeof allotmentUpdate>;

export function useCreateAllotment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAllotmentForm) => callApi(allotmentsApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALLOTMENTS }),
  });
}

export function useUpdateAllotment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAllotmentForm) => callApi(allotmentsApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALLOTMENTS }),
  });
}

export function useDeleteAllotment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(allotmentsApi.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALLOTMENTS }),
  });
}

/** Sends the workbook as the multipart field `file`; the answer is the per-row report. */
export function useUploadAllotments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch<UploadReport>(allotmentsApi.upload.path, {
        method: 'POST',
        body,
        schema: uploadReport,
        kind: false,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ALLOTMENTS }),
  });
}

export const ALLOTMENTS_TEMPLATE_PATH = allotmentsApi.template.path;

export const ALLOTMENTS_PATH = '/settings/allotments';
