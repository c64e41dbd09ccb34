import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './open-database';
import { instanceSecrets } from './schema';

/**
 * The installation's key called `name`: the one stored, or 32 random bytes stored now. Processes
 * starting together agree on one (the first insert wins; the others read it).
 */
export const instanceSecret = async (db: Database, name: string): Promise<Buffer> => {
  await db
    .insert(instanceSecrets)
    .values({ name, secret: new Uint8Array(randomBytes(32)) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: instanceSecrets.secret })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name));
  if (!row) throw new Error(`the instance secret ${name} could not be stored`);
  return Buffer.from(row.secret);
};
