import type { AuthContext } from '../../platform/auth';
import { message, validation } from '../../platform/errors';
import { type CompanyScope, ownCompany } from '../../platform/policy';

/** Allotments of an airline are its own: the platform reaches all, an airline its own (decision 008). */
export function allotmentsScope(auth: AuthContext): CompanyScope {
  return ownCompany(auth);
}

/**
 * The airline code a new allotment or booking rule is for: an airline's own (naming another is refused), the platform
 * must name one.
 */
export function carrierFor(auth: AuthContext, requested: string | undefined): string {
  if (auth.companyType === 'airline') {
    if (requested !== undefined && requested !== auth.airlineCode) {
      const m = message('oneOf', { values: auth.airlineCode ?? '' });
      throw validation({ carrier: [m] }, m);
    }
    return auth.airlineCode ?? '';
  }
  if (requested === undefined) throw validation({ carrier: [message('required')] });
  return requested;
}
