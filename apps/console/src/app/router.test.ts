import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveRoutes } from './navigation/route-tree';
import type { RouteHandle } from './navigation/use-current-route';
import { buildRouteObjects } from './router';

const routeObjects = buildRouteObjects();

/** Fills `:param` segments with sample values. */
const samplePath = (path: string): string => path.replace(/:(\w+)/g, 'sample-$1');

const leafOf = (pathname: string): RouteObject | undefined =>
  matchRoutes(routeObjects, pathname)?.at(-1)?.route;

const pageNameOf = (pathname: string): string | undefined =>
  (leafOf(pathname)?.handle as RouteHandle | undefined)?.routeName;

const runLoader = async (route: RouteObject | undefined, url: string): Promise<Response> => {
  const loader = route?.loader;
  if (typeof loader !== 'function') throw new Error(`no loader for ${url}`);
  return (await loader({ request: new Request(url), params: {}, context: undefined } as never)) as Response;
};

describe('the router built from the route table', () => {
  it.each(
    resolveRoutes()
      .filter(({ route, fullPath }) => route.page && fullPath && fullPath !== '*')
      .map(({ route, fullPath }) => [fullPath ?? '', route.name] as const),
  )('renders %s as the %s page', (fullPath, name) => {
    expect(pageNameOf(samplePath(fullPath))).toBe(name);
  });

  it('sends unknown paths to the not-found page', () => {
    expect(pageNameOf('/no/such/page')).toBe('notFound');
    expect(pageNameOf('/webapp/no-such-page')).toBe('notFound');
  });

  it.each([
    ['/', '/login'],
    ['/dashboard', '/dashboard/overview'],
    ['/webapp', '/webapp/dashboard/overview'],
    ['/webapp/dashboard', '/webapp/dashboard/overview'],
    ['/admin', '/admin/audit'],
  ])('redirects %s to %s, keeping the query', async (from, to) => {
    const response = await runLoader(leafOf(from), `http://localhost${from}?a=1`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${to}?a=1`);
  });

  it('leaves external links out of the router', () => {
    expect(pageNameOf('/help-center')).toBe('notFound');
  });
});
