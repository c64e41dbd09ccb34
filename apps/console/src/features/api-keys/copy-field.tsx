import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Input, type InputRef, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';

/** Copies `value` and says how it went; without a clipboard the text is left selected in `field`. */
const useCopy = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return async (value: string, field: HTMLInputElement | null) => {
    const outcome = await copyToClipboard(value, field);
    if (outcome === 'copied') void message.success(t('apiKeys.copied'));
    else void message.warning(t('apiKeys.copyUnsupported'));
  };
};

/** A secret in a read-only field with a copy button (the field keeps it selectable by hand). */
export const SecretField = ({ value, label, testId }: { value: string; label: string; testId: string }) => {
  const { t } = useTranslation();
  const copy = useCopy();
  const field = useRef<InputRef>(null);
  return (
    <Flex gap={8} align="center">
      <Input
        ref={field}
        readOnly
        value={value}
        aria-label={label}
        onFocus={(event) => event.target.select()}
        style={{ fontFamily: 'monospace', minWidth: 0 }}
        data-testid={testId}
      />
      <Button
        icon={<CopyOutlined />}
        onClick={() => void copy(value, field.current?.input ?? null)}
        data-testid={`${testId}-copy`}
      >
        {t('apiKeys.copy')}
      </Button>
    </Flex>
  );
};

/** A command in a wrapping code block with a copy button. */
export const CommandBlock = ({ value, testId }: { value: string; testId: string }) => {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Paragraph
        code
        style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', width: '100%' }}
        data-testid={testId}
      >
        {value}
      </Typography.Paragraph>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(value, null)}>
        {t('apiKeys.copy')}
      </Button>
    </Flex>
  );
};
