import { type Database, lt, rateLimits } from '@ptc/db';

/** Removes abuse-limit counters whose window ended before `now`; answers how many. */
export const deleteExpiredLimits = async (db: Database, now: Date) =>
  (await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key })).length;
