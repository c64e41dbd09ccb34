import { describe, expect, it } from 'vitest';
import { resolveRoutes } from './app/navigation/route-tree';
import { ROUTES } from './routes';
import { EXTERNAL_LINKS } from './routes.paths';

/** A real page, the "coming soon" placeholder, a redirect, a menu group or an external link. */
type Kind = 'page' | 'placeholder' | 'redirect' | 'group' | 'external';

/**
 * The paths that still show the "coming soon" placeholder instead of their page. The issue that
 * builds one of these pages takes its path off this list; a placeholder missing from it, or a
 * listed path with a real page, fails. Their copies under /webapp follow the console page.
 */
const COMING_SOON_PATHS: string[] = [];

/** The console path a route repeats (its own path, or the one below /webapp). */
const consolePathOf = (path: string | null) => path?.replace(/^\/webapp(?=\/)/, '') ?? null;

interface ExpectedRoute {
  name: string;
  path: string | null;
  layout: 'default' | 'page' | 'webapp' | 'admin';
  kind: Kind;
  hideInMenu?: boolean;
  hideForTourist?: boolean;
  isPublic?: boolean;
  redirect?: string;
  externalUrl?: string;
  operatorRoles?: readonly string[];
}

/** SPEC §2, written out by hand: the default (side-menu) console. */
const CONSOLE_ROUTES: ExpectedRoute[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    layout: 'default',
    kind: 'redirect',
    redirect: '/dashboard/overview',
  },
  { name: 'dashboardOverview', path: '/dashboard/overview', layout: 'default', kind: 'page' },
  { name: 'proxy', path: null, layout: 'default', kind: 'group' },
  { name: 'proxyDynamicTraffic', path: '/proxy/dynamic/traffic', layout: 'default', kind: 'page' },
  { name: 'proxyDynamicIp', path: '/proxy/dynamic/ip', layout: 'default', kind: 'page' },
  { name: 'proxyStaticTraffic', path: '/proxy/static/traffic', layout: 'default', kind: 'page' },
  { name: 'proxyStaticIp', path: '/proxy/static/ip', layout: 'default', kind: 'page' },
  { name: 'proxySubUsers', path: '/proxy/sub-users', layout: 'default', kind: 'page' },
  { name: 'proxyIpAllowList', path: '/proxy/ip-allowlist', layout: 'default', kind: 'page' },
  { name: 'charge', path: '/charge', layout: 'default', kind: 'page' },
  { name: 'quickAccess', path: '/quick-access', layout: 'default', kind: 'page' },
  { name: 'userCenter', path: '/user-center', layout: 'default', kind: 'page' },
  { name: 'browserExtension', path: '/browser-extension', layout: 'default', kind: 'page' },
  { name: 'connectionAssistance', path: null, layout: 'default', kind: 'group' },
  { name: 'connectionTool', path: '/connection-assistance/connection-tool', layout: 'default', kind: 'page' },
  { name: 'remoteService', path: '/remote-service', layout: 'default', kind: 'page' },
  { name: 'mobileApp', path: '/mobile-app', layout: 'default', kind: 'page' },
  { name: 'fingerprintBrowser', path: '/fingerprint-browser', layout: 'default', kind: 'page' },
  {
    name: 'cloudPhone',
    path: null,
    layout: 'default',
    kind: 'external',
    externalUrl: EXTERNAL_LINKS.cloudPhone,
  },
  { name: 'apiV1', path: null, layout: 'default', kind: 'group', hideInMenu: true },
  { name: 'apiV1ApiKey', path: '/api-v1/api-key', layout: 'default', kind: 'page', hideInMenu: true },
  { name: 'apiV1Document', path: '/api-v1/document', layout: 'default', kind: 'page', hideInMenu: true },
  { name: 'apiV2', path: null, layout: 'default', kind: 'group' },
  { name: 'apiV2ApiKey', path: '/api-v2/api-key', layout: 'default', kind: 'page' },
  {
    name: 'apiV2Docs',
    path: null,
    layout: 'default',
    kind: 'external',
    externalUrl: EXTERNAL_LINKS.apiV2Docs,
  },
  { name: 'invitationProgram', path: '/invitation-program', layout: 'default', kind: 'page' },
  { name: 'anonymous', path: '/anonymous', layout: 'default', kind: 'page' },
  { name: 'stripe', path: '/stripe', layout: 'default', kind: 'page', hideInMenu: true },
  { name: 'wechatPay', path: '/wechat/pay/:path', layout: 'default', kind: 'page', hideInMenu: true },
  { name: 'moneyTrail', path: '/charge/history', layout: 'default', kind: 'page', hideInMenu: true },
  {
    name: 'helpCenter',
    path: null,
    layout: 'default',
    kind: 'external',
    hideForTourist: true,
    externalUrl: EXTERNAL_LINKS.helpCenter,
  },
  {
    name: 'sisterAi',
    path: null,
    layout: 'default',
    kind: 'external',
    hideForTourist: true,
    externalUrl: EXTERNAL_LINKS.sisterAi,
  },
];

