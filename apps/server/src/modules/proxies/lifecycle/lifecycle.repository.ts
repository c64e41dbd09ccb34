import { PROXY_RULES, PROXY_STATUS } from '@ptc/contracts';
import {
  and,
  autoTopUps,
  balanceAlarms,
  type Database,
  eq,
  exits,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  proxies,
  proxyExports,
  sql,
  trafficAlarms,
  users,
} from '@ptc/db';

const at = (now: Date, offsetMs: number) => new Date(now.getTime() + offsetMs);

/** Locks one proxy row for a change that must see its latest state (renewal). */
export const lockProxy = async (db: Database, id: bigint) => {
  const [row] = await db.select().from(proxies).where(eq(proxies.id, id)).for('update');
  return row ?? null;
};

/** Marks proxies past their expiry time as expired (3); answers their ids. */
export const markExpired = (db: Database, now: Date) =>
  db
    .update(proxies)
    .set({ status: PROXY_STATUS.EXPIRED })
    .where(
      and(
        inArray(proxies.status, [PROXY_STATUS.NORMAL, PROXY_STATUS.UNHEALTHY]),
        lte(proxies.expiresAt, now),
        isNull(proxies.deletedAt),
      ),
    )
    .returning({ id: proxies.id });

/**
 * Static IP proxies due for automatic renewal: flag on, still holding their address, expiring
 * within the lead time (or expired but not yet released, when the job could not run in time).
 */
export const findDueAutoRenewals = async (db: Database, now: Date, limit: number) =>
  (
    await db
      .select({ id: proxies.id })
      .from(proxies)
      .where(
        and(
          eq(proxies.family, 'static-ip'),
          eq(proxies.autoRenew, true),
          isNull(proxies.deletedAt),
          isNull(proxies.releasedAt),
          isNotNull(proxies.exitId),
          ne(proxies.status, PROXY_STATUS.INVALID),
          lte(proxies.expiresAt, at(now, PROXY_RULES.AUTO_RENEW_LEAD_MS)),
          gt(proxies.expiresAt, at(now, -PROXY_RULES.STATIC_RELEASE_AFTER_MS)),
        ),
      )
      .orderBy(proxies.expiresAt)
      .limit(limit)
  ).map((row) => row.id);

/** Turns automatic renewal off; answers the proxy only for the caller that turned it off (notify once). */
export const disableAutoRenew = async (db: Database, id: bigint) => {
  const [row] = await db
    .update(proxies)
    .set({ autoRenew: false })
    .where(and(eq(proxies.id, id), eq(proxies.autoRenew, true)))
    .returning();
  return row ?? null;
};

/**
 * Frees the addresses of static IP proxies expired for the release delay and not renewed: the
 * proxy stays (expired) in the list, without its exit. Answers the ids.
 */
export const releaseExpiredStaticExits = (db: Database, now: Date) =>
  db
    .update(proxies)
    .set({ exitId: null, releasedAt: now, status: PROXY_STATUS.EXPIRED })
    .where(
      and(
        eq(proxies.family, 'static-ip'),
        isNotNull(proxies.exitId),
        isNull(proxies.releasedAt),
        isNull(proxies.deletedAt),
        lte(proxies.expiresAt, at(now, -PROXY_RULES.STATIC_RELEASE_AFTER_MS)),
      ),
    )
    .returning({ id: proxies.id });

/** Where and in which language to tell a user something: the language saved with their settings. */
export const findNoticeAddress = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({
      email: users.email,
      /** The owner's custom discount, to quote the renewal price they would have paid. */
      discountBasisPoints: users.discountBasisPoints,
      lang: sql<string>`coalesce(
        (select ${balanceAlarms.lang} from ${balanceAlarms} where ${balanceAlarms.userId} = ${users.id}),
        (select ${autoTopUps.lang} from ${autoTopUps} where ${autoTopUps.userId} = ${users.id}),
        (select ${trafficAlarms.lang} from ${trafficAlarms} where ${trafficAlarms.userId} = ${users.id}),
        case when ${users.region} = 'china' then 'zh-CN' else 'en-US' end)`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
};

/** The address of an exit (for notices). */
export const findExitIp = async (db: Database, exitId: bigint | null) => {
  if (exitId === null) return null;
  const [row] = await db.select({ ip: exits.ip }).from(exits).where(eq(exits.id, exitId));
  return row?.ip ?? null;
};

/** Deletes export files past their expiry; answers how many. */
export const deleteExpiredExports = async (db: Database, now: Date) =>
  (await db.delete(proxyExports).where(lte(proxyExports.expiresAt, now)).returning({ id: proxyExports.id }))
    .length;
