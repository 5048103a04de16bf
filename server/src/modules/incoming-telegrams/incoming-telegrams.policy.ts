import type { AuthContext } from '../../platform/auth';

/**
 * Incoming telegrams a caller reaches: the platform every one; an airline those its own intake received and those about
 * its carrier (airline_id); anyone else none (a forwarder has no messaging permission and is refused before this).
 */
export type IncomingTelegramScope = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'none' };

export function incomingTelegramScope(auth: AuthContext): IncomingTelegramScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyType === 'airline' && auth.companyId !== null) return { kind: 'company', companyId: auth.companyId };
  return { kind: 'none' };
}
