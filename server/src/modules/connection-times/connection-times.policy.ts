import type { AuthContext } from '../../platform/auth';

/**
 * Minimum connection times: the platform reads and writes every row; an airline reads the platform's rows (airport
 * standards and exceptions) and its own, and writes only its own exceptions, which must name its carrier.
 */
export type ConnectionTimeScope = { kind: 'all'; airlineId?: number } | { kind: 'airline'; airlineId: number };

export function readScope(auth: AuthContext, requestedAirlineId?: number): ConnectionTimeScope {
  if (auth.companyType === 'platform') return { kind: 'all', airlineId: requestedAirlineId };
  return { kind: 'airline', airlineId: auth.companyType === 'airline' ? (auth.companyId ?? 0) : 0 };
}

/** Rows the caller may change: any for the platform, the airline's own otherwise. */
export function mayWrite(auth: AuthContext, rowAirlineId: number | null): boolean {
  if (auth.companyType === 'platform') return true;
  return auth.companyType === 'airline' && auth.companyId !== null && rowAirlineId === auth.companyId;
}
