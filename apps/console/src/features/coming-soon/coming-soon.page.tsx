import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useCurrentRoute } from '../../app/navigation/use-current-route';
import { useTranslation } from '../../shared/i18n/use-translation';

/** Placeholder of a page that a later issue builds: the page's title and a "coming soon" line. */
const ComingSoonPage = () => {
  const { t } = useTranslation();
  const titleKey = useCurrentRoute()?.route.titleKey ?? 'app.name';
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(titleKey)}
        </Typography.Title>
      }
      subTitle={t('comingSoon.description')}
      data-testid="coming-soon"
    />
  );
};

export default ComingSoonPage;
