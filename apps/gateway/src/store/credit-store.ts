import { randomUUID } from 'node:crypto';
import { costOfBytes, subUserPeriodOf } from '@ptc/contracts';
import {
  and,
  asc,
  creditGrants,
  type Database,
  type DatabaseHandle,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  or,
  sql,
  subUserGrants,
  subUsers,
  subUserUsageDaily,
  trafficPools,
  users,
} from '@ptc/db';
import type {
  CreditAnswer,
  CreditRequest,
  CreditStore,
  SubUserCreditAnswer,
  SubUserCreditRequest,
} from '../ports';

/** How long a hold lives without renewal (a crashed gateway's holds lapse after this). */
export const DEFAULT_CREDIT_TTL_MS = 30_000;

const NO_FUNDS: CreditAnswer = { ok: false, reason: 'no_funds' };
const SUB_USER_LIMIT: SubUserCreditAnswer = { ok: false, reason: 'sub_user_limit' };

/** `now() + ms` in the database's clock (holds are judged by one clock, whatever host renews them). */
const inMs = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/**
 * Gives back the lapsed holds (their holder stopped renewing them, e.g. it was killed) of the given
 * users, whose rows the caller has locked. Answers how many holds went.
 */
const dropLapsed = async (db: Database, userIds: readonly bigint[]): Promise<number> => {
  if (userIds.length === 0) return 0;
  const dropped = await db
    .delete(creditGrants)
    .where(and(inArray(creditGrants.userId, [...userIds]), lt(creditGrants.expiresAt, sql`now()`)))
    .returning({
      userId: creditGrants.userId,
      amount: creditGrants.amount,
      packageBytes: creditGrants.packageBytes,
    });
  await unhold(db, dropped);
  return dropped.length;
};

/** Takes amounts that are no longer held out of their users' holds (rows locked by the caller). */
const unhold = async (db: Database, rows: { userId: bigint; amount: bigint; packageBytes: bigint }[]) => {
  const byUser = new Map<bigint, { amount: bigint; packageBytes: bigint }>();
  for (const row of rows) {
    const sum = byUser.get(row.userId) ?? { amount: 0n, packageBytes: 0n };
    sum.amount += row.amount;
    sum.packageBytes += row.packageBytes;
    byUser.set(row.userId, sum);
  }
  for (const [userId, sum] of byUser) {
    if (sum.amount === 0n && sum.packageBytes === 0n) continue;
    await db
      .update(users)
      .set({
        held: sql`greatest(${users.held} - ${sum.amount}, 0)`,
        heldPackageBytes: sql`greatest(${users.heldPackageBytes} - ${sum.packageBytes}, 0)`,
      })
      .where(eq(users.id, userId));
  }
};

/**
 * Locks users in id order. Lock order everywhere: proxies, then users, then their holds and
 * packages, so that no two transactions wait for each other.
 */
const lockUsers = async (db: Database, userIds: readonly bigint[]) => {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      balance: users.balance,
      held: users.held,
      heldPackageBytes: users.heldPackageBytes,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(users.id)
    .for('update');
};

/**
 * Releases every lapsed hold, of any holder (a gateway that died without giving its holds back):
 * what they held becomes spendable again. Run by every gateway as it renews its own holds and by
 * the server's jobs. Answers how many holds went.
 */
export const releaseLapsedGrants = async (db: Database): Promise<number> => {
  const subUserGrantsGone = await releaseLapsedSubUserGrants(db);
  const lapsed = await db
    .selectDistinct({ userId: creditGrants.userId })
    .from(creditGrants)
    .where(lt(creditGrants.expiresAt, sql`now()`));
  if (lapsed.length === 0) return subUserGrantsGone;
  return (
    subUserGrantsGone +
    (await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const locked = await lockUsers(
        t,
        lapsed.map((row) => row.userId),
      );
      return dropLapsed(
        t,
        locked.map((row) => row.id),
      );
    }))
  );
};

/**
 * Locks sub-users in id order (as the owner path locks users): every grant of a sub-user is made,
 * and lapsed ones dropped, under its row's lock, so two processes never hold the same remainder.
 */
const lockSubUsers = async (db: Database, subUserIds: readonly bigint[]) => {
  if (subUserIds.length === 0) return [];
  return db
    .select({
      id: subUsers.id,
      status: subUsers.status,
      period: subUsers.period,
      trafficLimitBytes: subUsers.trafficLimitBytes,
      spendingLimit: subUsers.spendingLimit,
      deletedAt: subUsers.deletedAt,
    })
    .from(subUsers)
    .where(inArray(subUsers.id, [...subUserIds]))
    .orderBy(asc(subUsers.id))
    .for('update');
};

