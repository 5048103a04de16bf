import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { findUnstorable } from '@aircargo/contract/common';
import type { AnyEndpoint } from '@aircargo/contract/endpoint';
import { parseQueryString } from '@aircargo/contract/query-string';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreementsRoutes } from './modules/agreements/agreements.routes';
import { airWaybillsRoutes } from './modules/air-waybills/air-waybills.routes';
import { airlineSettingsRoutes } from './modules/airline-settings/airline-settings.routes';
import { airlinesRoutes } from './modules/airlines/airlines.routes';
import { allotmentsRoutes } from './modules/allotments/allotments.routes';
import { attachmentsRoutes } from './modules/attachments/attachments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bookingRulesRoutes } from './modules/booking-rules/booking-rules.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { capacitiesRoutes } from './modules/capacities/capacities.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { connectionTimesRoutes } from './modules/connection-times/connection-times.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { flightsRoutes } from './modules/flights/flights.routes';
import { forwarderCustomersRoutes } from './modules/forwarder-customers/forwarder-customers.routes';
import { handlersRoutes } from './modules/handlers/handlers.routes';
import { healthRoutes } from './modules/health/health.routes';
import { houseWaybillsRoutes } from './modules/house-waybills/house-waybills.routes';
import { incomingTelegramsRoutes } from './modules/incoming-telegrams/incoming-telegrams.routes';
import { messageSettingsRoutes } from './modules/message-settings/message-settings.routes';
import { movementsRoutes } from './modules/movements/movements.routes';
import { notableCompaniesRoutes } from './modules/notable-companies/notable-companies.routes';
import { outgoingMessagesRoutes } from './modules/outgoing-messages/outgoing-messages.routes';
import { permittedRoutesRoutes } from './modules/permitted-routes/permitted-routes.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { routeSearchRoutes } from './modules/route-search/route-search.routes';
import { shipmentsRoutes } from './modules/shipments/shipments.routes';
import { ssimTelegramsRoutes } from './modules/ssim-telegrams/ssim-telegrams.routes';
import { stocksRoutes } from './modules/stocks/stocks.routes';
import { tariffsRoutes } from './modules/tariffs/tariffs.routes';
import { telegramProducersRoutes } from './modules/telegram-producers/telegram-producers.routes';
import { uiSettingsRoutes } from './modules/ui-settings/ui-settings.routes';
import { usersRoutes } from './modules/users/users.routes';
import { waybillDocumentsRoutes } from './modules/waybill-documents/waybill-documents.routes';
import { waybillLabelsRoutes } from './modules/waybill-labels/waybill-labels.routes';
import { waybillLifecycleRoutes } from './modules/waybill-lifecycle/waybill-lifecycle.routes';
import { waybillReportsRoutes } from './modules/waybill-reports/waybill-reports.routes';
import { registerAuthGuard } from './platform/auth';
import { AuthCache } from './platform/auth-cache';
import { type Clock, systemClock } from './platform/clock';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { registerErrorHandling, validation } from './platform/errors';
import type { App, Deps, Module } from './platform/http';
import { lazyChildLoggerFactory } from './platform/logger';
import { Notifications } from './platform/notifications';
import { serializerCompiler } from './platform/serializer';

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
  airlinesRoutes,
  handlersRoutes,
  forwarderCustomersRoutes,
  notableCompaniesRoutes,
  uiSettingsRoutes,
  referenceRoutes,
  ssimTelegramsRoutes,
  incomingTelegramsRoutes,
  flightsRoutes,
  bookingsRoutes,
  allotmentsRoutes,
  bookingRulesRoutes,
  routeSearchRoutes,
  permittedRoutesRoutes,
  connectionTimesRoutes,
  capacitiesRoutes,
  tariffsRoutes,
  stocksRoutes,
  waybillReportsRoutes,
  shipmentsRoutes,
  airWaybillsRoutes,
  houseWaybillsRoutes,
  movementsRoutes,
  waybillLifecycleRoutes,
  attachmentsRoutes,
  waybillLabelsRoutes,
  waybillDocumentsRoutes,
  messageSettingsRoutes,
  outgoingMessagesRoutes,
  telegramProducersRoutes,
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
  /** The largest body the route takes (BODY_LIMIT unless the route sets its own, as the schedule upload does). */
  bodyLimit: number;
  /** The contract endpoint the route was registered from (route() in platform/http.ts); undefined for raw routes. */
  endpoint: AnyEndpoint | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** The app's clock (see platform/clock.ts). */
    clock: Clock;
    /** The process's database-notification listener. */
    notifications: Notifications;
  }
}