/** The same pages for the native-app wrapper, under /webapp, external links left out. */
const WEBAPP_ROUTES: ExpectedRoute[] = [
  {
    name: 'webappDashboard',
    path: '/webapp/dashboard',
    layout: 'webapp',
    kind: 'redirect',
    redirect: '/webapp/dashboard/overview',
  },
  { name: 'webappDashboardOverview', path: '/webapp/dashboard/overview', layout: 'webapp', kind: 'page' },
  { name: 'webappProxy', path: null, layout: 'webapp', kind: 'group' },
  {
    name: 'webappProxyDynamicTraffic',
    path: '/webapp/proxy/dynamic/traffic',
    layout: 'webapp',
    kind: 'page',
  },
  { name: 'webappProxyDynamicIp', path: '/webapp/proxy/dynamic/ip', layout: 'webapp', kind: 'page' },
  { name: 'webappProxyStaticTraffic', path: '/webapp/proxy/static/traffic', layout: 'webapp', kind: 'page' },
  { name: 'webappProxyStaticIp', path: '/webapp/proxy/static/ip', layout: 'webapp', kind: 'page' },
  { name: 'webappProxySubUsers', path: '/webapp/proxy/sub-users', layout: 'webapp', kind: 'page' },
  { name: 'webappProxyIpAllowList', path: '/webapp/proxy/ip-allowlist', layout: 'webapp', kind: 'page' },
  { name: 'webappCharge', path: '/webapp/charge', layout: 'webapp', kind: 'page' },
  { name: 'webappQuickAccess', path: '/webapp/quick-access', layout: 'webapp', kind: 'page' },
  { name: 'webappUserCenter', path: '/webapp/user-center', layout: 'webapp', kind: 'page' },
  { name: 'webappBrowserExtension', path: '/webapp/browser-extension', layout: 'webapp', kind: 'page' },
  { name: 'webappConnectionAssistance', path: null, layout: 'webapp', kind: 'group' },
  {
    name: 'webappConnectionTool',
    path: '/webapp/connection-assistance/connection-tool',
    layout: 'webapp',
    kind: 'page',
  },
  { name: 'webappRemoteService', path: '/webapp/remote-service', layout: 'webapp', kind: 'page' },
  { name: 'webappMobileApp', path: '/webapp/mobile-app', layout: 'webapp', kind: 'page' },
  { name: 'webappFingerprintBrowser', path: '/webapp/fingerprint-browser', layout: 'webapp', kind: 'page' },
  { name: 'webappApiV1', path: null, layout: 'webapp', kind: 'group', hideInMenu: true },
  {
    name: 'webappApiV1ApiKey',
    path: '/webapp/api-v1/api-key',
    layout: 'webapp',
    kind: 'page',
    hideInMenu: true,
  },
  {
    name: 'webappApiV1Document',
    path: '/webapp/api-v1/document',
    layout: 'webapp',
    kind: 'page',
    hideInMenu: true,
  },
  { name: 'webappApiV2', path: null, layout: 'webapp', kind: 'group' },
  { name: 'webappApiV2ApiKey', path: '/webapp/api-v2/api-key', layout: 'webapp', kind: 'page' },
  { name: 'webappInvitationProgram', path: '/webapp/invitation-program', layout: 'webapp', kind: 'page' },
  { name: 'webappAnonymous', path: '/webapp/anonymous', layout: 'webapp', kind: 'page' },
  { name: 'webappStripe', path: '/webapp/stripe', layout: 'webapp', kind: 'page', hideInMenu: true },
  {
    name: 'webappWechatPay',
    path: '/webapp/wechat/pay/:path',
    layout: 'webapp',
    kind: 'page',
    hideInMenu: true,
  },
  {
    name: 'webappMoneyTrail',
    path: '/webapp/charge/history',
    layout: 'webapp',
    kind: 'page',
    hideInMenu: true,
  },
];

