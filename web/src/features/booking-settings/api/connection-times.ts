import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type ConnectionTime,
  connectionTimeCreate,
  connectionTimesApi,
  connectionTimeUpdate,
} from '@aircargo/contract/route-search';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';
import { upperCodes } from './codes';

export type { ConnectionTime };

const TIMES = ['connection-times'] as const;

export type ConnectionTimesListQuery = EndpointQuery<typeof connectionTimesApi.list>;

export function useConnectionTimes(query: Record<string, string | number>) {
  const sent = upperCodes(query, ['airport']) as ConnectionTimesListQuery;
  return useQuery({
    queryKey: [...TIMES, 'list', sent],
    queryFn: ({ signal }) => callApi(connectionTimesApi.list, { query: sent, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConnectionTime(id: number) {
  return useQuery({
    queryKey: [...TIMES, 'detail', id],
    queryFn: ({ signal }) => callApi(connectionTimesApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createConnectionTimeFormSchema = formSchema(connectionTimeCreate);
export type CreateConnectionTimeForm = z.input<typeof connectionTimeCreate>;
export const updateConnectionTimeFormSchema = formSchema(connectionTimeUpdate);
export type UpdateConnectionTimeForm = z.input<typeof connectionTimeUpdate>;

export function useCreateConnectionTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConnectionTimeForm) => callApi(connectionTimesApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TIMES }),
  });
}

export function useUpdateConnectionTime(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConnectionTimeForm) => callApi(connectionTimesApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TIMES }),
  });
}

export function useDeleteConnectionTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(connectionTimesApi.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TIMES }),
  });
}

export const CONNECTION_TIMES_PATH = '/settings/connection-times';
