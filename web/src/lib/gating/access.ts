import type { AnyEndpoint } from '@aircargo/contract/endpoint';
import type { Profile } from '@aircargo/contract/profile';
import { type Condition, conditionHolds, type Subject } from '@aircargo/domain/carrier-rules';
import { type CompanyType, parseRoleName } from '@aircargo/domain/company';
import type { Permission } from '@aircargo/domain/permissions';
import type { HostInfo } from './subdomain';

export type AirlineRole = 'admin' | 'default' | 'manager' | 'billing' | 'ics_inspector';
export type ForwarderRole = 'admin' | 'default';

/** A user kind: company type, with the role for airlines and forwarders. */
export type UserKey =
  | 'platform'
  | 'visitor'
  | 'handler'
  | `airline:${AirlineRole}`
  | `forwarder:${ForwarderRole}`
  | 'airline:*'
  | 'forwarder:*';

export interface UserKind {
  type: CompanyType;
  role: string | null;
}

export interface GateContext {
  host: HostInfo;
  user: UserKind | null;
  /** The company, role and own airline as the domain rules read them (null when signed out). */
  subject: Subject | null;
  /** What the server says the current role may do on this host (the profile's `permissions`). */
  permissions: ReadonlySet<string>;
  /** The current company or membership is blocked: only the profile answers. */
  accessDenied: boolean;
  uiSettings: Record<string, unknown>;
  airlineUiSettings: ReadonlyArray<{ show_settings: boolean }>;
}

/**
 * One requirement set of seed 000 section 6: every field given must hold. Host fields (environments, subdomains,
 * airline features) are the domain's conditions (packages/domain/src/carrier-rules.ts), read by the server too.
 */
export interface Requirement extends Condition {
  users?: UserKey[];
  /** Company UI setting predicate. */
  when?: (ctx: GateContext) => boolean;
}

/**
 * A route area: the server permissions its screen's calls need (all of them) and, where the seed's gating table is
 * narrower than the permissions, requirement sets of which one must hold. The permissions are the one truth shared with
 * the server; the requirements may only narrow them.
 */
export interface AccessArea {
  permissions: readonly Permission[];
  /** Endpoints the screen calls; their permissions must be among `permissions` (a test checks it). */
  calls?: readonly AnyEndpoint[];
  /** Endpoints the screen calls only while the profile holds `permission` (an action or panel shown by `useCan`). */
  callsWhen?: readonly { permission: Permission; calls: readonly AnyEndpoint[] }[];
  requirements?: readonly Requirement[];
}

export type Access = AccessArea | undefined;

const ROLE_ALIASES: Record<string, string> = { operator: 'default' };

/** Splits a profile role such as "airline_ics_inspector" into company type and role. */
export function userKindOf(profile: {
  role: string | null;
  company_business_type: CompanyType | null;
}): UserKind | null {
  const raw = profile.role?.trim().toLowerCase() ?? '';
  const type = profile.company_business_type ?? guessType(raw);
  if (!type) return null;
  if (type === 'platform' || type === 'visitor' || type === 'handler') return { type, role: null };
  let role = raw.startsWith(`${type}_`) ? raw.slice(type.length + 1) : raw;
  role = ROLE_ALIASES[role] ?? role;
  return { type, role: role || null };
}

function guessType(role: string): CompanyType | null {
  for (const type of ['platform', 'airline', 'forwarder', 'handler', 'visitor'] as const) {
    if (role === type || role.startsWith(`${type}_`)) return type;
  }
  return null;
}

export function matchesUser(user: UserKind | null, keys: readonly UserKey[]): boolean {
  if (!user) return false;
  return keys.some((key) => {
    const [type, role] = key.split(':');
    if (type !== user.type) return false;
    return role === undefined || role === '*' || role === user.role;
  });
}

export function requirementHolds(req: Requirement, ctx: GateContext): boolean {
  if (req.users && !matchesUser(ctx.user, req.users)) return false;
  if (!ctx.subject || !conditionHolds(req, ctx.subject, ctx.host)) return false;
  if (req.when && !req.when(ctx)) return false;
  return true;
}

/** Every permission the area names must be the profile's; then, if it has requirement sets, one must hold. */
export function canAccess(access: Access, ctx: GateContext): boolean {
  if (!access) return true;
  if (!access.permissions.every((permission) => ctx.permissions.has(permission))) return false;
  return !access.requirements || access.requirements.some((req) => requirementHolds(req, ctx));
}

/** Every level of a nested route must grant access. */
export function canAccessChain(chain: readonly Access[], ctx: GateContext): boolean {
  return chain.every((access) => canAccess(access, ctx));
}

/**
 * The gating context of a profile on a host. "Airline code su" is the host's subdomain, never the user's own airline
 * (seed 000 sections 4 and 6); the own airline only picks the airline feature lists of airline staff (decision 014).
 */
export function gateContextOf(profile: Profile | null | undefined, host: HostInfo): GateContext {
  const user = profile ? userKindOf(profile) : null;
  const subject: Subject | null = user
    ? {
        type: user.type,
        role: user.role ? parseRoleName(user.role) : null,
        airline: user.type === 'airline' ? (profile?.airline_code ?? null) : null,
      }
    : null;
  return {
    host,
    user,
    subject,
    permissions: new Set(profile?.permissions ?? []),
    accessDenied: profile?.access_denied === true,
    uiSettings: profile?.ui_settings ?? {},
    airlineUiSettings: profile?.airline_ui_settings ?? [],
  };
}

/** Airline UI settings: the first entry's show_settings opens the Airline settings screen. */
export function airlineSettingsShown(ctx: GateContext): boolean {
  return ctx.airlineUiSettings[0]?.show_settings === true;
}
