import type { AuthContext } from '../../platform/auth';
import { type CompanyScope, ownCompany } from '../../platform/policy';

/**
 * Which companies the caller sees and changes: the platform every company, anyone else only its own. (Which calls a
 * role may make at all is the permission matrix's business; this is which rows.)
 */
export function companiesScope(auth: AuthContext): CompanyScope {
  return ownCompany(auth);
}
