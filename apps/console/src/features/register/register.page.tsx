import { Alert, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isTouristSession, tokenStore, userStore } from '../../shared/session/session';
import { browserStorage } from '../../shared/storage/storage';
import { useStore } from '../../shared/store/create-store';
import { LabelledTabs } from '../../shared/ui/labelled-tabs';
import { AuthCard } from '../auth/auth-card';
import { OAuthButtons } from '../auth/oauth-buttons';
import { storeReferralFromSearch } from '../auth/referral';
import { EmailRegisterForm } from './email-register-form';

// The phone tab brings libphonenumber's metadata; it loads when the tab is opened.
const PhoneRegisterForm = lazy(() => import('./phone-register-form'));

type RegisterTab = 'email' | 'phone';

const tabLabel = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;

/**
 * The registration page (SPEC §2): email (with code, captcha, region and consent) or phone,
 * Google and GitHub sign-up, and a link to login. `?ref=` is kept as the referral code.
 */
const RegisterPage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const [tab, setTab] = useState<RegisterTab>('email');
  const token = useStore(tokenStore);
  const user = useStore(userStore);
  const isTourist = Boolean(token) && isTouristSession(user);
  const loginPath = findRoute('login')?.fullPath ?? '/login';
  const anonymousPath = findRoute('anonymous')?.fullPath ?? '/anonymous';

  // Stored while rendering, before the forms read it as their referral code's first value.
  useState(() => storeReferralFromSearch(location.search, browserStorage));

  return (
    <AuthCard title={t('menu.register')}>
      {isTourist ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('register.touristHint')}
          action={<Link to={anonymousPath}>{t('register.touristHint.action')}</Link>}
          data-testid="register-tourist-hint"
        />
      ) : null}
      <LabelledTabs
        activeKey={tab}
        onChange={(key) => setTab(key as RegisterTab)}
        centered
        destroyOnHidden
        items={[
          {
            key: 'email',
            label: tabLabel(t('register.tab.email'), 'register-tab-email'),
            children: <EmailRegisterForm loginPath={loginPath} />,
          },
          {
            key: 'phone',
            label: tabLabel(t('register.tab.phone'), 'register-tab-phone'),
            children: (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '32px auto' }} />}>
                <PhoneRegisterForm />
              </Suspense>
            ),
          },
        ]}
      />
      <OAuthButtons purpose="register" />
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('register.haveAccount')}{' '}
        <Link to={loginPath} data-testid="login-link">
          {t('register.loginLink')}
        </Link>
      </Typography.Paragraph>
    </AuthCard>
  );
};

export default RegisterPage;
