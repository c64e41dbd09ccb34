import { defineConfig } from 'vitest/config';

/**
 * One run covers every workspace. Database tests run on PGlite always and, when
 * TEST_DATABASE_URL is set, a second time on that PostgreSQL server. E2E runs last.
 */
const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/**
 * Files that send a fixed corpus of malformed input to every operation (answers must never be a
 * 5xx): what they test is the HTTP layer's validation, which no database driver changes, and they
 * take a minute each. They run once, on PostgreSQL when it is there (the production database,
 * the engine PGlite compiles), otherwise on PGlite. So does the local desktop provider's test,
 * which uses no database at all and starts real desktops.
 */
const ONE_DRIVER_FILES = [
  'src/test/openapi-fuzz.test.ts',
  'src/modules/public-api/public-api.fuzz.test.ts',
  'src/adapters/desktops/local/local-provider.test.ts',
];

const databaseProjects = (name: string, root: string, include = ['src/**/*.test.ts']) =>
  drivers.map((driver) => ({
    test: {
      name: `${name}:${driver}`,
      root,
      include,
      exclude: driver === drivers.at(-1) ? [] : ONE_DRIVER_FILES,
      // Test files of one worker share its module cache: each file builds its own app and database
      // (a clone of the run's template), so nothing is shared but the imported code, and a file no
      // longer spends seconds importing the server (import time 191 s -> 16 s over the PostgreSQL
      // project, all 529 tests passing as before).
      isolate: false,
      env: { PTC_TEST_DB: driver },
      globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }));

/**
 * A task React queued before a console test file ended, run by its scheduler after jsdom was torn
 * down: react-dom's passive-effect flush reads `window.event`. Every test of that file has finished
 * by then (their trees are unmounted and the scheduler drained in `settle-react.ts`), so it can
 * hide no failure; anything else unhandled still fails the run.
 */
const isReactTaskAfterTeardown = (error: { name?: string; message?: string; stack?: string }) =>
  error.name === 'ReferenceError' &&
  error.message === 'window is not defined' &&
  /react-dom[\\/]cjs[\\/]react-dom-client/.test(error.stack ?? '') &&
  /scheduler[\\/]cjs[\\/]scheduler/.test(error.stack ?? '');

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machines CI runs on (vitest's default there is one):
    // the suite spends much of its time waiting on databases, browsers and sockets.
    maxWorkers: 2,
    onUnhandledError: (error) => !isReactTaskAfterTeardown(error),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      ...databaseProjects('db', 'packages/db'),
      ...databaseProjects('server', 'apps/server'),
      // The gateway's protocol tests need no database; its stores do.
      {
        test: {
          name: 'gateway',
          root: 'apps/gateway',
          include: ['src/**/*.test.ts'],
          exclude: ['src/store/**'],
          testTimeout: 30_000,
        },
      },
      // The same protocol tests with tunnels relayed through Node.js streams (the fallback where
      // splice cannot run); the relay addon's own tests need no second run.
      {
        test: {
          name: 'gateway:stream',
          root: 'apps/gateway',
          include: ['src/**/*.test.ts'],
          exclude: ['src/store/**', 'src/streams/splice-relay.test.ts'],
          env: { PTC_TEST_RELAY: 'stream' },
          testTimeout: 30_000,
        },
      },
      ...databaseProjects('gateway', 'apps/gateway', ['src/store/**/*.test.ts']),
      'apps/console/vitest.config.ts',
      { test: { name: 'extension', root: 'apps/extension', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          // One migrated data directory for the run; each file copies it (support/server.ts).
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
