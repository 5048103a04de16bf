import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { memberships, oauthTokens, passwordResets, signInFailures, users } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';

export type TokenRecord = typeof oauthTokens.$inferSelect;

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findUserById(db: Db, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertToken(db: Db, values: typeof oauthTokens.$inferInsert): Promise<TokenRecord> {
  const [row] = await db.insert(oauthTokens).values(values).returning();
  return row!;
}

export function findTokenByRefreshHash(db: Db, refreshHash: string) {
  return db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.refresh_token_hash, refreshHash))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Marks a refresh token used, once: the second caller gets null (a reuse). */
export function claimRefresh(db: Db, id: number) {
  return db
    .update(oauthTokens)
    .set({ refreshed_at: sql`now()`, revoked_at: sql`now()` })
    .where(and(eq(oauthTokens.id, id), isNull(oauthTokens.refreshed_at), isNull(oauthTokens.revoked_at)))
    .returning({ id: oauthTokens.id })
    .then((r) => r[0] ?? null);
}

export function revokeFamily(db: Db, familyId: string) {
  return db
    .update(oauthTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(oauthTokens.family_id, familyId), isNull(oauthTokens.revoked_at)));
}

export function revokeAllOfUser(db: Db, userId: number) {
  return db
    .update(oauthTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(oauthTokens.user_id, userId), isNull(oauthTokens.revoked_at)));
}

/** Revokes the token with this hash (access or refresh); answers the users whose token it was. */
export function revokeByHash(db: Db, tokenHash: string): Promise<number[]> {
  return db
    .update(oauthTokens)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        isNull(oauthTokens.revoked_at),
        sql`(${oauthTokens.access_token_hash} = ${tokenHash} or ${oauthTokens.refresh_token_hash} = ${tokenHash})`,
      ),
    )
    .returning({ user_id: oauthTokens.user_id })
    .then((rows) => rows.map((r) => r.user_id));
}

export async function countRecentFailures(db: Db, email: string, ip: string, windowSeconds: number) {
  const since = sql`now() - make_interval(secs => ${windowSeconds})`;
  const rows = await queryRows<{
    by_email: number;
    by_ip: number;
    oldest_email: string | null;
    oldest_ip: string | null;
  }>(
    db,
    sql`
    select count(*) filter (where lower(email) = lower(${email}))::int as by_email,
           count(*) filter (where ip = ${ip})::int as by_ip,
           min(created_at) filter (where lower(email) = lower(${email})) as oldest_email,
           min(created_at) filter (where ip = ${ip}) as oldest_ip
      from ${signInFailures}
     where created_at > ${since} and (lower(email) = lower(${email}) or ip = ${ip})`,
  );
  return rows[0]!;
}

export function recordFailure(db: Db, email: string, ip: string) {
  return db.insert(signInFailures).values({ email: email.toLowerCase(), ip });
}

export function clearFailures(db: Db, email: string) {
  return db.delete(signInFailures).where(sql`lower(${signInFailures.email}) = lower(${email})`);
}

export function insertPasswordReset(db: Db, values: typeof passwordResets.$inferInsert) {
  return db.insert(passwordResets).values(values);
}

/** Takes a live reset token, once. */
export function claimPasswordReset(db: Db, tokenHash: string) {
  return db
    .update(passwordResets)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, sql`now()`),
      ),
    )
    .returning({ user_id: passwordResets.user_id })
    .then((r) => r[0] ?? null);
}

export function findLivePasswordReset(db: Db, tokenHash: string) {
  return db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, sql`now()`),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  return db.update(users).set({ password_hash: passwordHash, updated_at: sql`now()` }).where(eq(users.id, userId));
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertMembership(db: Db, values: typeof memberships.$inferInsert) {
  const [row] = await db.insert(memberships).values(values).returning();
  return row!;
}

export function setCurrentMembership(db: Db, userId: number, membershipId: number) {
  return db.update(users).set({ current_membership_id: membershipId }).where(eq(users.id, userId));
}

/** The shared company every self-registered visitor belongs to. */
export async function visitorCompanyId(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into companies (company_type, name, short_name) values ('visitor', 'Visitors', 'visitors')
    on conflict (lower(short_name)) do update set updated_at = companies.updated_at
    returning id`,
  );
  return rows[0]!.id;
}
