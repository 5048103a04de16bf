import type { AuthContext } from '../../platform/auth';
import { companyNotFound } from '../../platform/policy';

/**
 * Who sees which tariffs, charges, surcharges and groups (issue 10): the platform every airline's (or the one it
 * names), an airline its own, a forwarder those of airlines with which it holds an active agreement that shows
 * tariffs, and of those only the public ones and the ones restricted to its company. Nobody else sees any.
 */
export type TariffViewer =
  | { kind: 'platform'; airlineId: number | undefined }
  | { kind: 'airline'; airlineId: number }
  | { kind: 'forwarder'; companyId: number; today: string }
  | { kind: 'none' };

export function tariffViewer(auth: AuthContext, today: string, requestedAirlineId?: number): TariffViewer {
  if (auth.companyType === 'platform') return { kind: 'platform', airlineId: requestedAirlineId };
  if (auth.companyId === null) return { kind: 'none' };
  if (auth.companyType === 'airline') return { kind: 'airline', airlineId: auth.companyId };
  if (auth.companyType === 'forwarder') return { kind: 'forwarder', companyId: auth.companyId, today };
  return { kind: 'none' };
}

/** The viewer that may change records: the platform and airlines (a forwarder or anyone else changes nothing). */
export function writerViewer(auth: AuthContext, today: string): TariffViewer {
  const viewer = tariffViewer(auth, today);
  return viewer.kind === 'forwarder' ? { kind: 'none' } : viewer;
}

/** The airline a new record belongs to: the caller's own; the platform must name one. */
export function airlineForNew(auth: AuthContext, requested: number | undefined): number | null {
  if (auth.companyType === 'platform') return requested ?? null;
  if (requested !== undefined && requested !== auth.companyId) throw companyNotFound();
  return auth.companyId;
}
