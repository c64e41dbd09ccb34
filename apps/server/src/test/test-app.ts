import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '@ptc/db';
import { createTestDatabase } from '@ptc/db/testing';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';

/** A server application on an isolated test database; `close()` tears both down. */
export interface TestApp {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Builds the app for a test file. `env` overrides configuration variables. */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ptc-unused-')),
    CONSOLE_DIR: join(tmpdir(), 'ptc-no-console'),
    PUBLIC_URL: 'https://console.example.test',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
