import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** Failed sign-ins, kept in the database so that every API process throttles alike. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(sql`lower(${t.email})`, t.created_at),
    index('sign_in_failures_ip_idx').on(t.ip, t.created_at),
  ],
);
