import type { Profile } from '@aircargo/contract/profile';
import { permissionsOf, roleName, typeRole } from '@aircargo/domain';
import type { users } from '../../db/schema';
import type { MembershipRow } from './profile.repository';

type User = typeof users.$inferSelect;

export function presentProfile(user: User, all: MembershipRow[]): Profile {
  const current = all.find((m) => m.id === user.current_membership_id) ?? null;
  const type = current?.company_type ?? 'visitor';
  const role = current?.role ?? null;
  const ui = (current?.ui_settings ?? {}) as Record<string, unknown>;
  return {
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
    available_roles: all
      .filter((m) => !m.blocked && m.company_state === 'active')
      .map((m) => ({
        id: m.id,
        name: roleName(m.role),
        type_role: typeRole(m.company_type, m.role),
        company_id: m.company_id,
        company_name: m.company_name,
        company_short_name: m.company_short_name,
        current: m.id === user.current_membership_id,
      })),
    permissions: permissionsOf(type, role),
  };
}
