import { sql } from 'drizzle-orm';
import { rateLimitHits } from '../db/schema';
import { type Db, queryRows } from './db';
import { AppError } from './errors';

/** One counter: at most `max` (summed weights) per `windowSeconds` for this scope and key. */
export interface RateLimit {
  scope: string;
  key: string;
  max: number;
  windowSeconds: number;
}

export const rateLimited = (retryAfter: number, message = 'Too many requests, try again later') =>
  new AppError(429, 'TooManyRequests', message, {}, { retryAfter });

/**
 * Counts a hit of `weight` against every limit, or none: checked and recorded in one transaction under an advisory
 * lock per counter (taken in a fixed order), so concurrent requests cannot all pass before any is recorded. The
 * counters live in the database so every API process counts alike. Throws 429 with Retry-After when one is full.
 */
export async function takeRateLimits(db: Db, limits: RateLimit[], weight = 1, message?: string): Promise<void> {
  const ordered = [...limits].sort((a, b) => `${a.scope}\n${a.key}`.localeCompare(`${b.scope}\n${b.key}`));
  await db.transaction(async (tx) => {
    for (const limit of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${limit.scope}:${limit.key}`}, 0))`);
    }
    for (const limit of ordered) {
      const [row] = await queryRows<{ used: number; oldest: string | Date | null }>(
        tx,
        sql`
        select coalesce(sum(weight), 0)::int as used, min(created_at) as oldest
          from ${rateLimitHits}
         where scope = ${limit.scope} and key = ${limit.key}
           and created_at > now() - make_interval(secs => ${limit.windowSeconds})`,
      );
      if ((row?.used ?? 0) + weight > limit.max) {
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
        const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowSeconds * 1000 - Date.now()) / 1000));
        throw rateLimited(retryAfter, message);
      }
    }
    await tx
      .insert(rateLimitHits)
      .values(ordered.map((l) => ({ scope: l.scope, key: l.key, weight })))
      .returning({ id: rateLimitHits.id })
      .then(async ([first]) => {
        // Old hits no longer count; drop them now and then.
        if (first && first.id % 200 === 0) {
          await tx.delete(rateLimitHits).where(sql`${rateLimitHits.created_at} < now() - interval '1 day'`);
        }
      });
  });
}
