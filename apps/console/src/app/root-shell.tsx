import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import { RouteGuard } from './guard/route-guard';
import { useCurrentRoute } from './navigation/use-current-route';

/** Keeps `document.title` on the current page's title from the route table. */
const DocumentTitle = () => {
  const { t } = useTranslation();
  const titleKey = useCurrentRoute()?.route.titleKey;
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${t('app.name')}` : t('app.name');
  }, [titleKey, t]);
  return null;
};

/** The root route: title, scroll restoration and the route guard around every layout. */
export const RootShell = () => (
  <>
    <DocumentTitle />
    <ScrollRestoration />
    <RouteGuard>
      <Outlet />
    </RouteGuard>
  </>
);
