import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { bytea } from './sessions';

/**
 * Keys this installation signs with, shared by every process on the database and kept across
 * restarts (e.g. `sandbox`: the sandbox provider's page links and notifications). Drawn at random
 * by the first process that needs one; never shown anywhere.
 */
export const instanceSecrets = pgTable(
  'instance_secrets',
  {
    name: text().primaryKey(),
    secret: bytea().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [check('instance_secrets_length', sql`octet_length(${table.secret}) >= 32`)],
);
