import { asc, count, type Database, eq, sql, trafficPlans } from '@ptc/db';

/** A traffic plan as stored. */
export type PlanRow = typeof trafficPlans.$inferSelect;

// Serialises the seeding of API processes starting together.
const SEED_LOCK_KEY = 7_407_010;

/** Inserts `plans` when there are none, once even with several processes starting together. */
export const insertPlansIfNone = (db: Database, plans: (typeof trafficPlans.$inferInsert)[]) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(trafficPlans);
    if ((row?.n ?? 0) > 0) return 0;
    await tx.insert(trafficPlans).values(plans);
    return plans.length;
  });

/** Plans on sale, smallest first. */
export const listActivePlans = (db: Database) =>
  db
    .select()
    .from(trafficPlans)
    .where(eq(trafficPlans.isActive, true))
    .orderBy(asc(trafficPlans.gb), asc(trafficPlans.id));

/** One plan. */
export const findPlan = async (db: Database, planId: bigint) => {
  const [row] = await db.select().from(trafficPlans).where(eq(trafficPlans.id, planId)).limit(1);
  return row ?? null;
};
