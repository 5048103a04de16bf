import type { AuthContext } from '../../platform/auth';
import { companyNotFound } from '../../platform/policy';

/** The customers a caller reaches: a forwarder its own, the platform every forwarder's (or the one it names). */
export interface CustomerScope {
  forwarderId: number | undefined;
}

export function customerScope(auth: AuthContext, requestedForwarderId?: number): CustomerScope {
  if (auth.companyType === 'platform') return { forwarderId: requestedForwarderId };
  return { forwarderId: auth.companyId ?? 0 };
}

/** The forwarder a new customer belongs to: the caller's own; the platform must name one. */
export function forwarderForNew(auth: AuthContext, requested: number | undefined): number | null {
  if (auth.companyType === 'platform') return requested ?? null;
  if (requested !== undefined && requested !== auth.companyId) throw companyNotFound();
  return auth.companyId;
}
