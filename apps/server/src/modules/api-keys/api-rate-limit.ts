import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '@ptc/contracts';
import { type Database, rateLimits } from '@ptc/db';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Where a key stands in its window, as the `RateLimit-*` headers say it. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

/** Counts a key's requests: whether this one is within the limit, and the window's state. */
export interface ApiRateLimiter {
  consume(keyId: bigint): Promise<{ allowed: boolean; state: RateLimitState }>;
}

/**
 * Counts a client address's refused keys (5001); `check` refuses (101) an address past the limit,
 * unless the key it sends is one this process admitted lately.
 */
export interface KeyFailureLimiter {
  /** `secretHash`: the SHA-256 of the key sent, computed only when the address is past the limit. */
  check(ip: string, secretHash: () => Uint8Array | null): Promise<void>;
  /** A refused key from `ip`; it is no longer a key admitted lately. */
  record(ip: string, secretHash: Uint8Array | null): Promise<void>;
  /** A key that authenticated (its stored hash). */
  admit(secretHash: Uint8Array): void;
}

/**
 * Whom the unknown-key limit counts: an IPv4 address (a dual-stack socket's `::ffff:a.b.c.d` as
 * `a.b.c.d`), or an IPv6 address's /64 — one subscriber's network, whose 2^64 addresses would
 * otherwise each get a fresh allowance.
 */
export const failureClientOf = (ip: string): string => {
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : null;
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip) || ip.includes('.')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
};

// Keys admitted lately, remembered so an address past the failure limit does not lock them out.
const ADMITTED_MAX = 10_000;
const ADMITTED_TTL_MS = 60 * 60_000;

/**
 * `perMinute` unknown or revoked keys per client address (an IPv6 client's /64), counted in this process's memory: it
 * sheds the load of a key scan (one indexed read each) rather than guarding a secret, which 256
 * random bits already do; a legitimate client's refusals stay far below it. An address past the
 * limit is refused without a lookup, except for a key this process admitted in the last hour:
 * many clients share an address (a NAT, a proxy without TRUST_PROXY), and a scan or a forgotten
 * worker sending a revoked key there must not lock out the live keys used beside it.
 */
export const createKeyFailureLimiter = (perMinute: number): KeyFailureLimiter => {
  const limiter = new RateLimiterMemory({ keyPrefix: 'api_key_failures', points: perMinute, duration: 60 });
  // Hex of the hash → when it was last admitted (oldest first, as a Map keeps insertion order).
  const admitted = new Map<string, number>();
  const hex = (hash: Uint8Array) => Buffer.from(hash).toString('hex');
  const wasAdmitted = (hash: Uint8Array | null) => {
    if (!hash) return false;
    const at = admitted.get(hex(hash));
    return at !== undefined && Date.now() - at < ADMITTED_TTL_MS;
  };
  return {
    check: async (ip, secretHash) => {
      const res = await limiter.get(failureClientOf(ip));
      if (res && res.consumedPoints >= perMinute && !wasAdmitted(secretHash())) {
        throw new AppError('FREQUENTLY', {
          message: 'Too many unknown API keys from this address: retry later',
          data: { retry_after: Math.max(1, Math.ceil(res.msBeforeNext / 1_000)) },
        });
      }
    },
    record: async (ip, secretHash) => {
      if (secretHash) admitted.delete(hex(secretHash));
      await limiter.penalty(failureClientOf(ip));
    },
    admit: (secretHash) => {
      const key = hex(secretHash);
      admitted.delete(key);
      admitted.set(key, Date.now());
      if (admitted.size > ADMITTED_MAX) {
        const oldest = admitted.keys().next().value;
        if (oldest !== undefined) admitted.delete(oldest);
      }
    },
  };
};

/** The refusal of a request beyond the limit: 101, HTTP 429, with `Retry-After`. */
export const rateLimitError = (state: RateLimitState) =>
  new AppError('FREQUENTLY', {
    message: `Too frequent: this API key may make ${state.limit} requests per minute`,
    data: { retry_after: state.resetSeconds },
  });

const stateOf = (limit: number, res: RateLimiterRes): RateLimitState => ({
  limit,
  remaining: Math.max(0, res.remainingPoints),
  resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1_000)),
});

/**
 * `perMinute` requests per key per minute, counted in the database's `rate_limits` table (one
 * atomic upsert per request, rate-limiter-flexible's Drizzle store), so the limit holds across
 * every API process on one PostgreSQL. A key past its limit is refused from memory until its
 * window ends, sparing the database a write per refused request.
 */
export const createApiRateLimiter = (db: Database, perMinute: number): ApiRateLimiter => {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'api_key',
    points: perMinute,
    duration: 60,
    inMemoryBlockOnConsumed: perMinute + 1,
    clearExpiredByTimeout: false,
  });
  return {
    consume: async (keyId) => {
      try {
        return { allowed: true, state: stateOf(perMinute, await limiter.consume(keyId.toString())) };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return { allowed: false, state: stateOf(perMinute, error) };
      }
    },
  };
};
