import type { AuthContext } from '../../platform/auth';
import { companyNotFound } from '../../platform/policy';

/** The permitted routes a caller reaches: an airline its own, the platform every airline's (or the one it names). */
export interface PermittedRouteScope {
  /** Only this airline's rows; undefined: all (the platform). */
  airlineId: number | undefined;
}

export function permittedRouteScope(auth: AuthContext, requestedAirlineId?: number): PermittedRouteScope {
  if (auth.companyType === 'platform') return { airlineId: requestedAirlineId };
  // A caller without a company matches no row (ids start at 1).
  return { airlineId: auth.companyType === 'airline' ? (auth.companyId ?? 0) : 0 };
}

/** The airline a new row belongs to: the caller's own; the platform must name one. */
export function airlineForNew(auth: AuthContext, requested: number | undefined): number | null {
  if (auth.companyType === 'platform') return requested ?? null;
  if (requested !== undefined && requested !== auth.companyId) throw companyNotFound();
  return auth.companyType === 'airline' ? auth.companyId : null;
}
