import type { Profile } from '@aircargo/contract/profile';
import { landingPath } from '@aircargo/domain/landing';
import type { GateContext } from './access';

/** The profile's access-denied view (seed 000 section 2). */
export const ACCESS_DENIED_PATH = '/profile?accessDenied=true';

/**
 * Where a signed-in user goes from the landing page (seed 000 section 2): the domain's table, which the server also uses
 * for the `available_urls` of an access denial; a user whose company has no access goes to the access-denied view.
 */
export function landingTarget(profile: Pick<Profile, 'company_short_name'>, ctx: GateContext): string {
  if (ctx.accessDenied) return ACCESS_DENIED_PATH;
  if (!ctx.subject) return '/profile';
  return landingPath(ctx.subject, profile.company_short_name, ctx.host);
}
