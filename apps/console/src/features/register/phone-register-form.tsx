import { Alert, Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { HOME_PATH } from '../../routes.paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { PhoneInput } from '../../shared/ui/phone-input/phone-input';
import { createPhoneRules } from '../../shared/ui/phone-input/phone-rules';
import { createAuthRules } from '../auth/auth.rules';
import { CodeInput } from '../auth/code-input';
import { signIn } from '../auth/session-sign-in';
import { logSignUp, registerWithPhone, sendSmsCode } from '../auth/sign-in.api';
import { ConsentCheckbox } from './consent-checkbox';
import { markRefusedReferral, ReferralField, referralToSend } from './referral-field';

interface PhoneRegisterValues {
  phone: string;
  code: string;
  agree: boolean;
  ref?: string;
}

/** Phone registration (`POST /user/register/phone`): signs in and logs the `sign_up` conversion. */
const PhoneRegisterForm = () => {
  const { t } = useTranslation();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const phoneRules = useMemo(() => createPhoneRules(t), [t]);
  const [form] = Form.useForm<PhoneRegisterValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    const sent = await sendSmsCode({ phone, purpose: 'register' });
    return sent.resend_in;
  };

  const onFinish = async ({ phone, code, ref }: PhoneRegisterValues) => {
    setIsSubmitting(true);
    try {
      await signIn(() => registerWithPhone({ phone, code, agree: true, ...referralToSend(ref) }));
      void logSignUp('phone');
      void navigateTo(HOME_PATH, { replace: true });
    } catch (error) {
      markRefusedReferral(error, form, t('errors.REFERRAL_CODE_INVALID'));
      setIsSubmitting(false);
    }
  };

  return (
    <Form<PhoneRegisterValues> form={form} layout="vertical" requiredMark="optional" onFinish={onFinish}>
      <Alert type="info" showIcon title={t('register.phone.chinaUnsupported')} style={{ marginBottom: 16 }} />
      <Form.Item name="phone" label={t('auth.phone')} rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput data-testid="register-phone" />
      </Form.Item>
      <Form.Item name="code" label={t('auth.code')} rules={rules.code}>
        <CodeInput
          onSend={sendCode}
          data-testid="register-phone-code"
          sendTestId="register-phone-send-code"
        />
      </Form.Item>
      <ReferralField testId="register-phone-ref" />
      <Form.Item name="agree" valuePropName="checked" rules={rules.agree}>
        <ConsentCheckbox data-testid="register-phone-agree" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        data-testid="register-phone-submit"
      >
        {t('user.register')}
      </Button>
    </Form>
  );
};

export default PhoneRegisterForm;
