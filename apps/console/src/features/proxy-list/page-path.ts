import { findRoute } from '../../app/navigation/route-tree';
import { WEBAPP_BASE_PATH, WEBAPP_NAME_PREFIX } from '../../routes.paths';

/** Path of a console page by route name, in the native-app set when the user is inside it. */
export const pagePath = (name: string): string => {
  const isWebapp = typeof window !== 'undefined' && window.location.pathname.startsWith(WEBAPP_BASE_PATH);
  const routeName = isWebapp ? `${WEBAPP_NAME_PREFIX}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
  return findRoute(routeName)?.fullPath ?? findRoute(name)?.fullPath ?? '/';
};
