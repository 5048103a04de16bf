import type { CompanyUsersQuery } from '@aircargo/contract/users';
import type { Role } from '@aircargo/domain';
import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { companies, invitations, memberships, oauthTokens, users } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { containsPattern, offsetPage, sortOrder } from '../../platform/pagination';
import { type CompanyScope, inScope } from '../../platform/policy';

export type UserRow = typeof users.$inferSelect;
export type MembershipRow = Pick<
  typeof memberships.$inferSelect,
  'id' | 'user_id' | 'role' | 'blocked' | 'description'
>;

const membershipColumns = {
  id: memberships.id,
  user_id: memberships.user_id,
  role: memberships.role,
  blocked: memberships.blocked,
  description: memberships.description,
};

export function findUserById(db: Db, id: number): Promise<UserRow | null> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/**
 * The account with this address. `email` is already in its one normal form (`normalizeEmail`, applied by the contract's
 * `emailAddress`), as the unique index on `lower(email)` is: look-up, recording and counting all see the same text.
 */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** The company whose users a call manages, when it is inside the scope: its id and type. */
export function findCompanyIn(db: Db, scope: CompanyScope, companyId: number) {
  return db
    .select({ id: companies.id, company_type: companies.company_type })
    .from(companies)
    .where(and(eq(companies.id, companyId), inScope(scope, companies.id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export interface CompanyUsersFilter {
  q?: string;
  role?: Role;
  blocked?: boolean;
}

/** A page of the users who hold at least one membership in the company. */
export function listCompanyUsers(db: Db, companyId: number, filter: CompanyUsersFilter, query: CompanyUsersQuery) {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const where = and(
    eq(memberships.company_id, companyId),
    pattern
      ? or(ilike(users.email, pattern), ilike(users.firstname, pattern), ilike(users.lastname, pattern))
      : undefined,
    filter.role
      ? sql`exists (select 1 from ${memberships} r
                     where r.user_id = ${users.id} and r.company_id = ${companyId} and r.role = ${filter.role})`
      : undefined,
  );
  // A user counts as blocked in the company when every membership there is blocked (they are blocked together).
  const having = filter.blocked === undefined ? undefined : sql`bool_and(${memberships.blocked}) = ${filter.blocked}`;
  // Drizzle builders are mutable: the page and the count each get their own.
  const grouped = () =>
    db
      .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(where)
      .groupBy(users.id)
      .having(having);
  const order = sortOrder(
    query.sort,
    { id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname },
    'email',
    users.id,
  );
  return offsetPage(query, {
    rows: ({ limit, offset }) =>
      grouped()
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(grouped().as('company_users')),
  });
}

/** The memberships of these users in the company, oldest first. */
export function membershipsIn(db: Db, companyId: number, userIds: number[]): Promise<MembershipRow[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select(membershipColumns)
    .from(memberships)
    .where(and(eq(memberships.company_id, companyId), inArray(memberships.user_id, userIds)))
    .orderBy(memberships.id);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertMemberships(db: Db, rows: (typeof memberships.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(memberships).values(rows);
}

export async function deleteMemberships(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(memberships).where(inArray(memberships.id, ids));
}

export function updateMembershipsOf(
  db: Db,
  userId: number,
  companyId: number,
  values: { blocked?: boolean; description?: string | null },
) {
  return db
    .update(memberships)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(eq(memberships.user_id, userId), eq(memberships.company_id, companyId)));
}

/**
 * Points each user whose current membership is no longer usable (missing, blocked, or in a blocked company) at a
 * live one, preferring `preferCompanyId`. A user with no live membership keeps the blocked current one (or gets any
 * remaining one): the auth guard then answers every call with 403 and the URLs still reachable, where a null would
 * silently turn the user into a role-less visitor. Only a user with no membership at all ends with null.
 */
export async function repairCurrentMemberships(
  db: Db,
  userIds: number[],
  preferCompanyId: number | null = null,
): Promise<void> {
  if (!userIds.length) return;
  const prefer = preferCompanyId ?? 0;
  await queryRows(
    db,
    sql`
    update ${users} u set updated_at = now(), current_membership_id = coalesce(
      (select m.id from ${memberships} m join ${companies} c on c.id = m.company_id
        where m.user_id = u.id and not m.blocked and c.state = 'active'
        order by (m.company_id = ${prefer}) desc, m.id limit 1),
      (select m.id from ${memberships} m where m.id = u.current_membership_id and m.user_id = u.id),
      (select m.id from ${memberships} m where m.user_id = u.id order by (m.company_id = ${prefer}) desc, m.id limit 1))
     where u.id in (${sql.join(
       userIds.map((id) => sql`${id}`),
       sql`, `,
     )})
       and not exists (
         select 1 from ${memberships} m join ${companies} c on c.id = m.company_id
          where m.id = u.current_membership_id and m.user_id = u.id and not m.blocked and c.state = 'active')`,
  );
}

/** The users holding any membership in the company. */
export async function membersOf(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: memberships.user_id })
    .from(memberships)
    .where(eq(memberships.company_id, companyId));
  return rows.map((r) => r.id);
}

/**
 * Revokes every token of those users who are left without a live membership (after a block): their sessions end at
 * once. Users with another live membership keep theirs and get 403 with the places they can still go.
 */
export async function revokeTokensOfUsersWithoutAccess(db: Db, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`
    update ${oauthTokens} t set revoked_at = now()
     where t.revoked_at is null
       and t.user_id in (${sql.join(
         userIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       and not exists (
         select 1 from ${memberships} m join ${companies} c on c.id = m.company_id
          where m.user_id = t.user_id and not m.blocked and c.state = 'active')
    returning t.user_id`,
  );
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Revokes every live token of the user. */
export function revokeTokensOf(db: Db, userId: number) {
  return db
    .update(oauthTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(oauthTokens.user_id, userId), sql`${oauthTokens.revoked_at} is null`));
}

export function setBanned(db: Db, userId: number, banned: boolean) {
  return db
    .update(users)
    .set({ banned_at: banned ? sql`now()` : null, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

/** Records an invitation, or renews the pending one of this account to this company. */
export async function upsertInvitation(
  db: Db,
  values: { company_id: number; user_id: number; roles: string[]; description: string | null; invited_by: number },
): Promise<void> {
  await db
    .insert(invitations)
    .values(values)
    .onConflictDoUpdate({
      target: [invitations.company_id, invitations.user_id],
      targetWhere: sql`${invitations.state} = 'pending'`,
      set: {
        roles: values.roles,
        description: values.description,
        invited_by: values.invited_by,
        updated_at: sql`now()`,
      },
    });
}

export async function pendingInvitations(db: Db, userId: number) {
  const rows = await db
    .select({
      id: invitations.id,
      company_id: invitations.company_id,
      company_name: companies.name,
      company_short_name: companies.short_name,
      roles: invitations.roles,
      created_at: invitations.created_at,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.company_id))
    .where(and(eq(invitations.user_id, userId), eq(invitations.state, 'pending'), eq(companies.state, 'active')))
    .orderBy(invitations.id);
  return rows.map((r) => ({
    ...r,
    roles: r.roles.map((role) => (role === '' ? 'none' : role)),
    created_at: r.created_at.toISOString(),
  }));
}

/** Answers the invitee's own pending invitation, once; null when there is none (or it is someone else's). */
export function claimInvitation(db: Db, id: number, userId: number, state: 'accepted' | 'declined') {
  return db
    .update(invitations)
    .set({ state, responded_at: sql`now()`, updated_at: sql`now()` })
    .where(and(eq(invitations.id, id), eq(invitations.user_id, userId), eq(invitations.state, 'pending')))
    .returning()
    .then((r) => r[0] ?? null);
}

/** Users whose current membership is in the company. */
export async function usersActingIn(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.id, users.current_membership_id))
    .where(eq(memberships.company_id, companyId));
  return rows.map((r) => r.id);
}
