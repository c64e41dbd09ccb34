import { Flex } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loadUserInfo } from '../../features/auth/auth.api';
import { isRecentLogout, logout, logoutToLogin } from '../../features/auth/logout';
import { useTranslation } from '../../shared/i18n/use-translation';
import { postLogoutToNativeApp } from '../../shared/native/native-bridge';
import { navigateTo } from '../../shared/navigation/navigation';
import { isUserLoaded, tokenStore, userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { getRouteLayout, isPublicRoute } from '../navigation/route-tree';
import { useCurrentRoute } from '../navigation/use-current-route';
import { decideFetchFailure, decideRouteAccess } from './route-access';

/** Applies the route guard of SPEC §2 (decided by `decideRouteAccess`) to the page being shown. */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const location = useLocation();
  const token = useStore(tokenStore);
  const user = useStore(userStore);
  const [isHandedToNativeApp, setIsHandedToNativeApp] = useState(false);
  const routeName = useCurrentRoute()?.route.name ?? 'notFound';

  const decision = decideRouteAccess({
    routeName,
    isPublic: isPublicRoute(routeName),
    hasToken: Boolean(token),
    isUserLoaded: isUserLoaded(user),
    search: location.search,
    pathname: location.pathname,
    isOperatorArea: getRouteLayout(routeName) === 'admin',
  });
  const warningKey = decision.type === 'redirect' ? decision.warningKey : undefined;

  useEffect(() => {
    if (decision.type !== 'fetchUser') return;
    let isCurrent = true;
    loadUserInfo().catch((error: unknown) => {
      if (!isCurrent) return;
      console.error('[guard] user info could not be loaded', error);
      const failure = decideFetchFailure(routeName, `${window.location.pathname}${window.location.search}`);
      if (failure.type === 'bridgeLogout' && postLogoutToNativeApp()) {
        setIsHandedToNativeApp(true);
        logout();
        return;
      }
      if (failure.type === 'redirect') {
        logout();
        navigateTo(failure.to, { replace: true });
        return;
      }
      logoutToLogin();
    });
    return () => {
      isCurrent = false;
    };
  }, [decision.type, routeName]);

  useEffect(() => {
    if (!warningKey || isHandedToNativeApp || isRecentLogout()) return;
    void message.warning({ content: t(warningKey), key: warningKey });
  }, [warningKey, isHandedToNativeApp, message, t]);

  if (isHandedToNativeApp) {
    return (
      <Flex role="status" align="center" justify="center" style={{ minHeight: 240 }}>
        {t('layout.signedOut')}
      </Flex>
    );
  }
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'fetchUser') return <PageSpinner />;
  return children;
};
