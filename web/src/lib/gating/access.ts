import type { Profile } from '@aircargo/contract/profile';
import type { CompanyType } from '@aircargo/domain/company';
import type { AppEnvironment, HostInfo, SubdomainType } from './subdomain';

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
  /** Lower-case airline code the user works with: the airline subdomain, else the user's own airline. */
  carrier: string | null;
  uiSettings: Record<string, unknown>;
  airlineUiSettings: ReadonlyArray<{ show_settings: boolean }>;
}

/** One requirement set: every field given must hold. A route opens when any of its sets holds. */
export interface Requirement {
  environments?: AppEnvironment[];
  subdomainTypes?: SubdomainType[];
  subdomains?: (string | null)[];
  forbiddenSubdomains?: string[];
  carriers?: string[];
  forbiddenCarriers?: string[];
  users?: UserKey[];
  /** Company UI setting predicate. */
  when?: (ctx: GateContext) => boolean;
}

export type Access = readonly Requirement[] | undefined;

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
  const { host } = ctx;
  if (req.environments && !req.environments.includes(host.environment)) return false;
  if (req.subdomainTypes && !req.subdomainTypes.includes(host.subdomainType)) return false;
  if (req.subdomains && !req.subdomains.includes(host.subdomain)) return false;
  if (req.forbiddenSubdomains && host.subdomain && req.forbiddenSubdomains.includes(host.subdomain)) return false;
  if (req.carriers && (!ctx.carrier || !req.carriers.includes(ctx.carrier))) return false;
  if (req.forbiddenCarriers && ctx.carrier && req.forbiddenCarriers.includes(ctx.carrier)) return false;
  if (req.users && !matchesUser(ctx.user, req.users)) return false;
  if (req.when && !req.when(ctx)) return false;
  return true;
}

/** No requirement sets means any signed-in user; otherwise any one set that holds grants access. */
export function canAccess(access: Access, ctx: GateContext): boolean {
  if (!access) return true;
  return access.some((req) => requirementHolds(req, ctx));
}

/** Every level of a nested route must grant access. */
export function canAccessChain(chain: readonly Access[], ctx: GateContext): boolean {
  return chain.every((access) => canAccess(access, ctx));
}

export function gateContextOf(profile: Profile | null | undefined, host: HostInfo): GateContext {
  const user = profile ? userKindOf(profile) : null;
  const ownAirline = user?.type === 'airline' ? (profile?.airline_code?.toLowerCase() ?? null) : null;
  const carrier = host.subdomainType === 'airline' && host.subdomain ? host.subdomain : ownAirline;
  return {
    host,
    user,
    carrier,
    uiSettings: profile?.ui_settings ?? {},
    airlineUiSettings: profile?.airline_ui_settings ?? [],
  };
}

/** Airline UI settings: the first entry's show_settings opens the Airline settings screen. */
export function airlineSettingsShown(ctx: GateContext): boolean {
  return ctx.airlineUiSettings[0]?.show_settings === true;
}
