import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The build of the sign-in page's prerender (`src/prerender/`): a Node bundle of the page's real
 * components, which `src/prerender/write-pages.mjs` runs after the browser build to write
 * `dist/prerendered/login.<locale>.<layout>.html`. Everything is bundled (antd's and the
 * contracts' sources are not plain Node modules); react-router is its production build, as in
 * the browser build (`vite.config.ts`), so that both draw the same markup.
 */
const reactRouter = dirname(fileURLToPath(import.meta.resolve('react-router')));
const reactRouterProduction = join(reactRouter, '..', 'production');

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: join(reactRouterProduction, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, 'dom-export.mjs') },
    ],
  },
  // The production builds of React and antd (antd's development build names its classes
  // `css-dev-only-do-not-override-…`, which the browser's build would not hydrate).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/prerender/prerender-entry.tsx',
    outDir: '.cache/prerender',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'prerender-entry.mjs', codeSplitting: false } },
  },
});
