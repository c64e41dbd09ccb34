import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildManifest } from './src/manifest';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The extension's name and description in the browser's languages (`__MSG_…__` in the manifest). */
const MANIFEST_TEXTS = {
  en: {
    name: 'PTC Proxy',
    description: 'Browse through your PTC proxies, set from the console in one click.',
  },
  zh_CN: { name: 'PTC 代理', description: '在控制台一键设置，通过您的 PTC 代理浏览网页。' },
  ru: {
    name: 'PTC Proxy',
    description: 'Просмотр сайтов через ваши прокси PTC, включаемые из консоли одним щелчком.',
  },
};

/** Writes manifest.json (with the package's version) and the manifest's texts into dist. */
const manifest = (): Plugin => ({
  name: 'ptc-extension-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'manifest.json',
      source: `${JSON.stringify(buildManifest(version), null, 2)}\n`,
    });
    for (const [folder, texts] of Object.entries(MANIFEST_TEXTS)) {
      this.emitFile({
        type: 'asset',
        fileName: `_locales/${folder}/messages.json`,
        source: `${JSON.stringify(
          {
            extension_name: { message: texts.name },
            extension_description: { message: texts.description },
          },
          null,
          2,
        )}\n`,
      });
    }
  },
});

export default defineConfig({
  plugins: [react(), manifest()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chromium 110 and later (the manifest's minimum); no source maps in the package.
    target: 'chrome110',
    rolldownOptions: {
      input: {
        popup: 'popup.html',
        options: 'options.html',
        background: 'src/background/service-worker.ts',
      },
      treeshake: {
        // Only the schemas the extension uses (and zod for them) from the shared contracts.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // The service worker at a fixed path the manifest names; pages' scripts under assets/.
        entryFileNames: (chunk) =>
          chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
