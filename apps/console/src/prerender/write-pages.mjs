// Writes the sign-in page prerendered per language and layout (`dist/prerendered/`), after the
// browser build (`dist/index.html`) and the prerender's own build (`vite.prerender.config.ts`):
// `npm run build` runs the three. The server sends one of them for `GET /login`
// (apps/server/src/plugins/console-static.ts) and `main.tsx` hydrates it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { criticalCss } from './critical-css.mjs';

const CONSOLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = join(CONSOLE_DIR, 'dist');
const BUNDLE = join(CONSOLE_DIR, '.cache', 'prerender', 'prerender-entry.mjs');
const LOCALES = ['en-US', 'zh-CN', 'ru-RU'];
/** Body widths the page is drawn at: a phone's (Lighthouse's 412 px) and a desktop's, either side of 992 px. */
const LAYOUTS = { mobile: 412, desktop: 1280 };

/** A browser-like global scope for the page's modules (they read `window`, `document`, `localStorage`). */
const installDom = () => {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: 'http://localhost/login',
    pretendToBeVisual: true,
  });
  const { window } = dom;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis || key.startsWith('_')) continue;
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
  }
  for (const key of [
    'window',
    'self',
    'document',
    'navigator',
    'location',
    'localStorage',
    'getComputedStyle',
  ]) {
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
  }
  return window;
};

const setWidth = (window, width) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window.document.body, 'clientWidth', { configurable: true, value: width });
};

/**
 * The first frame waits until `#root` is parsed whole (`rel=expect`, Chromium 124+): painted while
 * the parser was half-way through the form, the page grew a frame or two later, and the card,
 * centred, moved up (Lighthouse counted a layout shift of 0.14-0.24, issue #16).
 */
const RENDER_WHOLE_PAGE = '<link rel="expect" href="#root" blocking="render">';

/**
 * The console's own stylesheet comes inline; its link stays, disabled (never fetched, never
 * applied), because Vite's module preloader looks for a stylesheet link of each lazy chunk's CSS
 * and, finding none, would add one and hold the chunk's import back until it had loaded.
 */
const inlineOwnStyles = (link, css, attribute) =>
  `<style ${attribute}>${css}</style>\n    ${link.replace('<link ', '<link disabled ')}`;

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the page in `#root`, its language and title, and every style its first paint
 * needs in the HTML itself, so that nothing holds the first paint back (issue #16): the rules of
 * antd's first-screen stylesheet that the markup uses, antd's theme variables and the console's
 * own small stylesheet. The whole first-screen stylesheet stays preloaded: `main.tsx` applies it
 * at the page's first use or once idle after hydrating (the language popover, the form's errors;
 * `applyOnFirstUse`).
 */
const toDocument = (template, { html, css, title }, locale, layout) => {
  const preload = template.match(/<link rel="preload" as="style" href="\/([^"]+antd-first-screen[^"]+)">/);
  if (!preload) throw new Error('dist/index.html preloads no antd-first-screen stylesheet');
  const ownStyles = template.match(/<link rel="stylesheet" crossorigin href="\/(assets\/index-[^"]+\.css)">/);
  if (!ownStyles) throw new Error('dist/index.html links no console stylesheet');
  const root = template.match(/<div id="root">[\s\S]*?<\/div><\/div><\/div>/);
  if (!root) throw new Error('dist/index.html has no #root shell to replace');
  const body = `<div id="root" data-prerender="login" data-prerender-locale="${locale}" data-prerender-layout="${layout}">${html}</div>`;
  const antdCss = criticalCss(readFileSync(join(DIST, preload[1]), 'utf8'), new JSDOM(body).window.document);
  const styles = [
    `<style data-prerender-styles="antd">${antdCss}</style>`,
    `<style data-prerender-styles="theme">${css}</style>`,
    inlineOwnStyles(
      ownStyles[0],
      readFileSync(join(DIST, ownStyles[1]), 'utf8'),
      'data-prerender-styles="console"',
    ),
  ].join('\n    ');
  return (
    template
      // The overview's early requests (`src/early/`) have nothing to do here.
      .replace(/\s*<script type="module" data-early-requests [^>]*><\/script>/, '')
      // The scripts hydrate a page that is already drawn: they come after what it shows (its captcha
      // image), not before, and the whole stylesheet is for what the scripts show later.
      .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
      .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
      .replace(preload[0], preload[0].replace('<link ', '<link fetchpriority="low" '))
      .replace(ownStyles[0], `${RENDER_WHOLE_PAGE}\n    ${styles}`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
      .replace(root[0], body)
      .replace(/\n\s*<!--[\s\S]*?-->\n/, '\n')
  );
};

