import { PROXY_STATUS, TRAFFIC_FAMILIES } from '@ptc/contracts';
import {
  and,
  type Database,
  eq,
  exitInService,
  exits,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  proxies,
  sql,
  trafficPools,
  users,
} from '@ptc/db';
import { isExitLeased } from '../areas/supply';

/** A rotating proxy due for a new exit, with what the job needs to decide. */
export type DueRotation = Awaited<ReturnType<typeof listDueRotations>>[number];

/**
 * Live, switched-on traffic proxies with rotation on whose period has passed, or whose leased exit
 * became unhealthy; with the health of that exit and whether the user still has funds (balance or
 * bought traffic).
 */
export const listDueRotations = (db: Database, now: Date, periodMs: number) =>
  db
    .select({
      id: proxies.id,
      family: proxies.family,
      country: proxies.country,
      state: proxies.state,
      city: proxies.city,
      line: proxies.line,
      exitType: proxies.exitType,
      exitId: proxies.exitId,
      isExitHealthy: sql<boolean>`coalesce(${exitInService}, true)`,
      hasFunds: sql<boolean>`(${users.balance} > 0 or exists (select 1 from ${trafficPools} where ${trafficPools.userId} = ${users.id} and ${trafficPools.bytesUsed} < ${trafficPools.bytesTotal} and (${trafficPools.expiresAt} is null or ${trafficPools.expiresAt} > ${now})))`,
    })
    .from(proxies)
    .innerJoin(users, eq(users.id, proxies.userId))
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(
      and(
        eq(proxies.rotation, true),
        inArray(proxies.family, [...TRAFFIC_FAMILIES]),
        isNull(proxies.deletedAt),
        eq(proxies.switch, PROXY_STATUS.ON),
        inArray(proxies.status, [PROXY_STATUS.NORMAL, PROXY_STATUS.UNHEALTHY]),
        or(isNull(proxies.expiresAt), gt(proxies.expiresAt, now)),
        or(
          isNull(proxies.lastRotatedAt),
          lte(proxies.lastRotatedAt, new Date(now.getTime() - periodMs)),
          sql`not ${exitInService}`,
        ),
      ),
    )
    .orderBy(proxies.id);

/**
 * Free healthy static exits in the proxy's country (and type), other than its own: those in its
 * city first, then its state, in random order so rotation spreads over the inventory.
 */
export const listFreeStaticExits = (db: Database, proxy: DueRotation, limit: number) =>
  db
    .select({ id: exits.id })
    .from(exits)
    .where(
      and(
        eq(exits.isStatic, true),
        exitInService,
        eq(exits.country, proxy.country ?? ''),
        proxy.exitType ? eq(exits.type, proxy.exitType) : undefined,
        proxy.exitId ? ne(exits.id, proxy.exitId) : undefined,
        sql`not ${isExitLeased}`,
      ),
    )
    .orderBy(
      sql`coalesce(${exits.city} = ${proxy.city}, false) desc`,
      sql`coalesce(lower(${exits.state}) = lower(${proxy.state}), false) desc`,
      sql`random()`,
    )
    .limit(limit);

/** Whether any healthy rotating exit serves a proxy's area, line and type (what the gateway picks from). */
export const hasHealthyExitFor = async (db: Database, proxy: DueRotation) => {
  const [row] = await db
    .select({ id: exits.id })
    .from(exits)
    .where(
      and(
        exitInService,
        eq(exits.isStatic, false),
        proxy.country ? eq(exits.country, proxy.country) : undefined,
        proxy.state ? sql`lower(${exits.state}) = lower(${proxy.state})` : undefined,
        proxy.city ? eq(exits.city, proxy.city) : undefined,
        proxy.line ? eq(exits.line, proxy.line) : undefined,
        proxy.exitType ? eq(exits.type, proxy.exitType) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** Moves a static proxy's lease from `fromExitId` to `toExitId` (unless it moved meanwhile). */
export const moveLease = async (
  db: Database,
  proxyId: bigint,
  fromExitId: bigint,
  toExitId: bigint,
  now: Date,
) => {
  const moved = await db
    .update(proxies)
    .set({ exitId: toExitId, lastRotatedAt: now, status: PROXY_STATUS.NORMAL })
    .where(and(eq(proxies.id, proxyId), eq(proxies.exitId, fromExitId)))
    .returning({ id: proxies.id });
  return moved.length > 0;
};

/** Records a rotation without a lease: a new session, so clients and gateways move to another exit. */
export const rotateSession = async (db: Database, proxyId: bigint, session: string, now: Date) => {
  await db
    .update(proxies)
    .set({ session, lastRotatedAt: now, status: PROXY_STATUS.NORMAL })
    .where(eq(proxies.id, proxyId));
};

/** Records a rotation period that found nothing better than the current exit. */
export const touchRotation = async (db: Database, proxyId: bigint, now: Date) => {
  await db.update(proxies).set({ lastRotatedAt: now }).where(eq(proxies.id, proxyId));
};

/** Turns rotation off; with `invalid`, the proxy also becomes invalid (2) and its lease is freed. */
export const stopRotation = async (db: Database, proxyId: bigint, options: { invalid: boolean }) => {
  await db
    .update(proxies)
    .set({ rotation: false, ...(options.invalid ? { status: PROXY_STATUS.INVALID } : {}) })
    .where(eq(proxies.id, proxyId));
};
