import type { AuthContext } from '../../platform/auth';
import { type CompanyScope, ownCompany } from '../../platform/policy';

/** Booking rules of an airline are its own: the platform reaches all, an airline its own (decision 008). */
export function bookingRulesScope(auth: AuthContext): CompanyScope {
  return ownCompany(auth);
}
