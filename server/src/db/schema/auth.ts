import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './companies';

/** Opaque OAuth tokens, stored as SHA-256 hashes. A refresh rotates the pair within one family. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    access_token_hash: text('access_token_hash').notNull().unique(),
    refresh_token_hash: text('refresh_token_hash').notNull().unique(),
    scope: text('scope').notNull().default('public'),
    expires_in: integer('expires_in').notNull(),
    remember_me: boolean('remember_me').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the family's sign-in happened: refresh tokens die at its absolute lifetime (decision 009). */
    family_started_at: timestamp('family_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the refresh token has been exchanged; a second exchange revokes the family. */
    refreshed_at: timestamp('refreshed_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('oauth_tokens_family_idx').on(t.family_id), index('oauth_tokens_user_idx').on(t.user_id)],
);

export const passwordResets = pgTable('password_resets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Links that confirm a self-registered address (item 5 of issue 8): stored as hashes, used once. */
export const emailConfirmations = pgTable('email_confirmations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in attempts being checked or failed, kept in the database so that every API process throttles alike. A row is
 * written before the password is checked (so concurrent attempts count) and deleted when the password was right.
 * `account_key` is `u:<user id>` for an existing account, else `e:<normalised e-mail>`; `trusted` marks an attempt
 * from an address the account signed in from before, which counts against that address only.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_key: text('account_key').notNull(),
    ip: text('ip').notNull(),
    trusted: boolean('trusted').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_account_idx').on(t.account_key, t.created_at),
    index('sign_in_attempts_ip_idx').on(t.ip, t.created_at),
  ],
);

/** Addresses an account signed in from successfully: the right password from one of them is not held back. */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    last_success_at: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.ip] })],
);

/** Hits against rate limits other than sign-in (resets, sign-ups, client log events), by scope and key. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    weight: integer('weight').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.scope, t.key, t.created_at)],
);
