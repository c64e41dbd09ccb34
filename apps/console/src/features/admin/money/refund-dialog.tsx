import type { AdminCharge, AdminRefund, AdminRefundRequest } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatInstant } from '../customers/customer-display';
import { refundCharge } from './money.api';
import { isAtMost, isPositiveAmount, REFUND_REASON_LENGTH, refundErrorText } from './money-display';

interface RefundValues {
  amount?: string;
  reason: string;
}

/** The amount a refund of `typed` credits: what was typed when valid, else all that is left. */
const amountToRefund = (typed: string | undefined, charge: AdminCharge): string => {
  const amount = typed?.trim() ?? '';
  return isPositiveAmount(amount) && isAtMost(amount, charge.refundable) ? amount : charge.refundable;
};

/**
 * Refunds one charge to the customer's balance (owner, finance): a mandatory reason, an optional
 * part of what is left, and a confirmation that states the amount credited. The button is
 * disabled while the call is out, and a second submit sends nothing; the server credits a charge
 * once however many calls race.
 */
export const RefundDialog = ({
  charge,
  customerLabel,
  onRefunded,
  onClose,
}: {
  charge: AdminCharge;
  /** Who is credited, as the operator knows them (email or uid). */
  customerLabel: string;
  onRefunded: (answer: AdminRefund) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RefundValues>();
  const typedAmount = Form.useWatch('amount', form);
  const amount = amountToRefund(typedAmount, charge);
  const isSending = useRef(false);
  const refund = useMutation({
    mutationFn: (request: AdminRefundRequest) => refundCharge(request),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'charges'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customer', answer.customer.uid] });
      onRefunded(answer);
    },
    onSettled: () => {
      isSending.current = false;
    },
  });

  const send = (values: RefundValues) => {
    if (isSending.current) return;
    isSending.current = true;
    const typed = values.amount?.trim();
    refund.mutate({
      entry_id: charge.entry_id,
      reason: values.reason.trim(),
      ...(typed ? { amount: typed } : {}),
    });
  };

  return (
    <Modal
      open
      title={t('admin.money.refund.title')}
      okText={t('admin.money.refund.submit', { amount })}
      okButtonProps={{
        danger: true,
        loading: refund.isPending,
        disabled: refund.isPending,
        'data-testid': 'admin-refund-confirm',
      }}
      cancelText={t('admin.money.cancel')}
      cancelButtonProps={{ disabled: refund.isPending }}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!refund.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="admin-refund-dialog"
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'kind',
            label: t('admin.money.charges.kind'),
            children: `${t(`admin.customers.ledgerKind.${charge.kind}`, { defaultValue: charge.kind })} · ${t(
              `admin.money.product.${charge.product}`,
              { defaultValue: charge.product },
            )}`,
          },
          { key: 'at', label: t('admin.money.charges.at'), children: formatInstant(charge.at) },
          { key: 'amount', label: t('admin.money.charges.amount'), children: `${charge.amount} PTC` },
          { key: 'refunded', label: t('admin.money.charges.refunded'), children: `${charge.refunded} PTC` },
          {
            key: 'refundable',
            label: t('admin.money.charges.refundable'),
            children: `${charge.refundable} PTC`,
          },
        ]}
      />
      <Form<RefundValues> form={form} layout="vertical" requiredMark={false} onFinish={send}>
        <Form.Item
          name="amount"
          label={t('admin.money.refund.amount')}
          extra={t('admin.money.refund.amountHint', { refundable: charge.refundable })}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const typed = value?.trim() ?? '';
                if (typed === '') return;
                if (!isPositiveAmount(typed) || !isAtMost(typed, charge.refundable)) {
                  throw new Error(t('admin.money.refund.amountInvalid', { refundable: charge.refundable }));
                }
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            placeholder={charge.refundable}
            suffix="PTC"
            style={{ maxWidth: 240 }}
            data-testid="admin-refund-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.money.refund.reason')}
          extra={t('admin.money.refund.reasonHint')}
          rules={[
            {
              required: true,
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? '').trim().length < REFUND_REASON_LENGTH.min) {
                  throw new Error(t('admin.money.refund.reasonRequired'));
                }
              },
            },
          ]}
        >
          <Input.TextArea
            maxLength={REFUND_REASON_LENGTH.max}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="admin-refund-reason"
          />
        </Form.Item>
      </Form>
      <Alert
        type="warning"
        showIcon
        data-testid="admin-refund-statement"
        title={t('admin.money.refund.statement', { amount, customer: customerLabel })}
      />
      {refund.isError ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="admin-refund-error"
          title={t('admin.money.refund.failed')}
          description={refundErrorText(refund.error, t)}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('admin.money.refund.hint')}
      </Typography.Paragraph>
    </Modal>
  );
};
