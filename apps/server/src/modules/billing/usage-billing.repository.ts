import { PROXY_STATUS } from '@ptc/contracts';
import { and, type Database, eq, inArray, isNull, or, proxies, sql, users } from '@ptc/db';

/** The families billed by traffic after use (SPEC §3). */
export const TRAFFIC_FAMILIES = ['dynamic-traffic', 'static-traffic'] as const;

const isTrafficBilled = inArray(proxies.family, [...TRAFFIC_FAMILIES]);

/**
 * Traffic-billed proxies that carried bytes not billed yet. Usage is read from the proxies'
 * lifetime counters (`bytes_up + bytes_down`), which the gateway's usage flush raises in the same
 * transaction as the hourly buckets, so both sources always agree.
 */
export const listUnbilledProxies = (db: Database) =>
  db
    .select({ id: proxies.id, userId: proxies.userId })
    .from(proxies)
    .where(and(isTrafficBilled, sql`${proxies.bytesUp} + ${proxies.bytesDown} > ${proxies.billedBytes}`))
    .orderBy(proxies.userId, proxies.id);

/** A proxy's billing state, locked until the end of the transaction. */
export const lockProxyForBilling = async (db: Database, proxyId: bigint) => {
  const [row] = await db
    .select({
      id: proxies.id,
      publicId: proxies.publicId,
      userId: proxies.userId,
      family: proxies.family,
      line: proxies.line,
      exitType: proxies.exitType,
      bytesUp: proxies.bytesUp,
      bytesDown: proxies.bytesDown,
      billedBytes: proxies.billedBytes,
      billingRemainder: proxies.billingRemainder,
    })
    .from(proxies)
    .where(eq(proxies.id, proxyId))
    .for('update');
  return row ?? null;
};

/** A user's balance, locked until the end of the transaction. */
export const lockBalance = async (db: Database, userId: bigint): Promise<bigint> => {
  const [row] = await db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.balance ?? 0n;
};

/** Records what a billing step did to a proxy. */
export const recordProxyBilling = async (
  db: Database,
  proxyId: bigint,
  step: { billedBytes: bigint; billingRemainder: bigint; charged: bigint },
) => {
  await db
    .update(proxies)
    .set({
      billedBytes: step.billedBytes,
      billingRemainder: step.billingRemainder,
      costTotal: sql`${proxies.costTotal} + ${step.charged}`,
    })
    .where(eq(proxies.id, proxyId));
};

/** A user's live traffic-billed proxies that are still on or rotating. */
export const listRunningTrafficProxies = async (db: Database, userId: bigint) => {
  const rows = await db
    .select({ id: proxies.id })
    .from(proxies)
    .where(
      and(
        eq(proxies.userId, userId),
        isTrafficBilled,
        isNull(proxies.deletedAt),
        or(eq(proxies.switch, PROXY_STATUS.ON), eq(proxies.rotation, true)),
      ),
    );
  return rows.map((row) => row.id);
};
