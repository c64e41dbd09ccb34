import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { findRoute } from '../../app/navigation/route-tree';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { createAuthRules } from '../auth/auth.rules';
import { AuthCard } from '../auth/auth-card';
import { CodeInput } from '../auth/code-input';
import { resetPasswordWithCode, sendResetCode } from './password.api';

interface ForgotPasswordValues {
  email: string;
  code: string;
  password: string;
  confirm_password: string;
}

/**
 * Forgot password: the email gets a 6-digit code (entered here with the new password) and a
 * link to the reset page, valid 24 hours.
 */
const ForgetPasswordPage = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const [form] = Form.useForm<ForgotPasswordValues>();
  const [sentTo, setSentTo] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const loginPath = findRoute('login')?.fullPath ?? '/login';

  const sendCode = async () => {
    const { email } = await form.validateFields(['email']);
    const sent = await sendResetCode({ email: email.trim() });
    setSentTo(email.trim());
    return sent.resend_in;
  };

  const onFinish = async ({ email, code, password, confirm_password }: ForgotPasswordValues) => {
    setIsSubmitting(true);
    try {
      await resetPasswordWithCode({ email: email.trim(), code, password, confirm_password });
      void message.success({ content: t('password.reset.success'), key: 'password-reset' });
      void navigate(loginPath, { state: { email: email.trim() } });
    } catch {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('menu.forgetPassword')}>
      <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
      {sentTo ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('forgot.sent', { email: sentTo })}
          description={t('forgot.sent.link')}
          data-testid="forgot-sent"
        />
      ) : null}
      <Form<ForgotPasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="email" label={t('auth.email')} rules={rules.email}>
          <Input
            size="large"
            type="email"
            prefix={<MailOutlined />}
            autoComplete="email"
            placeholder={t('auth.email.placeholder')}
            data-testid="forgot-email"
          />
        </Form.Item>
        <Form.Item name="code" label={t('auth.code')} rules={rules.code}>
          <CodeInput onSend={sendCode} data-testid="forgot-code" sendTestId="forgot-send-code" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.newPassword')} rules={rules.newPassword}>
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.newPassword.placeholder')}
            data-testid="forgot-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={rules.confirmPassword('password')}
        >
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.confirmPassword.placeholder')}
            data-testid="forgot-confirm-password"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="forgot-submit"
        >
          {t('forgot.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to={loginPath} data-testid="login-link">
          {t('forgot.backToLogin')}
        </Link>
      </Typography.Paragraph>
    </AuthCard>
  );
};

export default ForgetPasswordPage;
