import { Flex, Spin } from 'antd';
import { useTranslation } from '../i18n/use-translation';

/** A centred spinner for pages that are loading. */
export const PageSpinner = () => {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240, height: '100%' }}>
      <Spin size="large" aria-label={t('common.loading')} />
    </Flex>
  );
};
