import { and, type Database, eq, sql, staticSearches } from '@ptc/db';

/**
 * Counts one search of the day if the limit allows it, in one statement (concurrent searches
 * cannot both take the last one). Answers false when the limit is reached.
 */
export const countStaticSearch = async (
  db: Database,
  userId: bigint,
  day: string,
  kind: 'byArea' | 'byIp',
  limit: number,
) => {
  const column = staticSearches[kind];
  const rows = await db
    .insert(staticSearches)
    .values({ userId, day, [kind]: 1 })
    .onConflictDoUpdate({
      target: [staticSearches.userId, staticSearches.day],
      set: { [kind]: sql`${column} + 1` },
      setWhere: sql`${column} < ${limit}`,
    })
    .returning({ userId: staticSearches.userId });
  return rows.length > 0;
};

/** Restores today's static searches (SPEC §8 4010: buying a residential static proxy restores them). */
export const resetStaticSearches = async (db: Database, userId: bigint, day: string) => {
  await db.delete(staticSearches).where(and(eq(staticSearches.userId, userId), eq(staticSearches.day, day)));
};
