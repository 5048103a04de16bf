import type { Profile } from '@aircargo/contract/profile';
import type { AuthCache } from '../../platform/auth-cache';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { presentProfile } from './profile.presenter';
import * as repo from './profile.repository';

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly cache?: AuthCache,
  ) {}

  async get(userId: number): Promise<Profile> {
    const cached = this.cache?.getProfile<Profile>(userId);
    if (cached) return cached;
    const [user, all] = await Promise.all([repo.findUser(this.db, userId), repo.listMemberships(this.db, userId)]);
    if (!user) throw notFound('User not found');
    const profile = presentProfile(user, all);
    this.cache?.setProfile(userId, profile);
    return profile;
  }

  async update(userId: number, values: { locale?: string; firstname?: string; lastname?: string; phone?: string }) {
    await repo.updateUser(this.db, userId, values);
    this.cache?.invalidateUser(userId);
    return this.get(userId);
  }

  /** Switches the company and role the user acts as; permissions follow at once, the token stays valid. */
  async switchRole(userId: number, membershipId: number): Promise<Profile> {
    const membership = await repo.findMembershipOfUser(this.db, userId, membershipId);
    if (!membership) throw notFound('Role not found');
    if (membership.blocked || membership.company_state !== 'active') {
      throw new AppError(422, 'EmptyFields', 'This role is blocked', { role_id: ['is blocked'] });
    }
    await repo.updateUser(this.db, userId, { current_membership_id: membershipId });
    this.cache?.invalidateUser(userId);
    return this.get(userId);
  }
}
