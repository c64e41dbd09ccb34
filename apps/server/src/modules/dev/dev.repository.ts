import { type Database, desc, eq, outboxMessages, sql } from '@ptc/db';

/** A stored outbox message as the dev tools read it. */
export type OutboxMessage = typeof outboxMessages.$inferSelect;

/** Newest outbox messages first, optionally only those to `recipient` (compared case-insensitively). */
export const listOutboxMessages = async (
  db: Database,
  filter: { limit: number; recipient?: string },
): Promise<OutboxMessage[]> =>
  db
    .select()
    .from(outboxMessages)
    .where(
      filter.recipient === undefined
        ? undefined
        : eq(sql`lower(${outboxMessages.recipient})`, filter.recipient.toLowerCase()),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit);
