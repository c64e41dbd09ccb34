import { Alert, Button, Flex } from 'antd';
import { Link, useLocation } from 'react-router';
import { WEBAPP_BASE_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';

/** The path of a console page in the layout now shown (below /webapp in the app wrapper). */
export const useConsolePath = () => {
  const isWebapp = useLocation().pathname.startsWith(`${WEBAPP_BASE_PATH}/`);
  return (path: string) => (isWebapp ? `${WEBAPP_BASE_PATH}${path}` : path);
};

/** API V1 is no longer maintained: the notice and the way to V2's keys. */
export const DeprecationNotice = () => {
  const { t } = useTranslation();
  const toConsolePath = useConsolePath();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('apiKeys.v1.deprecated')}
      description={
        <Flex vertical gap={8} align="flex-start">
          <span>{t('apiKeys.v1.deprecatedHint')}</span>
          <Link to={toConsolePath('/api-v2/api-key')} data-testid="api-v1-go-v2">
            <Button size="small">{t('apiKeys.v1.goV2')}</Button>
          </Link>
        </Flex>
      }
      data-testid="api-v1-deprecated"
    />
  );
};
