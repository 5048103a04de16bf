import { and, eq, sql } from 'drizzle-orm';
import { companies, memberships, users } from '../../db/schema';
import type { Db } from '../../platform/db';

export function findUser(db: Db, userId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Every membership of the user with its company, current first-class data for the role switcher. */
export function listMemberships(db: Db, userId: number) {
  return db
    .select({
      id: memberships.id,
      role: memberships.role,
      blocked: memberships.blocked,
      company_id: companies.id,
      company_type: companies.company_type,
      company_name: companies.name,
      company_short_name: companies.short_name,
      company_local_name: companies.local_name,
      company_state: companies.state,
      operations_type: companies.operations_type,
      airline_code: companies.airline_code,
      permitted_carriers: companies.permitted_carriers,
      ui_settings: companies.ui_settings,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.company_id))
    .where(eq(memberships.user_id, userId))
    .orderBy(memberships.id);
}

export type MembershipRow = Awaited<ReturnType<typeof listMemberships>>[number];

export function updateUser(db: Db, userId: number, values: Partial<typeof users.$inferInsert>) {
  return db
    .update(users)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

export function findMembershipOfUser(db: Db, userId: number, membershipId: number) {
  return db
    .select({ id: memberships.id, blocked: memberships.blocked, company_state: companies.state })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.company_id))
    .where(and(eq(memberships.id, membershipId), eq(memberships.user_id, userId)))
    .limit(1)
    .then((r) => r[0] ?? null);
}
