import {
  and,
  count,
  type Database,
  desc,
  eq,
  exits,
  isNull,
  ledgerEntries,
  or,
  paymentOrders,
  proxies,
  sessions,
  sql,
  users,
} from '@ptc/db';

export type CustomerRow = typeof users.$inferSelect;

/**
 * Live customers matching `text`: exactly by uid, email, phone or user name (case-insensitive),
 * or owning a proxy of that username or leasing/using an exit of that IP. At most `limit`.
 */
export const searchCustomers = async (db: Database, text: string, limit: number) => {
  const lowered = text.toLowerCase();
  const viaProxy = db
    .select({ userId: proxies.userId })
    .from(proxies)
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(or(eq(proxies.username, lowered), eq(exits.ip, text)));
  return db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(
          eq(users.uid, text),
          sql`lower(${users.email}) = ${lowered}`,
          eq(users.phone, text),
          sql`lower(${users.username}) = ${lowered}`,
          sql`${users.id} in (${viaProxy})`,
        ),
      ),
    )
    .orderBy(desc(users.id))
    .limit(limit);
};

export const findCustomerByUid = async (db: Database, uid: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.uid, uid), isNull(users.deletedAt)));
  return row ?? null;
};

/** The newest ledger entries of a customer. */
export const listLedger = (db: Database, userId: bigint, limit: number) =>
  db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);

/** The newest payment orders of a customer. */
export const listOrders = (db: Database, userId: bigint, limit: number) =>
  db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(desc(paymentOrders.id))
    .limit(limit);

/** How many live proxies the customer has per family, and bytes they carried in all. */
export const summariseProxies = (db: Database, userId: bigint) =>
  db
    .select({
      family: proxies.family,
      live: count(),
      bytes: sql<string>`coalesce(sum(${proxies.bytesUp} + ${proxies.bytesDown}), 0)::text`,
    })
    .from(proxies)
    .where(and(eq(proxies.userId, userId), isNull(proxies.deletedAt)))
    .groupBy(proxies.family);

/** Ids of the customer's live proxies (gateways are told when the account changes). */
export const listProxyIds = async (db: Database, userId: bigint) =>
  (
    await db
      .select({ id: proxies.id })
      .from(proxies)
      .where(and(eq(proxies.userId, userId), isNull(proxies.deletedAt)))
  ).map((row) => row.id);

/** Locks or unlocks an account; answers the row as it is now. */
export const setLocked = async (db: Database, userId: bigint, lockedAt: Date | null) => {
  const [row] = await db.update(users).set({ lockedAt }).where(eq(users.id, userId)).returning();
  return row ?? null;
};

/** Ends every live session of the customer; answers how many. */
export const revokeSessions = async (db: Database, userId: bigint, now: Date) =>
  (
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
  ).length;
