import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form } from 'antd';
// Input and its password variant by path: antd's `Input` brings TextArea, Search and OTP too,
// some 5 KB gzip the sign-in page never shows (issue #16).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { afterSignInPath, leaveLoginPage } from '../../app/guard/sign-in-return';
import { useTranslation } from '../../shared/i18n/use-translation';
import { browserStorage } from '../../shared/storage/storage';
import { createAuthRules } from '../auth/auth.rules';
import { CaptchaInput } from '../auth/captcha-input';
import { rememberAccount } from '../auth/remembered-account';
import { signIn } from '../auth/session-sign-in';
import { loginWithAccount, loginWithEmail } from '../auth/sign-in.api';
import type { Captcha } from '../auth/use-captcha';
import { useSecondFactor } from '../two-factor/use-second-factor';

/** Which identifier the form asks for: an email, or a user name or email (`/user/login/all`). */
export type PasswordLoginKind = 'email' | 'account';

interface PasswordLoginValues {
  identifier: string;
  password: string;
  captcha: string;
  remember: boolean;
}

/** Props of {@link PasswordLoginForm}. */
export interface PasswordLoginFormProps {
  kind: PasswordLoginKind;
  /** The page's image captcha (one per page: only the newest image answers). */
  captcha: Captcha;
  initialIdentifier: string;
  initialRemember: boolean;
  forgotPasswordPath: string;
}

/**
 * Email or account login with password and image captcha. "Remember" keeps the identifier in
 * storage (never the password) and asks the server for a long session.
 */
export const PasswordLoginForm = ({
  kind,
  captcha,
  initialIdentifier,
  initialRemember,
  forgotPasswordPath,
}: PasswordLoginFormProps) => {
  const { t } = useTranslation();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const [form] = Form.useForm<PasswordLoginValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const secondFactor = useSecondFactor();
  const isEmail = kind === 'email';

  const onFinish = async ({ identifier, password, captcha: answer, remember }: PasswordLoginValues) => {
    setIsSubmitting(true);
    // Read before signing in: once the session is stored the route guard may already have left the
    // login page (for this same address), and its address no longer says where to go.
    const back = afterSignInPath(window.location.search);
    const call = () =>
      isEmail
        ? loginWithEmail({ email: identifier.trim(), password, captcha: answer, remember })
        : loginWithAccount({ account: identifier.trim(), password, captcha: answer, remember });
    try {
      await signIn(async () => {
        const session = await secondFactor.complete(await call());
        rememberAccount(browserStorage, kind, identifier, remember);
        return session;
      });
      leaveLoginPage(back);
    } catch {
      // The client showed why; a captcha answers once, so a new one is needed.
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <Form<PasswordLoginValues>
        // The prerendered page's form (`src/prerender/`) is in the browser before React handles it:
        // a submit then goes nowhere (a form outside a dialog does not submit with `dialog`) rather
        // than reloading the page; `main.tsx` replays it once React has the form.
        method="dialog"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ identifier: initialIdentifier, remember: initialRemember }}
        onFinish={onFinish}
      >
        <Form.Item
          name="identifier"
          label={t(isEmail ? 'auth.email' : 'login.account')}
          rules={isEmail ? rules.email : rules.account}
        >
          <Input
            size="large"
            prefix={isEmail ? <MailOutlined /> : <UserOutlined />}
            type={isEmail ? 'email' : 'text'}
            autoComplete={isEmail ? 'email' : 'username'}
            placeholder={t(isEmail ? 'auth.email.placeholder' : 'login.account.placeholder')}
            data-testid={isEmail ? 'login-email' : 'login-account'}
          />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={rules.password}>
          <Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('auth.password.placeholder')}
            data-testid="login-password"
          />
        </Form.Item>
        <Form.Item name="captcha" label={t('auth.captcha')} rules={rules.captcha}>
          <CaptchaInput captcha={captcha} data-testid="login-captcha" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
          </Form.Item>
          <Link to={forgotPasswordPath} data-testid="forgot-password-link">
            {t('login.forgotPassword')}
          </Link>
        </Flex>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="login-submit"
        >
          {t('user.login')}
        </Button>
      </Form>
      {/* Outside the form: the dialog's own form must not submit this one (React events cross portals). */}
      {secondFactor.element}
    </>
  );
};
