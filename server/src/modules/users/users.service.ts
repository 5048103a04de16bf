import type { PaginationMeta } from '@aircargo/contract/common';
import type { CompanyUser, CompanyUserCreate, CompanyUsersQuery, CompanyUserUpdate } from '@aircargo/contract/users';
import { type CompanyType, parseRoleName, ROLES_BY_COMPANY_TYPE, type Role, roleName } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, message, notFound, validation } from '../../platform/errors';
import { hashPassword, passwordPolicyProblem } from '../../platform/passwords';
import { companyNotFound } from '../../platform/policy';
import { inTransaction } from '../../platform/transactions';
import { managedCompanies } from './users.policy';
import { presentCompanyUser } from './users.presenter';
import * as repo from './users.repository';

export const CANNOT_BLOCK_SELF = 'You cannot block yourself';
export const CANNOT_DROP_OWN_ADMIN = 'You cannot remove your own admin role';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the company';
export const CANNOT_BAN_SELF = 'You cannot ban yourself';
export const INVITATION_SENT = 'Invitation sent';

/**
 * The stored roles for the requested role names. Platform and visitor companies have no roles: their one membership
 * carries none. Other companies need at least one role, each valid for the company type.
 */
export function rolesFor(type: CompanyType, names: readonly string[]): (Role | null)[] {
  const allowed = ROLES_BY_COMPANY_TYPE[type];
  if (allowed.length === 0) {
    if (names.length)
      throw validation({ roles: [`${type} companies have no roles`] }, `${type} companies have no roles`);
    return [null];
  }
  if (!names.length) throw emptyFields('At least one role is required', { roles: ['required field'] });
  const roles = [...new Set(names.map(parseRoleName))];
  const refused = roles.filter((r) => r === null || !allowed.includes(r));
  if (refused.length) {
    const message = `${refused.map((r) => roleName(r) ?? 'unknown').join(', ')}: not a role of ${type} companies`;
    throw validation({ roles: [message] }, message);
  }
  return roles;
}

const sameRoles = (a: (Role | null)[], b: (Role | null)[]) =>
  a.length === b.length && a.every((r) => b.includes(r)) && b.every((r) => a.includes(r));

/** The account with this address (already normalised), for modules that sign users in or up. */
export function findUserByEmail(db: Db, email: string) {
  return repo.findUserByEmail(db, email);
}

export class UsersService {
  constructor(private readonly db: Db) {}

  /** The company whose users the caller manages (users.policy.ts); any other is 404, existing or not. */
  private async scopedCompany(auth: AuthContext, companyId: number) {
    const company = await repo.findCompanyIn(this.db, managedCompanies(auth), companyId);
    if (!company) throw companyNotFound();
    return company;
  }

  private async one(companyId: number, userId: number): Promise<CompanyUser> {
    const [user, memberships] = await Promise.all([
      repo.findUserById(this.db, userId),
      repo.membershipsIn(this.db, companyId, [userId]),
    ]);
    if (!user || !memberships.length) throw notFound(message('userNotFound'));
    return presentCompanyUser(user, memberships);
  }

  async list(
    auth: AuthContext,
    companyId: number,
    query: CompanyUsersQuery,
  ): Promise<{ data: CompanyUser[]; meta: PaginationMeta }> {
    await this.scopedCompany(auth, companyId);
    const { rows, meta } = await repo.listCompanyUsers(
      this.db,
      companyId,
      { q: query.q, blocked: query.blocked, role: query.role ? (parseRoleName(query.role) ?? undefined) : undefined },
      query,
    );
    const memberships = await repo.membershipsIn(
      this.db,
      companyId,
      rows.map((r) => r.id),
    );
    return {
      data: rows.map((user) =>
        presentCompanyUser(
          user,
          memberships.filter((m) => m.user_id === user.id),
        ),
      ),
      meta,
    };
  }

