import { Flex, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { MoneyTrailCard } from './money-trail-card';
import '../charge/wallet-texts';

/** The money trail page (issue #16): every balance movement of the account, with CSV. */
const MoneyTrailPage = () => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('moneyTrail.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('moneyTrail.intro')}
      </Typography.Paragraph>
      <MoneyTrailCard title={t('moneyTrail.movements')} />
    </Flex>
  );
};

export default MoneyTrailPage;
