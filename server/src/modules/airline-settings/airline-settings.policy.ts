import type { AuthContext } from '../../platform/auth';
import { emptyFields } from '../../platform/errors';
import { type CompanyScope, companyNotFound, ownCompany } from '../../platform/policy';

/**
 * The airline whose settings the call is about, as a scope of one company: an airline its own company (naming another
 * one is 404, like any company it cannot see); the platform must name one with `company_id`. Whether that company is
 * an airline the repository checks within the scope.
 */
export function settingsAirline(auth: AuthContext, requested: number | undefined): CompanyScope & { kind: 'company' } {
  const own = ownCompany(auth);
  if (own.kind === 'company') {
    if (requested !== undefined && requested !== own.companyId) throw companyNotFound();
    return own;
  }
  if (own.kind === 'none') throw companyNotFound();
  if (requested === undefined) throw emptyFields('company_id is required', { company_id: ['required field'] });
  return { kind: 'company', companyId: requested };
}
