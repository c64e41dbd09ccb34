import { and, count, type Database, desc, eq, exits, proxies, quickAccessEntries, sql, users } from '@ptc/db';
import type { ProxyRecord } from '../proxies/proxies.presenter';

/** A stored entry. */
export type QuickAccessRow = typeof quickAccessEntries.$inferSelect;

/** An entry with its proxy (and what the list shows of the proxy's exit). */
export interface QuickAccessRecord {
  entry: QuickAccessRow;
  proxy: ProxyRecord;
}

/** Locks the user's row until the transaction ends, so concurrent additions queue. */
export const lockUserForQuickAccess = async (db: Database, userId: bigint) => {
  await db.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
};

/** How many entries the user keeps. */
export const countEntries = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ n: count() })
    .from(quickAccessEntries)
    .where(eq(quickAccessEntries.userId, userId));
  return row?.n ?? 0;
};

/** Stores a new entry. */
export const insertEntry = async (db: Database, entry: typeof quickAccessEntries.$inferInsert) => {
  const [row] = await db.insert(quickAccessEntries).values(entry).returning();
  if (!row) throw new Error('insert returned no entry');
  return row;
};

/** Changes one of the user's entries; answers it, or null when the user has no such entry. */
export const updateEntry = async (
  db: Database,
  userId: bigint,
  publicId: string,
  changes: Pick<QuickAccessRow, 'url' | 'remark' | 'proxyId'>,
) => {
  const [row] = await db
    .update(quickAccessEntries)
    .set(changes)
    .where(and(eq(quickAccessEntries.userId, userId), eq(quickAccessEntries.publicId, publicId)))
    .returning();
  return row ?? null;
};

/** Deletes one of the user's entries; answers whether there was one. */
export const deleteEntry = async (db: Database, userId: bigint, publicId: string) =>
  (
    await db
      .delete(quickAccessEntries)
      .where(and(eq(quickAccessEntries.userId, userId), eq(quickAccessEntries.publicId, publicId)))
      .returning({ id: quickAccessEntries.id })
  ).length > 0;

/** The user's entries with their proxies, newest first; `limit`/`offset` page them. */
export const listEntries = async (
  db: Database,
  userId: bigint,
  page: { limit: number; offset: number },
): Promise<QuickAccessRecord[]> => {
  const rows = await db
    .select({ entry: quickAccessEntries, proxy: proxies, exitIp: exits.ip, exitLabel: exits.label })
    .from(quickAccessEntries)
    .innerJoin(proxies, and(eq(proxies.id, quickAccessEntries.proxyId), eq(proxies.userId, userId)))
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(eq(quickAccessEntries.userId, userId))
    .orderBy(desc(quickAccessEntries.createdAt), desc(quickAccessEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    entry: row.entry,
    proxy: { ...row.proxy, exitIp: row.exitIp, exitLabel: row.exitLabel },
  }));
};

/** One entry of the user with its proxy, or null. */
export const findEntry = async (
  db: Database,
  userId: bigint,
  entryId: bigint,
): Promise<QuickAccessRecord | null> => {
  const [row] = await db
    .select({ entry: quickAccessEntries, proxy: proxies, exitIp: exits.ip, exitLabel: exits.label })
    .from(quickAccessEntries)
    .innerJoin(proxies, and(eq(proxies.id, quickAccessEntries.proxyId), eq(proxies.userId, userId)))
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(and(eq(quickAccessEntries.userId, userId), eq(quickAccessEntries.id, entryId)))
    .limit(1);
  return row
    ? { entry: row.entry, proxy: { ...row.proxy, exitIp: row.exitIp, exitLabel: row.exitLabel } }
    : null;
};
