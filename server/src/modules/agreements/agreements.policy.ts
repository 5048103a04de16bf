import type { CompanyType } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import { emptyFields, forbidden } from '../../platform/errors';
import { type CompanyScope, ownCompany } from '../../platform/policy';

export const SUPPLIER_IS_OWN = 'An airline makes agreements only as their supplier';

/** The side of an agreement a call looks from: airlines manage theirs as supplier, forwarders read theirs as client. */
export type AgreementSide = 'supplier' | 'client';

/** Agreements the caller reaches from a side: the platform all of them, a company those where it is that party. */
export interface AgreementScope {
  side: AgreementSide;
  parties: CompanyScope;
}

export function agreementsScope(auth: AuthContext, side: AgreementSide): AgreementScope {
  return { side, parties: ownCompany(auth) };
}

/** The supplier of a new or changed agreement: the platform names an airline, an airline is always itself. */
export function supplierFor(auth: AuthContext, requested: number | undefined): number {
  const own = ownCompany(auth);
  if (own.kind === 'all') {
    if (requested === undefined) throw emptyFields('The supplier is required', { supplier_id: ['required field'] });
    return requested;
  }
  const self = own.kind === 'company' ? own.companyId : 0;
  if (requested !== undefined && requested !== self) throw forbidden(SUPPLIER_IS_OWN);
  return self;
}

/** The company types the caller may name in an agreement: an airline picks forwarders, the platform both parties. */
export function pickableParties(auth: AuthContext): CompanyType[] {
  return ownCompany(auth).kind === 'all' ? ['airline', 'forwarder'] : ['forwarder'];
}
