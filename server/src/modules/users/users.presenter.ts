import type { CompanyUser } from '@aircargo/contract/users';
import { roleName } from '@aircargo/domain';
import type { MembershipRow, UserRow } from './users.repository';

/**
 * A user as a member of one company, from the user's memberships there. Memberships without a role (platform and
 * visitor companies) list no role; the user is blocked when every membership is.
 */
export function presentCompanyUser(
  user: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname'>,
  memberships: MembershipRow[],
): CompanyUser {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    roles: memberships.flatMap((m) => {
      const name = roleName(m.role);
      return name === null ? [] : [{ id: m.id, name }];
    }),
    description: memberships.find((m) => m.description !== null)?.description ?? null,
    blocked: memberships.length > 0 && memberships.every((m) => m.blocked),
  };
}