/** Query strings as the web client writes them (`key[]=a&key[]=b` is the array `key: [a, b]`): the shared codec. */
export const parseQuery = parseQueryString;

/** Raw HTTP errors Node answers before Fastify sees a request (a malformed request line, 431 headers too large). */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    error: tooLarge ? 'RequestHeaderFieldsTooLarge' : 'BadRequest',
    errors: {},
    message: tooLarge ? 'Request header fields too large' : 'Bad request',
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The web app's Content-Security-Policy: nothing but this origin, no framing, no plugins, no inline scripts. */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Mantine writes its CSS variables in style elements and components set style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Helmet's headers on every answer (CSP, nosniff, Referrer-Policy: no-referrer so reset links never leak, no framing),
 * HSTS only on requests that came over TLS (directly or through a trusted proxy), and `Cache-Control: no-store` on
 * every API answer that does not choose its own caching (tokens, profiles and company data never sit in a cache).
 */
async function registerSecurityHeaders(app: App): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    hsts: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
    if (isApi && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the app; the system clock unless a test freezes one. */
  clock?: Clock;
  /** The process's notification listener; made (and closed with the app) when not given. */
  notifications?: Notifications;
}

/** Marks every route a plugin registers in this scope as public: the docs and the static web app. */
function publicScope(app: App): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), permission: 'public' };
  });
}

export async function buildApp({
  config,
  database,
  logger,
  clock = systemClock,
  ...given
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', '*.password', '*.password_confirmation'], censor: '****' },
    },
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQuery },
    // Errors before routing (a bad URL encoding) and before parsing (headers too large) answer in the error model too.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      reply
        .status(400)
        .header('Cache-Control', 'no-store')
        .send({ error: 'BadRequest', errors: {}, message: error.message || 'Bad request' });
    },
    clientErrorHandler,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('clock', clock);
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
        get bodyLimit() {
          return route.bodyLimit ?? BODY_LIMIT;
        },
        get endpoint() {
          return route.config?.endpoint;
        },
      });
    }
  });

  await registerSecurityHeaders(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // One refinement for every request string, before any route's schema: no NUL or unpaired surrogate (PostgreSQL
  // cannot store them and would answer 22021/22P05) and no nesting deep enough to overflow a recursive serialiser.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnstorable(value);
      if (!found) continue;
      const field = found.path.length ? found.path.join('.') : part;
      throw validation({ [field]: [found.message] }, `${field}: ${found.message}`);
    }
  });

  // OAuth clients may post form-encoded bodies (RFC 6749); every other route takes JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!req.url.startsWith('/oauth/')) {
      const error = Object.assign(new Error(`Unsupported Media Type: application/x-www-form-urlencoded`), {
        statusCode: 415,
      });
      done(error, undefined);
      return;
    }
    const out: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(String(body))) out[key] = value;
    done(null, out);
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

  const notifications = given.notifications ?? new Notifications(database.listenDriver, { log: app.log });
  if (!given.notifications) app.addHook('onClose', () => notifications.close());
  app.decorate('notifications', notifications);
  const authCache = new AuthCache(config.authCacheTtlMs);
  if (config.authCacheTtlMs > 0) {
    await notifications.subscribe('auth_change', {
      onPayload: (payload) => authCache.onNotification(payload),
      onState: (live) => authCache.setLive(live),
    });
  }
  registerAuthGuard(app, database.db, authCache, config.environment);
  const deps: Deps = { db: database.db, config, databaseKind: database.kind, authCache, clock, notifications };
  for (const register of MODULES) await register(app, deps);

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(async (web) => {
      publicScope(web as unknown as App);
      await web.register(fastifyStatic, {
        root: config.webDist,
        prefix: '/',
        wildcard: true,
        index: 'index.html',
        // Never serve build metadata such as /.vite/manifest.json.
        dotfiles: 'ignore',
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
    const dotfile = path.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('%2E'));
    if (!isApi && !dotfile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The single-page app routes everything else itself.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'NotFound', errors: {}, message: `Route ${request.method} ${path} not found` });
  });

  return app;
}