  /**
   * Adds a user to the company with the given roles. No account has the e-mail: a system user is created (201, the
   * user). An account outside the company has it: an invitation is recorded that only the account's owner accepts
   * (202, a fixed answer that names nobody); an administrator never attaches nor moves someone else's account.
   */
  async create(
    auth: AuthContext,
    companyId: number,
    input: CompanyUserCreate,
  ): Promise<{ created: CompanyUser } | { invited: { message: string; email: string } }> {
    const company = await this.scopedCompany(auth, companyId);
    const roles = rolesFor(company.company_type, input.roles);
    const existing = await repo.findUserByEmail(this.db, input.email);
    if (existing) {
      const held = await repo.membershipsIn(this.db, companyId, [existing.id]);
      if (held.length) throw exists(message('userExists'), 'email');
      await repo.upsertInvitation(this.db, {
        company_id: companyId,
        user_id: existing.id,
        roles: roles.map((r) => r ?? ''),
        description: input.description ?? null,
        invited_by: auth.userId,
      });
      return { invited: { message: INVITATION_SENT, email: input.email } };
    }
    if (input.password === undefined) {
      throw emptyFields('A password is required to create a user', { password: ['required field'] });
    }
    const problem = passwordPolicyProblem(input.password, input.email);
    if (problem) throw validation({ password: [problem] }, `Password ${problem}`);
    const passwordHash = await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        email: input.email,
        password_hash: passwordHash,
        firstname: input.firstname ?? null,
        lastname: input.lastname ?? null,
        system: true,
      });
      await repo.insertMemberships(
        tx,
        roles.map((role) => ({
          user_id: user.id,
          company_id: companyId,
          role,
          description: input.description ?? null,
        })),
      );
      await repo.repairCurrentMemberships(tx, [user.id], companyId);
      return user.id;
    });
    return { created: await this.one(companyId, userId) };
  }

  /**
   * Removes the user's memberships in the company (the account stays). A user who was acting there loses its
   * sessions: its next sign-in lands in a membership it still has, chosen by no one else.
   */
  async remove(auth: AuthContext, companyId: number, userId: number): Promise<void> {
    await this.scopedCompany(auth, companyId);
    const held = await repo.membershipsIn(this.db, companyId, [userId]);
    if (!held.length) throw notFound(message('userNotFound'));
    if (auth.userId === userId) throw validation({ user_id: [CANNOT_REMOVE_SELF] }, CANNOT_REMOVE_SELF);
    await this.db.transaction(async (tx) => {
      const acting = (await repo.usersActingIn(tx, companyId)).includes(userId);
      await repo.deleteMemberships(
        tx,
        held.map((m) => m.id),
      );
      if (acting) await repo.revokeTokensOf(tx, userId);
      await repo.repairCurrentMemberships(tx, [userId]);
    });
  }

  /** The signed-in user's pending invitations. */
  invitations(auth: AuthContext) {
    return repo.pendingInvitations(this.db, auth.userId);
  }

  /** The invitee (only) answers: accepting creates the memberships; the current one stays as it is. */
  async respond(auth: AuthContext, invitationId: number, accept: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const invitation = await repo.claimInvitation(tx, invitationId, auth.userId, accept ? 'accepted' : 'declined');
      if (!invitation) throw notFound(message('invitationNotFound'));
      if (!accept) return;
      const user = await repo.findUserById(tx, auth.userId);
      if (!user?.system) {
        throw emptyFields(message('cantAssignRole'), { roles: [message('cantAssignRole')] });
      }
      const held = await repo.membershipsIn(tx, invitation.company_id, [auth.userId]);
      const have = held.map((m) => m.role);
      const wanted = invitation.roles.map((r) => (r === '' ? null : r)) as (Role | null)[];
      await repo.insertMemberships(
        tx,
        wanted
          .filter((role) => !have.includes(role))
          .map((role) => ({
            user_id: auth.userId,
            company_id: invitation.company_id,
            role,
            description: invitation.description,
          })),
      );
      // Only a user with no usable membership at all is pointed at the new one.
      await repo.repairCurrentMemberships(tx, [auth.userId], invitation.company_id);
    });
  }

  /** The platform bans an account everywhere (or lifts the ban): its sessions end and it cannot sign in. */
  async ban(auth: AuthContext, userId: number, banned: boolean): Promise<void> {
    if (auth.userId === userId) throw validation({ banned: [CANNOT_BAN_SELF] }, CANNOT_BAN_SELF);
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound(message('userNotFound'));
    await this.db.transaction(async (tx) => {
      await repo.setBanned(tx, userId, banned);
      if (banned) await repo.revokeTokensOf(tx, userId);
    });
  }

  /**
   * Replaces the user's roles in the company (kept roles keep their membership ids), sets the description, blocks or
   * unblocks. Afterwards a user whose current membership went away is moved to a live one; a blocked user stays and
   * is shown where they may still go (decision 014).
   */
  async update(auth: AuthContext, companyId: number, userId: number, input: CompanyUserUpdate): Promise<CompanyUser> {
    const company = await this.scopedCompany(auth, companyId);
    const [user, held] = await Promise.all([
      repo.findUserById(this.db, userId),
      repo.membershipsIn(this.db, companyId, [userId]),
    ]);
    if (!user || !held.length) throw notFound(message('userNotFound'));
    const self = auth.userId === userId;
    if (self && input.blocked === true) throw validation({ blocked: [CANNOT_BLOCK_SELF] }, CANNOT_BLOCK_SELF);

    let added: (Role | null)[] = [];
    let removed: number[] = [];
    if (input.roles !== undefined) {
      const wanted = rolesFor(company.company_type, input.roles);
      const have = held.map((m) => m.role);
      // Sending the unchanged roles along with other fields is not a role change, even for a non-system user.
      if (!sameRoles(wanted, have)) {
        if (!user.system) {
          throw emptyFields(message('cantChangeRole'), { roles: [message('cantChangeRole')] });
        }
        if (self && have.includes('admin') && !wanted.includes('admin')) {
          throw validation({ roles: [CANNOT_DROP_OWN_ADMIN] }, CANNOT_DROP_OWN_ADMIN);
        }
        added = wanted.filter((r) => !have.includes(r));
        removed = held.filter((m) => !wanted.includes(m.role)).map((m) => m.id);
      }
    }

    // New memberships join in the state and with the description the user has in the company.
    const blocked = input.blocked ?? held.every((m) => m.blocked);
    const description =
      input.description !== undefined
        ? input.description
        : (held.find((m) => m.description !== null)?.description ?? null);
    await inTransaction(this.db, async (tx) => {
      await repo.deleteMemberships(tx, removed);
      await repo.insertMemberships(
        tx,
        added.map((role) => ({ user_id: userId, company_id: companyId, role, blocked, description })),
      );
      if (input.blocked !== undefined || input.description !== undefined) {
        await repo.updateMembershipsOf(tx, userId, companyId, {
          blocked: input.blocked,
          description: input.description,
        });
      }
      if (removed.length > 0) await repo.repairCurrentMemberships(tx, [userId], companyId);
      // A user left with no live membership loses its sessions at once (issue 8 item 4).
      if (input.blocked === true) await repo.revokeTokensOfUsersWithoutAccess(tx, [userId]);
    });
    return this.one(companyId, userId);
  }
}
