import { and, type Database, eq, ledgerEntries, proxies, sql, trafficPlans, trafficPools } from '@ptc/db';

/** Adds carried bytes to a proxy's lifetime counters, as the gateway's usage flush does. */
export const carry = async (db: Database, proxyId: bigint, bytesUp: bigint, bytesDown = 0n) => {
  await db
    .update(proxies)
    .set({
      bytesUp: sql`${proxies.bytesUp} + ${bytesUp}`,
      bytesDown: sql`${proxies.bytesDown} + ${bytesDown}`,
    })
    .where(eq(proxies.id, proxyId));
};

/** Gives a user bought traffic: a package of `bytes` from a throwaway plan. */
export const givePool = async (
  db: Database,
  userId: bigint,
  bytes: bigint,
  options: { expiresAt?: Date | null; purchasedAt?: Date } = {},
) => {
  const [plan] = await db
    .insert(trafficPlans)
    .values({ gb: 1, pricePerGb: 1_000_000n, isActive: false })
    .returning();
  if (!plan) throw new Error('insert returned no plan');
  const [pool] = await db
    .insert(trafficPools)
    .values({
      userId,
      planId: plan.id,
      bytesTotal: bytes,
      amount: 1_000_000n,
      expiresAt: options.expiresAt ?? null,
      ...(options.purchasedAt ? { purchasedAt: options.purchasedAt } : {}),
    })
    .returning();
  if (!pool) throw new Error('insert returned no pool');
  return pool;
};

/** A proxy's row as stored now. */
export const readProxy = async (db: Database, proxyId: bigint) => {
  const [row] = await db.select().from(proxies).where(eq(proxies.id, proxyId));
  if (!row) throw new Error(`no proxy ${proxyId}`);
  return row;
};

/** A user's ledger entries of one kind, oldest first. */
export const entriesOf = (db: Database, userId: bigint, kind: (typeof ledgerEntries.$inferSelect)['kind']) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)))
    .orderBy(ledgerEntries.id);
