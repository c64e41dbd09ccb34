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
