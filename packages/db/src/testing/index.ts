import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../open-database';
import { withDatabase } from './template';

export * from './factories';
export * from './ledger-assertions';
export type { TestDatabaseContext } from './template';
export { migrationsHash } from './template';

/**
 * An isolated, migrated database for one test file, cloned from the run's template:
 * PGlite loaded from the template tarball, or a fresh PostgreSQL database. `close()` drops it.
 */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  const context = inject('ptcTestDatabase');
  if (context.driver === 'pglite') {
    const pglite = new PGlite({ loadDataDir: new Blob([await readFile(context.templatePath)]) });
    await pglite.waitReady;
    return openDatabase({ pglite, migrate: false });
  }
  const name = `ptc_t_${context.runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: context.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${context.templateName}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({
    databaseUrl: withDatabase(context.adminUrl, name),
    migrate: false,
    poolSize: 4,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: context.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
};
