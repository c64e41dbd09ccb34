import { ABUSE_LIMITS, type AbuseLimitName, type AbuseLimitTable, AppError } from '@ptc/contracts';
import { type Database, rateLimits } from '@ptc/db';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';

/** The per-client abuse limits of the account calls (`ABUSE_LIMITS`). */
export interface AbuseLimits {
  /** Counts one request of `key` (a client address) against `limit`; throws 101 (HTTP 429) beyond it. */
  consume(limit: AbuseLimitName, key: string): Promise<void>;
  /** Gives one request back (a sign-in that succeeded is not held against its address). */
  reward(limit: AbuseLimitName, key: string): Promise<void>;
}

/**
 * Abuse limits kept in the database's `rate_limits` table through rate-limiter-flexible's
 * Drizzle store: each count is one atomic upsert, so the limits hold across every API process
 * on one PostgreSQL, and across restarts. The embedded PGlite has a single process, where the
 * same table is exact as well. Expired rows are removed by the auth cleanup job.
 */
export const createAbuseLimits = (db: Database, table: AbuseLimitTable = ABUSE_LIMITS): AbuseLimits => {
  const limiters = Object.fromEntries(
    Object.entries(table).map(([name, limit]) => [
      name,
      new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: name.toLowerCase(),
        points: limit.points,
        duration: limit.windowSeconds,
        // A client past its limit is refused from memory until its window ends, sparing the
        // database a write per refused request (each process learns it on its own first refusal).
        inMemoryBlockOnConsumed: limit.points + 1,
        clearExpiredByTimeout: false,
      }),
    ]),
  ) as Record<AbuseLimitName, RateLimiterDrizzle>;
  return {
    consume: async (limit, key) => {
      try {
        await limiters[limit].consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw new AppError('FREQUENTLY', {
          data: { retry_after: Math.max(1, Math.ceil(error.msBeforeNext / 1_000)) },
        });
      }
    },
    reward: async (limit, key) => {
      await limiters[limit].reward(key);
    },
  };
};
