import {
  type Condition,
  conditionHolds,
  DEFAULT_SCOPE,
  type HostScope,
  SUBDOMAINS,
  type Subject,
} from './carrier-rules';
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
  // Invitations to join a company: the invited user sees and answers their own.
  'invitations:respond': ALL_SIGNED_IN,
  /** Switching the current company and role; works while the current company or membership is blocked. */
  'profile:switch_role': ALL_SIGNED_IN,
  'password:change': ALL_SIGNED_IN,
  'reference:read': ALL_SIGNED_IN,

  // Companies: platform runs them; everyone else reads only the own company (scoped by the service).
  'companies:list': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:*', 'handler:*'],
  'companies:read': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:*', 'handler:*', 'visitor'],
  'companies:create': ['platform'],
  'companies:update': ['platform'],
  'companies:delete': ['platform'],
  'companies:state': ['platform'],
  // Banning an account everywhere (issue 8 item 3).
  'users:ban': ['platform'],
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
  // Per-airline UI setting (show_settings opens settings/airline to the airline's staff): the platform decides it.
  'airline_ui_setting:read': ['platform', 'airline:*'],
  'airline_ui_setting:update': ['platform'],
  // An airline's booking rules and served airports: its staff, and forwarders holding an agreement with it.
  'airline_rules:read': ['platform', 'airline:*', 'forwarder:*'],
  'airline_airports:read': ['platform', 'airline:*', 'forwarder:*'],
  'airline_airports:update': ['platform', 'airline:manager', 'airline:admin'],

  // Companies the caller deals with (own, agreement partners, handlers), for pickers.
  'notable_companies:read': ['platform', 'airline:*', 'forwarder:*', 'handler:*'],
  // A forwarder's own customers (offers are made to them).
  'forwarder_customers:read': ['platform', 'forwarder:operator', 'forwarder:admin'],
  'forwarder_customers:write': ['platform', 'forwarder:operator', 'forwarder:admin'],
  // Interface preferences of the signed-in user.
  'ui_settings:read': ALL_SIGNED_IN,
  'ui_settings:update': ALL_SIGNED_IN,

  // Later capabilities, declared now so every route that lands has its permission ready.
  'flights:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'flights:write': ['platform', 'airline:manager'],
  'flights:aci': ['platform', 'airline:operator', 'airline:manager', 'airline:ics_inspector'],
  // Route search: forwarders book from it; airline staff and the platform search too (issue 11).
  'routes:search': ['platform', 'forwarder:operator', ...AIRLINE_OPS],
  'flights:operate': ['platform', ...AIRLINE_EDIT],
  'bookings:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'bookings:write': ['platform', ...AIRLINE_EDIT, 'forwarder:operator'],
  'air_waybills:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'air_waybills:write': ['platform', ...AIRLINE_EDIT, 'forwarder:operator'],
  'air_waybills:create': ['platform', ...AIRLINE_EDIT, 'forwarder:operator'],
  // Issue, cancel issue and deliver: the airline side (issue 12 item 3).
  'air_waybills:issue': ['platform', ...AIRLINE_EDIT],
  // The platform's staging list of air waybills across companies (seed 000 section 2 /agent/air-waybills).
  'agent_air_waybills:read': ['platform'],
  'air_waybills:verify': ['platform', ...AIRLINE_EDIT, 'airline:billing'],
  'air_waybills:void': ['platform', ...AIRLINE_EDIT],
  'house_waybills:write': ['platform', 'forwarder:operator'],
  'offers:read': ['platform', 'forwarder:operator'],
  'offers:write': ['platform', 'forwarder:operator'],
  'tariffs:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'tariffs:write': ['platform', 'airline:manager'],
  // Seed 000 section 6: "Companies create/edit, external charges create/edit ... platform only".
  'tariff_charges:write': ['platform'],
  'allotments:read': ['platform', ...AIRLINE_OPS],
  'allotments:write': ['platform', ...AIRLINE_EDIT],
  'booking_rules:read': ['platform', ...AIRLINE_OPS],
  'booking_rules:write': ['platform', ...AIRLINE_EDIT],
  'capacities:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'capacities:write': ['platform', ...AIRLINE_EDIT],
  'stocks:read': ['platform', ...AIRLINE_OPS, 'airline:admin', 'forwarder:operator', 'forwarder:admin'],
  'stocks:write': ['platform', ...AIRLINE_EDIT],
  'settlements:read': ['platform', ...AIRLINE_OPS, 'forwarder:operator'],
  'payments:read': ['platform', ...AIRLINE_OPS],
  'payments:write': ['platform', ...AIRLINE_OPS],
  'messaging:read': ['platform', 'airline:operator', 'airline:manager', 'airline:ics_inspector'],
  'messaging:write': ['platform', 'airline:manager'],
  'ssim:upload': ['platform', 'airline:manager'],
  // Seed 000 section 6: "SSIM/CIMP/AHM telegram detail: platform; airline manager" (also the schedule export).
  'ssim:read': ['platform', 'airline:manager'],
  'sita:send': ['platform'],
  'message_settings:write': ['platform', 'airline:manager'],
  'permitted_routes:write': ['platform', 'airline:manager'],
  // Minimum connection times: airport standards (platform) and an airline's own exceptions (its manager).
  'connection_times:read': ['platform', ...AIRLINE_OPS],
  'connection_times:write': ['platform', 'airline:manager'],
  'bi:read': ['platform', 'airline:manager', 'airline:billing'],
  'feature_requests:read': ['platform', 'airline:manager'],
  'feature_requests:write': ['platform', 'airline:manager'],
  'parties:read': ['platform', 'forwarder:operator', 'airline:manager'],
  'parties:write': ['platform', 'forwarder:operator', 'airline:manager'],
  // Ground handlers of an airline (settings/handlers): seed 000 section 6 opens the list to airline default and manager,
  // create and edit to the manager.
  'handlers:read': ['platform', 'airline:operator', 'airline:manager'],
  'handlers:write': ['platform', 'airline:manager'],
  // Segment payloads, PAX O&D averages, baggage averages and statistics (settings).
  'statistics:read': ['platform', ...AIRLINE_OPS, 'airline:admin'],
  'statistics:write': ['platform', 'airline:manager'],
  'notifications:read': ALL_SIGNED_IN,
  'notifications:write': ['platform'],
} as const satisfies Record<string, readonly Principal[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * Carrier and subdomain rules on top of the matrix (seed 000 section 6, decision 014): a subject matching one of
 * `principals` holds the permission only where one of `when` holds. Both the server's guard and the web's gating read them.
 */
export interface ScopeRule {
  principals: readonly Principal[];
  when: readonly Condition[];
}

const SU_CLOSED: Condition = { forbiddenSubdomains: [SUBDOMAINS.su] };
/** "Settings (general) ... For airline su: only platform and forwarder admin." */
const SETTINGS_GENERAL: ScopeRule = { principals: ['airline:*', 'forwarder:operator'], when: [SU_CLOSED] };
const BALANCES: ScopeRule = { principals: ['airline:*', 'forwarder:*'], when: [{ feature: 'balances' }] };

export const SCOPE_RULES: Partial<Record<Permission, readonly ScopeRule[]>> = {
  'flights:write': [{ principals: ['airline:*'], when: [{ feature: 'segmentEdit' }] }],
  'flights:aci': [{ principals: ['airline:*'], when: [{ feature: 'aci' }] }],
  'routes:search': [{ principals: ['forwarder:*'], when: [{ subdomainTypes: ['forwarder'] }] }],
  'air_waybills:create': [
    { principals: ['platform', 'airline:*', 'forwarder:*'], when: [{ subdomains: [SUBDOMAINS.su] }] },
  ],
  'offers:read': [{ principals: ['forwarder:*'], when: [{ subdomains: [SUBDOMAINS.offers] }] }],
  'offers:write': [{ principals: ['forwarder:*'], when: [{ subdomains: [SUBDOMAINS.offers] }] }],
  'company_users:read': [
    { principals: ['airline:*'], when: [{ feature: 'usersPage' }, { environments: ['staging'] }] },
  ],
  'company_users:create': [
    { principals: ['airline:*'], when: [{ feature: 'usersPage' }, { environments: ['staging'] }] },
  ],
  'company_users:update': [
    { principals: ['airline:*'], when: [{ feature: 'usersPage' }, { environments: ['staging'] }] },
  ],
  'settlements:read': [BALANCES],
  'payments:read': [BALANCES],
  'payments:write': [BALANCES],
  'tariffs:write': [
    { principals: ['airline:*'], when: [{ feature: 'externalTariffs' }, { environments: ['staging'] }] },
  ],
  'ssim:upload': [{ principals: ['airline:*'], when: [{ withoutFeature: 'ssimAccess' }] }],
  'feature_requests:read': [
    { principals: ['platform', 'airline:*'], when: [{ subdomains: [SUBDOMAINS.featureRequests] }] },
  ],
  'feature_requests:write': [
    { principals: ['platform', 'airline:*'], when: [{ subdomains: [SUBDOMAINS.featureRequests] }] },
  ],
  'statistics:read': [SETTINGS_GENERAL],
  // Its own row of the seed's table ("only when no subdomain or one named airline subdomain") wins over general settings.
  'statistics:write': [
    { principals: ['platform', 'airline:*'], when: [{ subdomains: [null, SUBDOMAINS.baggageStats] }] },
  ],
  'parties:read': [{ principals: ['forwarder:*'], when: [{ withoutFeature: 'partiesExcluded' }] }],
  'parties:write': [{ principals: ['forwarder:*'], when: [{ withoutFeature: 'partiesExcluded' }] }],
  'agreements:read': [SETTINGS_GENERAL],
  'agreements:create': [SETTINGS_GENERAL],
  'agreements:update': [SETTINGS_GENERAL],
  'agent_agreements:read': [SETTINGS_GENERAL],
  'stocks:read': [SETTINGS_GENERAL],
  'stocks:write': [SETTINGS_GENERAL],
  'allotments:read': [SETTINGS_GENERAL],
  'allotments:write': [SETTINGS_GENERAL],
  'booking_rules:read': [SETTINGS_GENERAL],
  'booking_rules:write': [SETTINGS_GENERAL],
  'airline_settings:read': [SETTINGS_GENERAL],
  'airline_settings:update': [SETTINGS_GENERAL],
  'message_settings:write': [SETTINGS_GENERAL],
};

/** What a user may still do while the current company or membership is blocked: read the profile and switch away. */
export const PERMISSIONS_WHILE_BLOCKED: readonly Permission[] = ['profile:read', 'profile:switch_role'];

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

/** Where the subject stands: its own airline (airline companies) and the host scope of the request. */
export interface AccessContext {
  airline?: string | null;
  scope?: HostScope;
  /** The current company or membership is blocked: only PERMISSIONS_WHILE_BLOCKED hold. */
  blocked?: boolean;
}

/** The one permission check of server and web: the matrix, then the carrier and subdomain rules. */
export function allows(subject: Subject, permission: Permission, scope: HostScope = DEFAULT_SCOPE): boolean {
  const own = principalsOf(subject.type, subject.role);
  const granted: readonly Principal[] = PERMISSIONS[permission];
  if (!own.some((p) => granted.includes(p))) return false;
  const rules = SCOPE_RULES[permission];
  if (!rules) return true;
  return rules.every(
    (rule) => !own.some((p) => rule.principals.includes(p)) || rule.when.some((c) => conditionHolds(c, subject, scope)),
  );
}

export function hasPermission(
  type: CompanyType,
  role: Role | null,
  permission: Permission,
  context: AccessContext = {},
): boolean {
  if (context.blocked && !PERMISSIONS_WHILE_BLOCKED.includes(permission)) return false;
  return allows({ type, role, airline: context.airline ?? null }, permission, context.scope);
}

/** Every permission the given company type and role hold on this host, for the profile and the UI. */
export function permissionsOf(type: CompanyType, role: Role | null, context: AccessContext = {}): Permission[] {
  return PERMISSION_NAMES.filter((p) => hasPermission(type, role, p, context));
}
