import type { AuthContext } from '../../platform/auth';
import { type CompanyScope, ownCompany } from '../../platform/policy';

/**
 * Telegrams a caller reaches: the platform every one; an airline those it sent and those that change its schedule
 * (the demo schedule's telegram of its carrier); anyone else none.
 */
export type TelegramScope = CompanyScope;

export function telegramScope(auth: AuthContext): TelegramScope {
  return ownCompany(auth);
}

/**
 * Whose schedule a telegram may change, from the company that sent it: the platform (and the demo seed, which sends
 * as nobody) any carrier with an airline company; an airline only its own carrier; anyone else nothing.
 */
export type CarrierRight = { kind: 'any' } | { kind: 'own'; carrier: string | null };

export function carrierRight(sender: { companyType: string | null; airlineCode: string | null }): CarrierRight {
  if (sender.companyType === null || sender.companyType === 'platform') return { kind: 'any' };
  if (sender.companyType === 'airline') return { kind: 'own', carrier: sender.airlineCode };
  return { kind: 'own', carrier: null };
}

/** Why a carrier of a telegram is not imported for this sender, or null when it is. */
export function carrierRefusal(right: CarrierRight, carrier: string, airlineId: number | undefined): string | null {
  if (right.kind === 'own' && right.carrier !== carrier) {
    return `carrier ${carrier} is not the sender's airline: an airline changes only its own schedule`;
  }
  if (airlineId === undefined) return `no airline company with the code ${carrier} on the platform`;
  return null;
}
