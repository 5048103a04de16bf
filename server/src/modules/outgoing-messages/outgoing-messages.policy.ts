import type { AuthContext } from '../../platform/auth';

/** The outgoing messages a caller reaches: the platform all; an airline what it sent or what concerns it; others none. */
export type OutgoingScope = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'none' };

export function outgoingScope(auth: AuthContext): OutgoingScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyType === 'airline' && auth.companyId !== null) return { kind: 'company', companyId: auth.companyId };
  return { kind: 'none' };
}
