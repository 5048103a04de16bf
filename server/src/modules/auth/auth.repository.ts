import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  emailConfirmations,
  memberships,
  oauthTokens,
  passwordResets,
  signInAddresses,
  signInAttempts,
  users,
} from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';

export type TokenRecord = typeof oauthTokens.$inferSelect;

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

/** Revokes every session of the user but the one of this token family (a password change keeps the caller's). */
export function revokeOtherSessions(db: Db, userId: number, keepFamilyId: string) {
  return db
    .update(oauthTokens)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(oauthTokens.user_id, userId),
        isNull(oauthTokens.revoked_at),
        sql`${oauthTokens.family_id} <> ${keepFamilyId}`,
      ),
    );
}

export function findTokenById(db: Db, id: number) {
  return db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Whether the user may act at all: some membership that is not blocked, in a company that is active. */
export async function hasLiveMembership(db: Db, userId: number): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`
    select exists (
      select 1 from ${memberships} m join companies c on c.id = m.company_id
       where m.user_id = ${userId} and not m.blocked and c.state = 'active') as ok`,
  );
  return Boolean(rows[0]?.ok);
}

/** Every reset token of the user still outstanding dies (a reset or a change of the password). */
export function expireResetTokens(db: Db, userId: number, at: Date) {
  return db
    .update(passwordResets)
    .set({ used_at: at })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
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

/** Serialises check-and-record per key until the transaction ends (same key, same lock, on every process). */
export function lockKey(db: Db, key: string) {
  return db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export interface AttemptCounts {
  /** Attempts on the account from addresses it has not signed in from. */
  account: number;
  account_last: Date | string | null;
  /** Attempts on the account from this address. */
  pair: number;
  pair_last: Date | string | null;
  /** Attempts from this address on accounts it is not trusted for. */
  address: number;
  address_last: Date | string | null;
}

/** Attempts being checked or failed within the window, by account, by account and address, by address. */
export async function countAttempts(db: Db, accountKey: string, ip: string, since: Date) {
  const a = signInAttempts;
  const rows = await queryRows<AttemptCounts>(
    db,
    sql`
    select count(*) filter (where ${a.account_key} = ${accountKey} and not ${a.trusted})::int as account,
           max(${a.created_at}) filter (where ${a.account_key} = ${accountKey} and not ${a.trusted}) as account_last,
           count(*) filter (where ${a.account_key} = ${accountKey} and ${a.ip} = ${ip})::int as pair,
           max(${a.created_at}) filter (where ${a.account_key} = ${accountKey} and ${a.ip} = ${ip}) as pair_last,
           count(*) filter (where ${a.ip} = ${ip} and not ${a.trusted})::int as address,
           max(${a.created_at}) filter (where ${a.ip} = ${ip} and not ${a.trusted}) as address_last
      from ${a}
     where ${a.created_at} > ${since.toISOString()}::timestamptz and (${a.account_key} = ${accountKey} or ${a.ip} = ${ip})`,
  );
  return rows[0]!;
}

export async function insertAttempt(
  db: Db,
  values: { account_key: string; ip: string; trusted: boolean; created_at: Date },
): Promise<number> {
  const [row] = await db.insert(signInAttempts).values(values).returning({ id: signInAttempts.id });
  return row!.id;
}

/** The password was right: this attempt and the earlier failures of the account from this address no longer count. */
export function clearAttempts(db: Db, attemptId: number, accountKey: string, ip: string) {
  return db
    .delete(signInAttempts)
    .where(
      sql`${signInAttempts.id} = ${attemptId} or (${signInAttempts.account_key} = ${accountKey} and ${signInAttempts.ip} = ${ip})`,
    );
}

/** Drops attempts older than a day (they no longer count); cheap with the created_at indexes. */
export function pruneAttempts(db: Db) {
  return db.delete(signInAttempts).where(sql`${signInAttempts.created_at} < now() - interval '1 day'`);
}

export async function isTrustedAddress(db: Db, userId: number, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ ip: signInAddresses.ip })
    .from(signInAddresses)
    .where(
      and(eq(signInAddresses.user_id, userId), eq(signInAddresses.ip, ip), gt(signInAddresses.last_success_at, since)),
    )
    .limit(1);
  return rows.length > 0;
}

export function rememberAddress(db: Db, userId: number, ip: string, at: Date) {
  return db
    .insert(signInAddresses)
    .values({ user_id: userId, ip, last_success_at: at })
    .onConflictDoUpdate({
      target: [signInAddresses.user_id, signInAddresses.ip],
      set: { last_success_at: at },
    });
}

export function insertPasswordReset(db: Db, values: typeof passwordResets.$inferInsert) {
  return db.insert(passwordResets).values(values);
}

/** Takes a live reset token, once. */
export function claimPasswordReset(db: Db, tokenHash: string, now: Date) {
  return db
    .update(passwordResets)
    .set({ used_at: sql`now()` })
    .where(
      and(eq(passwordResets.token_hash, tokenHash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now)),
    )
    .returning({ user_id: passwordResets.user_id })
    .then((r) => r[0] ?? null);
}

export function findLivePasswordReset(db: Db, tokenHash: string, now: Date) {
  return db
    .select({ id: passwordResets.id, user_id: passwordResets.user_id })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.token_hash, tokenHash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now)),
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

export function insertEmailConfirmation(db: Db, values: typeof emailConfirmations.$inferInsert) {
  return db.insert(emailConfirmations).values(values);
}

/** Takes a live confirmation link, once, and marks the address confirmed; answers the user id or null. */
export async function confirmEmail(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [claimed] = await db
    .update(emailConfirmations)
    .set({ used_at: now })
    .where(
      and(
        eq(emailConfirmations.token_hash, tokenHash),
        isNull(emailConfirmations.used_at),
        gt(emailConfirmations.expires_at, now),
      ),
    )
    .returning({ user_id: emailConfirmations.user_id });
  if (!claimed) return null;
  await db
    .update(users)
    .set({ email_confirmed_at: now, updated_at: now })
    .where(and(eq(users.id, claimed.user_id), isNull(users.email_confirmed_at)));
  return claimed.user_id;
}
