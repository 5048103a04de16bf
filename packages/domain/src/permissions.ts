import type { CompanyType, Role } from './company';

/**
 * The permission matrix: every API action names one permission; each permission lists the principals that hold it.
 * Derived from seed 000 section 6 (route areas) and extended to every API action. Deny by default: a principal not
 * listed does not hold the permission. Tenancy (own company only) is enforced on top of this by the services.
 *
 * Principal forms: `platform`, `visitor`, `<type>:<role>` (e.g. `airline:manager`), `<type>:*` (any role of the type).
 */
export type Principal = 'platform' | 'visitor' | `${Exclude<CompanyType, 'platform' | 'visitor'>}:${Role | '*'}`;

const ALL_SIGNED_IN: Principal[] = ['platform', 'visitor', 'airline:*', 'forwarder:*', 'handler:*'];
const AIRLINE_OPS: Principal[] = ['airline:operator', 'airline:manager', 'airline:billing', 'airline:ics_inspector'];
const AIRLINE_EDIT: Principal[] = ['airline:operator', 'airline:manager'];
const COMPANY_ADMINS: Principal[] = ['airline:admin', 'forwarder:admin', 'handler:admin'];

export const PERMISSIONS = {
  // Session and profile: every signed-in user, whatever the company type.
  'profile:read': ALL_SIGNED_IN,
  'profile:update': ALL_SIGNED_IN,
  'password:change': ALL_SIGNED_IN,
  'reference:read': ALL_SIGNED_IN,

  // Companies: platform runs them; everyone else reads only the own company (scoped by the service).
  'companies:list': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:*', 'handler:*'],
  'companies:read': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:*', 'handler:*', 'visitor'],
  'companies:create': ['platform'],
  'companies:update': ['platform'],
  'companies:delete': ['platform'],
  'companies:state': ['platform'],
  'companies:ui_settings:read': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:*', 'handler:*'],
  'companies:ui_settings:update': ['platform'],

  // Users of a company (settings/users): platform everywhere; company admins in their own company.
  'company_users:read': ['platform', ...COMPANY_ADMINS],
  'company_users:create': ['platform', ...COMPANY_ADMINS],
  'company_users:update': ['platform', ...COMPANY_ADMINS],

  // Agreements between a supplier airline and a client forwarder.
  'agreements:read': ['platform', ...AIRLINE_OPS],
  'agreements:create': ['platform', ...AIRLINE_EDIT],
  'agreements:update': ['platform', ...AIRLINE_EDIT],
  'agent_agreements:read': ['platform', 'forwarder:operator', 'forwarder:admin'],

  // Airline settings (settings/airline).
  'airline_settings:read': ['platform', 'airline:*'],
  'airline_settings:update': ['platform', 'airline:manager', 'airline:admin'],

  // Later capabilities, declared now so every route that lands has its permission ready.
  'flights:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'flights:write': ['platform', 'airline:manager'],
  'flights:operate': ['platform', ...AIRLINE_EDIT],
  'bookings:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'bookings:write': ['platform', ...AIRLINE_EDIT, 'forwarder:operator'],
  'air_waybills:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'air_waybills:write': ['platform', ...AIRLINE_EDIT, 'forwarder:operator'],
  'air_waybills:verify': ['platform', ...AIRLINE_EDIT, 'airline:billing'],
  'air_waybills:void': ['platform', ...AIRLINE_EDIT],
  'house_waybills:write': ['platform', 'forwarder:operator'],
  'offers:read': ['platform', 'forwarder:operator'],
  'offers:write': ['platform', 'forwarder:operator'],
  'tariffs:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'tariffs:write': ['platform', 'airline:manager'],
  'allotments:read': ['platform', ...AIRLINE_OPS],
  'allotments:write': ['platform', ...AIRLINE_EDIT],
  'booking_rules:read': ['platform', ...AIRLINE_OPS],
  'booking_rules:write': ['platform', ...AIRLINE_EDIT],
  'capacities:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'capacities:write': ['platform', ...AIRLINE_EDIT],
  'stocks:read': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:operator', 'forwarder:admin'],
  'stocks:write': ['platform', ...AIRLINE_EDIT],
  'settlements:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'payments:write': ['platform', ...AIRLINE_OPS],
  'messaging:read': ['platform', 'airline:operator', 'airline:manager', 'airline:ics_inspector'],
  'messaging:write': ['platform', 'airline:manager'],
  'sita:send': ['platform'],
  'message_settings:write': ['platform', 'airline:manager'],
  'bi:read': ['platform', 'airline:manager', 'airline:billing'],
  'feature_requests:read': ['platform', 'airline:manager'],
  'feature_requests:write': ['platform', 'airline:manager'],
  'parties:read': ['platform', 'forwarder:operator', 'airline:manager'],
  'parties:write': ['platform', 'forwarder:operator', 'airline:manager'],
  'handlers:write': ['platform', 'airline:manager'],
  'notifications:read': ALL_SIGNED_IN,
  'notifications:write': ['platform'],
} as const satisfies Record<string, readonly Principal[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Marks a route that needs no sign-in (sign-in itself, health, docs, client log intake). */
export const PUBLIC = 'public' as const;
export type RoutePermission = Permission | typeof PUBLIC;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function principalsOf(type: CompanyType, role: Role | null): Principal[] {
  if (type === 'platform') return ['platform'];
  if (type === 'visitor') return ['visitor'];
  const own: Principal[] = [`${type}:*`];
  if (role) own.push(`${type}:${role}`);
  return own;
}

export function hasPermission(type: CompanyType, role: Role | null, permission: Permission): boolean {
  const granted: readonly Principal[] = PERMISSIONS[permission];
  return principalsOf(type, role).some((p) => granted.includes(p));
}

/** Every permission the given company type and role hold, for the profile and the UI. */
export function permissionsOf(type: CompanyType, role: Role | null): Permission[] {
  return PERMISSION_NAMES.filter((p) => hasPermission(type, role, p));
}
