import type { PaginationMeta } from '@aircargo/contract/common';
import type { CompanyUser, CompanyUserCreate, CompanyUsersQuery, CompanyUserUpdate } from '@aircargo/contract/users';
import {
  type CompanyType,
  ERROR_MESSAGES,
  parseRoleName,
  ROLES_BY_COMPANY_TYPE,
  type Role,
  roleName,
} from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, notFound, validation } from '../../platform/errors';
import { pageMeta } from '../../platform/pagination';
import { hashPassword } from '../../platform/passwords';
import * as companiesRepo from '../companies/companies.repository';
import { COMPANY_NOT_FOUND } from '../companies/companies.service';
import { presentCompanyUser } from './users.presenter';
import * as repo from './users.repository';

export const CANNOT_BLOCK_SELF = 'You cannot block yourself';
export const CANNOT_DROP_OWN_ADMIN = 'You cannot remove your own admin role';

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

export class UsersService {
  constructor(private readonly db: Db) {}

  /** The company whose users the caller manages: the platform any company, a company admin only its own; else 404. */
  private async managedCompany(auth: AuthContext, companyId: number) {
    if (auth.companyType !== 'platform' && auth.companyId !== companyId) throw notFound(COMPANY_NOT_FOUND);
    const company = await companiesRepo.findCompany(this.db, companyId);
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    return company;
  }

  private async one(companyId: number, userId: number): Promise<CompanyUser> {
    const [user, memberships] = await Promise.all([
      repo.findUserById(this.db, userId),
      repo.membershipsIn(this.db, companyId, [userId]),
    ]);
    if (!user || !memberships.length) throw notFound(ERROR_MESSAGES.userNotFound);
    return presentCompanyUser(user, memberships);
  }

  async list(
    auth: AuthContext,
    companyId: number,
    query: CompanyUsersQuery,
  ): Promise<{ data: CompanyUser[]; meta: PaginationMeta }> {
    await this.managedCompany(auth, companyId);
    const { rows, total } = await repo.listCompanyUsers(
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
      meta: pageMeta(query, total),
    };
  }

  /**
   * Adds the user with this e-mail to the company with the given roles, creating a system user when no account has
   * the e-mail. An existing account keeps its password and names: only its own owner changes those.
   */
  async create(auth: AuthContext, companyId: number, input: CompanyUserCreate): Promise<CompanyUser> {
    const company = await this.managedCompany(auth, companyId);
    const roles = rolesFor(company.company_type, input.roles);
    const existing = await repo.findUserByEmail(this.db, input.email);
    if (existing) {
      const held = await repo.membershipsIn(this.db, companyId, [existing.id]);
      if (held.length) throw exists(ERROR_MESSAGES.userExists, 'email');
      if (!existing.system) {
        throw emptyFields(ERROR_MESSAGES.cantAssignRole, { roles: [ERROR_MESSAGES.cantAssignRole] });
      }
    } else if (input.password === undefined) {
      throw emptyFields('A password is required to create a user', { password: ['required field'] });
    }
    const passwordHash = existing || input.password === undefined ? null : await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const user =
        existing ??
        (await repo.insertUser(tx, {
          email: input.email,
          password_hash: passwordHash!,
          firstname: input.firstname ?? null,
          lastname: input.lastname ?? null,
          system: true,
        }));
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
    return this.one(companyId, userId);
  }

  /**
   * Replaces the user's roles in the company (kept roles keep their membership ids), sets the description, blocks or
   * unblocks. Afterwards a user whose current membership went away or is blocked is moved to a live one.
   */
  async update(auth: AuthContext, companyId: number, userId: number, input: CompanyUserUpdate): Promise<CompanyUser> {
    const company = await this.managedCompany(auth, companyId);
    const [user, held] = await Promise.all([
      repo.findUserById(this.db, userId),
      repo.membershipsIn(this.db, companyId, [userId]),
    ]);
    if (!user || !held.length) throw notFound(ERROR_MESSAGES.userNotFound);
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
          throw emptyFields(ERROR_MESSAGES.cantChangeRole, { roles: [ERROR_MESSAGES.cantChangeRole] });
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
    await this.db.transaction(async (tx) => {
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
      await repo.repairCurrentMemberships(tx, [userId], companyId);
    });
    return this.one(companyId, userId);
  }
}
