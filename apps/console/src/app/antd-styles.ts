import type { PageName } from '../routes.pages';
import { HOME_PATH, LOGIN_PATH } from '../routes.paths';
import { applyOnFirstUse } from '../shared/ui/first-use';
import {
  FIRST_SCREEN_STYLES_URL,
  OTHER_STYLES_URL,
  OVERVIEW_FIRST_STYLES_URL,
  SIGNED_IN_STYLES_URL,
} from './antd-styles-urls';

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
 *
 * The overview itself shows first with a fourth file, the rules of the first two parts that can
 * apply to what it shows before it is used (`overview-classes.json`, held true by
 * `e2e/overview-styles.e2e.ts`): 66 KB against 446 KB to parse before its first render, a long
 * task of Lighthouse's TBT. The first two parts follow at the first use of the page or once it is
 * idle after its cards have drawn (`applyRestOfOverviewStylesWhenIdle`), after that file, so that
 * the rules apply in the order of the original file.
 */
export const ANTD_STYLES_URLS = {
  firstScreen: FIRST_SCREEN_STYLES_URL,
  signedIn: SIGNED_IN_STYLES_URL,
  other: OTHER_STYLES_URL,
  overviewFirst: OVERVIEW_FIRST_STYLES_URL,
};

/**
 * How much of antd's styles a page needs: the sign-in page's, the overview's before it is used,
 * the overview's, or all.
 */
export type AntdStylesPart = 'first-screen' | 'overview-first' | 'signed-in' | 'all';

/** The overview's first two parts, waiting for the first use or for `whenIdle`. */
let restOfOverview: { whenIdle(): void } | null = null;

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
  const { firstScreen, signedIn, other, overviewFirst } = ANTD_STYLES_URLS;
  if (part === 'overview-first') {
    if (!overviewFirst) return loadAntdStyles('signed-in', doc);
    const loaded = addStylesheet(doc, overviewFirst, null);
    const view = doc.defaultView;
    if (view) restOfOverview ??= applyOnFirstUse(() => void loadAntdStyles('signed-in', doc), view);
    return loaded;
  }
  const first = addStylesheet(doc, firstScreen, linkOf(doc, overviewFirst));
  if (part === 'first-screen') return first;
  const loads = [first];
  if (signedIn) loads.push(addStylesheet(doc, signedIn, linkOf(doc, firstScreen)));
  if (part === 'all' && other)
    loads.push(addStylesheet(doc, other, linkOf(doc, signedIn) ?? linkOf(doc, firstScreen)));
  return Promise.all(loads).then(() => undefined);
};

/** Pages drawn with the first screen's part of antd's styles alone (`antd-styles-split.ts`). */
const FIRST_SCREEN_PAGES: ReadonlySet<PageName> = new Set(['login']);
/** Pages drawn with the overview's first file (what they load later applies the rest first). */
const OVERVIEW_FIRST_PAGES: ReadonlySet<PageName> = new Set(['overview']);

/**
 * Applies the overview's first two parts once the browser is idle, unless a first use of the page
 * applied them already: called once its cards have drawn.
 */
export const applyRestOfOverviewStylesWhenIdle = (): void => restOfOverview?.whenIdle();

/** The part of antd's styles a page needs. */
export const antdStylesPartFor = (page: PageName): AntdStylesPart => {
  if (FIRST_SCREEN_PAGES.has(page)) return 'first-screen';
  return OVERVIEW_FIRST_PAGES.has(page) ? 'overview-first' : 'all';
};

/** The part of antd's styles a page needs, applied before it first shows (`createAppRouter`). */
export const loadAntdStylesFor = (page: PageName) => loadAntdStyles(antdStylesPartFor(page));

/**
 * The part the address the console opens at needs, before the router has matched it (`main.tsx`):
 * the sign-in page's, the overview's (also for `/`, which leads there or to the sign-in page), or all.
 */
export const antdStylesPartAt = (pathname: string): AntdStylesPart => {
  if (pathname === LOGIN_PATH) return 'first-screen';
  if (pathname === HOME_PATH) return 'overview-first';
  return pathname === '/' ? 'signed-in' : 'all';
};
