import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { ROUTES } from '../routes';
import { PAGES, type PageName } from '../routes.pages';
import type { AppRoute, RouteLayout } from '../routes.types';
import { setNavigator } from '../shared/navigation/navigation';
import { PageSpinner } from '../shared/ui/page-spinner';
import type { RouteHandle } from './navigation/use-current-route';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error.page';

/** Layout components, loaded with the first page that needs them. */
const LAYOUTS: Record<RouteLayout, RouteObject['lazy']> = {
  default: async () => ({ Component: (await import('./layouts/default-layout')).DefaultLayout }),
  page: async () => ({ Component: (await import('./layouts/page-layout')).PageLayout }),
  webapp: async () => ({ Component: (await import('./layouts/webapp-layout')).WebappLayout }),
  // The operator area: a chunk of its own, which customers never load.
  admin: async () => ({ Component: (await import('../features/admin/admin-layout')).AdminLayout }),
};

/** What a redirect route renders during the instant before its loader's redirect applies. */
const RedirectPending = () => null;

/** A loader that redirects to `target`, keeping the query string. */
const redirectTo =
  (target: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${target}${new URL(request.url).search}`);

/**
 * What a page waits for besides its module before it first shows (the stylesheet part it needs,
 * `app/antd-styles.ts`); nothing by default (tests).
 */
export type BeforePage = (page: PageName) => Promise<unknown> | undefined;

/** Turns one entry of the table (and its descendants) into flat router routes below its layout. */
const toRouteObjects = (route: AppRoute, beforePage?: BeforePage): RouteObject[] => {
  const own: RouteObject[] = [];
  const { page, path } = route;
  if (path !== undefined && page) {
    const handle: RouteHandle = { routeName: route.name };
    const lazy = async () => {
      const [module] = await Promise.all([PAGES[page](), beforePage?.(page)]);
      return { Component: module.default };
    };
    own.push({ path, handle, lazy });
  } else if (path !== undefined && route.redirect) {
    own.push({ path, loader: redirectTo(route.redirect), Component: RedirectPending });
  }
  return [...own, ...(route.children ?? []).flatMap((child) => toRouteObjects(child, beforePage))];
};

/** A layout group of the table: its layout as a parent route, its pages flattened below it. */
const toLayoutRoute = (group: AppRoute, beforePage?: BeforePage): RouteObject => {
  const children = (group.children ?? []).flatMap((child) => toRouteObjects(child, beforePage));
  if (group.path !== undefined && group.redirect)
    children.unshift({ index: true, loader: redirectTo(group.redirect), Component: RedirectPending });
  return {
    id: `layout:${group.name}`,
    ...(group.path !== undefined ? { path: group.path } : {}),
    lazy: LAYOUTS[group.layout],
    children,
  };
};

/** Router routes derived from the route table. */
export const buildRouteObjects = (
  routes: readonly AppRoute[] = ROUTES,
  beforePage?: BeforePage,
): RouteObject[] => [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: routes.flatMap((route): RouteObject[] => {
      if (route.children) return [toLayoutRoute(route, beforePage)];
      if (route.path === '/' && route.redirect) {
        return [{ index: true, loader: redirectTo(route.redirect), Component: RedirectPending }];
      }
      return toRouteObjects(route, beforePage);
    }),
  },
];

/** Creates the browser router and lets code outside React navigate with it. */
export const createAppRouter = (beforePage?: BeforePage) => {
  const router = createBrowserRouter(buildRouteObjects(ROUTES, beforePage));
  setNavigator((to, options) => router.navigate(to, options));
  return router;
};
