import type { AuthContext } from '../../platform/auth';
import { emptyFields, message, notFound } from '../../platform/errors';

/**
 * Capacity data belongs to one airline. An airline's staff reach their own company's rows only (naming another airline
 * answers 404, existing or not); the platform reaches every airline's, or the one it names; a forwarder (which may read
 * capacity) reads the rows of an airline it names and holds an agreement with, never writes them.
 */
export interface AirlineScope {
  /** Only this airline's rows; undefined: every airline's (the platform). */
  airlineId: number | undefined;
}

export const airlineNotFound = () => notFound(message('airlineNotFound'));
export const airlineRequired = () => emptyFields('airline_id is required', { airline_id: [message('required')] });

export type ReadAccess =
  | { kind: 'scope'; scope: AirlineScope }
  /** A forwarder: the named airline, once its agreement with it is checked. */
  | { kind: 'agreement'; forwarderId: number; airlineId: number };

/** What a caller may read: `requested` is the `airline_id` of the query. */
export function readAccess(auth: AuthContext, requested: number | undefined): ReadAccess {
  if (auth.companyType === 'platform') return { kind: 'scope', scope: { airlineId: requested } };
  if (auth.companyType === 'airline') {
    if (requested !== undefined && requested !== auth.companyId) throw airlineNotFound();
    // A caller without a company matches no row (ids start at 1).
    return { kind: 'scope', scope: { airlineId: auth.companyId ?? 0 } };
  }
  if (auth.companyType === 'forwarder' && auth.companyId !== null) {
    if (requested === undefined) throw airlineRequired();
    return { kind: 'agreement', forwarderId: auth.companyId, airlineId: requested };
  }
  return { kind: 'scope', scope: { airlineId: 0 } };
}

/** The rows a caller reaches by id (to read or change): the platform every airline's, an airline its own. */
export function ownScope(auth: AuthContext): AirlineScope {
  if (auth.companyType === 'platform') return { airlineId: undefined };
  return { airlineId: auth.companyType === 'airline' ? (auth.companyId ?? 0) : 0 };
}

/** The airline a new row (or an upload, or a capacity change) is for: the caller's own; the platform must name one. */
export function airlineForWrite(auth: AuthContext, requested: number | undefined): number {
  if (auth.companyType === 'platform') {
    if (requested === undefined) throw airlineRequired();
    return requested;
  }
  if (auth.companyType !== 'airline' || auth.companyId === null) throw airlineNotFound();
  if (requested !== undefined && requested !== auth.companyId) throw airlineNotFound();
  return auth.companyId;
}
