/**
 * The page modules of the route table, by page name, each loaded when its route is first shown.
 * Only the router (`app/router.tsx`) imports this module: the table (`routes.ts`) names its pages
 * with these keys, so the table, the menu and every feature that reads paths from it import no
 * page, and no page imports this table back (`routes.structure.test.ts`).
 */
import type { PageLoader } from './routes.types';

export const PAGES = {
  /**
   * The placeholder of the pages later issues build: a titled "coming soon" body until then
   * (`routes.test.ts` lists every route that still shows it).
   */
  comingSoon: () => import('./features/coming-soon/coming-soon.page'),
  notFound: () => import('./features/not-found/not-found.page'),
  redirect: () => import('./features/redirect/redirect.page'),
  login: () => import('./features/login/login.page'),
  register: () => import('./features/register/register.page'),
  forgetPassword: () => import('./features/password/forget-password.page'),
  resetPassword: () => import('./features/password/reset-password.page'),
  userCenter: () => import('./features/user-center/user-center.page'),
  anonymous: () => import('./features/anonymous/anonymous.page'),
  charge: () => import('./features/charge/charge.page'),
  moneyTrail: () => import('./features/money-trail/money-trail.page'),
  wechatPay: () => import('./features/wechat-pay/wechat-pay.page'),
  stripe: () => import('./features/stripe/stripe.page'),
  overview: () => import('./features/overview/overview.page'),
  dynamicTraffic: () => import('./features/proxy-pages/dynamic-traffic.page'),
  dynamicIp: () => import('./features/proxy-pages/dynamic-ip.page'),
  staticTraffic: () => import('./features/proxy-pages/static-traffic.page'),
  staticIp: () => import('./features/proxy-pages/static-ip.page'),
  operatorLogin: () => import('./features/admin/operator-login.page'),
  audit: () => import('./features/admin/audit.page'),
  prices: () => import('./features/admin/prices.page'),
  customerSearch: () => import('./features/admin/customers/customer-search.page'),
  customer: () => import('./features/admin/customers/customer.page'),
  orders: () => import('./features/admin/money/orders.page'),
  refunds: () => import('./features/admin/money/refunds.page'),
  reports: () => import('./features/admin/money/reports.page'),
  supply: () => import('./features/admin/supply/supply.page'),
  catalogue: () => import('./features/admin/catalogue/catalogue.page'),
  operators: () => import('./features/admin/operators/operator-list.page'),
  adminBulletins: () => import('./features/admin/bulletins/bulletins.page'),
  adminSurvey: () => import('./features/admin/survey/survey-admin.page'),
  apiV1Key: () => import('./features/api-keys/api-v1-key.page'),
  apiV1Document: () => import('./features/api-keys/api-v1-document.page'),
  apiV2Keys: () => import('./features/api-keys/api-v2-keys.page'),
  quickAccess: () => import('./features/quick-access/quick-access.page'),
  browserExtension: () => import('./features/browser-extension/browser-extension.page'),
  remotePcs: () => import('./features/remote-pcs/remote-pcs.page'),
  remoteControl: () => import('./features/remote-pcs/remote-control.page'),
  connectionTool: () => import('./features/connection-help/connection-tool.page'),
  mobileApp: () => import('./features/connection-help/mobile-app.page'),
  fingerprintBrowser: () => import('./features/connection-help/fingerprint-browser.page'),
  invitationProgram: () => import('./features/invitation/invitation.page'),
  shareCode: () => import('./features/share-code/share-code.page'),
  subUsers: () => import('./features/sub-users/sub-users.page'),
  ipAllowList: () => import('./features/ip-allowlist/ip-allowlist.page'),
} satisfies Record<string, PageLoader>;

/** The name of a page module of {@link PAGES}. */
export type PageName = keyof typeof PAGES;
