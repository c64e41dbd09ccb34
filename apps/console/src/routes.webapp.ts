import { HOME_PATH, WEBAPP_BASE_PATH, WEBAPP_NAME_PREFIX } from './routes.paths';
import type { AppRoute } from './routes.types';

const capitalize = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** Repeats a console route for the native-app wrapper: relative path, prefixed name, `webapp` layout. */
const toWebappRoute = (route: AppRoute): AppRoute | undefined => {
  if (route.externalUrl) return undefined;
  const { children, path, redirect, ...rest } = route;
  const webappChildren = children?.map(toWebappRoute).filter((child) => child !== undefined);
  return {
    ...rest,
    name: `${WEBAPP_NAME_PREFIX}${capitalize(route.name)}`,
    layout: 'webapp',
    ...(path ? { path: path.replace(/^\//, '') } : {}),
    ...(redirect ? { redirect: `${WEBAPP_BASE_PATH}${redirect}` } : {}),
    ...(webappChildren ? { children: webappChildren } : {}),
  };
};

/** The native-app wrapper set: the console `pages` again under `/webapp`, without the side menu. */
export const createWebappGroup = (pages: readonly AppRoute[]): AppRoute => ({
  name: WEBAPP_NAME_PREFIX,
  path: WEBAPP_BASE_PATH,
  titleKey: 'menu.home',
  order: 3,
  layout: 'webapp',
  hideInMenu: true,
  redirect: `${WEBAPP_BASE_PATH}${HOME_PATH}`,
  children: pages.map(toWebappRoute).filter((route) => route !== undefined),
});
