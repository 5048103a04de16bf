import type { RoutePermission } from '@aircargo/domain';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, written once: the server registers its route from it and the web calls it through a typed fetcher.
 * `path` uses Fastify's `:name` parameters; `response` is the success body (`null` for an empty one).
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
  A extends RoutePermission = RoutePermission,
> {
  method: HttpMethod;
  path: string;
  /** The permission of the server matrix (packages/domain) the call needs, or 'public'. */
  permission: A;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Bodies of failures that do not use the shared error schema (the OAuth token call's 400). */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, z.ZodType>>;
  /** Status of a successful answer (default 200; 204 when `response` is null). */
  status?: 200 | 201 | 202 | 204;
  /** The body may also come form-encoded (OAuth clients). */
  form?: boolean;
  /** Hidden from the OpenAPI document. */
  hidden?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for tables of endpoints
export type AnyEndpoint = Endpoint<any, any, any, any, any>;

type In<S> = [S] extends [z.ZodType] ? z.input<S> : undefined;
type Out<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;
// biome-ignore lint/suspicious/noExplicitAny: inference over the endpoint's schema parameters
type ParamsOf<E> = E extends Endpoint<infer P, any, any, any, any> ? P : undefined;
// biome-ignore lint/suspicious/noExplicitAny: as above
type QueryOf<E> = E extends Endpoint<any, infer Q, any, any, any> ? Q : undefined;
// biome-ignore lint/suspicious/noExplicitAny: as above
type BodyOf<E> = E extends Endpoint<any, any, infer B, any, any> ? B : undefined;
// biome-ignore lint/suspicious/noExplicitAny: as above
type ResponseOf<E> = E extends Endpoint<any, any, any, infer R, any> ? R : null;

/** What a caller sends: path parameters, query and body, as their schemas accept them. */
export type EndpointParams<E extends AnyEndpoint> = In<ParamsOf<E>>;
export type EndpointQuery<E extends AnyEndpoint> = In<QueryOf<E>>;
export type EndpointBody<E extends AnyEndpoint> = In<BodyOf<E>>;
/** What the server handler receives after validation. */
export type ParsedParams<E extends AnyEndpoint> = Out<ParamsOf<E>>;
export type ParsedQuery<E extends AnyEndpoint> = Out<QueryOf<E>>;
export type ParsedBody<E extends AnyEndpoint> = Out<BodyOf<E>>;
/** The answer: what the handler returns (input of the response schema) and what the caller gets (its output). */
export type EndpointReply<E extends AnyEndpoint> = In<ResponseOf<E>>;
export type EndpointResult<E extends AnyEndpoint> = Out<ResponseOf<E>>;
/** True when anyone may call the endpoint without a token. */
export type IsPublic<E extends AnyEndpoint> = E['permission'] extends 'public' ? true : false;

/** Declares an endpoint, keeping its literal types. */
export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | null = null,
  A extends RoutePermission = RoutePermission,
>(def: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return def;
}

/** The concrete path of a call: `:name` segments replaced by the encoded parameter values. */
export function pathOf(path: string, params?: Record<string, unknown> | null): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
