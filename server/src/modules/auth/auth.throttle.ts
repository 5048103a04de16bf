import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, message } from '../../platform/errors';
import * as repo from './auth.repository';

/**
 * Password-guess throttling (sign-in and the current-password check of a password change). Each counter allows a few
 * free attempts in the window, then progressive delays: the next attempt waits `firstDelay * 2^(n - free)` seconds
 * after the last one, at most `maxDelay`. There is no hard lock: the owner waits at most `maxDelay`, and from an address
 * the account signed in from before (within `trustDays`) only that address's own attempts count, so an attacker
 * elsewhere cannot lock the owner out.
 */
export const SIGN_IN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perAddress: 30,
  firstDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
  trustDays: 90,
} as const;

/** Seconds the next attempt must wait after `count` attempts in the window, the last at `last`. */
export function waitSeconds(count: number, free: number, last: Date | string | null, now = Date.now()): number {
  if (count < free || last === null) return 0;
  const { firstDelaySeconds, maxDelaySeconds } = SIGN_IN_THROTTLE;
  const delay = Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** Math.min(count - free, 30));
  const until = new Date(last).getTime() + delay * 1000;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export const tooManyAttempts = (retryAfter: number) =>
  new AppError(429, 'TooManyRequests', message('tooManySignInAttempts'), {}, { retryAfter });

/** An attempt that has been counted; settle it once the password is checked. */
export interface Attempt {
  id: number;
  accountKey: string;
  ip: string;
}

export const accountKeyOf = (user: { id: number } | null, email: string) => (user ? `u:${user.id}` : `e:${email}`);

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Checks the counters and records the attempt in one step under advisory locks on the account and the address
   * (always taken in that order), so concurrent attempts cannot all pass the check before any is recorded.
   * Throws 429 with the wait in Retry-After.
   */
  async begin(user: { id: number } | null, email: string, ip: string): Promise<Attempt> {
    const accountKey = accountKeyOf(user, email);
    const trustedSince = new Date(this.clock.now().getTime() - SIGN_IN_THROTTLE.trustDays * 86_400_000);
    const trusted = user ? await repo.isTrustedAddress(this.db, user.id, ip, trustedSince) : false;
    const id = await this.db.transaction(async (tx) => {
      await repo.lockKey(tx, `sign-in:${accountKey}`);
      await repo.lockKey(tx, `sign-in-ip:${ip}`);
      const now = this.clock.now();
      const since = new Date(now.getTime() - SIGN_IN_THROTTLE.windowSeconds * 1000);
      const counts = await repo.countAttempts(tx, accountKey, ip, since);
      const { perAccount, perAddress } = SIGN_IN_THROTTLE;
      const at = now.getTime();
      const wait = trusted
        ? waitSeconds(counts.pair, perAccount, counts.pair_last, at)
        : Math.max(
            waitSeconds(counts.account, perAccount, counts.account_last, at),
            waitSeconds(counts.address, perAddress, counts.address_last, at),
          );
      if (wait > 0) throw tooManyAttempts(wait);
      return repo.insertAttempt(tx, { account_key: accountKey, ip, trusted, created_at: now });
    });
    if (id % 100 === 0) await repo.pruneAttempts(this.db);
    return { id, accountKey, ip };
  }

  /** The password was right: the attempt and this address's earlier failures on the account are forgotten. */
  async succeeded(attempt: Attempt, userId: number): Promise<void> {
    await repo.clearAttempts(this.db, attempt.id, attempt.accountKey, attempt.ip);
    await repo.rememberAddress(this.db, userId, attempt.ip, this.clock.now());
  }
}
