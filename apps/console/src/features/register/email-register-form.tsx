import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { REGIONS, type Region } from '@ptc/contracts';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { createAuthRules } from '../auth/auth.rules';
import { CaptchaInput } from '../auth/captcha-input';
import { CodeInput } from '../auth/code-input';
import { registerWithEmail, sendEmailCode } from '../auth/sign-in.api';
import { useCaptcha } from '../auth/use-captcha';
import { ConsentCheckbox } from './consent-checkbox';
import { markRefusedReferral, ReferralField, referralToSend } from './referral-field';

interface EmailRegisterValues {
  email: string;
  email_code: string;
  password: string;
  confirm_password: string;
  username?: string;
  captcha: string;
  region: Region;
  agree: boolean;
  ref?: string;
}

/**
 * Email registration (`POST /user/register`): it does not sign in, so on success the user is
 * told so and sent to the login page with the email filled in.
 */
export const EmailRegisterForm = ({ loginPath }: { loginPath: string }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const captcha = useCaptcha();
  const [form] = Form.useForm<EmailRegisterValues>();
  const region = Form.useWatch('region', form);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const sendCode = async () => {
    const { email } = await form.validateFields(['email']);
    const sent = await sendEmailCode({ email: email.trim(), purpose: 'register' });
    return sent.resend_in;
  };

  const onFinish = async (values: EmailRegisterValues) => {
    setIsSubmitting(true);
    const username = values.username?.trim();
    const email = values.email.trim();
    try {
      await registerWithEmail({
        email,
        email_code: values.email_code,
        password: values.password,
        confirm_password: values.confirm_password,
        captcha: values.captcha,
        region: values.region,
        agree: true,
        ...(username ? { username } : {}),
        ...referralToSend(values.ref),
      });
      void message.success({ content: t('register.success'), key: 'register-success' });
      void navigate(loginPath, { state: { email } });
    } catch (error) {
      markRefusedReferral(error, form, t('errors.REFERRAL_CODE_INVALID'));
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setIsSubmitting(false);
    }
  };

  return (
    <Form<EmailRegisterValues> form={form} layout="vertical" requiredMark="optional" onFinish={onFinish}>
      <Form.Item name="email" label={t('auth.email')} rules={rules.email}>
        <Input
          size="large"
          type="email"
          prefix={<MailOutlined />}
          autoComplete="email"
          placeholder={t('auth.email.placeholder')}
          data-testid="register-email"
        />
      </Form.Item>
      <Form.Item name="email_code" label={t('register.emailCode')} rules={rules.code}>
        <CodeInput onSend={sendCode} data-testid="register-email-code" sendTestId="register-send-code" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={rules.newPassword}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('auth.newPassword.placeholder')}
          data-testid="register-password"
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
          data-testid="register-confirm-password"
        />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('register.username')}
        rules={rules.optionalUsername}
        extra={t('register.username.hint')}
        required={false}
      >
        <Input
          size="large"
          prefix={<UserOutlined />}
          autoComplete="username"
          placeholder={t('register.username.placeholder')}
          data-testid="register-username"
        />
      </Form.Item>
      <ReferralField testId="register-ref" />
      <Form.Item name="captcha" label={t('auth.captcha')} rules={rules.captcha}>
        <CaptchaInput captcha={captcha} data-testid="register-captcha" />
      </Form.Item>
      <Form.Item name="region" label={t('register.region')} rules={rules.region}>
        <Radio.Group>
          {REGIONS.map((value) => (
            <Radio key={value} value={value} data-testid={`register-region-${value}`}>
              {t(`register.region.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Alert
        type={region === 'china' ? 'warning' : 'info'}
        showIcon
        title={t('register.region.chinaUnsupported')}
        style={{ marginBottom: 16 }}
        data-testid="register-region-note"
      />
      <Form.Item name="agree" valuePropName="checked" rules={rules.agree}>
        <ConsentCheckbox data-testid="register-agree" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        data-testid="register-submit"
      >
        {t('user.register')}
      </Button>
    </Form>
  );
};
