import type { ComponentType } from 'react';

/**
 * The route table of SPEC §2 as data. The router, the side menu, breadcrumbs, page titles
 * and the route guard are all derived from it (see `app/navigation/route-tree.ts`).
 */

/** Which shell a route renders in: side-menu console, bare public page, or native-app wrapper. */
export type RouteLayout = 'default' | 'page' | 'webapp';

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
  /**
   * Where the path sends the browser. For a group without a path it names the group's landing
   * page instead (where a signed-in user is sent from the login page).
   */
  redirect?: string;
  /** External address; the menu opens it in a new tab. */
  externalUrl?: string;
  /** The page component. */
  page?: PageLoader;
  children?: AppRoute[];
}

const env = import.meta.env;

/** Addresses of the external menu links, configurable at build time. */
export const EXTERNAL_LINKS = {
  helpCenter: env.VITE_HELP_CENTER_URL || 'https://help.example.com',
  sisterAi: env.VITE_SISTER_AI_URL || 'https://ai.example.com/authentication',
  cloudPhone: env.VITE_CLOUD_PHONE_URL || 'https://cloudphone.example.com/login',
  apiV2Docs: env.VITE_API_V2_DOCS_URL || '/api-docs',
  /** Terms of service and privacy policy, accepted at registration. */
  terms: env.VITE_TERMS_URL || 'https://help.example.com/terms',
  privacy: env.VITE_PRIVACY_URL || 'https://help.example.com/privacy',
} as const;

/** Where signed-in users land. */
export const HOME_PATH = '/dashboard/overview';
/** The sign-in page. */
export const LOGIN_PATH = '/login';
/** Prefix of every route name of the native-app wrapper set. */
export const WEBAPP_NAME_PREFIX = 'webapp';
/** Base path of the native-app wrapper set. */
export const WEBAPP_BASE_PATH = '/webapp';

// Pages the later issues build render a titled "coming soon" body until then.
const comingSoon: PageLoader = () => import('./features/coming-soon/coming-soon.page');
const notFound: PageLoader = () => import('./features/not-found/not-found.page');
const redirectPage: PageLoader = () => import('./features/redirect/redirect.page');
const loginPage: PageLoader = () => import('./features/login/login.page');
const registerPage: PageLoader = () => import('./features/register/register.page');
const forgetPasswordPage: PageLoader = () => import('./features/password/forget-password.page');
const resetPasswordPage: PageLoader = () => import('./features/password/reset-password.page');
const userCenterPage: PageLoader = () => import('./features/user-center/user-center.page');
const anonymousPage: PageLoader = () => import('./features/anonymous/anonymous.page');
const chargePage: PageLoader = () => import('./features/charge/charge.page');
const wechatPayPage: PageLoader = () => import('./features/wechat-pay/wechat-pay.page');
const stripePage: PageLoader = () => import('./features/stripe/stripe.page');
const overviewPage: PageLoader = () => import('./features/overview/overview.page');
const dynamicTrafficPage: PageLoader = () => import('./features/proxy-pages/dynamic-traffic.page');
const dynamicIpPage: PageLoader = () => import('./features/proxy-pages/dynamic-ip.page');
const staticTrafficPage: PageLoader = () => import('./features/proxy-pages/static-traffic.page');
const staticIpPage: PageLoader = () => import('./features/proxy-pages/static-ip.page');

/** Public pages: the `page` layout, reachable without a token. */
const publicGroup: AppRoute = {
  name: 'page',
  titleKey: 'menu.home',
  order: 1,
  layout: 'page',
  hideInMenu: true,
  children: [
    {
      name: 'login',
      path: '/login',
      titleKey: 'menu.login',
      order: 1,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: loginPage,
    },
    {
      name: 'register',
      path: '/register',
      titleKey: 'menu.register',
      order: 2,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: registerPage,
    },
    {
      name: 'forgetPassword',
      path: '/forget-password',
      titleKey: 'menu.forgetPassword',
      order: 3,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: forgetPasswordPage,
    },
    {
      name: 'resetPassword',
      path: '/reset-password/:credential',
      titleKey: 'menu.resetPassword',
      order: 4,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: resetPasswordPage,
    },
    // Share-code entry; the code is matched case-insensitively (features/auth/share-code.ts).
    {
      name: 'authentication',
      path: '/authentication/:auth',
      titleKey: 'menu.authentication',
      order: 5,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: comingSoon,
    },
    {
      name: 'redirect',
      path: '/redirect/:path',
      titleKey: 'menu.redirect',
      order: 6,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: redirectPage,
    },
    {
      name: 'notFound',
      path: '*',
      titleKey: 'menu.notFound',
      order: 99,
      layout: 'page',
      hideInMenu: true,
      isPublic: true,
      page: notFound,
    },
  ],
};

