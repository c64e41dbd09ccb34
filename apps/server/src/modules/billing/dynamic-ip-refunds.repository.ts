import { PROXY_RULES, PROXY_STATUS } from '@ptc/contracts';
import { and, type Database, eq, exitInService, exits, gte, isNull, lte, ne, proxies, sql } from '@ptc/db';

/** How far back the refund job looks for purchases (it runs every minute; this survives missed runs). */
const LOOK_BACK_MS = 60 * 60_000;

const windowSeconds = PROXY_RULES.DYNAMIC_IP_REFUND_WINDOW_MS / 1_000;

/** The exits that can serve the proxy of the outer query: its own one, else the rotating ones of its area. */
const servingExits = sql`(
  case when ${proxies.exitId} is not null then ${exits.id} = ${proxies.exitId}
  else not ${exits.isStatic}
    and (${proxies.country} is null or ${exits.country} = ${proxies.country})
    and (${proxies.state} is null or lower(${exits.state}) = lower(${proxies.state}))
    and (${proxies.city} is null or ${exits.city} = ${proxies.city})
    and (${proxies.line} is null or ${exits.line} = ${proxies.line})
    and (${proxies.exitType} is null or ${exits.type} = ${proxies.exitType})
  end)`;

/**
 * Dynamic-IP proxies whose exit failed within the refund window of their purchase: no exit that
 * can serve them is healthy, and the last of those exits failed (its `last_failure_at`, else when
 * it was last changed) no later than 3 minutes after the purchase — an exit that was already down
 * when the IP was bought counts too. Live, not yet invalid, bought within the last hour.
 */
export const listFailedDynamicIps = (db: Database, now: Date) =>
  db
    .select({ id: proxies.id })
    .from(proxies)
    .where(
      and(
        eq(proxies.family, 'dynamic-ip'),
        isNull(proxies.deletedAt),
        ne(proxies.status, PROXY_STATUS.INVALID),
        gte(proxies.purchasedAt, new Date(now.getTime() - LOOK_BACK_MS)),
        lte(proxies.purchasedAt, now),
        sql`not exists (select 1 from ${exits} where ${servingExits} and ${exitInService})`,
        sql`coalesce((select max(coalesce(${exits.lastFailureAt}, ${exits.updatedAt})) from ${exits} where ${servingExits}), ${proxies.purchasedAt})
          <= ${proxies.purchasedAt} + make_interval(secs => ${windowSeconds})`,
      ),
    );

/** A proxy to refund, locked; null once it is invalid (refunded already). */
export const lockRefundableProxy = async (db: Database, proxyId: bigint) => {
  const [row] = await db
    .select({
      id: proxies.id,
      publicId: proxies.publicId,
      userId: proxies.userId,
      costTotal: proxies.costTotal,
    })
    .from(proxies)
    .where(and(eq(proxies.id, proxyId), ne(proxies.status, PROXY_STATUS.INVALID)))
    .for('update');
  return row ?? null;
};

/** Marks a refunded proxy invalid and takes the refund off its cost. */
export const markRefunded = async (db: Database, proxyId: bigint, refunded: bigint) => {
  await db
    .update(proxies)
    .set({ status: PROXY_STATUS.INVALID, costTotal: sql`${proxies.costTotal} - ${refunded}` })
    .where(eq(proxies.id, proxyId));
};