const window = installDom();
const template = readFileSync(join(DIST, 'index.html'), 'utf8');
const { renderLoginPage, routePages } = await import(pathToFileURL(BUNDLE).href);
mkdirSync(join(DIST, 'prerendered'), { recursive: true });
for (const [layout, width] of Object.entries(LAYOUTS)) {
  setWidth(window, width);
  for (const locale of LOCALES) {
    const page = await renderLoginPage(locale);
    const file = join(DIST, 'prerendered', `login.${locale}.${layout}.html`);
    const document = toDocument(template, page, locale, layout);
    writeFileSync(file, document);
    // Sent compressed to browsers that accept it, as the assets are (`vite.config.ts`).
    writeFileSync(`${file}.gz`, gzipSync(document, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(document, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    process.stdout.write(`prerendered ${file.slice(CONSOLE_DIR.length + 1)} (${page.html.length} chars)\n`);
  }
}
/**
 * `dist/route-preloads.json`: for each path of the route table, the scripts and stylesheets of its
 * layout and page that index.html does not load (from the browser build's `page-preloads.json`),
 * and for each language those of its texts. The server lists them in the HTML of a page request
 * (`apps/server/src/plugins/console-static.ts`), so they load beside the entry (issue #16).
 */
const writeRoutePreloads = () => {
  const { layouts, pages, locales } = JSON.parse(readFileSync(join(DIST, 'page-preloads.json'), 'utf8'));
  const routes = {};
  for (const { path, layout, page } of routePages()) {
    if (!layouts[layout] || !pages[page]) throw new Error(`page-preloads.json lacks ${layout} or ${page}`);
    routes[path] = [...new Set([...layouts[layout], ...pages[page]])];
  }
  writeFileSync(join(DIST, 'route-preloads.json'), JSON.stringify({ routes, locales }));
  process.stdout.write(`wrote dist/route-preloads.json (${Object.keys(routes).length} paths)\n`);
};
writeRoutePreloads();

/**
 * `dist/index.html`, the page of every path but the sign-in page, made to paint its shell (the
 * header with the mark, plain markup in `#root`) with the HTML: the console's own small stylesheet
 * comes inline, so no stylesheet holds the first paint back, and the scripts and the preloaded
 * antd stylesheet are fetched at low priority, as on the prerendered sign-in page: nothing on the
 * page needs them before the first paint, and they have the connection to themselves after it
 * (the server lists a route's chunks the same way). Lighthouse's simulation counted every script
 * requested before the first paint into it (overview FCP 3.0 s simulated, 180 ms observed).
 */
const writeShellIndex = () => {
  const ownStyles = template.match(/<link rel="stylesheet" crossorigin href="\/(assets\/index-[^"]+\.css)">/);
  if (!ownStyles) throw new Error('dist/index.html links no console stylesheet (run vite build first)');
  const shell = template
    .replace(/<script type="module" crossorigin /g, '<script type="module" fetchpriority="low" crossorigin ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(/<link rel="preload" as="style" /g, '<link rel="preload" as="style" fetchpriority="low" ')
    .replace(
      ownStyles[0],
      inlineOwnStyles(
        ownStyles[0],
        readFileSync(join(DIST, ownStyles[1]), 'utf8'),
        'data-shell-styles="console"',
      ),
    );
  writeFileSync(join(DIST, 'index.html'), shell);
  process.stdout.write('wrote dist/index.html (shell first: inline styles, scripts at low priority)\n');
};
writeShellIndex();
// The page's modules leave timers behind (the router, antd); the pages are written.
process.exit(0);
