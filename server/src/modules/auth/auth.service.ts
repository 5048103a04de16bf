import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, PASSWORD_MIN_LENGTH } from '@aircargo/domain';
import type { AuthCache } from '../../platform/auth-cache';
import { type Clock, systemClock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, message } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { dummyHash, hashPassword, passwordPolicyProblem, verifyPassword } from '../../platform/passwords';
import { takeRateLimits } from '../../platform/rate-limit';
import { hashToken, newToken } from '../../platform/tokens';
import { inTransaction } from '../../platform/transactions';
import { findUserByEmail } from '../users/users.service';
import * as repo from './auth.repository';
import { SignInThrottle } from './auth.throttle';

const RESET_TOKEN_TTL_SECONDS = 6 * 3600;

export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const invalidGrant = () => new OAuthError(400, 'invalid_grant', ERROR_MESSAGES.incorrectLogin);
/** The password was right, but the account may not act (every membership or company blocked). */
export const NO_ACCESS = 'The account has no access to any company';
const noAccess = () => new OAuthError(400, 'invalid_grant', NO_ACCESS);
export const EMAIL_UNCONFIRMED = 'Confirm your e-mail address first: follow the link we sent';
const SESSION_EXPIRED = 'The session has expired, sign in again';

export interface IssuedToken {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  created_at: number;
  scope: string;
  token_type: 'Bearer';
  email: string;
}

