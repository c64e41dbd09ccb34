import { CopyOutlined } from '@ant-design/icons';
import type { ProxyRow } from '@ptc/contracts';
import { Alert, Button, Flex, Input, type InputRef, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { type CopyOutcome, copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';
import { type CopyLine, copyLines } from './proxy-formats';

/** One line of the dialog: its name, the text in a read-only field, and a copy button. */
const CopyField = ({ line, onCopied }: { line: CopyLine; onCopied: (outcome: CopyOutcome) => void }) => {
  const { t } = useTranslation();
  const field = useRef<InputRef>(null);
  const label = t(`proxies.copy.${line.key}`);
  const id = `proxy-copy-${line.key}`;
  const copy = async () => {
    if (line.value === null) return;
    onCopied(await copyToClipboard(line.value, field.current?.input ?? null));
  };
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          ref={field}
          readOnly
          value={line.value ?? ''}
          placeholder={t('proxies.copy.none')}
          data-testid={id}
          style={{ fontFamily: 'monospace' }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          icon={<CopyOutlined />}
          disabled={line.value === null}
          onClick={() => void copy()}
          aria-label={t('proxies.copy.copyField', { field: label })}
          data-testid={`${id}-button`}
        />
      </Space.Compact>
    </Flex>
  );
};

/**
 * The copy dialog of SPEC §2: session, IP, address, port, username, password, and the forms
 * `address:port:user:pass` and `user:pass@address:port`, each with its own copy button. Where the
 * page may not use the clipboard, the text is left selected and the dialog says to press Ctrl+C.
 */
export const CopyDialog = ({ proxy, onClose }: { proxy: ProxyRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [isUnsupported, setIsUnsupported] = useState(false);

  const onCopied = (outcome: CopyOutcome) => {
    if (outcome === 'copied') {
      void message.success({ content: t('proxies.copy.copied'), key: 'proxy-copy' });
      return;
    }
    setIsUnsupported(true);
  };

  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.copy.title')}
      onCancel={onClose}
      afterClose={() => setIsUnsupported(false)}
      footer={<Button onClick={onClose}>{t('proxies.close')}</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="proxy-copy-dialog">
        {isUnsupported ? (
          <Alert
            type="warning"
            showIcon
            title={t('proxies.copy.unsupported')}
            data-testid="proxy-copy-unsupported"
          />
        ) : null}
        {proxy
          ? copyLines(proxy).map((line) => <CopyField key={line.key} line={line} onCopied={onCopied} />)
          : null}
      </Flex>
    </Modal>
  );
};
