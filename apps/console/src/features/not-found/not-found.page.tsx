import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';

/** The catch-all page: "not found" and a way back home (`/`, which leads to login or the overview). */
const NotFoundPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }} data-testid="not-found-title">
          {t('menu.notFound')}
        </Typography.Title>
      }
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => void navigate('/')}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
};

export default NotFoundPage;
