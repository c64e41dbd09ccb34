import { randomUUID } from 'node:crypto';
import { costOfBytes } from '@ptc/contracts';
import {
  and,
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
  trafficPools,
  users,
} from '@ptc/db';
import type { CreditAnswer, CreditRequest, CreditStore } from '../ports';

/** How long a hold lives without renewal (a crashed gateway's holds lapse after this). */
export const DEFAULT_CREDIT_TTL_MS = 30_000;

const NO_FUNDS: CreditAnswer = { ok: false, reason: 'no_funds' };

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
  const lapsed = await db
    .selectDistinct({ userId: creditGrants.userId })
    .from(creditGrants)
    .where(lt(creditGrants.expiresAt, sql`now()`));
  if (lapsed.length === 0) return 0;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const locked = await lockUsers(
      t,
      lapsed.map((row) => row.userId),
    );
    return dropLapsed(
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

    renew: async () => {
      await handle.db
        .update(creditGrants)
        .set({ expiresAt: inMs(ttlMs) })
        .where(eq(creditGrants.holder, holder));
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