export class AuthService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<
      Config,
      'accessTokenTtl' | 'rememberMeTtl' | 'sessionTtl' | 'refreshIdleTtl' | 'rememberMeIdleTtl'
    >,
    private readonly cache?: AuthCache,
    private readonly clock: Clock = systemClock,
  ) {
    this.throttle = new SignInThrottle(db, clock);
  }

  /** When a sign-in (a token family started at `startedAt`) ends for good. */
  private familyEnd(startedAt: Date, rememberMe: boolean): number {
    return startedAt.getTime() + (rememberMe ? this.config.rememberMeTtl : this.config.sessionTtl) * 1000;
  }

  private async issue(
    userId: number,
    email: string,
    rememberMe: boolean,
    family: { id: string; startedAt: Date } = { id: randomUUID(), startedAt: this.clock.now() },
    scope = 'public',
  ): Promise<IssuedToken> {
    const access = newToken();
    const refresh = newToken();
    // An access token never outlives its sign-in.
    const left = Math.floor((this.familyEnd(family.startedAt, rememberMe) - this.clock.now().getTime()) / 1000);
    const expiresIn = Math.max(1, Math.min(this.config.accessTokenTtl, left));
    const familyId = family.id;
    const row = await repo.insertToken(this.db, {
      user_id: userId,
      family_id: familyId,
      access_token_hash: hashToken(access),
      refresh_token_hash: hashToken(refresh),
      expires_in: expiresIn,
      remember_me: rememberMe,
      scope,
      created_at: this.clock.now(),
      family_started_at: family.startedAt,
    });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: expiresIn,
      created_at: Math.floor(row.created_at.getTime() / 1000),
      scope,
      token_type: 'Bearer',
      email,
    };
  }

  async passwordGrant(email: string, password: string, rememberMe: boolean, ip: string): Promise<IssuedToken> {
    const user = await findUserByEmail(this.db, email);
    const attempt = await this.throttle.begin(user, email, ip);
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyPassword(await dummyHash(), password);
    if (!user || !ok) throw invalidGrant();
    await this.throttle.succeeded(attempt, user.id);
    if (user.email_confirmed_at === null) throw new OAuthError(400, 'invalid_grant', EMAIL_UNCONFIRMED);
    if (user.banned_at !== null || !(await repo.hasLiveMembership(this.db, user.id))) throw noAccess();
    return this.issue(user.id, user.email, rememberMe);
  }

  /** Rotates the pair. A refresh token presented twice revokes its whole family (it was stolen or replayed). */
  async refreshGrant(refreshToken: string): Promise<IssuedToken> {
    const token = await repo.findTokenByRefreshHash(this.db, hashToken(refreshToken));
    if (!token) throw invalidGrant();
    const claimed =
      token.refreshed_at === null && token.revoked_at === null && (await repo.claimRefresh(this.db, token.id));
    this.cache?.invalidateUser(token.user_id);
    if (!claimed) {
      await repo.revokeFamily(this.db, token.family_id);
      throw new OAuthError(400, 'invalid_grant', 'The refresh token is no longer valid');
    }
    const now = this.clock.now().getTime();
    const idle = (token.remember_me ? this.config.rememberMeIdleTtl : this.config.refreshIdleTtl) * 1000;
    if (now >= this.familyEnd(token.family_started_at, token.remember_me) || now >= token.created_at.getTime() + idle) {
      await repo.revokeFamily(this.db, token.family_id);
      throw new OAuthError(400, 'invalid_grant', SESSION_EXPIRED);
    }
    const user = await repo.findUserById(this.db, token.user_id);
    if (!user) throw invalidGrant();
    if (user.banned_at !== null || !(await repo.hasLiveMembership(this.db, user.id))) {
      await repo.revokeFamily(this.db, token.family_id);
      throw noAccess();
    }
    const family = { id: token.family_id, startedAt: token.family_started_at };
    return this.issue(user.id, user.email, token.remember_me, family, token.scope);
  }

  async revoke(token: string): Promise<void> {
    for (const userId of await repo.revokeByHash(this.db, hashToken(token))) this.cache?.invalidateUser(userId);
  }

  /**
   * A reset request as the API takes it: counted against the address and the e-mail, then queued. The answer and its
   * timing are the same whether an account has the address (the job decides, after the response).
   */
  async queuePasswordReset(email: string, ip: string): Promise<void> {
    await takeRateLimits(
      this.db,
      [
        { scope: 'password-reset', key: `ip:${ip}`, ...RESET_LIMITS.perAddress },
        { scope: 'password-reset', key: `email:${email}`, ...RESET_LIMITS.perEmail },
      ],
      1,
      'Too many reset requests, try again later',
    );
    await enqueue(this.db, AUTH_JOBS.passwordReset, { email });
  }

  /** Creates a reset token for the account with this address (null when there is none); the job mails it. */
  async requestPasswordReset(email: string): Promise<string | null> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return null;
    const token = newToken();
    await repo.insertPasswordReset(this.db, {
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(this.clock.now().getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  static checkNewPassword(password: string, confirmation: string, email?: string | null): void {
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw new AppError(422, 'PasswordTooShort', message('passwordTooShort'), {
        password: [message('passwordTooShort')],
      });
    }
    const problem = passwordPolicyProblem(password, email);
    if (problem) throw new AppError(422, 'ValidationFailed', `Password ${problem}`, { password: [problem] });
    if (password !== confirmation) {
      throw new AppError(422, 'ConfirmationNotMatch', message('confirmationNotMatch'), {
        password_confirmation: [message('confirmationNotMatch')],
      });
    }
  }

  async resetPassword(token: string, password: string, confirmation: string): Promise<void> {
    const tokenHash = hashToken(token);
    const live = await repo.findLivePasswordReset(this.db, tokenHash, this.clock.now());
    if (!live) throw this.tokenInvalid();
    const owner = await repo.findUserById(this.db, live.user_id);
    AuthService.checkNewPassword(password, confirmation, owner?.email);
    const passwordHash = await hashPassword(password);
    await inTransaction(this.db, async (tx) => {
      const claimed = await repo.claimPasswordReset(tx, tokenHash, this.clock.now());
      if (!claimed) throw this.tokenInvalid();
      await repo.setPasswordHash(tx, claimed.user_id, passwordHash);
      await repo.expireResetTokens(tx, claimed.user_id, this.clock.now());
      await repo.revokeAllOfUser(tx, claimed.user_id);
      this.cache?.invalidateUser(claimed.user_id);
    });
  }

  private tokenInvalid() {
    return new AppError(422, 'TokenInvalid', message('tokenInvalid'), {
      reset_password_token: [message('tokenInvalid')],
    });
  }

  /**
   * A signed-in change: the current password is checked under the sign-in throttle (it is a password guess too);
   * afterwards every other session of the user and every outstanding reset token die.
   */
  async changePassword(
    auth: { userId: number; tokenId: number },
    current: string,
    password: string,
    confirmation: string,
    ip: string,
  ): Promise<void> {
    const user = await repo.findUserById(this.db, auth.userId);
    if (!user) throw invalidGrant();
    const attempt = await this.throttle.begin(user, user.email, ip);
    if (!(await verifyPassword(user.password_hash, current))) {
      throw new AppError(422, 'IncorrectLoginOrPassword', message('currentPasswordWrong'), {
        current_password: [message('isInvalid')],
      });
    }
    await this.throttle.succeeded(attempt, user.id);
    AuthService.checkNewPassword(password, confirmation, user.email);
    const passwordHash = await hashPassword(password);
    const token = await repo.findTokenById(this.db, auth.tokenId);
    await inTransaction(this.db, async (tx) => {
      await repo.setPasswordHash(tx, user.id, passwordHash);
      await repo.expireResetTokens(tx, user.id, this.clock.now());
      if (token) await repo.revokeOtherSessions(tx, user.id, token.family_id);
      else await repo.revokeAllOfUser(tx, user.id);
    });
    this.cache?.invalidateUser(user.id);
  }

  /**
   * Self sign-up as the API takes it: the password is checked and hashed on every request, the request is counted
   * against the address and the e-mail, and the rest is queued, so the answer and its timing are the same for a new and
   * a registered address. The job creates an unconfirmed visitor and mails the confirmation link, or tells the owner of
   * an existing account by mail.
   */
  async queueSignUp(input: SignUpInput, ip: string): Promise<void> {
    AuthService.checkNewPassword(input.password, input.password_confirmation, input.email);
    await takeRateLimits(
      this.db,
      [
        { scope: 'sign-up', key: `ip:${ip}`, ...SIGN_UP_LIMITS.perAddress },
        { scope: 'sign-up', key: `email:${input.email}`, ...SIGN_UP_LIMITS.perEmail },
      ],
      1,
      'Too many sign-ups, try again later',
    );
    const passwordHash = await hashPassword(input.password);
    await enqueue(this.db, AUTH_JOBS.signUp, {
      email: input.email,
      password_hash: passwordHash,
      firstname: input.firstname ?? null,
      lastname: input.lastname ?? null,
      locale: input.locale ?? 'en',
    });
  }

  /**
   * Creates the unconfirmed visitor and its confirmation token; an address already registered gets null (the job
   * mails its owner instead).
   */
  async createSignUp(input: {
    email: string;
    password_hash: string;
    firstname: string | null;
    lastname: string | null;
    locale: string;
  }): Promise<{ userId: number; token: string } | null> {
    if (await findUserByEmail(this.db, input.email)) return null;
    const token = newToken();
    return inTransaction(this.db, async (tx) => {
      const companyId = await repo.visitorCompanyId(tx);
      const user = await repo.insertUser(tx, {
        email: input.email,
        password_hash: input.password_hash,
        firstname: input.firstname,
        lastname: input.lastname,
        locale: input.locale,
        email_confirmed_at: null,
      });
      const membership = await repo.insertMembership(tx, { user_id: user.id, company_id: companyId, role: null });
      await repo.setCurrentMembership(tx, user.id, membership.id);
      await repo.insertEmailConfirmation(tx, {
        user_id: user.id,
        token_hash: hashToken(token),
        expires_at: new Date(this.clock.now().getTime() + CONFIRMATION_TTL_SECONDS * 1000),
      });
      return { userId: user.id, token };
    });
  }

  /** Follows the mailed link: the address is confirmed and the account may sign in. */
  async confirmEmail(token: string): Promise<void> {
    const userId = await repo.confirmEmail(this.db, hashToken(token), this.clock.now());
    if (userId === null) {
      throw new AppError(422, 'TokenInvalid', ERROR_MESSAGES.tokenInvalid, {
        confirmation_token: [ERROR_MESSAGES.tokenInvalid],
      });
    }
    this.cache?.invalidateUser(userId);
  }
}

export interface SignUpInput {
  email: string;
  password: string;
  password_confirmation: string;
  firstname?: string;
  lastname?: string;
  locale?: string;
}

/** Job kinds of this module (server/src/job-handlers.ts runs them). */
export const AUTH_JOBS = { passwordReset: 'auth.password_reset', signUp: 'auth.sign_up' } as const;

/** Reset requests per hour: per address and per e-mail. */
export const RESET_LIMITS = {
  perAddress: { max: 20, windowSeconds: 3600 },
  perEmail: { max: 5, windowSeconds: 3600 },
} as const;
/** Sign-ups per hour: per address and per e-mail. */
export const SIGN_UP_LIMITS = {
  perAddress: { max: 10, windowSeconds: 3600 },
  perEmail: { max: 3, windowSeconds: 3600 },
} as const;
const CONFIRMATION_TTL_SECONDS = 3 * 24 * 3600;
