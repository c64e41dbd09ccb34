import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Locale } from '@ptc/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { buildRouteObjects } from '../app/router';
import { startFromDocumentCaptcha } from '../features/auth/use-captcha';
import { ROUTES } from '../routes';
import { LOGIN_PATH } from '../routes.paths';
import type { AppRoute } from '../routes.types';
import { changeLocale, i18n } from '../shared/i18n/i18n';

/** What the sign-in page's prerender of one language and layout consists of. */
export interface PrerenderedPage {
  /** The markup of `#root`, which `main.tsx` hydrates. */
  html: string;
  /** antd's theme variables (the CSS its runtime adds on the client), for the document's head. */
  css: string;
  /** The page's title, as `DocumentTitle` sets it. */
  title: string;
}

/**
 * Renders the sign-in page as the client's first render draws it (same providers, routes and
 * components; `main.tsx` hydrates it), in a language. Runs at build time in a DOM made by jsdom
 * (`write-pages.mjs`), whose width says whether the page is drawn for a phone or a desktop.
 */
export const renderLoginPage = async (locale: Locale): Promise<PrerenderedPage> => {
  await changeLocale(locale);
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [LOGIN_PATH] });
  // The layout and the page are lazy routes: rendered before they load, the router draws its fallback.
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  // The captcha image as a plain address, which the browser loads with the HTML.
  startFromDocumentCaptcha();
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>
    </StyleProvider>,
  );
  router.dispose();
  return {
    html,
    css: extractStyle(cache, { plain: true }),
    title: `${i18n.t('menu.login')} - ${i18n.t('app.name')}`,
  };
};

/** A path of the route table with a page, its group's layout and the page's name. */
export interface RoutePage {
  path: string;
  layout: string;
  page: string;
}

/**
 * Every path of the route table that shows a page, with what the router loads for it: the build
 * lists their files in `dist/route-preloads.json` (`write-pages.mjs`) for the server to preload.
 */
export const routePages = (routes: readonly AppRoute[] = ROUTES, layout?: string): RoutePage[] =>
  routes.flatMap((route) => [
    ...(route.path !== undefined && route.page
      ? [{ path: route.path, layout: layout ?? route.layout, page: route.page }]
      : []),
    ...routePages(route.children ?? [], layout ?? route.layout),
  ]);
