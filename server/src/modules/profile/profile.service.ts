import type { Profile } from '@aircargo/contract/profile';
import type { HostScope } from '@aircargo/domain';
import type { AuthCache } from '../../platform/auth-cache';
import type { Db } from '../../platform/db';
import { AppError, message, notFound } from '../../platform/errors';
import { type ProfileBase, presentProfile, profileOnHost } from './profile.presenter';
import * as repo from './profile.repository';

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly cache?: AuthCache,
  ) {}

  /** The profile as seen from a host (the carrier header): its permissions depend on the subdomain. */
  async get(userId: number, scope: HostScope): Promise<Profile> {
    return profileOnHost(await this.base(userId), scope);
  }

  private async base(userId: number): Promise<ProfileBase> {
    const cached = this.cache?.getProfile<ProfileBase>(userId);
    if (cached) return cached;
    const [user, all] = await Promise.all([repo.findUser(this.db, userId), repo.listMemberships(this.db, userId)]);
    if (!user) throw notFound(message('userNotFound'));
    const base = presentProfile(user, all);
    this.cache?.setProfile(userId, base);
    return base;
  }

  async update(
    userId: number,
    values: { locale?: string; firstname?: string; lastname?: string; phone?: string },
    scope: HostScope,
  ) {
    await repo.updateUser(this.db, userId, values);
    this.cache?.invalidateUser(userId);
    return this.get(userId, scope);
  }

  /** Switches the company and role the user acts as; permissions follow at once, the token stays valid. */
  async switchRole(userId: number, membershipId: number, scope: HostScope): Promise<Profile> {
    const membership = await repo.findMembershipOfUser(this.db, userId, membershipId);
    if (!membership) throw notFound(message('roleNotFound'));
    if (membership.blocked || membership.company_state !== 'active') {
      throw new AppError(422, 'EmptyFields', message('roleBlocked'), { role_id: [message('isBlocked')] });
    }
    await repo.updateUser(this.db, userId, { current_membership_id: membershipId });
    this.cache?.invalidateUser(userId);
    return this.get(userId, scope);
  }
}