/**
 * The operator area (issue #15): its own layout and guard, so none of it is public to the
 * customer guard; the pages name the operator roles that may open them.
 */
const ADMIN_ROUTES: ExpectedRoute[] = [
  {
    name: 'admin',
    path: '/admin',
    layout: 'admin',
    kind: 'redirect',
    hideInMenu: true,
    redirect: '/admin/audit',
  },
  { name: 'adminLogin', path: '/admin/login', layout: 'admin', kind: 'page', hideInMenu: true },
  { name: 'adminAudit', path: '/admin/audit', layout: 'admin', kind: 'page', operatorRoles: ['owner'] },
  {
    name: 'adminPrices',
    path: '/admin/prices',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance'],
  },
  {
    name: 'adminCustomers',
    path: '/admin/customers',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance', 'support'],
  },
  {
    name: 'adminCustomer',
    path: '/admin/customers/:uid',
    layout: 'admin',
    kind: 'page',
    hideInMenu: true,
    operatorRoles: ['owner', 'finance', 'support'],
  },
  {
    name: 'adminOrders',
    path: '/admin/orders',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance', 'support'],
  },
  {
    name: 'adminRefunds',
    path: '/admin/refunds',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance'],
  },
  {
    name: 'adminReports',
    path: '/admin/reports',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance'],
  },
  {
    name: 'adminSupply',
    path: '/admin/supply',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance', 'support'],
  },
  {
    name: 'adminCatalogue',
    path: '/admin/catalogue',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'finance', 'support'],
  },
  {
    name: 'adminBulletins',
    path: '/admin/bulletins',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'support'],
  },
  {
    name: 'adminSurvey',
    path: '/admin/survey',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner', 'support'],
  },
  {
    name: 'adminOperators',
    path: '/admin/operators',
    layout: 'admin',
    kind: 'page',
    operatorRoles: ['owner'],
  },
];

const ROUTE_TABLE: ExpectedRoute[] = [
  {
    name: 'root',
    path: '/',
    layout: 'page',
    kind: 'redirect',
    redirect: '/login',
    hideInMenu: true,
    isPublic: true,
  },
  { name: 'page', path: null, layout: 'page', kind: 'group', hideInMenu: true },
  { name: 'login', path: '/login', layout: 'page', kind: 'page', hideInMenu: true, isPublic: true },
  { name: 'register', path: '/register', layout: 'page', kind: 'page', hideInMenu: true, isPublic: true },
  {
    name: 'forgetPassword',
    path: '/forget-password',
    layout: 'page',
    kind: 'page',
    hideInMenu: true,
    isPublic: true,
  },
  {
    name: 'resetPassword',
    path: '/reset-password/:credential',
    layout: 'page',
    kind: 'page',
    hideInMenu: true,
    isPublic: true,
  },
  {
    name: 'authentication',
    path: '/authentication/:auth',
    layout: 'page',
    kind: 'page',
    hideInMenu: true,
    isPublic: true,
  },
  {
    name: 'redirect',
    path: '/redirect/:path',
    layout: 'page',
    kind: 'page',
    hideInMenu: true,
    isPublic: true,
  },
  {
    name: 'remoteControl',
    path: '/remote-service/remote/:id',
    layout: 'page',
    kind: 'page',
    hideInMenu: true,
  },
  { name: 'notFound', path: '*', layout: 'page', kind: 'page', hideInMenu: true, isPublic: true },
  {
    name: 'default',
    path: null,
    layout: 'default',
    kind: 'group',
    hideInMenu: true,
    redirect: '/dashboard/overview',
  },
  ...CONSOLE_ROUTES,
  {
    name: 'webapp',
    path: '/webapp',
    layout: 'webapp',
    kind: 'redirect',
    hideInMenu: true,
    redirect: '/webapp/dashboard/overview',
  },
  ...WEBAPP_ROUTES,
  ...ADMIN_ROUTES,
];

