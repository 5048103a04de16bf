import type { AuthContext } from '../../platform/auth';

/** Whose partners a caller sees: the platform every company; anyone else the partners of its own company. */
export type NotableScope = { kind: 'all' } | { kind: 'partners'; companyId: number };

export function notableScope(auth: AuthContext): NotableScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  return { kind: 'partners', companyId: auth.companyId ?? 0 };
}
