import { and, type Database, eq, gt, proxyExports } from '@ptc/db';

/** Stores an export file. */
export const insertExport = async (db: Database, file: typeof proxyExports.$inferInsert) => {
  await db.insert(proxyExports).values(file);
};

/** Removes and answers a live export file of this user (a file is downloaded once). */
export const takeExport = async (db: Database, userId: bigint, id: string, now: Date) => {
  const [file] = await db
    .delete(proxyExports)
    .where(and(eq(proxyExports.id, id), eq(proxyExports.userId, userId), gt(proxyExports.expiresAt, now)))
    .returning();
  return file ?? null;
};
