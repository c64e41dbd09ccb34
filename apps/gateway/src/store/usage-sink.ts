import { chargeForBytes, isTrafficFamily } from '@ptc/contracts';
import {
  and,
  creditGrants,
  type Database,
  type DatabaseHandle,
  eq,
  inArray,
  proxies,
  proxyUsageHourly,
  sql,
  usageBatches,
  users,
} from '@ptc/db';
import type { UsageBatch, UsageSink } from '../ports';
import { writeDomainUsage } from './domain-usage-writer';
import { type PriceTable, readPriceTable, trafficPriceOf } from './price-table';
import { recordSubUserUsage } from './sub-user-columns';

const HOUR_MS = 3_600_000;

/** Options of the database usage sink. */
export interface DbUsageSinkOptions {
  /** The gateway process whose credit holds the usage consumes (`createDbCreditStore`'s holder). */
  holder?: string | null;
}

/** What one delta does to its proxy's row. */
interface ProxyStep {
  id: bigint;
  bytesUp: bigint;
  bytesDown: bigint;
  accruedBytes: bigint;
  accruedPackageBytes: bigint;
  accruedCost: bigint;
  /** The carried fraction of a micro-PTC after pricing; null: unchanged (families paid in advance). */
  remainder: bigint | null;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Applies the gateway's usage batches to the hourly buckets and the proxies' lifetime counters,
 * each batch at most once (its id is recorded in the same transaction), and prices what proxies
 * billed by traffic carried (DESIGN §4 Credit control): the bytes the gateway carried on package
 * credit come out of its package hold, the rest is priced at the proxy's price (to the micro-PTC,
 * the fraction carried) and comes out of its money hold; both stay held (`users.held*`) as the
 * proxy's accrued usage until the billing job settles it into the ledger. What a hold could not
 * cover (bytes past the gateway's allowance) is added to the owner's holds the same way.
 */
export const createDbUsageSink = (handle: DatabaseHandle, options: DbUsageSinkOptions = {}): UsageSink => ({
  flush: async (batch: UsageBatch) => {
    const holder = options.holder ?? null;
    const deltas = batch.deltas.filter(
      (delta) => delta.bytesUp > 0 || delta.bytesDown > 0 || delta.connections > 0,
    );
    const hour = new Date(Math.floor(batch.at.getTime() / HOUR_MS) * HOUR_MS);
    await handle.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const fresh = await t
        .insert(usageBatches)
        .values({ batchId: batch.batchId })
        .onConflictDoNothing()
        .returning({ batchId: usageBatches.batchId });
      if (fresh.length === 0 || deltas.length === 0) return;
      const ids = deltas.map((delta) => BigInt(delta.proxyId));
      // Proxies, then their owners, then the holds: the lock order of every transaction that
      // touches more than one of them (renewals, refunds and billing lock a proxy, then its owner).
      // Usage of a proxy deleted meanwhile has nowhere to go.
      const rows = await t
        .select({
          id: proxies.id,
          userId: proxies.userId,
          family: proxies.family,
          line: proxies.line,
          exitType: proxies.exitType,
          billingRemainder: proxies.billingRemainder,
        })
        .from(proxies)
        .where(inArray(proxies.id, ids))
        .orderBy(proxies.id)
        .for('update');
      const byId = new Map(rows.map((row) => [row.id.toString(), row]));
      const kept = deltas.filter((delta) => byId.has(delta.proxyId));
      if (kept.length === 0) return;
      const metered = rows.filter((row) => isTrafficFamily(row.family));
      const ownerIds = [...new Set(metered.map((row) => row.userId))];
      /** Each owner's custom discount, read under the owners' locks. */
      const discountOf = new Map<bigint, number>();
      if (ownerIds.length > 0) {
        const owners = await t
          .select({ id: users.id, discountBasisPoints: users.discountBasisPoints })
          .from(users)
          .where(inArray(users.id, ownerIds))
          .orderBy(users.id)
          .for('update');
        for (const owner of owners) discountOf.set(owner.id, owner.discountBasisPoints);
      }
      const grants =
        holder && ownerIds.length > 0
          ? await t
              .select()
              .from(creditGrants)
              .where(and(eq(creditGrants.holder, holder), inArray(creditGrants.userId, ownerIds)))
              .for('update')
          : [];
      const holdOf = new Map(grants.map((grant) => [grant.userId, { ...grant, isChanged: false }]));
      const table: PriceTable = metered.length > 0 ? await readPriceTable(t) : new Map();
      /** Micro-PTC each owner's holds grow by: priced usage no hold covered. */
      const beyondHolds = new Map<bigint, bigint>();

      const steps: ProxyStep[] = kept.map((delta) => {
        const proxy = byId.get(delta.proxyId);
        if (!proxy) throw new Error('kept a delta without its proxy');
        const bytesUp = BigInt(delta.bytesUp);
        const bytesDown = BigInt(delta.bytesDown);
        const step: ProxyStep = {
          id: proxy.id,
          bytesUp,
          bytesDown,
          accruedBytes: 0n,
          accruedPackageBytes: 0n,
          accruedCost: 0n,
          remainder: null,
        };
        if (!isTrafficFamily(proxy.family)) return step;
        const bytes = bytesUp + bytesDown;
        const hold = holdOf.get(proxy.userId);
        const fromPackage = min(
          min(BigInt(Math.max(0, delta.packageBytes)), bytes),
          hold?.packageBytes ?? 0n,
        );
        const priced = chargeForBytes(
          bytes - fromPackage,
          trafficPriceOf(proxy, table, discountOf.get(proxy.userId) ?? 0),
          proxy.billingRemainder,
        );
        // The next delta of the same proxy carries on from this remainder.
        proxy.billingRemainder = priced.remainder;
        const fromHold = min(priced.charge, hold?.amount ?? 0n);
        if (hold && (fromPackage > 0n || fromHold > 0n)) {
          hold.packageBytes -= fromPackage;
          hold.amount -= fromHold;
          hold.isChanged = true;
        }
        if (priced.charge > fromHold) {
          beyondHolds.set(proxy.userId, (beyondHolds.get(proxy.userId) ?? 0n) + priced.charge - fromHold);
        }
        step.accruedBytes = bytes;
        step.accruedPackageBytes = fromPackage;
        step.accruedCost = priced.charge;
        step.remainder = priced.remainder;
        return step;
      });

      await t
        .insert(proxyUsageHourly)
        .values(
          kept.map((delta) => ({
            proxyId: BigInt(delta.proxyId),
            hour,
            bytesUp: BigInt(delta.bytesUp),
            bytesDown: BigInt(delta.bytesDown),
            connections: delta.connections,
          })),
        )
        .onConflictDoUpdate({
          target: [proxyUsageHourly.proxyId, proxyUsageHourly.hour],
          set: {
            bytesUp: sql`${proxyUsageHourly.bytesUp} + excluded.bytes_up`,
            bytesDown: sql`${proxyUsageHourly.bytesDown} + excluded.bytes_down`,
            connections: sql`${proxyUsageHourly.connections} + excluded.connections`,
            updatedAt: sql`now()`,
          },
        });
      await writeDomainUsage(t, hour, batch.domains, new Set(kept.map((delta) => delta.proxyId)));
      // One statement for every proxy of the batch.
      const values = sql.join(
        steps.map(
          (step) =>
            sql`(${step.id}::bigint, ${step.bytesUp}::bigint, ${step.bytesDown}::bigint, ${step.accruedBytes}::bigint, ${step.accruedPackageBytes}::bigint, ${step.accruedCost}::bigint, ${step.remainder}::bigint)`,
        ),
        sql`, `,
      );
      await t.execute(sql`
        update ${proxies} set
          bytes_up = ${proxies}.bytes_up + v.up,
          bytes_down = ${proxies}.bytes_down + v.down,
          accrued_bytes = ${proxies}.accrued_bytes + v.accrued_bytes,
          accrued_package_bytes = ${proxies}.accrued_package_bytes + v.accrued_package_bytes,
          accrued_cost = ${proxies}.accrued_cost + v.accrued_cost,
          billing_remainder = coalesce(v.remainder, ${proxies}.billing_remainder),
          last_used_at = ${batch.at.toISOString()}::timestamptz
        from (values ${values}) as v(id, up, down, accrued_bytes, accrued_package_bytes, accrued_cost, remainder)
        where ${proxies}.id = v.id`);
      // Sub-users' figures and limits (issue #21): what their credentials carried today.
      await recordSubUserUsage(t, steps, batch.at, holder);
      for (const hold of holdOf.values()) {
        if (!hold.isChanged) continue;
        await t
          .update(creditGrants)
          .set({ amount: hold.amount, packageBytes: hold.packageBytes, updatedAt: sql`now()` })
          .where(and(eq(creditGrants.userId, hold.userId), eq(creditGrants.holder, hold.holder)));
      }
      for (const [userId, amount] of beyondHolds) {
        await t
          .update(users)
          .set({ held: sql`${users.held} + ${amount}` })
          .where(eq(users.id, userId));
      }
    });
  },
});
