import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, PASSWORD_MIN_LENGTH } from '@aircargo/domain';
import type { AuthCache } from '../../platform/auth-cache';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, exists } from '../../platform/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, newToken } from '../../platform/tokens';
import * as repo from './auth.repository';

/** Sign-in throttling: failures allowed per account and per address within the window. */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 30 } as const;
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
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'accessTokenTtl' | 'rememberMeTtl'>,
    private readonly cache?: AuthCache,
  ) {}

  private async issue(
    userId: number,
    email: string,
    rememberMe: boolean,
    familyId: string = randomUUID(),
    scope = 'public',
  ): Promise<IssuedToken> {
    const access = newToken();
    const refresh = newToken();
    const expiresIn = rememberMe ? this.config.rememberMeTtl : this.config.accessTokenTtl;
    const row = await repo.insertToken(this.db, {
      user_id: userId,
      family_id: familyId,
      access_token_hash: hashToken(access),
      refresh_token_hash: hashToken(refresh),
      expires_in: expiresIn,
      remember_me: rememberMe,
      scope,
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

  private async throttle(email: string, ip: string): Promise<void> {
    const recent = await repo.countRecentFailures(this.db, email, ip, THROTTLE.windowSeconds);
    const overAccount = recent.by_email >= THROTTLE.perAccount;
    const overAddress = recent.by_ip >= THROTTLE.perAddress;
    if (!overAccount && !overAddress) return;
    const oldest = new Date((overAccount ? recent.oldest_email : recent.oldest_ip) ?? Date.now()).getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + THROTTLE.windowSeconds * 1000 - Date.now()) / 1000));
    throw new AppError(429, 'TooManyRequests', 'Too many sign-in attempts, try again later', {}, { retryAfter });
  }

  async passwordGrant(email: string, password: string, rememberMe: boolean, ip: string): Promise<IssuedToken> {
    await this.throttle(email, ip);
    const user = await repo.findUserByEmail(this.db, email);
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyPassword(await dummyHash(), password);
    if (!user || !ok) {
      await repo.recordFailure(this.db, email, ip);
      throw invalidGrant();
    }
    await repo.clearFailures(this.db, email);
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
    const user = await repo.findUserById(this.db, token.user_id);
    if (!user) throw invalidGrant();
    return this.issue(user.id, user.email, token.remember_me, token.family_id, token.scope);
  }

  async revoke(token: string): Promise<void> {
    for (const userId of await repo.revokeByHash(this.db, hashToken(token))) this.cache?.invalidateUser(userId);
  }

  /** Creates a reset token; the caller delivers it. Unknown e-mails get null and no error (no account probing). */
  async requestPasswordReset(email: string): Promise<string | null> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) return null;
    const token = newToken();
    await repo.insertPasswordReset(this.db, {
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  static checkNewPassword(password: string, confirmation: string): void {
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw new AppError(422, 'PasswordTooShort', ERROR_MESSAGES.passwordTooShort, {
        password: [ERROR_MESSAGES.passwordTooShort],
      });
    }
    if (password !== confirmation) {
      throw new AppError(422, 'ConfirmationNotMatch', ERROR_MESSAGES.confirmationNotMatch, {
        password_confirmation: [ERROR_MESSAGES.confirmationNotMatch],
      });
    }
  }

  async resetPassword(token: string, password: string, confirmation: string): Promise<void> {
    const tokenHash = hashToken(token);
    if (!(await repo.findLivePasswordReset(this.db, tokenHash))) throw this.tokenInvalid();
    AuthService.checkNewPassword(password, confirmation);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const claimed = await repo.claimPasswordReset(tx, tokenHash);
      if (!claimed) throw this.tokenInvalid();
      await repo.setPasswordHash(tx, claimed.user_id, passwordHash);
      await repo.revokeAllOfUser(tx, claimed.user_id);
      this.cache?.invalidateUser(claimed.user_id);
    });
  }

  private tokenInvalid() {
    return new AppError(422, 'TokenInvalid', ERROR_MESSAGES.tokenInvalid, {
      reset_password_token: [ERROR_MESSAGES.tokenInvalid],
    });
  }

  async changePassword(userId: number, current: string, password: string, confirmation: string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || !(await verifyPassword(user.password_hash, current))) {
      throw new AppError(422, 'IncorrectLoginOrPassword', 'Current password is wrong', {
        current_password: ['is invalid'],
      });
    }
    AuthService.checkNewPassword(password, confirmation);
    await repo.setPasswordHash(this.db, userId, await hashPassword(password));
  }

  /** Self sign-up: a visitor of the shared visitor company. */
  async signUp(input: {
    email: string;
    password: string;
    password_confirmation: string;
    firstname?: string;
    lastname?: string;
    locale?: string;
  }): Promise<{ id: number; email: string }> {
    AuthService.checkNewPassword(input.password, input.password_confirmation);
    if (await repo.findUserByEmail(this.db, input.email)) throw exists('User already exists', 'email');
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const companyId = await repo.visitorCompanyId(tx);
      const user = await repo.insertUser(tx, {
        email: input.email.toLowerCase(),
        password_hash: passwordHash,
        firstname: input.firstname ?? null,
        lastname: input.lastname ?? null,
        locale: input.locale ?? 'en',
      });
      const membership = await repo.insertMembership(tx, { user_id: user.id, company_id: companyId, role: null });
      await repo.setCurrentMembership(tx, user.id, membership.id);
      return { id: user.id, email: user.email };
    });
  }
}
