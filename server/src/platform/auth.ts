import type { CompanyType, Role, RoutePermission } from '@aircargo/domain';
import { hasPermission, PUBLIC } from '@aircargo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthCache } from './auth-cache';
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
async function loadTokenContext(db: Db, token: string): Promise<TokenRow | null> {
  const rows = await queryRows<TokenRow>(
    db,
    sql`
    select t.id as token_id, t.user_id, u.email, u.system, t.scope, t.created_at, t.expires_in,
           (t.created_at + make_interval(secs => t.expires_in)) <= now() as expired,
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
    scope: row.scope,
    createdAt: new Date(row.created_at),
    expiresIn: row.expires_in,
  };
}

/** Other memberships the user could switch to, as profile URLs, for a 403 of a company without access. */
async function availableUrls(db: Db, userId: number): Promise<string[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select m.id from memberships m join companies c on c.id = m.company_id
     where m.user_id = ${userId} and not m.blocked and c.state = 'active' order by m.id`,
  );
  return rows.map((r) => `/profile?role_id=${r.id}`);
}

function isLive(context: AuthContext): boolean {
  return context.createdAt.getTime() + context.expiresIn * 1000 > Date.now();
}

export async function authenticate(db: Db, request: FastifyRequest, cache?: AuthCache): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const hash = hashToken(token);
  const cached = cache?.getToken<AuthContext>(hash);
  if (cached && isLive(cached)) return cached;
  const row = await loadTokenContext(db, token);
  if (!row || row.expired) throw unauthorized();
  if (row.membership_id !== null && (row.membership_blocked || row.company_state !== 'active')) {
    throw forbidden('The company has no access', await availableUrls(db, row.user_id));
  }
  const context = toContext(row);
  cache?.setToken(hash, context.userId, context);
  return context;
}

/**
 * Guards every route: the route must name a permission (deny by default); a public route needs no token;
 * any other needs a live token whose current company type and role hold the permission.
 */
export function registerAuthGuard(app: FastifyInstance, db: Db, cache: AuthCache): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) throw new AppError(403, 'Forbidden', 'This route declares no permission');
    if (permission === PUBLIC) return;
    const auth = await authenticate(db, request, cache);
    request.auth = auth;
    if (!hasPermission(auth.companyType, auth.role, permission)) throw forbidden();
  });
}

/** The caller of a guarded route; the guard has set it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
