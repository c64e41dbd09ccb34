import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** A password the server made for an operator, with the operator it belongs to. */
export interface ShownPassword {
  email: string;
  password: string;
}

/**
 * Shows a new operator password once, with a copy button. It closes only through its button (not
 * a stray click beside it): the server keeps only the hash, so a closed dialog cannot show it again.
 */
export const OperatorPasswordDialog = ({ shown, onClose }: { shown: ShownPassword; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('admin.operators.password.title', { email: shown.email })}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="admin-operator-password-done">
          {t('admin.operators.password.done')}
        </Button>
      }
      destroyOnHidden
      data-testid="admin-operator-password-dialog"
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('admin.operators.password.hint')} />
        <Typography.Text>
          {t('admin.operators.password.label')}:{' '}
          <Typography.Text code copyable data-testid="admin-operator-password">
            {shown.password}
          </Typography.Text>
        </Typography.Text>
      </Flex>
    </Modal>
  );
};
