import type { AuthContext } from '../../platform/auth';
import { message, validation } from '../../platform/errors';

/**
 * Who reaches which bookings (decision 008): the platform all; a forwarder its own; an airline those with a segment on
 * its flights. Anyone else (and a caller acting for no company) none. Rows outside the scope are not found (404).
 */
export type BookingScope =
  | { kind: 'all' }
  | { kind: 'forwarder'; forwarderId: number }
  | { kind: 'airline'; airlineId: number }
  | { kind: 'none' };

export function bookingScope(auth: AuthContext): BookingScope {
  if (auth.companyType === 'platform') return { kind: 'all' };
  if (auth.companyId === null) return { kind: 'none' };
  if (auth.companyType === 'forwarder') return { kind: 'forwarder', forwarderId: auth.companyId };
  if (auth.companyType === 'airline') return { kind: 'airline', airlineId: auth.companyId };
  return { kind: 'none' };
}

/**
 * The forwarder a new booking is for: a forwarder books for itself (naming another is refused as an unknown
 * forwarder); the platform and airlines name one.
 */
export function forwarderFor(auth: AuthContext, requested: number | undefined): number {
  if (auth.companyType === 'forwarder' && auth.companyId !== null) {
    if (requested !== undefined && requested !== auth.companyId) throw unknownForwarder();
    return auth.companyId;
  }
  if (requested === undefined) throw validation({ forwarder_id: [message('required')] }, message('forwarderUnknown'));
  return requested;
}

export const unknownForwarder = () =>
  validation({ forwarder_id: [message('forwarderUnknown')] }, message('forwarderUnknown'));

/** Only the airline of a segment of the booking, or the platform, confirms or refuses it. */
export function mayAnswer(scope: BookingScope): boolean {
  return scope.kind === 'all' || scope.kind === 'airline';
}
