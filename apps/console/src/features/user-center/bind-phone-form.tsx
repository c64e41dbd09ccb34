import { Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PhoneInput } from '../../shared/ui/phone-input/phone-input';
import { createPhoneRules } from '../../shared/ui/phone-input/phone-rules';
import { createAuthRules } from '../auth/auth.rules';
import { CodeInput } from '../auth/code-input';
import { sendSmsCode } from '../auth/sign-in.api';
import { bindPhone } from './user-center.api';

interface BindPhoneValues {
  phone: string;
  code: string;
}

/** Props of {@link BindPhoneForm}. */
export interface BindPhoneFormProps {
  /** Runs after the phone is bound. */
  onBound: () => Promise<void> | void;
  /** E2E hook of the submit button (`modal-submit` inside the user center's dialog). */
  submitTestId?: string;
}

/** Binds a phone: number, texted code (`/user/sms/phone` purpose bind), then `POST /user/bind_phone`. */
const BindPhoneForm = ({ onBound, submitTestId = 'bind-phone-submit' }: BindPhoneFormProps) => {
  const { t } = useTranslation();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const phoneRules = useMemo(() => createPhoneRules(t), [t]);
  const [form] = Form.useForm<BindPhoneValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    const sent = await sendSmsCode({ phone, purpose: 'bind' });
    return sent.resend_in;
  };

  const onFinish = async (values: BindPhoneValues) => {
    setIsSubmitting(true);
    try {
      await bindPhone(values);
      await onBound();
    } catch {
      // Shown by the API client.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Form<BindPhoneValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item name="phone" label={t('auth.phone')} rules={phoneRules} validateTrigger="onBlur">
        <PhoneInput data-testid="bind-phone" />
      </Form.Item>
      <Form.Item name="code" label={t('auth.code')} rules={rules.code}>
        <CodeInput onSend={sendCode} data-testid="bind-phone-code" sendTestId="bind-phone-send-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting} data-testid={submitTestId}>
        {t('userCenter.phone.bind')}
      </Button>
    </Form>
  );
};

export default BindPhoneForm;
