import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseSync } from 'vite';

/**
 * Writes `.br` and `.gz` beside every text asset, once at build time; the server sends them
 * to browsers that accept them (`preCompressed`), so no request pays for compression.
 */
const precompressAssets = (): Plugin => ({
  name: 'ptc-precompress-assets',
  apply: 'build',
  writeBundle(options) {
    const dir = join(options.dir ?? 'dist', 'assets');
    for (const file of readdirSync(dir)) {
      if (!/\.(js|css|svg|json)$/.test(file)) continue;
      const source = readFileSync(join(dir, file));
      if (source.length < 1_024) continue;
      writeFileSync(join(dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      writeFileSync(
        join(dir, `${file}.br`),
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

/**
 * Preloads antd's precompiled stylesheet from `index.html` (`app/antd-styles.ts` applies it): it
 * downloads with the scripts instead of after them, and without holding back the first paint as
 * a stylesheet link would.
 */
const preloadAntdStyles = (): Plugin => ({
  name: 'ptc-preload-antd-styles',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, context) => {
      const asset = Object.values(context.bundle ?? {}).find(
        (output) =>
          output.type === 'asset' &&
          output.fileName.endsWith('.css') &&
          output.originalFileNames.some((name) => /antd[\\/]dist[\\/]antd\.css$/.test(name)),
      );
      if (!asset) throw new Error('antd/dist/antd.css is not in the bundle: app/antd-styles.ts imports it');
      return [
        { tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${asset.fileName}` }, injectTo: 'head' },
      ];
    },
  },
});

const CONTRACTS_SOURCE = /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  expression?: Node;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/** Initialisers that build something (`z.object(…)`, `{ count: formInt(…) }`, `[…]`). */
const BUILDING = new Set(['CallExpression', 'ObjectExpression', 'ArrayExpression']);

const isCall = (node: Node | null | undefined): node is Node =>
  BUILDING.has(node?.type ?? '') ||
  ((node?.type === 'TSAsExpression' || node?.type === 'TSSatisfiesExpression') &&
    BUILDING.has(node.expression?.type ?? ''));

/**
 * The contracts build their zod schemas with top-level calls (`z.object(…)`, `schema.optional()`,
 * `withConfirmation(…)`) that a bundler keeps unless told they are pure, and with them zod and
 * libphonenumber. This wraps each top-level `const x = call(…)` of the contracts in a pure IIFE,
 * so importing a constant such as `ACCOUNT_RULES` leaves every unused schema out of the bundle.
 * Object and array initialisers too: `const common = { count: formInt(…).default(1) }` kept zod
 * (20 KB gzip) in the overview and the proxy pages, which use no schema.
 */
const pureContractDeclarations = (): Plugin => ({
  name: 'ptc-pure-contract-declarations',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!CONTRACTS_SOURCE.test(id) || id.endsWith('.test.ts')) return null;
    const { program } = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
    const inits = (program.body as unknown as Node[])
      .map((statement) => (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement))
      .flatMap((declaration) => (declaration?.type === 'VariableDeclaration' ? declaration.declarations : []))
      .map((declarator) => declarator?.init)
      .filter(isCall)
      .sort((a, b) => b.start - a.start);
    let result = code;
    for (const init of inits) {
      const expression = result.slice(init.start, init.end);
      result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => (${expression}))()${result.slice(init.end)}`;
    }
    return { code: result, map: null };
  },
});

/** The API server of the embedded runtime (DESIGN §2); the dev server forwards to it. */
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pureContractDeclarations(), react(), preloadAntdStyles(), precompressAssets()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
      '/api-docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      treeshake: {
        // The contracts are shared with the server; the console uses their constants and types but
        // not their zod schemas, so unused schemas (and zod with them) must not reach the bundle.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        // Libraries change less often than the app; separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // Everything the entry imports statically comes in one chunk, not thirty small ones
            // (each a request that waits for a free connection on the first screen).
            { name: 'app', tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
});
