import type { AppEnvironment, CompanyType, HostScope, Permission, Role, RoutePermission } from '@aircargo/domain';
import {
  availableUrls as availableUrlsOf,
  CARRIER_HEADER,
  hasPermission,
  hostScopeOf,
  PERMISSIONS_WHILE_BLOCKED,
  PUBLIC,
} from '@aircargo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthCache } from './auth-cache';
import { systemClock } from './clock';
import { type Db, queryRows } from './db';
import { AppError, forbidden, unauthorized } from './errors';
import { hashToken } from './tokens';

/** Who is calling: the user, the token and the company and role the user acts as now. */
export interface AuthContext {
  userId: number;
  tokenId: number;
  email: string;
  system: boolean;
  membershipId: number | null;
  companyId: number | null;
  companyType: CompanyType;
  role: Role | null;
  /** An airline company's two-character code, else null. */
  airlineCode: string | null;
  /** The current company or membership is blocked: only the profile and the role switch answer (decision 014). */
  blocked: boolean;
  scope: string;
  createdAt: Date;
  expiresIn: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route needs, or 'public'. Routes without one are refused (deny by default). */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

interface TokenRow extends Record<string, unknown> {
  token_id: number;
  user_id: number;
  email: string;
  system: boolean;
  scope: string;
  created_at: Date | string;
  expires_in: number;
  expired: boolean;
  membership_id: number | null;
  membership_blocked: boolean | null;
  company_id: number | null;
  company_type: CompanyType | null;
  company_state: string | null;
  airline_code: string | null;
  role: Role | null;
}

/** Reads the bearer token of a request; null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [kind, value] = header.split(' ');
  return kind?.toLowerCase() === 'bearer' && value ? value : null;
}

/** One query: the live token with its user and the user's current membership and company. */
async function loadTokenContext(db: Db, token: string, now: Date): Promise<TokenRow | null> {
  const rows = await queryRows<TokenRow>(
    db,
    sql`
    select t.id as token_id, t.user_id, u.email, u.system, t.scope, t.created_at, t.expires_in,
           (t.created_at + make_interval(secs => t.expires_in)) <= ${now.toISOString()}::timestamptz as expired,
           m.id as membership_id, m.blocked as membership_blocked, c.id as company_id,
           c.company_type, c.state as company_state, c.airline_code, m.role
      from oauth_tokens t
      join users u on u.id = t.user_id
      left join memberships m on m.id = u.current_membership_id and m.user_id = u.id
      left join companies c on c.id = m.company_id
     where t.access_token_hash = ${hashToken(token)} and t.revoked_at is null`,
  );
  return rows[0] ?? null;
}

function toContext(row: TokenRow): AuthContext {
  return {
    userId: row.user_id,
    tokenId: row.token_id,
    email: row.email,
    system: row.system,
    membershipId: row.membership_id,
    companyId: row.company_id,
    companyType: row.company_type ?? 'visitor',
    role: row.role,
    airlineCode: row.airline_code,
    blocked: row.membership_id !== null && (row.membership_blocked === true || row.company_state !== 'active'),
    scope: row.scope,
    createdAt: new Date(row.created_at),
    expiresIn: row.expires_in,
  };
}

/** The host scope of a request: the carrier header names the subdomain's company code (seed 001 section 7). */
export function hostScopeOfRequest(request: FastifyRequest, environment: AppEnvironment = 'production'): HostScope {
  const header = request.headers[CARRIER_HEADER];
  return hostScopeOf(Array.isArray(header) ? header[0] : header, environment);
}

/**
 * Where a user whose current company or membership is blocked may still go: the landing path of every other usable
 * membership with the role to switch to (`/bookings?role_id=12`, decision 014).
 */
async function availableUrls(db: Db, userId: number, currentId: number | null, scope: HostScope): Promise<string[]> {
  const rows = await queryRows<{
    id: number;
    type: CompanyType;
    role: Role | null;
    company_short_name: string | null;
    blocked: boolean;
    company_state: string;
  }>(
    db,
    sql`
    select m.id, c.company_type as type, m.role, c.short_name as company_short_name, m.blocked,
           c.state as company_state
      from memberships m join companies c on c.id = m.company_id
     where m.user_id = ${userId} order by m.id`,
  );
  return availableUrlsOf(rows, currentId, scope);
}

/** The 403 of a blocked company or membership, listing where the user may still go. */
export async function accessDenied(db: Db, auth: AuthContext, scope: HostScope): Promise<AppError> {
  return forbidden('The company has no access', await availableUrls(db, auth.userId, auth.membershipId, scope));
}

function isLive(context: AuthContext, now: Date): boolean {
  return context.createdAt.getTime() + context.expiresIn * 1000 > now.getTime();
}

/** The caller of a token, blocked or not; 401 without a live token. */
async function resolveCaller(db: Db, request: FastifyRequest, cache?: AuthCache): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const hash = hashToken(token);
  const now = (request.server.clock ?? systemClock).now();
  const cached = cache?.getToken<AuthContext>(hash);
  if (cached && isLive(cached, now)) return cached;
  const row = await loadTokenContext(db, token, now);
  if (!row || row.expired) throw unauthorized();
  const context = toContext(row);
  cache?.setToken(hash, context.userId, context);
  return context;
}

/** The caller of a token; 401 without a live token, 403 with `available_urls` when the company has no access. */
export async function authenticate(
  db: Db,
  request: FastifyRequest,
  cache?: AuthCache,
  environment: AppEnvironment = 'production',
): Promise<AuthContext> {
  const context = await resolveCaller(db, request, cache);
  if (context.blocked) throw await accessDenied(db, context, hostScopeOfRequest(request, environment));
  return context;
}

/** Whether the caller holds the permission on the request's host (matrix plus carrier and subdomain rules). */
export function callerMay(auth: AuthContext, permission: Permission, scope: HostScope): boolean {
  return hasPermission(auth.companyType, auth.role, permission, { airline: auth.airlineCode, scope });
}

/**
 * Guards every route: the route must name a permission (deny by default); a public route needs no token;
 * any other needs a live token whose current company type and role hold the permission on the request's host
 * (the carrier header, decision 014). A blocked company or membership reaches only the profile and the role switch;
 * anything else answers 403 with `available_urls`.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  db: Db,
  cache: AuthCache,
  environment: AppEnvironment = 'production',
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) throw new AppError(403, 'Forbidden', 'This route declares no permission');
    if (permission === PUBLIC) return;
    const auth = await resolveCaller(db, request, cache);
    request.auth = auth;
    const scope = hostScopeOfRequest(request, environment);
    if (auth.blocked) {
      if (!PERMISSIONS_WHILE_BLOCKED.includes(permission)) throw await accessDenied(db, auth, scope);
      return;
    }
    if (!callerMay(auth, permission, scope)) throw forbidden();
  });
}

/** The caller of a guarded route; the guard has set it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
