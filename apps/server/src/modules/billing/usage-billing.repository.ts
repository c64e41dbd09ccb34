import { TRAFFIC_FAMILIES } from '@ptc/contracts';
import { and, type Database, eq, inArray, isNull, or, proxies, sql } from '@ptc/db';

const isTrafficBilled = inArray(proxies.family, [...TRAFFIC_FAMILIES]);

/**
 * Traffic-billed proxies with usage to settle: bytes carried and not billed yet, or money still
 * owed for bytes billed when the balance could not pay. Usage is read from the proxies' lifetime
 * counters (`bytes_up + bytes_down`), which the gateway's usage flush raises in the same
 * transaction as the hourly buckets and the accrued cost, so all of them always agree.
 */
export const listUnbilledProxies = (db: Database) =>
  db
    .select({ id: proxies.id, userId: proxies.userId })
    .from(proxies)
    .where(
      and(
        isTrafficBilled,
        or(
          sql`${proxies.bytesUp} + ${proxies.bytesDown} > ${proxies.billedBytes}`,
          sql`${proxies.accruedCost} > 0`,
        ),
      ),
    )
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
      accruedBytes: proxies.accruedBytes,
      accruedPackageBytes: proxies.accruedPackageBytes,
      accruedCost: proxies.accruedCost,
    })
    .from(proxies)
    .where(eq(proxies.id, proxyId))
    .for('update');
  return row ?? null;
};

/**
 * Records what settling a proxy did: every carried byte billed, the carried fraction of a
 * micro-PTC, nothing accrued any more but what the balance could not pay (`owed`).
 */
export const recordProxyBilling = async (
  db: Database,
  proxyId: bigint,
  step: { billedBytes: bigint; billingRemainder: bigint; charged: bigint; owed: bigint },
) => {
  await db
    .update(proxies)
    .set({
      billedBytes: step.billedBytes,
      billingRemainder: step.billingRemainder,
      accruedBytes: 0n,
      accruedPackageBytes: 0n,
      accruedCost: step.owed,
      costTotal: sql`${proxies.costTotal} + ${step.charged}`,
    })
    .where(eq(proxies.id, proxyId));
};

/** Stops the rotation of proxies (their owner's funds ran out, SPEC §4). */
export const stopRotation = async (db: Database, proxyIds: readonly bigint[]) => {
  if (proxyIds.length === 0) return;
  await db
    .update(proxies)
    .set({ rotation: false })
    .where(inArray(proxies.id, [...proxyIds]));
};

/** A user's live traffic-billed proxies that rotate. */
export const listRotatingTrafficProxies = async (db: Database, userId: bigint) => {
  const rows = await db
    .select({ id: proxies.id })
    .from(proxies)
    .where(
      and(eq(proxies.userId, userId), isTrafficBilled, isNull(proxies.deletedAt), eq(proxies.rotation, true)),
    );
  return rows.map((row) => row.id);
};
