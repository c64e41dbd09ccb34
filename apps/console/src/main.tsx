import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { antdStylesPartAt, loadAntdStyles, loadAntdStylesFor } from './app/antd-styles';
import { AppProviders } from './app/app-providers';
import { installGlobalErrorLogging } from './app/global-errors';
import { registerHttpEffects } from './app/http-effects';
import { createAppRouter } from './app/router';
import { prefetchCaptcha } from './features/auth/captcha-prefetch';
import { hasRememberedAccount } from './features/auth/remembered-account';
import { startFromDocumentCaptcha } from './features/auth/use-captcha';
import {
  applyOnFirstUse,
  canHydrateLogin,
  holdActions,
  keepTypedValues,
  mirrorLocaleCookie,
} from './features/login/login-prerender';
import { prefetchOverview } from './features/overview/overview-prefetch';
import { settingsStore } from './features/settings/settings.store';
import { LOGIN_PATH } from './routes.paths';
import { getLocale, i18n, localeReady } from './shared/i18n/i18n';
import { tokenStore } from './shared/session/session';
import { browserStorage } from './shared/storage/storage';
import { isMobileWidth } from './shared/ui/use-is-mobile';
import './app/global.css';

installGlobalErrorLogging(window);
const isSignInPage = window.location.pathname === LOGIN_PATH;
registerHttpEffects();
// The server sends the sign-in page prerendered in the language of this cookie (issue #16).
mirrorLocaleCookie(getLocale());
i18n.onLanguageChanged(() => mirrorLocaleCookie(getLocale()));
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// What the visitor asks of the prerendered page before React handles it (a sign-in, a click on the
// language switch) is kept for it.
const heldActions = holdActions(container);
// The sign-in page's captcha image is asked for now, while the page's code is still on its way
// (in a task of its own: the request's first time-zone lookup is costly on a phone), unless the
// page came prerendered: its HTML asked for the image already.
if (isSignInPage && container.dataset.prerender !== 'login') setTimeout(() => prefetchCaptcha(), 0);
// The overview's balance, proxy counts and traffic are asked for now, beside the page's code.
prefetchOverview(window.location.pathname);
// The prerendered sign-in page carries the rules of antd's stylesheet that it shows (its HTML's
// <style>): when it hydrates, the whole first-screen stylesheet waits for its first use
// (`applyOnFirstUse`) instead of being applied before, in the task that starts hydrating.
const isPrerenderedSignIn = isSignInPage && container.dataset.prerender === 'login';
let decideHydration: (hydrate: boolean) => void = () => undefined;
const hydrationDecided = new Promise<boolean>((resolve) => {
  decideHydration = resolve;
});
// The router starts loading the first page's chunks at once; the language's texts load meanwhile.
const router = createAppRouter((page) =>
  isPrerenderedSignIn && page === 'login'
    ? hydrationDecided.then((hydrate) => (hydrate ? undefined : loadAntdStylesFor(page)))
    : loadAntdStylesFor(page),
);

/**
 * Resolves once the router has loaded the first page's layout and page (its lazy routes). Asked
 * only when the sign-in page hydrates: subscribed to from the entry on every page, before
 * RouterProvider, it left other pages on the route guard's spinner for good in about one load in
 * four (security-headers E2E; 5-9 of 24 loads of /user-center, /stripe and their /webapp twins in
 * Chromium, 0 of 24 without it).
 */
const whenRouterReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/** Calls `onHydrated` once, after the first commit of its children (the hydration's). */
const AfterFirstCommit = ({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) => {
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
};

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Rendered once the texts and antd's precompiled styles are there. Not a top-level await: a
// language's chunk imports modules of this one (dayjs, for its locale), and waiting for it here
// would keep this chunk from ever finishing its evaluation, so that import would wait forever.
//
// The first render is a transition: React renders the first screen in slices of a few
// milliseconds, yielding to the browser between them, instead of one long task that blocks the
// main thread (Lighthouse's TBT), and the HTML's shell stays on screen until the screen is ready.
//
// The sign-in page comes prerendered by the build (`src/prerender/`), in the language and layout
// the server guessed: when it is what this first render draws, React hydrates it (in a
// transition too, in slices) instead of drawing it again.
const firstStyles = antdStylesPartAt(window.location.pathname);
const laterStyles = isPrerenderedSignIn ? applyOnFirstUse(() => void loadAntdStyles(firstStyles)) : undefined;
const stylesBefore = isPrerenderedSignIn ? undefined : loadAntdStyles(firstStyles);
void Promise.all([localeReady, stylesBefore]).then(async () => {
  const settings = settingsStore.get();
  const hydrate = canHydrateLogin({
    prerender: {
      page: container.dataset.prerender,
      locale: container.dataset.prerenderLocale,
      layout: container.dataset.prerenderLayout,
    },
    pathname: window.location.pathname,
    search: window.location.search,
    locale: getLocale(),
    isMobile: isMobileWidth(document.body.clientWidth || window.innerWidth),
    hasToken: Boolean(tokenStore.get()),
    hasRememberedAccount: hasRememberedAccount(browserStorage),
    settings,
  });
  decideHydration(hydrate);
  if (!hydrate) {
    // Drawn anew: the styles apply first, as on every other page.
    await loadAntdStyles(firstStyles);
    const root = createRoot(container);
    // For the E2E tests, as below: React has the page from here on (the prerendered inputs, if
    // any, are gone; what is typed now stays).
    const onRendered = () => {
      // A click on a prerendered button (the language switch) goes to the one drawn in its place.
      heldActions.release();
      heldActions.replay();
      container.dataset.hydrated = '';
    };
    startTransition(() => root.render(<AfterFirstCommit onHydrated={onRendered}>{app}</AfterFirstCommit>));
    return;
  }
  await whenRouterReady();
  const replayTyping = keepTypedValues(container);
  let isHydrated = false;
  const onHydrated = () => {
    if (isHydrated) return;
    isHydrated = true;
    replayTyping();
    heldActions.release();
    heldActions.replay();
    // For the E2E tests: the page answers from here on.
    container.dataset.hydrated = '';
    laterStyles?.whenIdle();
  };
  // The captcha the prerendered page shows (its HTML loaded it) is the form's first image.
  startFromDocumentCaptcha();
  // Clicks and submits stay held until the hydration's commit (`onHydrated`), then are replayed.
  startTransition(() => {
    hydrateRoot(container, <AfterFirstCommit onHydrated={onHydrated}>{app}</AfterFirstCommit>);
  });
});
