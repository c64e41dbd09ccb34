import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import '../../two-factor/two-factor-texts';
import { operatorRequest } from '../admin.api';
import type { Customer } from '../admin.types';
import { operatorErrorText } from '../operator-errors';
import { customerName, REASON_LENGTH, reasonRule } from './customer-display';

/** `POST /admin/customers/{uid}/two_factor/reset` (owner, support). */
const resetTwoFactor = (uid: string, reason: string) =>
  operatorRequest<{ was_enabled: boolean; devices_forgotten: number }>({
    method: 'POST',
    path: '/admin/customers/{uid}/two_factor/reset',
    params: { uid },
    data: { reason },
  });

/**
 * Resets a customer's two-step verification (lost phone and recovery codes) with a reason, after a
 * confirmation: the password alone signs in again until the customer turns it back on.
 */
export const TwoFactorReset = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [isOpen, setIsOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reset = useMutation({
    mutationFn: (reason: string) => resetTwoFactor(customer.uid, reason),
    onSuccess: (answer) => {
      void message.success(
        t(answer.was_enabled ? 'twoFactor.admin.reset.done' : 'twoFactor.admin.reset.wasOff'),
      );
      form.resetFields();
      setIsOpen(false);
    },
  });
  const close = () => {
    reset.reset();
    form.resetFields();
    setIsOpen(false);
  };

  return (
    <>
      <Button onClick={() => setIsOpen(true)} data-testid="admin-customer-two-factor-reset">
        {t('twoFactor.admin.reset')}
      </Button>
      <Modal
        open={isOpen}
        title={t('twoFactor.admin.reset.confirm', { name: customerName(customer) })}
        okText={t('twoFactor.admin.reset.submit')}
        okButtonProps={{
          danger: true,
          loading: reset.isPending,
          'data-testid': 'admin-customer-two-factor-confirm',
        }}
        cancelText={t('admin.customers.cancel')}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('twoFactor.admin.reset.effect')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => reset.mutate(values.reason.trim())}
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
              data-testid="admin-customer-two-factor-reason"
            />
          </Form.Item>
        </Form>
        {reset.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('twoFactor.admin.reset.failed')}
            description={operatorErrorText(reset.error, t)}
          />
        ) : null}
      </Modal>
    </>
  );
};
