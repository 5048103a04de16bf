import type { AuthContext } from '../../platform/auth';
import { type CompanyScope, ownCompany } from '../../platform/policy';

/** Whose users the caller manages: the platform those of any company, a company admin only its own company's. */
export function managedCompanies(auth: AuthContext): CompanyScope {
  return ownCompany(auth);
}
