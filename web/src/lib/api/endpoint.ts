import {
  type AnyEndpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  pathOf,
} from '@aircargo/contract/endpoint';
import type { QueryParams } from '@aircargo/contract/query-string';
import type { z } from 'zod';
import { type ApiResult, apiFetch, apiRequest, type RequestOptions } from './api-client';

type Maybe<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call of endpoint E takes: its path parameters, query and body as typed by the contract, and transport options. */
export type CallInput<E extends AnyEndpoint> = Maybe<'params', EndpointParams<E>> &
  Maybe<'query', EndpointQuery<E>> &
  Maybe<'body', EndpointBody<E>> &
  Pick<RequestOptions<unknown>, 'signal' | 'kind' | 'timeoutMs' | 'retries' | 'headers' | 'onProgress'> & {
    /** Send the session's token; by default only to endpoints that need a permission (a public call may take it too). */
    auth?: boolean;
  };

function requestOf<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
): [string, RequestOptions<EndpointResult<E>>] {
  const { params, query, body, auth, ...transport } = input as CallInput<AnyEndpoint>;
  const path = pathOf(endpoint.path, params as Record<string, unknown> | undefined);
  return [
    path,
    {
      ...transport,
      method: endpoint.method,
      query: query as QueryParams | undefined,
      body,
      schema: (endpoint.response ?? undefined) as z.ZodType<EndpointResult<E>> | undefined,
      auth: auth ?? endpoint.permission !== 'public',
    },
  ];
}

/** The input is optional when every part of it is. */
// biome-ignore lint/complexity/noBannedTypes: `{}` is the type of a call without required input
type Args<E extends AnyEndpoint> = {} extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>];

/** Calls an endpoint of the contract; a failure is thrown as an ApiError (for TanStack Query). */
export function callApi<E extends AnyEndpoint>(endpoint: E, ...[input]: Args<E>): Promise<EndpointResult<E>> {
  return apiFetch(...requestOf(endpoint, (input ?? {}) as CallInput<E>));
}

/** Calls an endpoint of the contract and returns the failure as a value instead of throwing it. */
export function requestApi<E extends AnyEndpoint>(
  endpoint: E,
  ...[input]: Args<E>
): Promise<ApiResult<EndpointResult<E>>> {
  return apiRequest(...requestOf(endpoint, (input ?? {}) as CallInput<E>));
}
