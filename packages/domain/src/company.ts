/** Company types and roles of seed 000 section 6. */
export const COMPANY_TYPES = ['platform', 'airline', 'forwarder', 'handler', 'visitor'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Stored role values. `operator` is the default role and is written `default` in the profile. */
export const ROLES = ['admin', 'operator', 'manager', 'billing', 'ics_inspector'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a company type may hand out; platform and visitor have none. */
export const ROLES_BY_COMPANY_TYPE: Record<CompanyType, readonly Role[]> = {
  platform: [],
  airline: ['admin', 'operator', 'manager', 'billing', 'ics_inspector'],
  forwarder: ['admin', 'operator'],
  handler: ['admin', 'operator'],
  visitor: [],
};

export const COMPANY_STATES = ['active', 'blocked'] as const;
export type CompanyState = (typeof COMPANY_STATES)[number];

/** The name a role goes by in the profile and the UI: `operator` is `default`. */
export function roleName(role: Role | null): string | null {
  if (role === null) return null;
  return role === 'operator' ? 'default' : role;
}

/** Parses a role name as the UI sends it (`default` or `operator`). */
export function parseRoleName(name: string): Role | null {
  if (name === 'default') return 'operator';
  return (ROLES as readonly string[]).includes(name) ? (name as Role) : null;
}

/** The profile's `type_role`, e.g. `airline_manager`, `forwarder_default`; `platform` and `visitor` stand alone. */
export function typeRole(type: CompanyType, role: Role | null): string {
  const name = roleName(role);
  return name ? `${type}_${name}` : type;
}

export function isRoleAllowed(type: CompanyType, role: Role | null): boolean {
  const allowed = ROLES_BY_COMPANY_TYPE[type];
  return allowed.length === 0 ? role === null : role !== null && allowed.includes(role);
}
