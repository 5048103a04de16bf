import type { AuthContext } from '../../platform/auth';
import { companyNotFound } from '../../platform/policy';

/** Message settings a caller reaches: the platform all (or the owner it names); an airline its own company's. */
export interface SettingsScope {
  /** Only settings owned by this company; undefined: all. */
  ownerId: number | undefined;
}

export function settingsScope(auth: AuthContext): SettingsScope {
  if (auth.companyType === 'platform') return { ownerId: undefined };
  // A caller without a company matches no row (ids start at 1).
  return { ownerId: auth.companyId ?? 0 };
}

/** The carrier a new setting concerns: an airline's is itself; the platform must name one. */
export function airlineForNew(auth: AuthContext, requested: number | undefined): number | null {
  if (auth.companyType === 'platform') return requested ?? null;
  if (requested !== undefined && requested !== auth.companyId) throw companyNotFound();
  return auth.companyId;
}

/** Whose messaging settings the caller reads or writes: its own; the platform the company it names (else its own). */
export function messagingCompany(auth: AuthContext, requested: number | undefined): number {
  if (auth.companyType === 'platform') return requested ?? auth.companyId ?? 0;
  if (requested !== undefined && requested !== auth.companyId) throw companyNotFound();
  return auth.companyId ?? 0;
}
