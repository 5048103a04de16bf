import type { AuthContext } from '../../platform/auth';
import { companyNotFound } from '../../platform/policy';

/** The handlers a caller reaches: an airline its own company's, the platform every airline's (or the one it names). */
export interface HandlerScope {
  /** Only this airline's handlers; undefined: all (the platform). */
  airlineId: number | undefined;
}

export function handlerScope(auth: AuthContext, requestedAirlineId?: number): HandlerScope {
  if (auth.companyType === 'platform') return { airlineId: requestedAirlineId };
  // A caller without a company matches no row (ids start at 1).
  return { airlineId: auth.companyId ?? 0 };
}

/** The airline a new handler belongs to: the caller's own; the platform must name one. */
export function airlineForNew(auth: AuthContext, requested: number | undefined): number | null {
  if (auth.companyType === 'platform') return requested ?? null;
  if (requested !== undefined && requested !== auth.companyId) throw companyNotFound();
  return auth.companyId;
}
