import { Alert, Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { operatorErrorText } from '../operator-errors';
import { REASON_LENGTH, reasonRule } from './customer-display';

/**
 * The confirmation of an operator's action on a customer that needs a reason (lock, unlock, reset
 * two-step verification): what it does, the reason (required, at most {@link REASON_LENGTH}
 * characters), and the server's refusal when there is one. `onSubmit` gets the trimmed reason; the
 * form is emptied when the dialog closes. Test ids: `{testId}-confirm`, `{testId}-reason`, and
 * `{testId}-result` on the refusal.
 */
export const ReasonDialog = ({
  isOpen,
  title,
  okText,
  isDanger,
  effect,
  failedTitle,
  pending,
  error,
  testId,
  dialogTestId,
  onSubmit,
  onClose,
}: {
  isOpen: boolean;
  title: ReactNode;
  okText: ReactNode;
  isDanger: boolean;
  effect: ReactNode;
  failedTitle: ReactNode;
  pending: boolean;
  /** The last refusal, or null. */
  error: unknown;
  testId: string;
  dialogTestId?: string;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const close = () => {
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={isOpen}
      title={title}
      okText={okText}
      okButtonProps={{ danger: isDanger, loading: pending, 'data-testid': `${testId}-confirm` }}
      cancelText={t('admin.customers.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      {...(dialogTestId ? { 'data-testid': dialogTestId } : {})}
    >
      <Typography.Paragraph>{effect}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => onSubmit(values.reason.trim())}
      >
        <Form.Item
          name="reason"
          label={t('admin.customers.reason')}
          rules={[reasonRule(t('admin.customers.reasonRequired'))]}
        >
          <Input.TextArea
            maxLength={REASON_LENGTH.max}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid={`${testId}-reason`}
          />
        </Form.Item>
      </Form>
      {error ? (
        <Alert
          type="error"
          showIcon
          data-testid={`${testId}-result`}
          title={failedTitle}
          description={operatorErrorText(error, t)}
        />
      ) : null}
    </Modal>
  );
};
