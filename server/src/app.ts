import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { agreementsRoutes } from './modules/agreements/agreements.routes';
import { airlineSettingsRoutes } from './modules/airline-settings/airline-settings.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerAuthGuard } from './platform/auth';
import { AuthCache } from './platform/auth-cache';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { registerErrorHandling } from './platform/errors';
import type { App, Deps, Module } from './platform/http';

/** Every module of the API, in registration order. */
export const MODULES: Module[] = [
  healthRoutes,
  eventsRoutes,
  authRoutes,
  profileRoutes,
  companiesRoutes,
  usersRoutes,
  agreementsRoutes,
  airlineSettingsRoutes,
  referenceRoutes,
];

const API_PREFIXES = ['/api', '/oauth', '/forwarders_api'];
export const BODY_LIMIT = 1024 * 1024;

/** A registered route and the permission it declares; the permission tests walk this table. */
export interface RouteEntry {
  method: string;
  url: string;
  permission: string | undefined;
  hasBody: boolean;
  hasQuery: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Query strings as the web client writes them: `key[]=a&key[]=b` is the array `key: [a, b]`. */
export function parseQuery(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const current = out[key];
      out[key] = Array.isArray(current) ? [...current, value] : current === undefined ? [value] : [current, value];
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Marks every route a plugin registers in this scope as public: the docs and the static web app. */
function publicScope(app: App): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), permission: 'public' };
  });
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', '*.password', '*.password_confirmation'], censor: '****' },
    },
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQuery },
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && route.routePath !== '/*') continue;
      // Read lazily: a scope's own onRoute hook (publicScope) runs after this one and may still set the permission.
      routeTable.push({
        method,
        url: route.url,
        get permission() {
          return route.config?.permission;
        },
        hasBody: Boolean(route.schema?.body),
        hasQuery: Boolean(route.schema?.querystring),
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // OAuth clients may post form-encoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Air cargo platform API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    publicScope(docs as unknown as App);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    docs.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });

  const authCache = new AuthCache(config.authCacheTtlMs);
  if (config.authCacheTtlMs > 0) {
    await database.listen(
      'auth_change',
      (payload) => authCache.onNotification(payload),
      (live) => authCache.setLive(live),
    );
  }
  registerAuthGuard(app, database.db, authCache);
  const deps: Deps = { db: database.db, config, databaseKind: database.kind, authCache };
  for (const register of MODULES) await register(app, deps);

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(async (web) => {
      publicScope(web as unknown as App);
      await web.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: true, index: 'index.html' });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The single-page app routes everything else itself.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'NotFound', errors: {}, message: `Route ${request.method} ${path} not found` });
  });

  return app;
}
