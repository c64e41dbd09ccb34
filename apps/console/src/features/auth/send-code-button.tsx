import { ACCOUNT_RULES } from '@ptc/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';

const DEFAULT_RESEND_SECONDS = ACCOUNT_RULES.CODE_RESEND_INTERVAL_MS / 1_000;

/** Props of {@link SendCodeButton}. */
export interface SendCodeButtonProps {
  /**
   * Validates the address and sends the code; answers the server's `resend_in` (seconds), or
   * `undefined` when nothing was sent (the address is not valid yet).
   */
  onSend: () => Promise<number | undefined>;
  disabled?: boolean;
  'data-testid'?: string;
}

/** "Send code", then a countdown until another code may be sent (60 s, or what the server says). */
export const SendCodeButton = ({ onSend, disabled, 'data-testid': testId }: SendCodeButtonProps) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    setIsSending(true);
    try {
      const resendIn = await onSend();
      if (resendIn === undefined) return;
      setSecondsLeft(resendIn > 0 ? resendIn : DEFAULT_RESEND_SECONDS);
      void message.success(t('auth.code.sent'));
    } catch {
      // Validation shows its own messages and the API client its toasts.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button
      size="large"
      onClick={send}
      loading={isSending}
      disabled={disabled || secondsLeft > 0}
      data-testid={testId}
      style={{ flex: 'none', minWidth: 120 }}
    >
      {secondsLeft > 0 ? t('auth.code.resendIn', { seconds: secondsLeft }) : t('auth.code.send')}
    </Button>
  );
};
