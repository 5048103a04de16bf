import type { EndpointQuery } from '@aircargo/contract/endpoint';
import { type Handler, handlerCreate, handlersApi, handlerUpdate } from '@aircargo/contract/handlers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';

export type { Handler };

const HANDLERS = ['handlers'] as const;

export type HandlersListQuery = EndpointQuery<typeof handlersApi.list>;

export function useHandlers(query: HandlersListQuery) {
  return useQuery({
    queryKey: [...HANDLERS, 'list', query],
    queryFn: ({ signal }) => callApi(handlersApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHandler(id: number) {
  return useQuery({
    queryKey: [...HANDLERS, 'detail', id],
    queryFn: ({ signal }) => callApi(handlersApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createHandlerFormSchema = formSchema(handlerCreate);
export type CreateHandlerForm = z.input<typeof handlerCreate>;
export const updateHandlerFormSchema = formSchema(handlerUpdate);
export type UpdateHandlerForm = z.input<typeof handlerUpdate>;

export function useCreateHandler() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateHandlerForm) => callApi(handlersApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: HANDLERS }),
  });
}

export function useUpdateHandler(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateHandlerForm) => callApi(handlersApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: HANDLERS }),
  });
}

export function useDeleteHandler() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(handlersApi.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: HANDLERS }),
  });
}

export const HANDLERS_PATH = '/settings/handlers';
