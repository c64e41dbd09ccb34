import { and, type DatabaseHandle, eq, exits, sql } from '@ptc/db';
import type { Exit, ExitCatalog, ExitCriteria } from '../ports';

// Exits change rarely; a connection storm must not become a query storm.
const CACHE_MS = 5_000;
// Consecutive dial failures through an upstream before it is taken out of rotation.
const FAILURES_BEFORE_UNHEALTHY = 5;

const toExit = (row: typeof exits.$inferSelect): Exit => ({
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

/** Healthy exits from the `exits` table, cached briefly per criteria. */
export const createDbExitCatalog = (handle: DatabaseHandle): ExitCatalog & { invalidate(): void } => {
  const cache = new Map<string, { at: number; exits: Promise<Exit[]> }>();
  const query = async (criteria: ExitCriteria) => {
    const rows = await handle.db
      .select()
      .from(exits)
      .where(
        and(
          eq(exits.isHealthy, true),
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
      const key = JSON.stringify([
        criteria.exitId,
        criteria.country,
        criteria.state,
        criteria.city,
        criteria.line,
        criteria.type,
      ]);
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.exits;
      const fresh = query(criteria);
      cache.set(key, { at: Date.now(), exits: fresh });
      fresh.catch(() => cache.delete(key));
      if (cache.size > 1_000) cache.delete(cache.keys().next().value as string);
      return fresh;
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
