import { clientEvents, type Database } from '@ptc/db';

type NewClientEvent = typeof clientEvents.$inferInsert;

/** Stores one analytics event and returns its id. */
export const insertClientEvent = async (db: Database, event: NewClientEvent): Promise<bigint> => {
  const [row] = await db.insert(clientEvents).values(event).returning({ id: clientEvents.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};