/** Signed-in console pages with the side menu (the `default` layout). */
const defaultPages: AppRoute[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    redirect: '/dashboard/overview',
    titleKey: 'menu.dashboard',
    order: 1,
    layout: 'default',
    icon: 'dashboard',
    children: [
      {
        name: 'dashboardOverview',
        path: '/dashboard/overview',
        titleKey: 'menu.dashboard.overview',
        order: 1,
        layout: 'default',
        page: overviewPage,
      },
    ],
  },
  {
    name: 'proxy',
    titleKey: 'menu.proxy',
    order: 2,
    layout: 'default',
    icon: 'proxy',
    children: [
      {
        name: 'proxyDynamicTraffic',
        path: '/proxy/dynamic/traffic',
        titleKey: 'menu.proxy.dynamicTraffic',
        order: 1,
        layout: 'default',
        page: dynamicTrafficPage,
      },
      {
        name: 'proxyDynamicIp',
        path: '/proxy/dynamic/ip',
        titleKey: 'menu.proxy.dynamicIp',
        order: 2,
        layout: 'default',
        page: dynamicIpPage,
      },
      {
        name: 'proxyStaticTraffic',
        path: '/proxy/static/traffic',
        titleKey: 'menu.proxy.staticTraffic',
        order: 3,
        layout: 'default',
        page: staticTrafficPage,
      },
      {
        name: 'proxyStaticIp',
        path: '/proxy/static/ip',
        titleKey: 'menu.proxy.staticIp',
        order: 4,
        layout: 'default',
        page: staticIpPage,
      },
    ],
  },
  {
    name: 'charge',
    path: '/charge',
    titleKey: 'menu.charge',
    order: 3,
    layout: 'default',
    icon: 'charge',
    page: chargePage,
  },
  {
    name: 'quickAccess',
    path: '/quick-access',
    titleKey: 'menu.quickAccess',
    order: 4,
    layout: 'default',
    icon: 'quickAccess',
    page: comingSoon,
  },
  {
    name: 'userCenter',
    path: '/user-center',
    titleKey: 'menu.userCenter',
    order: 5,
    layout: 'default',
    icon: 'userCenter',
    page: userCenterPage,
  },
  {
    name: 'browserExtension',
    path: '/browser-extension',
    titleKey: 'menu.browserExtension',
    order: 6,
    layout: 'default',
    icon: 'browserExtension',
    page: comingSoon,
  },
  {
    name: 'connectionAssistance',
    titleKey: 'menu.connectionAssistance',
    order: 7,
    layout: 'default',
    icon: 'connection',
    children: [
      {
        name: 'connectionTool',
        path: '/connection-assistance/connection-tool',
        titleKey: 'menu.connectionAssistance.connectionTool',
        order: 1,
        layout: 'default',
        page: comingSoon,
      },
      {
        name: 'remoteService',
        path: '/remote-service',
        titleKey: 'menu.connectionAssistance.remoteService',
        order: 2,
        layout: 'default',
        page: comingSoon,
      },
      {
        name: 'mobileApp',
        path: '/mobile-app',
        titleKey: 'menu.connectionAssistance.mobileApp',
        order: 3,
        layout: 'default',
        page: comingSoon,
      },
      {
        name: 'fingerprintBrowser',
        path: '/fingerprint-browser',
        titleKey: 'menu.connectionAssistance.fingerprintBrowser',
        order: 4,
        layout: 'default',
        page: comingSoon,
      },
      {
        name: 'cloudPhone',
        titleKey: 'menu.connectionAssistance.cloudPhone',
        order: 5,
        layout: 'default',
        externalUrl: EXTERNAL_LINKS.cloudPhone,
      },
    ],
  },
  {
    name: 'apiV1',
    titleKey: 'menu.apiV1',
    order: 8,
    layout: 'default',
    icon: 'apiV1',
    hideInMenu: true,
    children: [
      {
        name: 'apiV1ApiKey',
        path: '/api-v1/api-key',
        titleKey: 'menu.apiV1.apiKey',
        order: 1,
        layout: 'default',
        hideInMenu: true,
        page: comingSoon,
      },
      {
        name: 'apiV1Document',
        path: '/api-v1/document',
        titleKey: 'menu.apiV1.document',
        order: 2,
        layout: 'default',
        hideInMenu: true,
        page: comingSoon,
      },
    ],
  },
  {
    name: 'apiV2',
    titleKey: 'menu.apiV2',
    order: 9,
    layout: 'default',
    icon: 'apiV2',
    children: [
      {
        name: 'apiV2ApiKey',
        path: '/api-v2/api-key',
        titleKey: 'menu.apiV2.apiKey',
        order: 1,
        layout: 'default',
        page: comingSoon,
      },
      {
        name: 'apiV2Docs',
        titleKey: 'menu.apiV2.docs',
        order: 2,
        layout: 'default',
        externalUrl: EXTERNAL_LINKS.apiV2Docs,
      },
    ],
  },
  {
    name: 'invitationProgram',
    path: '/invitation-program',
    titleKey: 'menu.invitationProgram',
    order: 10,
    layout: 'default',
    icon: 'invitation',
    page: comingSoon,
  },
  {
    name: 'anonymous',
    path: '/anonymous',
    titleKey: 'menu.anonymous',
    order: 11,
    layout: 'default',
    icon: 'anonymous',
    page: anonymousPage,
  },
  {
    name: 'stripe',
    path: '/stripe',
    titleKey: 'menu.stripe',
    order: 12,
    layout: 'default',
    hideInMenu: true,
    page: stripePage,
  },
  {
    name: 'wechatPay',
    path: '/wechat/pay/:path',
    titleKey: 'menu.wechatPay',
    order: 13,
    layout: 'default',
    hideInMenu: true,
    page: wechatPayPage,
  },
  {
    name: 'helpCenter',
    titleKey: 'menu.helpCenter',
    order: 14,
    layout: 'default',
    icon: 'helpCenter',
    hideForTourist: true,
    externalUrl: EXTERNAL_LINKS.helpCenter,
  },
  {
    name: 'sisterAi',
    titleKey: 'menu.sisterAi',
    order: 15,
    layout: 'default',
    icon: 'sisterAi',
    hideForTourist: true,
    externalUrl: EXTERNAL_LINKS.sisterAi,
  },
];

const defaultGroup: AppRoute = {
  name: 'default',
  titleKey: 'menu.home',
  order: 2,
  layout: 'default',
  hideInMenu: true,
  redirect: HOME_PATH,
  children: defaultPages,
};

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

/** The native-app wrapper set: the console pages again under `/webapp`, without the side menu. */
const webappGroup: AppRoute = {
  name: WEBAPP_NAME_PREFIX,
  path: WEBAPP_BASE_PATH,
  titleKey: 'menu.home',
  order: 3,
  layout: 'webapp',
  hideInMenu: true,
  redirect: `${WEBAPP_BASE_PATH}${HOME_PATH}`,
  children: defaultPages.map(toWebappRoute).filter((route) => route !== undefined),
};

/** Every route of the console. */
export const ROUTES: readonly AppRoute[] = [
  {
    name: 'root',
    path: '/',
    redirect: LOGIN_PATH,
    titleKey: 'menu.home',
    order: 0,
    layout: 'page',
    hideInMenu: true,
    isPublic: true,
  },
  publicGroup,
  defaultGroup,
  webappGroup,
];
