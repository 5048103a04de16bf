import type { CompanyType, Role } from './company';

/**
 * The carrier and subdomain rules of seed 000 sections 4 and 6, as data both sides read: the web's route gating and the
 * server's permission guard (decision 014). Codes are lower case.
 */

export const APP_ENVIRONMENTS = ['production', 'staging', 'sandbox', 'qa'] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];
export type SubdomainType = 'default' | 'airline' | 'forwarder';

/** Where a request comes from: the environment and the company code of the subdomain (null on the default host). */
export interface HostScope {
  environment: AppEnvironment;
  subdomain: string | null;
  subdomainType: SubdomainType;
}

/** The header the web sends with the subdomain's company code when the subdomain is not the default (seed 001 s. 7). */
export const CARRIER_HEADER = 'x-carrier';

const CODE = /^[a-z0-9-]{1,63}$/;

/** A code of two characters or fewer is an airline, a longer one a forwarder (seed 000 section 4). */
export function subdomainTypeOf(code: string | null): SubdomainType {
  if (!code) return 'default';
  return code.length <= 2 ? 'airline' : 'forwarder';
}

/** The scope of a request from its carrier header; a missing or malformed value means the default host. */
export function hostScopeOf(carrier: string | null | undefined, environment: AppEnvironment = 'production'): HostScope {
  const code = carrier?.trim().toLowerCase() ?? '';
  const subdomain = CODE.test(code) ? code : null;
  return { environment, subdomain, subdomainType: subdomainTypeOf(subdomain) };
}

export const DEFAULT_SCOPE: HostScope = hostScopeOf(null);

/**
 * Airline-specific feature lists by lower-case airline code (seed 000 section 6: "hard-coded"). A feature belongs to the
 * airline the user acts for: the own airline for airline staff, the airline subdomain for everyone else.
 */
export const AIRLINE_FEATURES = {
  /** Airlines whose managers create and edit their own flights. */
  segmentEdit: ['kc', 'r3', 'fv'],
  /** Airlines whose flights show the ACI tab. */
  aci: ['su', 'fv'],
  /** Airlines whose admins manage users in the product (staging opens it to every airline admin). */
  usersPage: ['su', 'kc'],
  /** Airlines with balances (settlements) enabled. */
  balances: ['kc', 'fv'],
  /** Airlines configured for external tariffs (staging opens them to all). */
  externalTariffs: ['su', 'kc'],
  /** Airlines with SSIM access of their own: their managers do not get the SSIM upload screen. */
  ssimAccess: ['su'],
  /** Airlines whose forwarders do not get the parties screens. */
  partiesExcluded: ['su'],
} as const satisfies Record<string, readonly string[]>;
export type AirlineFeature = keyof typeof AIRLINE_FEATURES;

/** Named subdomains of seed 000 sections 2 and 6. */
export const SUBDOMAINS = {
  /** "airline code su": air waybill creation, the forwarder landing there, no Flights section, closed general settings. */
  su: 'su',
  /** The one forwarder subdomain with offers. */
  offers: 'cargoline',
  /** The one airline subdomain with feature requests. */
  featureRequests: 'su',
  /** The one airline subdomain (besides none) where baggage statistics can be created and edited. */
  baggageStats: 'su',
} as const;

/** The company and role a user acts as, with the own airline's code for airline companies. */
export interface Subject {
  type: CompanyType;
  role: Role | null;
  /** The own company's airline code (any case), null for non-airlines. */
  airline: string | null;
}

/** The airline whose feature lists apply: the own airline for airline staff, else the airline subdomain. */
export function actingAirline(subject: Subject, scope: HostScope): string | null {
  if (subject.type === 'airline') return subject.airline?.toLowerCase() ?? null;
  return scope.subdomainType === 'airline' ? scope.subdomain : null;
}

export function airlineHas(airline: string | null, feature: AirlineFeature): boolean {
  return airline !== null && (AIRLINE_FEATURES[feature] as readonly string[]).includes(airline);
}

/** One condition: every field given must hold. */
export interface Condition {
  environments?: readonly AppEnvironment[];
  /** The subdomain is one of these (null: the default host). */
  subdomains?: readonly (string | null)[];
  forbiddenSubdomains?: readonly string[];
  subdomainTypes?: readonly SubdomainType[];
  /** The acting airline has this feature. */
  feature?: AirlineFeature;
  /** The acting airline does not have this feature. */
  withoutFeature?: AirlineFeature;
}

export function conditionHolds(condition: Condition, subject: Subject, scope: HostScope): boolean {
  const { environments, subdomains, forbiddenSubdomains, subdomainTypes, feature, withoutFeature } = condition;
  if (environments && !environments.includes(scope.environment)) return false;
  if (subdomains && !subdomains.includes(scope.subdomain)) return false;
  if (forbiddenSubdomains && scope.subdomain && forbiddenSubdomains.includes(scope.subdomain)) return false;
  if (subdomainTypes && !subdomainTypes.includes(scope.subdomainType)) return false;
  const airline = feature || withoutFeature ? actingAirline(subject, scope) : null;
  if (feature && !airlineHas(airline, feature)) return false;
  if (withoutFeature && airlineHas(airline, withoutFeature)) return false;
  return true;
}
