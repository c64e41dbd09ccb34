import type { PageName } from '../routes.pages';
import { FIRST_SCREEN_STYLES_URL, OTHER_STYLES_URL } from './antd-styles-urls';

/**
 * antd's styles, compiled at build time (`theme.zeroRuntime` in `app-providers.tsx`): the browser
 * no longer computes every component's CSS while it renders the first screen, which was most of
 * its blocking time (issue #16: overview TBT 1.6 s → 0.8 s in Lighthouse). The build splits the
 * file in two (`antd-styles-split.ts`): the sign-in page's components, preloaded by `index.html`
 * without blocking the first paint, and the rest (three quarters of it), which the sign-in page
 * neither downloads nor parses (a 700 ms task of its load in Lighthouse's simulation) and every
 * other page loads before it renders (`app/router.tsx`).
 */
export const ANTD_STYLES_URLS = { firstScreen: FIRST_SCREEN_STYLES_URL, other: OTHER_STYLES_URL };

const applied = new Map<string, Promise<void>>();

/** Adds a stylesheet after `previous` (or first in the head) and resolves once it applies. */
const addStylesheet = (doc: Document, href: string, previous: Element | null): Promise<void> => {
  const known = applied.get(href);
  if (known) return known;
  // No address (unit tests, where the stylesheet import is empty): nothing to wait for. A link the
  // page came with (the prerendered sign-in page's, `src/prerender/`) applied before any script ran.
  if (!href || doc.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const loaded = new Promise<void>((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.antdStyles = '';
    link.onload = () => resolve();
    // The page renders anyway, with what did load.
    link.onerror = () => {
      console.warn('[console] antd styles did not load', href);
      resolve();
    };
    // Before the console's own stylesheet, so that its rules win at equal specificity; the
    // second part after the first, in the order of the original file.
    if (previous) previous.after(link);
    else doc.head.prepend(link);
  });
  applied.set(href, loaded);
  return loaded;
};

/**
 * Applies antd's styles and resolves once they apply (or failed): the first screen's part only
 * (`'first-screen'`, the sign-in page) or all of them (`'all'`, every other page). Each file is
 * added once; later calls wait for the same load.
 */
export const loadAntdStyles = (part: 'first-screen' | 'all' = 'all', doc: Document = document) => {
  const first = addStylesheet(doc, ANTD_STYLES_URLS.firstScreen, null);
  if (part === 'first-screen' || !ANTD_STYLES_URLS.other) return first;
  const firstLink = doc.head.querySelector(`link[data-antd-styles][href="${ANTD_STYLES_URLS.firstScreen}"]`);
  return Promise.all([first, addStylesheet(doc, ANTD_STYLES_URLS.other, firstLink)]).then(() => undefined);
};

/** Pages drawn with the first screen's part of antd's styles alone (`antd-styles-split.ts`). */
const FIRST_SCREEN_PAGES: ReadonlySet<PageName> = new Set(['login']);

/** The part of antd's styles a page needs, applied before it first shows (`createAppRouter`). */
export const loadAntdStylesFor = (page: PageName) =>
  loadAntdStyles(FIRST_SCREEN_PAGES.has(page) ? 'first-screen' : 'all');
