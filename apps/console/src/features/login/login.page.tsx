import { Button, Divider, Flex, Segmented, Spin, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loadAntdStyles } from '../../app/antd-styles';
import { keepReturnPath } from '../../app/guard/sign-in-return';
import { findRoute } from '../../app/navigation/route-tree';
import { HOME_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { browserStorage } from '../../shared/storage/storage';
import { AuthCard } from '../auth/auth-card';
import { OAuthButtons } from '../auth/oauth-buttons';
import { storeReferralFromSearch } from '../auth/referral';
import { hasRememberedAccount, readRememberedAccount } from '../auth/remembered-account';
import { signInAsTourist } from '../auth/session-sign-in';
import { useCaptcha } from '../auth/use-captcha';
import { PasswordLoginForm } from './password-login-form';
import { useOAuthReturn } from './use-oauth-return';

// The phone tab brings libphonenumber's metadata and a country select, whose styles are not among
// the first screen's (`app/antd-styles.ts`); both load when the tab is opened.
const PhoneLoginForm = lazy(async () => {
  const [module] = await Promise.all([import('./phone-login-form'), loadAntdStyles('all')]);
  return module;
});

type LoginTab = 'email' | 'phone' | 'account';

/** What the register and password pages hand over when they send the user here. */
interface LoginLocationState {
  email?: string;
}

const tabLabel = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;

/**
 * The login page (SPEC §2): email, phone and account tabs, image captcha, "remember", forgot
 * password, Google and GitHub, continuing as a guest, and the way back from an OAuth provider.
 */
const LoginPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const captcha = useCaptcha();
  const { isSigningIn: isFinishingOAuth, secondStep: oauthSecondStep } = useOAuthReturn();
  const [tab, setTab] = useState<LoginTab>('email');
  const [isStartingGuest, setIsStartingGuest] = useState(false);
  const remembered = useMemo(() => readRememberedAccount(browserStorage), []);
  const initialRemember = useMemo(() => hasRememberedAccount(browserStorage), []);
  const handedEmail = (location.state as LoginLocationState | null)?.email;
  const forgotPasswordPath = findRoute('forgetPassword')?.fullPath ?? '/forget-password';
  const registerPath = findRoute('register')?.fullPath ?? '/register';

  useEffect(() => {
    storeReferralFromSearch(location.search, browserStorage);
    keepReturnPath(location.search);
  }, [location.search]);

  const continueAsGuest = async () => {
    setIsStartingGuest(true);
    try {
      await signInAsTourist();
      void navigateTo(HOME_PATH, { replace: true });
    } catch {
      setIsStartingGuest(false);
    }
  };

  if (isFinishingOAuth) {
    return (
      <AuthCard title={t('menu.login')}>
        <Flex vertical align="center" gap={16} style={{ padding: 32 }} data-testid="oauth-signing-in">
          <Spin size="large" />
          <span>{t('auth.oauth.signingIn')}</span>
        </Flex>
        {oauthSecondStep}
      </AuthCard>
    );
  }

  const passwordForm = (kind: 'email' | 'account') => (
    <PasswordLoginForm
      kind={kind}
      captcha={captcha}
      initialIdentifier={(kind === 'email' ? handedEmail : undefined) ?? remembered[kind]}
      initialRemember={initialRemember}
      forgotPasswordPath={forgotPasswordPath}
    />
  );

  return (
    <AuthCard title={t('menu.login')}>
      {/* A segmented switch rather than antd's tabs: the sign-in page, the first screen of most
          visits, does without the tab bar's code (issue #16: first-screen weight). */}
      <Segmented<LoginTab>
        block
        value={tab}
        onChange={setTab}
        options={[
          { value: 'email', label: tabLabel(t('login.tab.email'), 'login-tab-email') },
          { value: 'phone', label: tabLabel(t('login.tab.phone'), 'login-tab-phone') },
          { value: 'account', label: tabLabel(t('login.tab.account'), 'login-tab-account') },
        ]}
        style={{ marginBottom: 24 }}
      />
      <div key={tab}>
        {tab === 'phone' ? (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '32px auto' }} />}>
            <PhoneLoginForm initialRemember={initialRemember} />
          </Suspense>
        ) : (
          passwordForm(tab)
        )}
      </div>
      <OAuthButtons purpose="login" />
      <Divider plain>{t('login.or')}</Divider>
      <Button
        block
        size="large"
        loading={isStartingGuest}
        onClick={continueAsGuest}
        data-testid="guest-button"
      >
        {t('login.guest')}
      </Button>
      {/* Plain markup rather than antd's Typography, which the sign-in page does without (issue #16). */}
      <p style={{ color: token.colorTextDescription, textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('login.noAccount')}{' '}
        {/* Underlined: told apart from the sentence around it by more than its colour. */}
        <Link
          to={`${registerPath}${location.search}`}
          data-testid="register-link"
          style={{ textDecoration: 'underline' }}
        >
          {t('login.registerLink')}
        </Link>
      </p>
    </AuthCard>
  );
};

export default LoginPage;
