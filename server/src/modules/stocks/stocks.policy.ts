import type { AuthContext } from '../../platform/auth';
import { message, validation } from '../../platform/errors';

/**
 * Who sees which AWB stock (decision 008): the platform all of it; an airline its own prefixes and ranges; a forwarder
 * only the ranges assigned to it (and the prefixes of those ranges); anyone else nothing.
 */
export type StockScope =
  | { kind: 'all' }
  | { kind: 'airline'; airlineId: number }
  | { kind: 'holder'; companyId: number }
  | { kind: 'none' };

export function stockScope(auth: AuthContext): StockScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyId === null) return { kind: 'none' };
  if (auth.companyType === 'airline') return { kind: 'airline', airlineId: auth.companyId };
  if (auth.companyType === 'forwarder') return { kind: 'holder', companyId: auth.companyId };
  return { kind: 'none' };
}

/** Whether the caller may change the stock of this airline (the permission itself is checked by the route guard). */
export function managesAirline(auth: AuthContext, airlineId: number): boolean {
  const scope = stockScope(auth);
  return scope.kind === 'all' || (scope.kind === 'airline' && scope.airlineId === airlineId);
}

/** The airline a new prefix is for: an airline's own (naming another is refused); the platform must name one. */
export function prefixAirline(auth: AuthContext, requested: number | undefined): number {
  if (auth.companyType === 'airline' && auth.companyId !== null) {
    if (requested !== undefined && requested !== auth.companyId) {
      const m = message('oneOf', { values: String(auth.companyId) });
      throw validation({ airline_id: [m] }, m);
    }
    return auth.companyId;
  }
  if (requested === undefined) throw validation({ airline_id: [message('required')] });
  return requested;
}
