/** The page modules of the route table, each loaded when its route is first shown. */
import type { PageLoader } from './routes.types';

/**
 * The placeholder of the pages later issues build: a titled "coming soon" body until then
 * (`routes.test.ts` lists every route that still shows it).
 */
export const comingSoonPage: PageLoader = () => import('./features/coming-soon/coming-soon.page');
export const notFoundPage: PageLoader = () => import('./features/not-found/not-found.page');
export const redirectPage: PageLoader = () => import('./features/redirect/redirect.page');
export const loginPage: PageLoader = () => import('./features/login/login.page');
export const registerPage: PageLoader = () => import('./features/register/register.page');
export const forgetPasswordPage: PageLoader = () => import('./features/password/forget-password.page');
export const resetPasswordPage: PageLoader = () => import('./features/password/reset-password.page');
export const userCenterPage: PageLoader = () => import('./features/user-center/user-center.page');
export const anonymousPage: PageLoader = () => import('./features/anonymous/anonymous.page');
export const chargePage: PageLoader = () => import('./features/charge/charge.page');
export const wechatPayPage: PageLoader = () => import('./features/wechat-pay/wechat-pay.page');
export const stripePage: PageLoader = () => import('./features/stripe/stripe.page');
export const overviewPage: PageLoader = () => import('./features/overview/overview.page');
export const dynamicTrafficPage: PageLoader = () => import('./features/proxy-pages/dynamic-traffic.page');
export const dynamicIpPage: PageLoader = () => import('./features/proxy-pages/dynamic-ip.page');
export const staticTrafficPage: PageLoader = () => import('./features/proxy-pages/static-traffic.page');
export const staticIpPage: PageLoader = () => import('./features/proxy-pages/static-ip.page');
export const operatorLoginPage: PageLoader = () => import('./features/admin/operator-login.page');
export const auditPage: PageLoader = () => import('./features/admin/audit.page');
export const pricesPage: PageLoader = () => import('./features/admin/prices.page');
export const customerSearchPage: PageLoader = () => import('./features/admin/customers/customer-search.page');
export const customerPage: PageLoader = () => import('./features/admin/customers/customer.page');
export const ordersPage: PageLoader = () => import('./features/admin/money/orders.page');
export const refundsPage: PageLoader = () => import('./features/admin/money/refunds.page');
export const reportsPage: PageLoader = () => import('./features/admin/money/reports.page');
export const supplyPage: PageLoader = () => import('./features/admin/supply/supply.page');
export const cataloguePage: PageLoader = () => import('./features/admin/catalogue/catalogue.page');
export const operatorsPage: PageLoader = () => import('./features/admin/operators/operator-list.page');
