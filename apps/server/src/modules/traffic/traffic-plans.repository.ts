import { asc, count, type Database, eq, sql, trafficPlans, trafficPools } from '@ptc/db';

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

/** Every plan, on sale or not, smallest first, with how many packages were bought of each. */
export const listAllPlans = (db: Database) =>
  db
    .select({ plan: trafficPlans, sold: count(trafficPools.id) })
    .from(trafficPlans)
    .leftJoin(trafficPools, eq(trafficPools.planId, trafficPlans.id))
    .groupBy(trafficPlans.id)
    .orderBy(asc(trafficPlans.gb), asc(trafficPlans.id));

/** How many packages were bought of a plan. */
export const countPlanSales = async (db: Database, planId: bigint) => {
  const [row] = await db.select({ n: count() }).from(trafficPools).where(eq(trafficPools.planId, planId));
  return row?.n ?? 0;
};

/** Adds a plan; answers the stored row. */
export const insertPlan = async (db: Database, plan: typeof trafficPlans.$inferInsert) => {
  const [row] = await db.insert(trafficPlans).values(plan).returning();
  if (!row) throw new Error('insert returned no plan');
  return row;
};

/** Changes a plan; answers the stored row, or null when there is no such plan. */
export const updatePlan = async (
  db: Database,
  planId: bigint,
  changes: Partial<Omit<typeof trafficPlans.$inferInsert, 'id' | 'createdAt'>>,
) => {
  const [row] = await db
    .update(trafficPlans)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(trafficPlans.id, planId))
    .returning();
  return row ?? null;
};

/** One plan, locked until the end of the transaction (an edit reads what it replaces). */
export const lockPlan = async (db: Database, planId: bigint) => {
  const [row] = await db.select().from(trafficPlans).where(eq(trafficPlans.id, planId)).for('update');
  return row ?? null;
};
