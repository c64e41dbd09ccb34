import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { adjustCustomerBalance } from '../admin.api';
import type { BalanceAdjustment, Customer } from '../admin.types';
import { operatorErrorText } from '../operator-errors';
import {
  balanceAfter,
  isAdjustmentAmount,
  newRequestId,
  REASON_LENGTH,
  reasonRule,
} from './customer-display';

interface AdjustmentValues {
  amount: string;
  reason: string;
}

/**
 * Credits or debits the balance through the ledger (owner, finance). Each filled-in form carries
 * one request id: sending it twice (a double click, a retry after a lost answer) moves the money
 * once; changing the form, or a success, starts a new one.
 */
export const BalanceAdjustmentForm = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdjustmentValues>();
  const amount = Form.useWatch('amount', form) ?? '';
  const requestId = useRef(newRequestId());
  // The request id in flight: a second submit of the same form while it is out sends nothing.
  const sending = useRef<string | null>(null);
  const adjust = useMutation({
    mutationFn: (adjustment: BalanceAdjustment) => adjustCustomerBalance(customer.uid, adjustment),
    onSuccess: (answer) => {
      requestId.current = newRequestId();
      form.resetFields();
      if (answer.applied) void message.success(t('admin.customers.adjust.done', { balance: answer.balance }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customer', customer.uid] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
    onSettled: () => {
      sending.current = null;
    },
  });
  const after = balanceAfter(customer.balance, amount);

  const submit = (values: AdjustmentValues) => {
    if (sending.current === requestId.current) return;
    sending.current = requestId.current;
    adjust.mutate({
      amount: values.amount.trim(),
      reason: values.reason.trim(),
      request_id: requestId.current,
    });
  };

  return (
    <Card title={t('admin.customers.adjust.title')} style={{ height: '100%' }}>
      <Form<AdjustmentValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => {
          requestId.current = newRequestId();
        }}
      >
        <Form.Item
          name="amount"
          label={t('admin.customers.adjust.amount')}
          extra={
            after === null
              ? t('admin.customers.adjust.amountHint')
              : t('admin.customers.adjust.preview', { balance: after })
          }
          rules={[
            {
              required: true,
              validator: async (_rule, value: string | undefined) => {
                if (!isAdjustmentAmount(value ?? ''))
                  throw new Error(t('admin.customers.adjust.amountInvalid'));
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            placeholder="-2.5"
            suffix="PTC"
            style={{ maxWidth: 240 }}
            data-testid="admin-customer-adjust-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.customers.reason')}
          rules={[reasonRule(t('admin.customers.reasonRequired'))]}
        >
          <Input.TextArea
            maxLength={REASON_LENGTH.max}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="admin-customer-adjust-reason"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={adjust.isPending}
          data-testid="admin-customer-adjust-submit"
        >
          {t('admin.customers.adjust.submit')}
        </Button>
      </Form>
      {adjust.isSuccess ? (
        <Alert
          style={{ marginTop: 16 }}
          type={adjust.data.applied ? 'success' : 'info'}
          showIcon
          data-testid="admin-customer-adjust-result"
          title={
            adjust.data.applied
              ? t('admin.customers.adjust.done', { balance: adjust.data.balance })
              : t('admin.customers.adjust.alreadyDone', { balance: adjust.data.balance })
          }
        />
      ) : null}
      {adjust.isError ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="admin-customer-adjust-result"
          title={t('admin.customers.adjust.failed')}
          description={operatorErrorText(adjust.error, t)}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('admin.customers.adjust.hint')}
      </Typography.Paragraph>
    </Card>
  );
};
