import { useMatches } from 'react-router';
import { findRoute, type ResolvedRoute } from './route-tree';

/** What the router keeps on each route object built from the table. */
export interface RouteHandle {
  routeName: string;
}

const isRouteHandle = (value: unknown): value is RouteHandle =>
  value !== null && typeof value === 'object' && typeof (value as RouteHandle).routeName === 'string';

/** The deepest matched route of the table (the page being shown). */
export const useCurrentRoute = (): ResolvedRoute | undefined => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return findRoute(handle.routeName);
  }
  return undefined;
};
