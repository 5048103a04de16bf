import { errorBody } from '@aircargo/contract/common';
import type {
  AnyEndpoint,
  EndpointReply,
  IsPublic,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
} from '@aircargo/contract/endpoint';
import { PUBLIC } from '@aircargo/domain';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthContext, authOf } from './auth';
import type { AuthCache } from './auth-cache';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db';
import type { Notifications } from './notifications';

/** The Fastify instance with the zod type provider every module registers its routes on. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a module gets: the database and the configuration. */
export interface Deps {
  db: Db;
  config: Config;
  databaseKind: 'pglite' | 'postgresql';
  authCache: AuthCache;
  /** The time services read instead of `new Date()`; tests freeze it. */
  clock: Clock;
  /** The process's one database-notification listener: subscribe channels on it. */
  notifications: Notifications;
}

export type Module = (app: App, deps: Deps) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract definition the route was registered from (every API route has one). */
    endpoint?: AnyEndpoint;
  }
}

/** The request a handler of an endpoint gets: validated params, query and body, and the caller. */
export interface EndpointRequest<E extends AnyEndpoint> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  /** The caller; null only on public endpoints. */
  auth: IsPublic<E> extends true ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: the answer's body, nothing for an empty (204) answer, or the reply it sent itself. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler of an empty answer returns nothing
type HandlerResult<E extends AnyEndpoint> = [E['response']] extends [null] ? void : EndpointReply<E>;

export type EndpointHandler<E extends AnyEndpoint> = (
  input: EndpointRequest<E>,
) => Promise<HandlerResult<E> | FastifyReply> | HandlerResult<E> | FastifyReply;

/**
 * Registers the route of an endpoint definition (packages/contract): method, path, permission and schemas come from the
 * definition, so server and web cannot disagree on them. Failures answer in the shared error schema.
 */
export function route<E extends AnyEndpoint>(app: App, endpoint: E, handler: EndpointHandler<E>): void {
  const status = endpoint.status ?? (endpoint.response === null ? 204 : 200);
  const response: Record<string, unknown> = { ...endpoint.errors, '4xx': errorBody };
  if (endpoint.response !== null) response[status] = endpoint.response;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { permission: endpoint.permission, endpoint },
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      hide: endpoint.hidden,
      ...(endpoint.form ? { consumes: ['application/json', 'application/x-www-form-urlencoded'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as ParsedParams<E>,
        query: request.query as ParsedQuery<E>,
        body: request.body as ParsedBody<E>,
        auth: (endpoint.permission === PUBLIC ? request.auth : authOf(request)) as EndpointRequest<E>['auth'],
        request,
        reply,
      });
      if (result === reply) return reply;
      reply.status(status);
      return status === 204 ? reply.send() : result;
    },
  });
}
