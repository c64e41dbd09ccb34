import { ROUTES } from '../../routes';
import { WEBAPP_NAME_PREFIX } from '../../routes.paths';
import type { AppRoute, RouteLayout } from '../../routes.types';

/** A route of the table together with what it inherits from its ancestors. */
export interface ResolvedRoute {
  route: AppRoute;
  /** Absolute path (parents' paths joined), or `undefined` for groups and external links. */
  fullPath: string | undefined;
  /** Ancestors from the outermost group down to the direct parent. */
  parents: AppRoute[];
}

const joinPath = (base: string | undefined, path: string): string => {
  if (path.startsWith('/') || path === '*') return path;
  if (!base) return `/${path}`;
  return `${base.replace(/\/$/, '')}/${path}`;
};

/**
 * Lists every route of `routes` depth-first, with full paths and ancestors. Relative paths
 * resolve against the path of the layout group (the top-level entry), as in the router.
 */
export const resolveRoutes = (routes: readonly AppRoute[] = ROUTES): ResolvedRoute[] => {
  const result: ResolvedRoute[] = [];
  const visit = (route: AppRoute, parents: AppRoute[], base: string | undefined): void => {
    const fullPath = route.path === undefined ? undefined : joinPath(base, route.path);
    result.push({ route, fullPath, parents });
    for (const child of route.children ?? []) visit(child, [...parents, route], base);
  };
  for (const route of routes) {
    const base = route.path === undefined ? undefined : joinPath(undefined, route.path);
    result.push({ route, fullPath: base, parents: [] });
    for (const child of route.children ?? []) visit(child, [route], base);
  }
  return result;
};

const byName = new Map(resolveRoutes().map((resolved) => [resolved.route.name, resolved]));

/** Finds a route of the table by name. */
export const findRoute = (name: string): ResolvedRoute | undefined => byName.get(name);

/** True when the route is reachable without a token. */
export const isPublicRoute = (name: string): boolean => findRoute(name)?.route.isPublic === true;

/** True for routes of the native-app wrapper set (their names start with `webapp`). */
export const isWebappRoute = (name: string): boolean => name.startsWith(WEBAPP_NAME_PREFIX);

/** The layout a route renders in. */
export const getRouteLayout = (name: string): RouteLayout | undefined => findRoute(name)?.route.layout;

/** The titled ancestors of a route and the route itself, for breadcrumbs (layout groups left out). */
export const getRouteTrail = (name: string): AppRoute[] => {
  const resolved = findRoute(name);
  if (!resolved) return [];
  // The outermost parent is the layout group, which has no place in a breadcrumb.
  return [...resolved.parents.slice(1), resolved.route];
};

/** One entry of the side menu. */
export interface MenuEntry {
  /** Route name, used as the menu key. */
  key: string;
  titleKey: string;
  icon: AppRoute['icon'];
  /** Internal target; absent for groups and external links. */
  path?: string;
  /** External target, opened in a new tab. */
  externalUrl?: string;
  children?: MenuEntry[];
}

/** Who is looking at the menu. */
export interface MenuViewer {
  isTourist: boolean;
}

/**
 * Builds the side menu from `routes` (the children of one layout group, whose path is `base`):
 * hidden and (for tourists) tourist-hidden entries are
 * left out, siblings are ordered by `order`, and groups left without entries disappear.
 */
export const buildMenu = (routes: readonly AppRoute[], viewer: MenuViewer, base?: string): MenuEntry[] =>
  [...routes]
    .filter((route) => !route.hideInMenu && !(viewer.isTourist && route.hideForTourist))
    .sort((a, b) => a.order - b.order)
    .flatMap((route): MenuEntry[] => {
      const fullPath = route.path === undefined ? undefined : joinPath(base, route.path);
      const entry: MenuEntry = { key: route.name, titleKey: route.titleKey, icon: route.icon };
      if (route.externalUrl) return [{ ...entry, externalUrl: route.externalUrl }];
      if (route.children?.length) {
        const children = buildMenu(route.children, viewer, base);
        return children.length ? [{ ...entry, children }] : [];
      }
      return fullPath ? [{ ...entry, path: fullPath }] : [];
    });

/** The side menu of the default layout. */
export const buildDefaultMenu = (viewer: MenuViewer): MenuEntry[] =>
  buildMenu(ROUTES.find((route) => route.name === 'default')?.children ?? [], viewer);

/** Menu keys of the groups that contain `name`, to open them when the page is shown. */
export const getOpenMenuKeys = (name: string): string[] =>
  (findRoute(name)?.parents ?? []).filter((parent) => !parent.hideInMenu).map((parent) => parent.name);
