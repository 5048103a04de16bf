import type { Profile } from '@aircargo/contract/profile';

/** A profile with sensible defaults (an airline manager of XX), overridable per test. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
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
    ...overrides,
  };
}
