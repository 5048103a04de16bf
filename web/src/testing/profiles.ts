import type { Profile } from '@aircargo/contract/profile';
import { DEFAULT_SCOPE, type HostScope, hostScopeOf } from '@aircargo/domain/carrier-rules';
import { parseRoleName } from '@aircargo/domain/company';
import { permissionsOf } from '@aircargo/domain/permissions';
import { userKindOf } from '@/lib/gating/access';
import { carrierOf, type HostInfo } from '@/lib/gating/subdomain';

/** The scope the server reads for a page on this host: the carrier header the web sends, and the environment. */
export function serverScopeOf(host: HostInfo): HostScope {
  return hostScopeOf(carrierOf(host), host.environment);
}

/**
 * A profile with sensible defaults (an airline manager of XX), overridable per test. Unless given, `permissions` are
 * what the server computes for the role on `host` (packages/domain), so gates see what they would in production.
 */
export function makeProfile(overrides: Partial<Profile> = {}, host: HostScope = DEFAULT_SCOPE): Profile {
  const profile: Profile = {
    id: 1,
    company_id: 10,
    company_name: 'Acme Airlines',
    company_short_name: 'ACME',
    company_local_name: null,
    email: 'user@demo.aero',
    firstname: 'Test',
    lastname: 'User',
    locale: 'en',
    phone: null,
    role: 'airline_manager',
    system: true,
    operations_type: null,
    company_business_type: 'airline',
    airline_code: 'XX',
    permitted_carriers: [],
    permitted_external_airlines: [],
    stations_allowed: [],
    stations_denied: [],
    locations: [],
    bi_dashboard_id: null,
    has_access_to_new_air_waybills_page: false,
    ui_settings: {},
    airline_ui_settings: [],
    available_roles: [],
    permissions: [],
    access_denied: false,
    available_urls: [],
    ...overrides,
  };
  if (overrides.permissions) return profile;
  const kind = userKindOf(profile);
  if (!kind) return profile;
  const role = kind.role ? parseRoleName(kind.role) : null;
  const airline = kind.type === 'airline' ? profile.airline_code : null;
  return {
    ...profile,
    permissions: permissionsOf(kind.type, role, { airline, scope: host, blocked: profile.access_denied }),
  };
}
