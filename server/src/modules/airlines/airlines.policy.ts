import type { AuthContext } from '../../platform/auth';

/**
 * Who reaches an airline's per-airline calls. `staff`: the platform, or the airline's own staff. `partners`: also a
 * forwarder holding an agreement with the airline (it books with it, so it needs its rules and airports).
 */
export type AirlineAudience = 'staff' | 'partners';

export type AirlineAccess =
  | { kind: 'any' }
  | { kind: 'own'; companyId: number }
  | { kind: 'agreement'; clientId: number }
  | { kind: 'none' };

export function airlineAccess(auth: AuthContext, audience: AirlineAudience): AirlineAccess {
  if (auth.companyType === 'platform') return { kind: 'any' };
  if (auth.companyId === null) return { kind: 'none' };
  if (auth.companyType === 'airline') return { kind: 'own', companyId: auth.companyId };
  if (audience === 'partners' && auth.companyType === 'forwarder')
    return { kind: 'agreement', clientId: auth.companyId };
  return { kind: 'none' };
}
