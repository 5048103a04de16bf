import type { Profile } from '@aircargo/contract/profile';
import { type GateContext, matchesUser } from './access';
import { AWB_CREATE_CARRIER } from './constants';

/** Where a signed-in user goes from the landing page (seed 000, section 2). */
export function landingTarget(profile: Pick<Profile, 'company_short_name'>, ctx: GateContext): string {
  if (!profile.company_short_name) return '/profile';
  const { user } = ctx;
  if (matchesUser(user, ['forwarder:default'])) {
    if (ctx.carrier === AWB_CREATE_CARRIER) return '/air-waybills/create';
    if (ctx.host.subdomainType === 'forwarder') return '/offers/select';
    return '/bookings';
  }
  if (
    matchesUser(user, ['platform', 'airline:default', 'airline:manager', 'airline:billing', 'airline:ics_inspector'])
  ) {
    return '/air-waybills';
  }
  if (matchesUser(user, ['airline:admin', 'forwarder:admin'])) return '/settings/users';
  return '/profile';
}
