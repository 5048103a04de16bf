import type { AuthContext } from '../../platform/auth';
import { forbidden } from '../../platform/errors';

/**
 * Who reaches which flights (decision 008): the platform every airline's; an airline its own (airline_id = the caller's
 * company); a forwarder reads the flights of the airlines it holds an agreement with, and never writes. A caller acting
 * for no company reaches nothing. Rows outside the scope are not found (404).
 */
export type FlightScope =
  | { kind: 'all' }
  | { kind: 'airline'; airlineId: number }
  | { kind: 'partners'; forwarderId: number }
  | { kind: 'none' };

export function readScope(auth: AuthContext): FlightScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyId === null) return { kind: 'none' };
  if (auth.companyType === 'airline') return { kind: 'airline', airlineId: auth.companyId };
  if (auth.companyType === 'forwarder') return { kind: 'partners', forwarderId: auth.companyId };
  return { kind: 'none' };
}

/** Changes: the platform any flight, an airline its own; nobody else (the route permissions refuse them first). */
export function writeScope(auth: AuthContext): FlightScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyType === 'airline' && auth.companyId !== null) return { kind: 'airline', airlineId: auth.companyId };
  return { kind: 'none' };
}

/**
 * Seed 000 section 6: the action-required and with-shipments tabs exclude forwarders; the ACI tab needs flights:aci
 * (platform, and the airlines with the ACI feature for their operator, manager and ICS inspector) on the request's host.
 */
export function assertTabAllowed(auth: AuthContext, tab: string, mayAci: boolean): void {
  if ((tab === 'action_required' || tab === 'with_shipments') && auth.companyType === 'forwarder') throw forbidden();
  if (tab === 'aci' && !mayAci) throw forbidden();
}
