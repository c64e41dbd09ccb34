import { BYTES_PER_GB } from '@ptc/contracts';
import { and, type Database, eq, inArray, sql, trafficAlarms, trafficPools, users } from '@ptc/db';

/** Bytes of usable bought traffic of the alarm's user at `now`. */
const usableBytes = (now: Date) =>
  sql`(select coalesce(sum(${trafficPools.bytesTotal} - ${trafficPools.bytesUsed}), 0) from ${trafficPools}
    where ${trafficPools.userId} = ${trafficAlarms.userId} and ${trafficPools.bytesUsed} < ${trafficPools.bytesTotal}
    and (${trafficPools.expiresAt} is null or ${trafficPools.expiresAt} > ${now}))`;

const thresholdBytes = sql`${trafficAlarms.thresholdGb}::bigint * ${BYTES_PER_GB}`;

/** A user's traffic alarm. */
export const findTrafficAlarm = async (db: Database, userId: bigint) => {
  const [row] = await db.select().from(trafficAlarms).where(eq(trafficAlarms.userId, userId)).limit(1);
  return row ?? null;
};

/** Saves a traffic alarm (re-armed). */
export const upsertTrafficAlarm = async (db: Database, row: typeof trafficAlarms.$inferInsert) => {
  await db
    .insert(trafficAlarms)
    .values({ ...row, armed: true })
    .onConflictDoUpdate({
      target: trafficAlarms.userId,
      set: {
        enabled: row.enabled,
        thresholdGb: row.thresholdGb,
        method: row.method,
        address: row.address,
        lang: row.lang,
        armed: true,
      },
    });
};

/** Re-arms alarms whose bought traffic is back at or above the threshold. */
export const rearmTrafficAlarms = async (db: Database, now: Date) => {
  await db
    .update(trafficAlarms)
    .set({ armed: true })
    .where(and(eq(trafficAlarms.armed, false), sql`${usableBytes(now)} >= ${thresholdBytes}`));
};

/**
 * Takes (disarms) every enabled, armed alarm of a live user who bought traffic and has less than
 * the threshold left, with the bytes left: each crossing fires once, even with several runners.
 */
export const takeDueTrafficAlarms = async (db: Database, now: Date) => {
  const due = await db
    .update(trafficAlarms)
    .set({ armed: false, lastNotifiedAt: now })
    .where(
      and(
        eq(trafficAlarms.enabled, true),
        eq(trafficAlarms.armed, true),
        sql`exists (select 1 from ${users} where ${users.id} = ${trafficAlarms.userId} and ${users.deletedAt} is null)`,
        sql`exists (select 1 from ${trafficPools} where ${trafficPools.userId} = ${trafficAlarms.userId})`,
        sql`${usableBytes(now)} < ${thresholdBytes}`,
      ),
    )
    .returning();
  if (due.length === 0) return [];
  const lefts = await db
    .select({
      userId: trafficPools.userId,
      left: sql<string>`coalesce(sum(${trafficPools.bytesTotal} - ${trafficPools.bytesUsed}) filter (where ${trafficPools.bytesUsed} < ${trafficPools.bytesTotal} and (${trafficPools.expiresAt} is null or ${trafficPools.expiresAt} > ${now})), 0)::text`,
    })
    .from(trafficPools)
    .where(
      inArray(
        trafficPools.userId,
        due.map((alarm) => alarm.userId),
      ),
    )
    .groupBy(trafficPools.userId);
  const leftOf = new Map(lefts.map((row) => [row.userId, BigInt(row.left)]));
  return due.map((alarm) => ({ ...alarm, bytesLeft: leftOf.get(alarm.userId) ?? 0n }));
};
