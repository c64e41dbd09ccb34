import { buildMenu, type MenuEntry } from '../../app/navigation/route-tree';
import { ROUTES } from '../../routes';
import type { AppRoute } from '../../routes.types';
import type { OperatorRole } from './admin.types';

const adminPages = (): readonly AppRoute[] => ROUTES.find((route) => route.name === 'admin')?.children ?? [];

/** True when an operator with `role` may open `route` (routes naming no roles are open to all). */
export const canOperatorOpen = (route: AppRoute, role: OperatorRole): boolean =>
  !route.operatorRoles || route.operatorRoles.includes(role);

/** The operator area's side menu for `role`, from the route table. */
export const buildOperatorMenu = (role: OperatorRole): MenuEntry[] =>
  buildMenu(
    adminPages().filter((route) => canOperatorOpen(route, role)),
    { isTourist: false },
  );