/** The table written out above, its listed placeholders marked as such. */
const EXPECTED = ROUTE_TABLE.map((route) =>
  route.kind === 'page' && COMING_SOON_PATHS.includes(consolePathOf(route.path) ?? '')
    ? { ...route, kind: 'placeholder' as const }
    : route,
);

const kindOf = (route: (typeof ROUTES)[number]): Kind => {
  if (route.externalUrl) return 'external';
  if (route.page === 'comingSoon') return 'placeholder';
  if (route.page) return 'page';
  if (route.redirect && route.path !== undefined) return 'redirect';
  return 'group';
};

const actual = resolveRoutes().map(({ route, fullPath }): ExpectedRoute => {
  const entry: ExpectedRoute = {
    name: route.name,
    path: fullPath ?? null,
    layout: route.layout,
    kind: kindOf(route),
  };
  if (route.hideInMenu) entry.hideInMenu = true;
  if (route.hideForTourist) entry.hideForTourist = true;
  if (route.isPublic) entry.isPublic = true;
  if (route.redirect) entry.redirect = route.redirect;
  if (route.externalUrl) entry.externalUrl = route.externalUrl;
  if (route.operatorRoles) entry.operatorRoles = route.operatorRoles;
  return entry;
});

describe('the route table', () => {
  it('holds every route of SPEC §2 with its name, path, layout and flags', () => {
    expect(actual).toEqual(EXPECTED);
  });

  it('lists exactly the routes that still show the "coming soon" placeholder', () => {
    const placeholders = actual.filter((route) => route.kind === 'placeholder');
    const consolePaths = placeholders
      .map((route) => route.path)
      .filter((path) => path !== null && !path.startsWith('/webapp/'));
    expect(consolePaths.sort(), 'placeholders of the table vs COMING_SOON_PATHS').toEqual(
      [...COMING_SOON_PATHS].sort(),
    );
    // A native-app copy shows what its console page shows.
    for (const route of actual.filter((entry) => entry.path?.startsWith('/webapp/'))) {
      const twin = actual.find((entry) => entry.path === consolePathOf(route.path));
      expect(route.kind === 'placeholder', route.name).toBe(twin?.kind === 'placeholder');
    }
  });

  it('gives every route a unique name', () => {
    const names = actual.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every path a unique address', () => {
    const paths = actual.map((route) => route.path).filter((path) => path !== null);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('whitelists exactly the public pages of SPEC §2 and §6', () => {
    const publicPages = actual
      .filter((route) => route.isPublic && (route.kind === 'page' || route.kind === 'placeholder'))
      .map((route) => route.name);
    expect(publicPages.sort()).toEqual(
      [
        'authentication',
        'forgetPassword',
        'login',
        'notFound',
        'redirect',
        'register',
        'resetPassword',
      ].sort(),
    );
  });

  it('marks every native-app route by the webapp name prefix and only those', () => {
    for (const route of actual) {
      expect(route.name.startsWith('webapp')).toBe(route.layout === 'webapp');
    }
  });

  it("links external entries to absolute or same-origin addresses, or to the operator's runtime link", () => {
    for (const url of Object.values(EXTERNAL_LINKS))
      expect(url).toMatch(/^(https?:\/\/|\/|operator:[a-z_]+$)/);
  });

  it('lists siblings with distinct menu orders', () => {
    const visit = (routes: readonly (typeof ROUTES)[number][]): void => {
      const orders = routes.map((route) => route.order);
      expect(new Set(orders).size).toBe(orders.length);
      for (const route of routes) visit(route.children ?? []);
    };
    visit(ROUTES);
  });
});
