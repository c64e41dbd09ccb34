import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Result, Row, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isTouristSession, userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { BindEmailForm } from '../user-center/bind-email-form';
import { refreshUserInfo } from '../user-center/refresh-user-info';

const BindPhoneForm = lazy(() => import('../user-center/bind-phone-form'));

const LIMIT_KEYS = [
  'anonymous.limits.purchase',
  'anonymous.limits.recovery',
  'anonymous.limits.menu',
] as const;

/**
 * The guest page (SPEC §2 `/anonymous`): what a tourist account cannot do, and the phone and
 * email binding forms of the user center, which turn it into a registered account.
 */
const AnonymousPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useStore(userStore);
  const userCenterPath = findRoute('userCenter')?.fullPath ?? '/user-center';

  if (!user) return <PageSpinner />;

  if (!isTouristSession(user)) {
    return (
      <Result
        status="success"
        title={t('anonymous.registered.title')}
        subTitle={t('anonymous.registered.description')}
        extra={<Link to={userCenterPath}>{t('anonymous.registered.action')}</Link>}
        data-testid="anonymous-registered"
      />
    );
  }

  const onBound = async () => {
    await refreshUserInfo();
    void message.success(t('anonymous.bound'));
  };

  return (
    <div style={{ maxWidth: 960 }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('menu.anonymous')}
      </Typography.Title>
      <Alert
        type="warning"
        showIcon
        title={t('anonymous.intro')}
        description={
          <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
            {LIMIT_KEYS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        }
        style={{ marginBottom: 16 }}
        data-testid="anonymous-limits"
      />
      <Typography.Paragraph>{t('anonymous.bindHint')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={
              <span>
                <MobileOutlined /> {t('userCenter.phone.bind')}
              </span>
            }
          >
            <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
              <BindPhoneForm onBound={onBound} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={
              <span>
                <MailOutlined /> {t('userCenter.email.bind')}
              </span>
            }
          >
            <BindEmailForm uid={user.uid} onBound={onBound} />
          </Card>
        </Col>
      </Row>
    </div>
  );
};

export default AnonymousPage;
