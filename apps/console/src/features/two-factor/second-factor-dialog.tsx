import type { SessionResponse, TwoFactorChallenge } from '@ptc/contracts';
import { startAuthentication } from '@simplewebauthn/browser';
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { loginWithSecondFactor, passkeySignInOptions } from './two-factor.api';
import { passkeyErrorText, twoFactorErrorText } from './two-factor-errors';
import './two-factor-texts';

interface SecondFactorValues {
  code?: string;
  recovery_code?: string;
  remember_device: boolean;
}

/** Props of {@link SecondFactorDialog}. */
export interface SecondFactorDialogProps {
  challenge: TwoFactorChallenge['two_factor'];
  /** The second step passed: the session to store. */
  onDone: (session: SessionResponse) => void;
  /** Closed without passing it. */
  onCancel: () => void;
}

const RECOVERY_PATTERN = /^[0-9a-fA-F -]{8,64}$/;

/**
 * The second step of a sign-in (two-factor sign-in on, new device): an authenticator code or a
 * recovery code, and whether to remember this browser. The client shows why a code was refused.
 */
const SecondFactorDialog = ({ challenge, onDone, onCancel }: SecondFactorDialogProps) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<SecondFactorValues>();
  const [isRecovery, setIsRecovery] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: SecondFactorValues) => {
    setIsSubmitting(true);
    setFailure(null);
    try {
      const session = await loginWithSecondFactor({
        challenge: challenge.challenge,
        remember_device: values.remember_device,
        ...(isRecovery ? { recovery_code: values.recovery_code?.trim() } : { code: values.code?.trim() }),
      });
      onDone(session);
    } catch (error) {
      // Said here (the call is silent): a wrong code, an expired step, a lockout; then try again.
      setFailure(twoFactorErrorText(error, t));
      form.setFieldsValue({ code: '', recovery_code: '' });
      setIsSubmitting(false);
    }
  };

  const answerWithPasskey = async () => {
    setIsSubmitting(true);
    setFailure(null);
    try {
      const { options } = await passkeySignInOptions(challenge.challenge);
      const passkey = await startAuthentication({ optionsJSON: options as never });
      const session = await loginWithSecondFactor({
        challenge: challenge.challenge,
        passkey: passkey as never,
        remember_device: form.getFieldValue('remember_device') !== false,
      });
      onDone(session);
    } catch (error) {
      setFailure(passkeyErrorText(error, t));
      setIsSubmitting(false);
    }
  };

  return (
    <Modal
      open
      title={t('twoFactor.step.title')}
      onCancel={onCancel}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      data-testid="two-factor-dialog"
    >
      <Form<SecondFactorValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ remember_device: true }}
        onFinish={onFinish}
      >
        <Typography.Paragraph>
          {t(isRecovery ? 'twoFactor.step.recoveryIntro' : 'twoFactor.step.intro')}
        </Typography.Paragraph>
        {isRecovery ? (
          <Form.Item
            name="recovery_code"
            label={t('twoFactor.step.recovery')}
            rules={[
              { required: true, pattern: RECOVERY_PATTERN, message: t('twoFactor.step.recovery.invalid') },
            ]}
          >
            <Input size="large" autoComplete="off" autoFocus data-testid="two-factor-recovery" />
          </Form.Item>
        ) : (
          <Form.Item
            name="code"
            label={t('twoFactor.step.code')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('twoFactor.step.code.invalid') }]}
          >
            <Input
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              data-testid="two-factor-code"
            />
          </Form.Item>
        )}
        <Button
          type="link"
          style={{ padding: 0, marginBottom: 12, whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
          onClick={() => setIsRecovery((value) => !value)}
          data-testid={isRecovery ? 'two-factor-use-code' : 'two-factor-use-recovery'}
        >
          {t(isRecovery ? 'twoFactor.step.useCode' : 'twoFactor.step.useRecovery')}
        </Button>
        {challenge.methods.includes('passkey') ? (
          <Button
            block
            size="large"
            style={{ marginBottom: 12 }}
            disabled={isSubmitting}
            onClick={() => void answerWithPasskey()}
            data-testid="two-factor-use-passkey"
          >
            {t('twoFactor.step.usePasskey')}
          </Button>
        ) : null}
        <Form.Item name="remember_device" valuePropName="checked">
          <Checkbox data-testid="two-factor-remember">{t('twoFactor.step.rememberDevice')}</Checkbox>
        </Form.Item>
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            data-testid="two-factor-error"
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="two-factor-submit"
        >
          {t('twoFactor.step.submit')}
        </Button>
      </Form>
    </Modal>
  );
};

export default SecondFactorDialog;
