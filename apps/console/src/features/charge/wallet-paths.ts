import { useMemo } from 'react';
import { findRoute, isWebappRoute } from '../../app/navigation/route-tree';
import { useCurrentRoute } from '../../app/navigation/use-current-route';
import { WEBAPP_NAME_PREFIX } from '../../routes.paths';

/** The wallet's pages in the route table. */
export type WalletRouteName = 'charge' | 'stripe' | 'wechatPay';

const FALLBACK_PATHS: Readonly<Record<WalletRouteName, string>> = {
  charge: '/charge',
  stripe: '/stripe',
  wechatPay: '/wechat/pay/:path',
};

/**
 * The path of a wallet page in the console or in the native-app set (`/webapp/...`), with the
 * WeChat page's `:path` filled with the order number.
 */
export const getWalletPath = (name: WalletRouteName, isWebapp: boolean, orderNo = ''): string => {
  const routeName = isWebapp ? `${WEBAPP_NAME_PREFIX}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
  const path = findRoute(routeName)?.fullPath ?? FALLBACK_PATHS[name];
  return path.replace(':path', encodeURIComponent(orderNo));
};

/** The wallet's paths as seen from the current page (console or native-app set). */
export const useWalletPaths = () => {
  const isWebapp = isWebappRoute(useCurrentRoute()?.route.name ?? '');
  return useMemo(
    () => ({
      charge: getWalletPath('charge', isWebapp),
      stripe: getWalletPath('stripe', isWebapp),
      wechatPay: (orderNo: string) => getWalletPath('wechatPay', isWebapp, orderNo),
    }),
    [isWebapp],
  );
};
