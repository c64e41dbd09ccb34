import type { AdminOrder } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { confirmTransfer, type TransferConfirmation } from './money.api';
import { confirmErrorText, isPositiveAmount } from './money-display';

/** The longest bank reference the server keeps. */
const REFERENCE_MAX = 128;

interface TransferValues {
  amount: string;
  reference?: string;
}

/**
 * Confirms a pending wire transfer once the money is in the account (owner, finance): what
 * arrived, in the order's currency, and the bank's reference, then a confirmation that says what
 * the customer is credited. A second click while the call is out sends nothing.
 */
export const ConfirmTransfer = ({ order }: { order: AdminOrder }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const [pending, setPending] = useState<TransferConfirmation | null>(null);
  const isSending = useRef(false);
  const confirm = useMutation({
    mutationFn: (confirmation: TransferConfirmation) => confirmTransfer(order.order_no, confirmation),
    onSuccess: (answer) => {
      if (answer.outcome !== 'duplicate') void message.success(t('admin.money.confirm.done'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order', order.order_no] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
    onSettled: () => {
      isSending.current = false;
      setPending(null);
    },
  });

  const ask = (values: TransferValues) => {
    const reference = values.reference?.trim();
    setPending({ amount: values.amount.trim(), ...(reference ? { reference } : {}) });
  };
  const send = () => {
    if (!pending || isSending.current) return;
    isSending.current = true;
    confirm.mutate(pending);
  };

  return (
    <Card size="small" title={t('admin.money.confirm.title')} data-testid="admin-order-confirm">
      <Typography.Paragraph type="secondary">{t('admin.money.confirm.hint')}</Typography.Paragraph>
      <Form<TransferValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: order.pay_amount }}
        onFinish={ask}
      >
        <Form.Item
          name="amount"
          label={t('admin.money.confirm.amount', { currency: order.pay_currency })}
          rules={[
            {
              required: true,
              validator: async (_rule, value: string | undefined) => {
                if (!isPositiveAmount(value ?? '')) throw new Error(t('admin.money.confirm.amountInvalid'));
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            suffix={order.pay_currency}
            style={{ maxWidth: 240 }}
            data-testid="admin-order-confirm-amount"
          />
        </Form.Item>
        <Form.Item name="reference" label={t('admin.money.confirm.reference')}>
          <Input maxLength={REFERENCE_MAX} data-testid="admin-order-confirm-reference" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={confirm.isPending}
          data-testid="admin-order-confirm-submit"
        >
          {t('admin.money.confirm.submit')}
        </Button>
      </Form>
      {confirm.isSuccess ? (
        <Alert
          style={{ marginTop: 16 }}
          type={confirm.data.outcome === 'duplicate' ? 'info' : 'success'}
          showIcon
          data-testid="admin-order-confirm-result"
          title={t(
            confirm.data.outcome === 'duplicate'
              ? 'admin.money.confirm.duplicate'
              : 'admin.money.confirm.done',
          )}
        />
      ) : null}
      {confirm.isError ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="admin-order-confirm-result"
          title={t('admin.money.confirm.failed')}
          description={confirmErrorText(confirm.error, t)}
        />
      ) : null}
      <Modal
        open={pending !== null}
        title={t('admin.money.confirm.question', {
          amount: pending?.amount,
          currency: order.pay_currency,
          orderNo: order.order_no,
        })}
        okText={t('admin.money.confirm.submit')}
        okButtonProps={{
          loading: confirm.isPending,
          disabled: confirm.isPending,
          'data-testid': 'admin-order-confirm-ok',
        }}
        cancelText={t('admin.money.cancel')}
        cancelButtonProps={{ disabled: confirm.isPending }}
        onOk={send}
        onCancel={() => {
          if (!confirm.isPending) setPending(null);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('admin.money.confirm.effect', {
            amount: order.amount,
            bonus: order.bonus,
            customer: order.customer.email ?? order.customer.uid,
          })}
        </Typography.Paragraph>
        {pending?.reference ? (
          <Typography.Paragraph type="secondary">
            {t('admin.money.confirm.reference')}: {pending.reference}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </Card>
  );
};