/** Drops the lapsed grants of sub-users whose rows the caller has locked. Answers how many went. */
const dropLapsedSubUserGrants = async (db: Database, subUserIds: readonly bigint[]): Promise<number> => {
  if (subUserIds.length === 0) return 0;
  const dropped = await db
    .delete(subUserGrants)
    .where(and(inArray(subUserGrants.subUserId, [...subUserIds]), lt(subUserGrants.expiresAt, sql`now()`)))
    .returning({ subUserId: subUserGrants.subUserId });
  return dropped.length;
};

/** Releases every lapsed grant of sub-users' limits (issue #21), of any holder. Answers how many went. */
const releaseLapsedSubUserGrants = async (db: Database): Promise<number> => {
  const lapsed = await db
    .selectDistinct({ subUserId: subUserGrants.subUserId })
    .from(subUserGrants)
    .where(lt(subUserGrants.expiresAt, sql`now()`));
  if (lapsed.length === 0) return 0;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const locked = await lockSubUsers(
      t,
      lapsed.map((row) => row.subUserId),
    );
    return dropLapsedSubUserGrants(
      t,
      locked.map((row) => row.id),
    );
  });
};

/** Traffic-package bytes a user can still use (not used up, not expired). */
const usablePackageBytes = async (db: Database, userId: bigint): Promise<bigint> => {
  const [row] = await db
    .select({
      left: sql<string>`coalesce(sum(${trafficPools.bytesTotal} - ${trafficPools.bytesUsed}), 0)::text`,
    })
    .from(trafficPools)
    .where(
      and(
        eq(trafficPools.userId, userId),
        lt(trafficPools.bytesUsed, trafficPools.bytesTotal),
        or(isNull(trafficPools.expiresAt), gt(trafficPools.expiresAt, sql`now()`)),
      ),
    );
  return BigInt(row?.left ?? '0');
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** Options of the database credit store. */
export interface DbCreditStoreOptions {
  /** This gateway process's name on its holds; a fresh id by default. */
  holder?: string;
  /** How long a hold lives without renewal. Default 30 s. */
  ttlMs?: number;
}

/**
 * Credit held in the database (DESIGN §4 Credit control): a row per owner and gateway process in
 * `credit_grants`, its amounts also counted in `users.held` / `users.held_package_bytes`, so what a
 * customer can spend is `balance - held` and no purchase can spend what a grant holds. The usage
 * flush (`createDbUsageSink` with the same holder) consumes the holds.
 */
export const createDbCreditStore = (
  handle: DatabaseHandle,
  options: DbCreditStoreOptions = {},
): CreditStore & { readonly holder: string } => {
  const holder = options.holder ?? randomUUID();
  const ttlMs = options.ttlMs ?? DEFAULT_CREDIT_TTL_MS;
  return {
    holder,

    reserve: (request: CreditRequest) =>
      handle.db.transaction(async (tx): Promise<CreditAnswer> => {
        const t = tx as unknown as Database;
        const userId = BigInt(request.userId);
        const [user] = await lockUsers(t, [userId]);
        if (!user || user.deletedAt) return NO_FUNDS;
        // Lapsed holds (a crashed gateway's) are given back before anything is held anew.
        if ((await dropLapsed(t, [userId])) > 0) return reserveLocked(t, userId, request);
        return reserveLocked(t, userId, request, user);
      }),

    release: (userIds) =>
      handle.db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        const ids = userIds.map((id) => BigInt(id));
        await lockUsers(t, ids);
        const released = await t
          .delete(creditGrants)
          .where(and(eq(creditGrants.holder, holder), inArray(creditGrants.userId, ids)))
          .returning({
            userId: creditGrants.userId,
            amount: creditGrants.amount,
            packageBytes: creditGrants.packageBytes,
          });
        await unhold(t, released);
      }),

    reserveSubUser: (request: SubUserCreditRequest) =>
      handle.db.transaction(async (tx): Promise<SubUserCreditAnswer> => {
        const t = tx as unknown as Database;
        const subUserId = BigInt(request.subUserId);
        const [subUser] = await lockSubUsers(t, [subUserId]);
        // Paused or deleted meanwhile: nothing is held (the admission check answers 4016/4006).
        if (!subUser || subUser.deletedAt || subUser.status === 'paused') return SUB_USER_LIMIT;
        if (subUser.trafficLimitBytes === null && subUser.spendingLimit === null)
          return { ok: true, grant: { bytes: null, money: null } };
        await dropLapsedSubUserGrants(t, [subUserId]);
        const since = subUserPeriodOf(subUser.period, new Date()).start.toISOString().slice(0, 10);
        // One statement, one snapshot: a usage flush moves bytes from a grant to the day's usage
        // in one transaction, so the two sums never miss (or count twice) what it moved.
        const [figures] = await t
          .select({
            usedBytes: sql<string>`(select coalesce(sum(${subUserUsageDaily.bytes}), 0) from ${subUserUsageDaily} where ${subUserUsageDaily.subUserId} = ${subUserId} and ${subUserUsageDaily.day} >= ${since}::date)::text`,
            usedMoney: sql<string>`(select coalesce(sum(${subUserUsageDaily.cost}), 0) from ${subUserUsageDaily} where ${subUserUsageDaily.subUserId} = ${subUserId} and ${subUserUsageDaily.day} >= ${since}::date)::text`,
            heldBytes: sql<string>`(select coalesce(sum(${subUserGrants.bytes}), 0) from ${subUserGrants} where ${subUserGrants.subUserId} = ${subUserId})::text`,
            heldMoney: sql<string>`(select coalesce(sum(${subUserGrants.amount}), 0) from ${subUserGrants} where ${subUserGrants.subUserId} = ${subUserId})::text`,
          })
          .from(subUsers)
          .where(eq(subUsers.id, subUserId));
        const leftOf = (limit: bigint, used: string | undefined, held: string | undefined) =>
          max(limit - BigInt(used ?? '0') - BigInt(held ?? '0'), 0n);
        const bytes =
          subUser.trafficLimitBytes === null
            ? null
            : min(
                BigInt(Math.max(1, Math.ceil(request.bytes))),
                leftOf(subUser.trafficLimitBytes, figures?.usedBytes, figures?.heldBytes),
              );
        const money =
          subUser.spendingLimit === null
            ? null
            : min(
                BigInt(Math.max(1, Math.ceil(request.money))),
                leftOf(subUser.spendingLimit, figures?.usedMoney, figures?.heldMoney),
              );
        // Its traffic limit is used up, or every limit it has: nothing more can be carried.
        if (bytes === 0n || (bytes === null && money === 0n)) return SUB_USER_LIMIT;
        await t
          .insert(subUserGrants)
          .values({ subUserId, holder, bytes: bytes ?? 0n, amount: money ?? 0n, expiresAt: inMs(ttlMs) })
          .onConflictDoUpdate({
            target: [subUserGrants.subUserId, subUserGrants.holder],
            set: {
              bytes: sql`${subUserGrants.bytes} + ${bytes ?? 0n}`,
              amount: sql`${subUserGrants.amount} + ${money ?? 0n}`,
              expiresAt: inMs(ttlMs),
              updatedAt: sql`now()`,
            },
          });
        return {
          ok: true,
          grant: {
            bytes: bytes === null ? null : Number(bytes),
            money: money === null ? null : Number(money),
          },
        };
      }),

    releaseSubUsers: (subUserIds) =>
      handle.db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        const ids = subUserIds.map((id) => BigInt(id));
        await lockSubUsers(t, ids);
        await t
          .delete(subUserGrants)
          .where(and(eq(subUserGrants.holder, holder), inArray(subUserGrants.subUserId, ids)));
      }),

    renew: async () => {
      await handle.db
        .update(creditGrants)
        .set({ expiresAt: inMs(ttlMs) })
        .where(eq(creditGrants.holder, holder));
      await handle.db
        .update(subUserGrants)
        .set({ expiresAt: inMs(ttlMs) })
        .where(eq(subUserGrants.holder, holder));
      await releaseLapsedGrants(handle.db);
    },
  };

  /**
   * Holds up to the requested bytes for a locked user: package bytes not held yet first, then
   * money of the spendable balance at the request's price (rounded up to the micro-PTC).
   */
  async function reserveLocked(
    db: Database,
    userId: bigint,
    request: CreditRequest,
    locked?: { balance: bigint; held: bigint; heldPackageBytes: bigint },
  ): Promise<CreditAnswer> {
    const user = locked ?? (await lockUsers(db, [userId]))[0];
    if (!user) return NO_FUNDS;
    const wanted = BigInt(Math.max(1, Math.ceil(request.bytes)));
    const packageFree = (await usablePackageBytes(db, userId)) - user.heldPackageBytes;
    const packageBytes = min(wanted, max(packageFree, 0n));
    const price = BigInt(Math.max(1, Math.round(request.pricePerGb)));
    const spendable = user.balance - user.held;
    const money =
      packageBytes < wanted ? min(costOfBytes(wanted - packageBytes, price), max(spendable, 0n)) : 0n;
    if (packageBytes <= 0n && money <= 0n) return NO_FUNDS;
    await db
      .insert(creditGrants)
      .values({ userId, holder, amount: money, packageBytes, expiresAt: inMs(ttlMs) })
      .onConflictDoUpdate({
        target: [creditGrants.userId, creditGrants.holder],
        set: {
          amount: sql`${creditGrants.amount} + ${money}`,
          packageBytes: sql`${creditGrants.packageBytes} + ${packageBytes}`,
          expiresAt: inMs(ttlMs),
          updatedAt: sql`now()`,
        },
      });
    await db
      .update(users)
      .set({
        held: sql`${users.held} + ${money}`,
        heldPackageBytes: sql`${users.heldPackageBytes} + ${packageBytes}`,
      })
      .where(eq(users.id, userId));
    return { ok: true, credit: { packageBytes: Number(packageBytes), money: Number(money) } };
  }
};
