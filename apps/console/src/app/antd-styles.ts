import type { PageName } from '../routes.pages';
import { HOME_PATH, LOGIN_PATH } from '../routes.paths';
import { FIRST_SCREEN_STYLES_URL, OTHER_STYLES_URL, SIGNED_IN_STYLES_URL } from './antd-styles-urls';

/**
 * antd's styles, compiled at build time (`theme.zeroRuntime` in `app-providers.tsx`): the browser
 * no longer computes every component's CSS while it renders the first screen, which was most of
 * its blocking time (issue #16: overview TBT 1.6 s → 0.8 s in Lighthouse). The build splits the
 * file in three (`antd-styles-split.ts`): the sign-in page's components, preloaded by `index.html`
 * without blocking the first paint; what the signed-in frame and the overview add (a fifth of the
 * file); and the rest, which neither the sign-in page nor the overview downloads or parses (on the
 * overview a 779 KB parse and the style recalculation over it), and which every other page, and
 * what the overview loads later (its cost card, the settings drawer, the tab bar), applies before
 * it shows (`app/router.tsx`).
 */
export const ANTD_STYLES_URLS = {
  firstScreen: FIRST_SCREEN_STYLES_URL,
  signedIn: SIGNED_IN_STYLES_URL,
  other: OTHER_STYLES_URL,
};

/** How much of antd's styles a page needs: the sign-in page's, the overview's, or all. */
export type AntdStylesPart = 'first-screen' | 'signed-in' | 'all';

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

/** The stylesheet link of `href` in the head, whoever added it (the prerendered page included). */
const linkOf = (doc: Document, href: string | null): Element | null =>
  href ? doc.head.querySelector(`link[rel="stylesheet"][href="${href}"]`) : null;

/**
 * Applies antd's styles and resolves once they apply (or failed): the first screen's part only
 * (`'first-screen'`, the sign-in page), with the signed-in overview's (`'signed-in'`), or all of
 * them (`'all'`, every other page). Each file is added once, after the parts before it, in the
 * order of the original file; later calls wait for the same load.
 */
export const loadAntdStyles = (part: AntdStylesPart = 'all', doc: Document = document): Promise<void> => {
  const { firstScreen, signedIn, other } = ANTD_STYLES_URLS;
  const first = addStylesheet(doc, firstScreen, null);
  if (part === 'first-screen') return first;
  const loads = [first];
  if (signedIn) loads.push(addStylesheet(doc, signedIn, linkOf(doc, firstScreen)));
  if (part === 'all' && other)
    loads.push(addStylesheet(doc, other, linkOf(doc, signedIn) ?? linkOf(doc, firstScreen)));
  return Promise.all(loads).then(() => undefined);
};

/** Pages drawn with the first screen's part of antd's styles alone (`antd-styles-split.ts`). */
const FIRST_SCREEN_PAGES: ReadonlySet<PageName> = new Set(['login']);
/** Pages drawn with the signed-in part too (what they load later applies the rest first). */
const SIGNED_IN_PAGES: ReadonlySet<PageName> = new Set(['overview']);

/** The part of antd's styles a page needs. */
export const antdStylesPartFor = (page: PageName): AntdStylesPart => {
  if (FIRST_SCREEN_PAGES.has(page)) return 'first-screen';
  return SIGNED_IN_PAGES.has(page) ? 'signed-in' : 'all';
};

/** The part of antd's styles a page needs, applied before it first shows (`createAppRouter`). */
export const loadAntdStylesFor = (page: PageName) => loadAntdStyles(antdStylesPartFor(page));

/**
 * The part the address the console opens at needs, before the router has matched it (`main.tsx`):
 * the sign-in page's, the overview's (also for `/`, which leads there or to the sign-in page), or all.
 */
export const antdStylesPartAt = (pathname: string): AntdStylesPart => {
  if (pathname === LOGIN_PATH) return 'first-screen';
  return pathname === HOME_PATH || pathname === '/' ? 'signed-in' : 'all';
};
