import { type Database, outboxMessages } from '@ptc/db';

/** A mail or text kept in the outbox instead of being handed to a provider. */
export type NewOutboxMessage = Pick<
  typeof outboxMessages.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'text' | 'html'
>;

/** Stores one outbox message and returns its id. */
export const insertOutboxMessage = async (db: Database, message: NewOutboxMessage): Promise<bigint> => {
  const [row] = await db.insert(outboxMessages).values(message).returning({ id: outboxMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};
