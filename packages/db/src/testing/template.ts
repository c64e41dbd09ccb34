import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../migrations-folder';

/** What a test file needs to get its own database; provided by the global setup. */
export type TestDatabaseContext =
  | { driver: 'pglite'; templatePath: string }
  | { driver: 'postgres'; adminUrl: string; templateName: string; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    ptcTestDatabase: TestDatabaseContext;
  }
}

/** A short hash of the migrations (and the PGlite build), naming templates so a change rebuilds them. */
export const migrationsHash = (): string => {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  // The pinned PGlite version is part of the template's format.
  const manifest = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, '..', 'package.json'), 'utf8'));
  hash.update(String(manifest.dependencies['@electric-sql/pglite']));
  return hash.digest('hex').slice(0, 16);
};

/** `url` with its database name replaced. */
export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
