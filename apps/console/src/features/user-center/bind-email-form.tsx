import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createAuthRules } from '../auth/auth.rules';
import { CodeInput } from '../auth/code-input';
import { sendEmailCode } from '../auth/sign-in.api';
import { bindEmail } from './user-center.api';

interface BindEmailValues {
  email: string;
  code: string;
}

/** Props of {@link BindEmailForm}. */
export interface BindEmailFormProps {
  /** The user's uid (the call's path names it). */
  uid: string;
  /** Runs after the email is bound. */
  onBound: () => Promise<void> | void;
  /** E2E hook of the submit button (`modal-submit` inside the user center's dialog). */
  submitTestId?: string;
}

/** Binds an email: address, emailed code (purpose bind), then `POST /user/band/email/{uid}`. */
export const BindEmailForm = ({ uid, onBound, submitTestId = 'bind-email-submit' }: BindEmailFormProps) => {
  const { t } = useTranslation();
  const rules = useMemo(() => createAuthRules(t), [t]);
  const [form] = Form.useForm<BindEmailValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const sendCode = async () => {
    const { email } = await form.validateFields(['email']);
    const sent = await sendEmailCode({ email: email.trim(), purpose: 'bind' });
    return sent.resend_in;
  };

  const onFinish = async ({ email, code }: BindEmailValues) => {
    setIsSubmitting(true);
    try {
      await bindEmail(uid, { email: email.trim(), code });
      await onBound();
    } catch {
      // Shown by the API client.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Form<BindEmailValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item name="email" label={t('auth.email')} rules={rules.email}>
        <Input
          size="large"
          type="email"
          prefix={<MailOutlined />}
          autoComplete="email"
          placeholder={t('auth.email.placeholder')}
          data-testid="bind-email"
        />
      </Form.Item>
      <Form.Item name="code" label={t('auth.code')} rules={rules.code}>
        <CodeInput onSend={sendCode} data-testid="bind-email-code" sendTestId="bind-email-send-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting} data-testid={submitTestId}>
        {t('userCenter.email.bind')}
      </Button>
    </Form>
  );
};
