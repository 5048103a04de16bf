import { type HostScope, SUBDOMAINS } from './carrier-rules';
import type { CompanyType, Role } from './company';

/** A membership as the landing table and the access-denied links need it. */
export interface LandingMembership {
  id: number;
  type: CompanyType;
  role: Role | null;
  company_short_name: string | null;
  blocked: boolean;
  company_state: string;
}

/** Where a signed-in user starts (seed 000 section 2, "Redirect after sign-in at the landing page"). */
export function landingPath(
  subject: { type: CompanyType; role: Role | null },
  companyShortName: string | null,
  scope: Pick<HostScope, 'subdomain' | 'subdomainType'>,
): string {
  if (!companyShortName) return '/profile';
  const { type, role } = subject;
  if (type === 'forwarder' && role === 'operator') {
    // "airline code su" is the host's subdomain: forwarders have no airline of their own.
    if (scope.subdomain === SUBDOMAINS.su) return '/air-waybills/create';
    if (scope.subdomainType === 'forwarder') return '/offers/select';
    return '/bookings';
  }
  if (type === 'platform') return '/air-waybills';
  if (type === 'airline' && role !== null && role !== 'admin') return '/air-waybills';
  if ((type === 'airline' || type === 'forwarder') && role === 'admin') return '/settings/users';
  return '/profile';
}

/** The query parameter of an access-denied link that names the membership (role) to switch to. */
export const ROLE_ID_PARAM = 'role_id';

export function isUsable(membership: Pick<LandingMembership, 'blocked' | 'company_state'>): boolean {
  return !membership.blocked && membership.company_state === 'active';
}

/**
 * The `available_urls` of a 403 for a blocked company or membership (decision 014): for every other usable membership,
 * its landing path with `?role_id=<membership id>`; opening one switches to that membership and shows the path.
 */
export function availableUrls(
  memberships: readonly LandingMembership[],
  currentId: number | null,
  scope: Pick<HostScope, 'subdomain' | 'subdomainType'>,
): string[] {
  return memberships
    .filter((m) => m.id !== currentId && isUsable(m))
    .map((m) => `${landingPath(m, m.company_short_name, scope)}?${ROLE_ID_PARAM}=${m.id}`);
}
