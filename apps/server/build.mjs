// Bundles the server (and the workspace packages it imports, which ship TypeScript source)
// into dist/main.js; npm dependencies stay external. Migrations are copied beside it.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

rmSync(here('./dist'), { recursive: true, force: true });
await build({
  // The API server (with the embedded gateway), and the gateway alone for gateway hosts.
  // The embedded database's worker thread (packages/db/src/pglite-worker.ts) is an entry of its own.
  entryPoints: {
    main: here('./src/main.ts'),
    gateway: here('./src/gateway-main.ts'),
    operator: here('./src/operator-cli.ts'),
    'pglite-worker': here('../../packages/db/src/pglite-worker.ts'),
  },
  // No code splitting: each bundle sits at dist/ so paths relative to it (console, migrations) hold.
  outdir: here('./dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  legalComments: 'none',
  define: { PTC_BUNDLED_MIGRATIONS: '"./migrations"', PTC_BUNDLED_PGLITE_WORKER: '"./pglite-worker.js"' },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        // @ptc/relay loads a compiled addon from its own folder: it stays external too.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@ptc/') && args.path !== '@ptc/relay'
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
cpSync(here('../../packages/db/migrations'), here('./dist/migrations'), { recursive: true });
