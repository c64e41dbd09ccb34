import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@ptc/db';
import { migrationsHash } from '@ptc/db/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory with the embedded database created and migrated, never served. */
    e2eDataTemplate: string;
  }
}

/**
 * Creates and migrates the embedded database once per set of migrations: each E2E file copies
 * that data directory (`migratedDataDir`) instead of creating a database in an empty one, which
 * took about 8 s of every server start and every seed (about 20 of them per run).
 */
export default async function setup(project: TestProject) {
  const root = join(tmpdir(), 'ptc-test');
  const template = join(root, `e2e-data-${migrationsHash()}`);
  if (!existsSync(template)) {
    mkdirSync(root, { recursive: true });
    const building = mkdtempSync(join(root, 'e2e-data-building-'));
    try {
      const database = await openDatabase({ dataDir: building });
      await database.close();
      // Atomic: a concurrent run never copies half a directory.
      renameSync(building, template);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(template)) throw error;
    }
  }
  project.provide('e2eDataTemplate', template);
}
