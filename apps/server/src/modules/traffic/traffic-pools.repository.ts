import {
  and,
  asc,
  count,
  type Database,
  desc,
  eq,
  gt,
  gte,
  isNull,
  lt,
  or,
  sql,
  trafficPlans,
  trafficPools,
} from '@ptc/db';

/** A purchased package as stored. */
export type PoolRow = typeof trafficPools.$inferSelect;

/** Packages whose bytes can still be used at `now`: not used up, not expired. */
const usableAt = (now: Date) =>
  and(
    lt(trafficPools.bytesUsed, trafficPools.bytesTotal),
    or(isNull(trafficPools.expiresAt), gt(trafficPools.expiresAt, now)),
  );

/**
 * A user's usable packages in the order their bytes are consumed (the soonest to expire first,
 * permanent ones last), locked until the end of the transaction.
 */
export const lockUsablePools = (db: Database, userId: bigint, now: Date) =>
  db
    .select()
    .from(trafficPools)
    .where(and(eq(trafficPools.userId, userId), usableAt(now)))
    .orderBy(
      sql`${trafficPools.expiresAt} asc nulls last`,
      asc(trafficPools.purchasedAt),
      asc(trafficPools.id),
    )
    .for('update');

/** Records `bytes` more used from a package. */
export const addPoolUsage = async (db: Database, poolId: bigint, bytes: bigint) => {
  await db
    .update(trafficPools)
    .set({ bytesUsed: sql`${trafficPools.bytesUsed} + ${bytes}` })
    .where(eq(trafficPools.id, poolId));
};

/** Bytes a user can still use from bought traffic. */
export const sumUsableBytes = async (db: Database, userId: bigint, now: Date): Promise<bigint> => {
  const [row] = await db
    .select({
      left: sql<string>`coalesce(sum(${trafficPools.bytesTotal} - ${trafficPools.bytesUsed}), 0)::text`,
    })
    .from(trafficPools)
    .where(and(eq(trafficPools.userId, userId), usableAt(now)));
  return BigInt(row?.left ?? '0');
};

/** Bought, used and usable bytes of a user over every package. */
export const sumPoolBytes = async (db: Database, userId: bigint, now: Date) => {
  const [row] = await db
    .select({
      bought: sql<string>`coalesce(sum(${trafficPools.bytesTotal}), 0)::text`,
      used: sql<string>`coalesce(sum(${trafficPools.bytesUsed}), 0)::text`,
      left: sql<string>`coalesce(sum(${trafficPools.bytesTotal} - ${trafficPools.bytesUsed}) filter (where ${usableAt(now)}), 0)::text`,
    })
    .from(trafficPools)
    .where(eq(trafficPools.userId, userId));
  return {
    bought: BigInt(row?.bought ?? '0'),
    used: BigInt(row?.used ?? '0'),
    left: BigInt(row?.left ?? '0'),
  };
};

/** How many times a user bought a plan. */
export const countPurchasesOfPlan = async (db: Database, userId: bigint, planId: bigint) => {
  const [row] = await db
    .select({ n: count() })
    .from(trafficPools)
    .where(and(eq(trafficPools.userId, userId), eq(trafficPools.planId, planId)));
  return row?.n ?? 0;
};

/** Stores a purchased package. */
export const insertPool = async (db: Database, pool: typeof trafficPools.$inferInsert) => {
  const [row] = await db.insert(trafficPools).values(pool).returning();
  if (!row) throw new Error('insert returned no pool');
  return row;
};

/** Filters of the purchase records. */
export interface PoolFilter {
  /** Purchases at or after / before these instants. */
  from?: Date;
  to?: Date;
  state?: 'all' | 'usable' | 'used_up' | 'expired';
}

const stateCondition = (state: PoolFilter['state'], now: Date) => {
  if (state === 'usable') return usableAt(now);
  if (state === 'used_up') return gte(trafficPools.bytesUsed, trafficPools.bytesTotal);
  if (state === 'expired')
    return and(lt(trafficPools.bytesUsed, trafficPools.bytesTotal), sql`${trafficPools.expiresAt} <= ${now}`);
  return undefined;
};

/** One page of a user's purchases, newest first, with the plan each came from. */
export const listPools = async (
  db: Database,
  userId: bigint,
  filter: PoolFilter,
  page: { offset: number; limit: number },
  now: Date,
) => {
  const where = and(
    eq(trafficPools.userId, userId),
    filter.from ? gte(trafficPools.purchasedAt, filter.from) : undefined,
    filter.to ? lt(trafficPools.purchasedAt, filter.to) : undefined,
    stateCondition(filter.state, now),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ pool: trafficPools, plan: trafficPlans })
      .from(trafficPools)
      .innerJoin(trafficPlans, eq(trafficPlans.id, trafficPools.planId))
      .where(where)
      .orderBy(desc(trafficPools.purchasedAt), desc(trafficPools.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(trafficPools).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};
