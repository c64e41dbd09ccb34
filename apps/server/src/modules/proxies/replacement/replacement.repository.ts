import {
  and,
  type Database,
  eq,
  exits,
  gt,
  isUniqueViolation,
  proxies,
  proxyReplacements,
  sql,
  users,
} from '@ptc/db';

/** A replacement as stored. */
export type ReplacementRow = typeof proxyReplacements.$inferSelect;

/**
 * Locks the account's row for the rest of the transaction and answers its balance: the
 * per-account limit is counted, and the zero-amount ledger entry written, under this lock.
 */
export const lockAccount = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
};

/** The replacement an account made under a request id, if any. */
export const findReplacementByRequest = async (db: Database, userId: bigint, requestId: string) => {
  const [row] = await db
    .select()
    .from(proxyReplacements)
    .where(and(eq(proxyReplacements.userId, userId), eq(proxyReplacements.requestId, requestId)))
    .limit(1);
  return row ?? null;
};

/** Replacements since `since`, of one proxy and of the whole account, with the oldest of each. */
export const countReplacements = async (db: Database, userId: bigint, proxyId: bigint, since: Date) => {
  const [row] = await db
    .select({
      accountUsed: sql<number>`count(*)::int`,
      accountOldest: sql<string | null>`min(${proxyReplacements.createdAt})::text`,
      proxyUsed: sql<number>`(count(*) filter (where ${proxyReplacements.proxyId} = ${proxyId}))::int`,
      proxyOldest: sql<
        string | null
      >`(min(${proxyReplacements.createdAt}) filter (where ${proxyReplacements.proxyId} = ${proxyId}))::text`,
    })
    .from(proxyReplacements)
    .where(and(eq(proxyReplacements.userId, userId), gt(proxyReplacements.createdAt, since)));
  const toDate = (text: string | null | undefined) => (text ? new Date(text) : null);
  return {
    accountUsed: row?.accountUsed ?? 0,
    accountOldest: toDate(row?.accountOldest),
    proxyUsed: row?.proxyUsed ?? 0,
    proxyOldest: toDate(row?.proxyOldest),
  };
};

/**
 * Moves the proxy onto another exit (the lease index refuses one leased meanwhile: answers false),
 * and back to normal when it was unhealthy. Credentials, expiry and everything else stay.
 */
export const moveProxyToExit = async (db: Database, proxyId: bigint, exitId: bigint, now: Date) => {
  try {
    await db.transaction(async (savepoint) => {
      await (savepoint as unknown as Database)
        .update(proxies)
        .set({
          exitId,
          status: sql`case when ${proxies.status} = 4 then 1 else ${proxies.status} end`,
          updatedAt: now,
        })
        .where(eq(proxies.id, proxyId));
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
};

/** Keeps an address out of the pool until `until` (a target site blocked it). */
export const quarantineExit = (db: Database, exitId: bigint, until: Date) =>
  db.update(exits).set({ quarantinedUntil: until }).where(eq(exits.id, exitId));

/** Records a replacement. */
export const insertReplacement = async (db: Database, row: typeof proxyReplacements.$inferInsert) => {
  const [inserted] = await db.insert(proxyReplacements).values(row).returning();
  if (!inserted) throw new Error('insert returned no replacement');
  return inserted;
};
