import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthCache } from './auth-cache';
import type { Config } from './config';
import type { Db } from './db';

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
}

export type Module = (app: App, deps: Deps) => void | Promise<void>;
