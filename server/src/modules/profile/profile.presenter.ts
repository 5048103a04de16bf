import type { Profile } from '@aircargo/contract/profile';
import {
  availableUrls,
  type HostScope,
  isUsable,
  type LandingMembership,
  permissionsOf,
  roleName,
  typeRole,
} from '@aircargo/domain';
import type { users } from '../../db/schema';
import type { MembershipRow } from './profile.repository';

type User = typeof users.$inferSelect;

/** The part of the profile that does not depend on the host; the auth cache keeps it per user. */
export interface ProfileBase {
  body: Omit<Profile, 'permissions' | 'access_denied' | 'available_urls'>;
  memberships: LandingMembership[];
  currentId: number | null;
  blocked: boolean;
}

/** The profile on a host: permissions and, while access is denied, where the user may still go. */
export function profileOnHost(base: ProfileBase, scope: HostScope): Profile {
  const { body, blocked } = base;
  const current = base.memberships.find((m) => m.id === base.currentId);
  const type = body.company_business_type;
  return {
    ...body,
    permissions: permissionsOf(type, current?.role ?? null, { airline: body.airline_code, scope, blocked }),
    access_denied: blocked,
    available_urls: blocked ? availableUrls(base.memberships, base.currentId, scope) : [],
  };
}

export function presentProfile(user: User, all: MembershipRow[]): ProfileBase {
  const current = all.find((m) => m.id === user.current_membership_id) ?? null;
  const type = current?.company_type ?? 'visitor';
  const role = current?.role ?? null;
  const ui = (current?.ui_settings ?? {}) as Record<string, unknown>;
  const body: ProfileBase['body'] = {
    id: user.id,
    company_id: current?.company_id ?? null,
    company_name: current?.company_name ?? null,
    company_short_name: current?.company_short_name ?? null,
    company_local_name: current?.company_local_name ?? null,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    locale: user.locale,
    phone: user.phone,
    role: typeRole(type, role),
    system: user.system,
    operations_type: current?.operations_type ?? null,
    company_business_type: type,
    airline_code: current?.airline_code ?? null,
    permitted_carriers: current?.permitted_carriers ?? [],
    permitted_external_airlines: user.permitted_external_airlines,
    stations_allowed: user.stations_allowed,
    stations_denied: user.stations_denied,
    locations: user.locations,
    bi_dashboard_id: user.bi_dashboard_id,
    has_access_to_new_air_waybills_page: ui.has_access_to_new_air_waybills_page === true,
    ui_settings: ui,
    airline_ui_settings: type === 'airline' ? [{ show_settings: ui.show_settings === true }] : [],
    available_roles: all.filter(isUsable).map((m) => ({
      id: m.id,
      name: roleName(m.role),
      type_role: typeRole(m.company_type, m.role),
      company_id: m.company_id,
      company_name: m.company_name,
      company_short_name: m.company_short_name,
      current: m.id === user.current_membership_id,
    })),
  };
  return {
    body,
    memberships: all.map((m) => ({
      id: m.id,
      type: m.company_type,
      role: m.role,
      company_short_name: m.company_short_name,
      blocked: m.blocked,
      company_state: m.company_state,
    })),
    currentId: current?.id ?? null,
    blocked: current !== null && !isUsable(current),
  };
}
