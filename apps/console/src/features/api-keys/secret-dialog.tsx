import { Alert, Button, Flex, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SecretField } from './copy-field';

/**
 * Shows a new key's secret once, with a copy button and the warning that it will not be shown
 * again. It closes only through its button, not a stray click beside it: the server keeps only a
 * hash, so a closed dialog cannot show the secret again.
 */
export const SecretDialog = ({
  title,
  secret,
  onClose,
  children = null,
}: {
  title: string;
  secret: string;
  onClose: () => void;
  /** More below the secret (the first call of a V2 key). */
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('apiKeys.secret.done')}
        </Button>
      }
      destroyOnHidden
      data-testid="api-key-secret-dialog"
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('apiKeys.secret.warning')} />
        <Typography.Text strong>{t('apiKeys.secret.label')}</Typography.Text>
        <SecretField value={secret} label={t('apiKeys.secret.label')} testId="api-key-secret" />
        {children}
      </Flex>
    </Modal>
  );
};
