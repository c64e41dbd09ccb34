import { Button, Checkbox, Form } from 'antd';
import { useMemo, useState } from 'react';
import { afterSignInPath, leaveLoginPage } from '../../app/guard/sign-in-return';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PhoneInput } from '../../shared/ui/phone-input/phone-input';
import { createPhoneRules } from '../../shared/ui/phone-input/phone-rules';
import { createAuthRules } from '../auth/auth.rules';
import { CodeInput } from '../auth/code-input';
import { signIn } from '../auth/session-sign-in';
import { loginWithPhone, sendSmsCode } from '../auth/sign-in.api';
import { useSecondFactor } from '../two-factor/use-second-factor';

interface PhoneLoginValues {
  phone: string;
  code: string;
  remember: boolean;
}

/** Phone login: number, texted code (`/user/sms/phone` purpose login) and "remember". */
const PhoneLoginForm = ({ initialRemember }: { initialRemember: boolean }) => {
  const { t } = useTranslation();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const phoneRules = useMemo(() => createPhoneRules(t), [t]);
  const [form] = Form.useForm<PhoneLoginValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const secondFactor = useSecondFactor();

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    const sent = await sendSmsCode({ phone, purpose: 'login' });
    return sent.resend_in;
  };

  const onFinish = async ({ phone, code, remember }: PhoneLoginValues) => {
    setIsSubmitting(true);
    // Read before signing in: once the session is stored the route guard may already have left the
    // login page (for this same address), and its address no longer says where to go.
    const back = afterSignInPath(window.location.search);
    try {
      await signIn(async () => secondFactor.complete(await loginWithPhone({ phone, code, remember })));
      leaveLoginPage(back);
    } catch {
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <Form<PhoneLoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ remember: initialRemember }}
        onFinish={onFinish}
      >
        <Form.Item name="phone" label={t('auth.phone')} rules={phoneRules} validateTrigger="onBlur">
          <PhoneInput data-testid="login-phone" />
        </Form.Item>
        <Form.Item name="code" label={t('auth.code')} rules={rules.code}>
          <CodeInput onSend={sendCode} data-testid="login-phone-code" sendTestId="login-send-code" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
        </Form.Item>
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

export default PhoneLoginForm;
