import { and, auditLog, type Database, desc, eq, sql } from '@ptc/db';
import type { SQL } from 'drizzle-orm';

export type AuditRow = typeof auditLog.$inferSelect;

/** Appends one entry (the table refuses updates and deletes). */
export const insertAuditEntry = async (db: Database, entry: typeof auditLog.$inferInsert) => {
  await db.insert(auditLog).values(entry);
};

/** Entries, newest first, matching every filter given. */
export const listAuditEntries = (
  db: Database,
  filters: { action?: string; targetType?: string; targetId?: string; actor?: string },
  page: { limit: number; offset: number },
) => {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.targetType) conditions.push(eq(auditLog.targetType, filters.targetType));
  if (filters.targetId) conditions.push(eq(auditLog.targetId, filters.targetId));
  if (filters.actor) conditions.push(sql`lower(${auditLog.actor}) = lower(${filters.actor})`);
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
};
