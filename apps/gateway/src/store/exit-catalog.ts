import { and, type DatabaseHandle, eq, exitInService, exits, sql } from '@ptc/db';
import type { Exit, ExitCatalog, ExitCriteria } from '../ports';

// Exits change rarely; a connection storm must not become a query storm.
const CACHE_MS = 5_000;
// An answer used after this share of its time is refreshed in the background, so that a busy
// criteria set never waits for the query (the demo supply's takes tens of milliseconds).
const REFRESH_AFTER = 0.75;
// Consecutive dial failures through an upstream before it is taken out of rotation.
const FAILURES_BEFORE_UNHEALTHY = 5;

/** An `exits` row as the data plane dials it. */
export const toExit = (row: typeof exits.$inferSelect): Exit => ({
  id: row.id.toString(),
  kind: row.kind,
  host: row.host,
  port: row.port,
  usernameTemplate: row.usernameTemplate,
  passwordTemplate: row.passwordTemplate,
  account: row.account,
  type: row.type,
  line: row.line,
  country: row.country,
  state: row.state,
  city: row.city,
});

/** Options of the exit catalogue (tests shorten the time and drive the clock). */
export interface DbExitCatalogOptions {
  cacheMs?: number;
  now?: () => number;
}

interface CachedExits {
  at: number;
  exits: Promise<Exit[]>;
  /** The answer once it is in. */
  settled: Exit[] | null;
  isRefreshing: boolean;
}

/** Cache keys of criteria objects (the exit router hands the same object for every lookup of a client). */
const keys = new WeakMap<ExitCriteria, string>();
const keyOf = (criteria: ExitCriteria): string => {
  let key = keys.get(criteria);
  if (key === undefined) {
    key = JSON.stringify([
      criteria.exitId,
      criteria.country,
      criteria.state,
      criteria.city,
      criteria.line,
      criteria.type,
    ]);
    keys.set(criteria, key);
  }
  return key;
};

/**
 * Healthy exits from the `exits` table, cached briefly per criteria. An answer is never used past
 * `cacheMs`; one used in the last quarter of that time is refreshed in the background.
 */
export const createDbExitCatalog = (
  handle: DatabaseHandle,
  options: DbExitCatalogOptions = {},
): Required<Pick<ExitCatalog, 'recallExits'>> & ExitCatalog & { invalidate(): void } => {
  const cacheMs = options.cacheMs ?? CACHE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CachedExits>();
  const remember = (key: string, exits: Promise<Exit[]>) => {
    const entry: CachedExits = { at: now(), exits, settled: null, isRefreshing: false };
    cache.set(key, entry);
    exits.then(
      (answer) => {
        entry.settled = answer;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    if (cache.size > 1_000) cache.delete(cache.keys().next().value as string);
  };
  /** Refreshes an answer used in the last quarter of its time, in the background (once). */
  const refreshLate = (key: string, hit: CachedExits, criteria: ExitCriteria) => {
    if (hit.isRefreshing || now() - hit.at < cacheMs * REFRESH_AFTER) return;
    hit.isRefreshing = true;
    const fresh = query(criteria);
    // Replaces the answer once it is in; a failure leaves the current one to its time.
    fresh.then(
      () => {
        if (cache.get(key) === hit) remember(key, fresh);
      },
      () => undefined,
    );
  };
  const query = async (criteria: ExitCriteria) => {
    const rows = await handle.db
      .select()
      .from(exits)
      .where(
        and(
          exitInService,
          criteria.exitId ? eq(exits.id, BigInt(criteria.exitId)) : undefined,
          criteria.country ? eq(exits.country, criteria.country.toUpperCase()) : undefined,
          criteria.state ? sql`lower(${exits.state}) = ${criteria.state.toLowerCase()}` : undefined,
          criteria.city ? eq(exits.city, criteria.city.toLowerCase()) : undefined,
          criteria.line ? eq(exits.line, criteria.line) : undefined,
          criteria.type ? eq(exits.type, criteria.type) : undefined,
        ),
      )
      .orderBy(exits.id);
    return rows.map(toExit);
  };
  return {
    findExits: (criteria) => {
      const key = keyOf(criteria);
      const hit = cache.get(key);
      if (hit && now() - hit.at < cacheMs) {
        refreshLate(key, hit, criteria);
        return hit.exits;
      }
      const fresh = query(criteria);
      remember(key, fresh);
      return fresh;
    },
    recallExits: (criteria) => {
      const key = keyOf(criteria);
      const hit = cache.get(key);
      if (!hit?.settled || now() - hit.at >= cacheMs) return null;
      refreshLate(key, hit, criteria);
      return hit.settled;
    },
    reportFailure: (exitId) => {
      // Only upstream suppliers are judged; a direct exit failing means the target failed.
      void handle.db
        .update(exits)
        .set({
          failureCount: sql`${exits.failureCount} + 1`,
          lastFailureAt: new Date(),
          isHealthy: sql`${exits.failureCount} + 1 < ${FAILURES_BEFORE_UNHEALTHY}`,
        })
        .where(and(eq(exits.id, BigInt(exitId)), sql`${exits.kind} <> 'direct'`))
        .catch(() => undefined);
    },
    invalidate: () => cache.clear(),
  };
};
