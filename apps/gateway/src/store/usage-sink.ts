import {
  type Database,
  type DatabaseHandle,
  eq,
  inArray,
  proxies,
  proxyUsageHourly,
  sql,
  usageBatches,
} from '@ptc/db';
import type { UsageBatch, UsageSink } from '../ports';

const HOUR_MS = 3_600_000;

/**
 * Applies the gateway's usage batches to the hourly buckets and the proxies' lifetime counters,
 * each batch at most once (its id is recorded in the same transaction).
 */
export const createDbUsageSink = (handle: DatabaseHandle): UsageSink => ({
  flush: async (batch: UsageBatch) => {
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
      // Usage of a proxy deleted meanwhile has nowhere to go.
      const known = new Set(
        (
          await t
            .select({ id: proxies.id })
            .from(proxies)
            .where(
              inArray(
                proxies.id,
                deltas.map((delta) => BigInt(delta.proxyId)),
              ),
            )
        ).map((row) => row.id.toString()),
      );
      const kept = deltas.filter((delta) => known.has(delta.proxyId));
      if (kept.length === 0) return;
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
      for (const delta of kept) {
        await t
          .update(proxies)
          .set({
            bytesUp: sql`${proxies.bytesUp} + ${BigInt(delta.bytesUp)}`,
            bytesDown: sql`${proxies.bytesDown} + ${BigInt(delta.bytesDown)}`,
            lastUsedAt: batch.at,
          })
          .where(eq(proxies.id, BigInt(delta.proxyId)));
      }
    });
  },
});
