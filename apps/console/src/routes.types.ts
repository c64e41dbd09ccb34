/** The shape of the route table (`routes.ts`): what one route says about itself. */
import type { ComponentType } from 'react';
import type { OperatorRole } from './features/admin/admin.types';
import type { PageName } from './routes.pages';

/**
 * Which shell a route renders in: side-menu console, bare public page, native-app wrapper, or the
 * operator area (its own layout and guard, code-split from the customer console).
 */
export type RouteLayout = 'default' | 'page' | 'webapp' | 'admin';

/** Menu icon names; `app/layouts/menu-icons.tsx` maps them to icon components. */
export type MenuIcon =
  | 'dashboard'
  | 'proxy'
  | 'charge'
  | 'quickAccess'
  | 'userCenter'
  | 'browserExtension'
  | 'connection'
  | 'apiV1'
  | 'apiV2'
  | 'invitation'
  | 'anonymous'
  | 'helpCenter'
  | 'sisterAi';

/** A lazily loaded page module. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** One entry of the route table. */
export interface AppRoute {
  /** Unique name; the guard, menu keys and tabs use it. Native-app routes start with `webapp`. */
  name: string;
  /**
   * Absolute path (`/charge`), or relative below a parent with a path (the webapp set).
   * Absent for menu groups and external links.
   */
  path?: string;
  /** Locale key of the title shown in the menu, breadcrumbs, tabs and `document.title`. */
  titleKey: string;
  /** Position among its siblings in the menu (ascending). */
  order: number;
  /** Shell the route renders in. */
  layout: RouteLayout;
  /** Menu icon (top-level entries). */
  icon?: MenuIcon;
  /** Never listed in the menu. */
  hideInMenu?: boolean;
  /** Not listed for tourists (guest accounts). */
  hideForTourist?: boolean;
  /** Reachable without a token (the guard's whitelist). */
  isPublic?: boolean;
  /** Operator area: the roles that may open the page (absent: every signed-in operator). */
  operatorRoles?: readonly OperatorRole[];
  /**
   * Where the path sends the browser. For a group without a path it names the group's landing
   * page instead (where a signed-in user is sent from the login page).
   */
  redirect?: string;
  /** External address; the menu opens it in a new tab. */
  externalUrl?: string;
  /** The page shown, by its name in `routes.pages.ts` (the router loads it when first shown). */
  page?: PageName;
  children?: AppRoute[];
}
