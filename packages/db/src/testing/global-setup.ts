import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../open-database';
import { migrationsHash, withDatabase } from './template';

/**
 * Builds the migrated template once, then every test file clones it: a PGlite data-dir
 * tarball, or a PostgreSQL template database when the project runs on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.PTC_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const hash = migrationsHash();
  if (driver === 'pglite') {
    const dir = join(tmpdir(), 'ptc-test');
    const templatePath = join(dir, `pglite-${hash}.tar`);
    if (!existsSync(templatePath)) await buildPgliteTemplate(dir, templatePath);
    project.provide('ptcTestDatabase', { driver, templatePath });
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test projects');
  const templateName = `ptc_tpl_${hash}`;
  const runId = randomBytes(4).toString('hex');
  await ensurePostgresTemplate(adminUrl, templateName);
  project.provide('ptcTestDatabase', { driver, adminUrl, templateName, runId });
  return async () => {
    // Drop what crashed test files left behind.
    await withAdmin(adminUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`ptc_t_${runId}_%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    });
  };
}

const buildPgliteTemplate = async (dir: string, templatePath: string) => {
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  const partial = `${templatePath}.${process.pid}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  await handle.close();
  renameSync(partial, templatePath); // Atomic: concurrent runs never read half a file.
};

const withAdmin = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const ensurePostgresTemplate = async (adminUrl: string, templateName: string) => {
  const exists = await withAdmin(adminUrl, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [templateName]);
    return rowCount === 1;
  });
  if (exists) return;
  const building = `${templateName}_b${randomBytes(3).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${building}"`));
  try {
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, building), poolSize: 1 });
    await handle.close();
    await withAdmin(adminUrl, (admin) =>
      admin.query(`alter database "${building}" rename to "${templateName}"`),
    );
  } catch (error) {
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${building}" with (force)`));
    // Another run may have finished the same template first; that one is as good.
    const raced = await withAdmin(adminUrl, async (admin) => {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [templateName]);
      return rowCount === 1;
    });
    if (!raced) throw error;
  }
};
