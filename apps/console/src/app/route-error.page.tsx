import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';

/**
 * Shown when a page fails to load or render (for example a chunk missing after a deploy).
 * Plain markup on purpose: it is part of the first bundle.
 */
export const RouteErrorPage = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('[route error]', error);
  }, [error]);
  return (
    <Flex
      role="alert"
      data-testid="route-error"
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '60vh', padding: 24 }}
    >
      <h1 style={{ fontSize: 20, fontWeight: 600, margin: 0, textAlign: 'center' }}>
        {t('routeError.title')}
      </h1>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Flex>
  );
};
