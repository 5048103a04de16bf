import type { EndpointQuery } from '@aircargo/contract/endpoint';
import {
  type PermittedRoute,
  permittedRouteCreate,
  permittedRoutesApi,
  permittedRouteUpdate,
} from '@aircargo/contract/route-search';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api/endpoint';
import { formSchema } from '@/lib/validation/messages';
import { upperCodes } from './codes';

export type { PermittedRoute };

const ROUTES = ['permitted-routes'] as const;

export type PermittedRoutesListQuery = EndpointQuery<typeof permittedRoutesApi.list>;

export function usePermittedRoutes(query: Record<string, string | number>) {
  const sent = upperCodes(query, ['origin', 'destination']) as PermittedRoutesListQuery;
  return useQuery({
    queryKey: [...ROUTES, 'list', sent],
    queryFn: ({ signal }) => callApi(permittedRoutesApi.list, { query: sent, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePermittedRoute(id: number) {
  return useQuery({
    queryKey: [...ROUTES, 'detail', id],
    queryFn: ({ signal }) => callApi(permittedRoutesApi.get, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const createPermittedRouteFormSchema = formSchema(permittedRouteCreate);
export type CreatePermittedRouteForm = z.input<typeof permittedRouteCreate>;
export const updatePermittedRouteFormSchema = formSchema(permittedRouteUpdate);
export type UpdatePermittedRouteForm = z.input<typeof permittedRouteUpdate>;

export function useCreatePermittedRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePermittedRouteForm) => callApi(permittedRoutesApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROUTES }),
  });
}

export function useUpdatePermittedRoute(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePermittedRouteForm) => callApi(permittedRoutesApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROUTES }),
  });
}

export function useDeletePermittedRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(permittedRoutesApi.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROUTES }),
  });
}

export const PERMITTED_ROUTES_PATH = '/settings/permitted-routes';
