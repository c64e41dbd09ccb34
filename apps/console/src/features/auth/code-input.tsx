import { ACCOUNT_RULES } from '@ptc/contracts';
import { Flex, Input } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SendCodeButton, type SendCodeButtonProps } from './send-code-button';

/** Props of {@link CodeInput}; `value` and `onChange` come from the enclosing `Form.Item`. */
export interface CodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** Sends the code (see {@link SendCodeButtonProps.onSend}). */
  onSend: SendCodeButtonProps['onSend'];
  /** E2E hooks of the field and of its button. */
  'data-testid'?: string;
  sendTestId?: string;
}

/** A 6-digit verification code field with its "Send code" button and countdown. */
export const CodeInput = ({
  value,
  onChange,
  id,
  onSend,
  'data-testid': testId,
  sendTestId,
}: CodeInputProps) => {
  const { t } = useTranslation();
  return (
    <Flex gap={8}>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, ''))}
        maxLength={ACCOUNT_RULES.CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth.code.placeholder')}
        size="large"
        data-testid={testId}
      />
      <SendCodeButton onSend={onSend} data-testid={sendTestId} />
    </Flex>
  );
};
