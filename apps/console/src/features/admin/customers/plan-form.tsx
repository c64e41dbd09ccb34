import { ENTERPRISE_DISCOUNT, type SetPlanRequest } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { setCustomerPlan } from '../admin.api';
import type { Customer, CustomerPlan } from '../admin.types';
import { operatorErrorText } from '../operator-errors';

interface PlanValues {
  plan: CustomerPlan;
  /** Percent, up to two decimals (sent in basis points). */
  discount: number | null;
}

/** The highest discount in percent. */
const MAX_DISCOUNT_PERCENT = ENTERPRISE_DISCOUNT.MAX_BASIS_POINTS / 100;

/** What the plan form sends: the discount in basis points, and only for the enterprise plan. */
export const toPlanRequest = (values: PlanValues): SetPlanRequest =>
  values.plan === 'enterprise'
    ? { plan: 'enterprise', discount_basis_points: Math.round((values.discount ?? 0) * 100) }
    : { plan: 'personal' };

/** Sets the plan and the enterprise discount (owner, finance); the personal plan has none. */
export const PlanForm = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanValues>();
  const plan = Form.useWatch('plan', form) ?? customer.plan;
  // The form follows the account when it changes (after a save, or another operator's).
  useEffect(() => {
    form.setFieldsValue({ plan: customer.plan, discount: customer.discount_percent });
  }, [form, customer.plan, customer.discount_percent]);
  const save = useMutation({
    mutationFn: (values: PlanValues) => setCustomerPlan(customer.uid, toPlanRequest(values)),
    onSuccess: () => {
      void message.success(t('admin.customers.plan.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customer', customer.uid] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
  });

  return (
    <Card title={t('admin.customers.plan.title')} style={{ height: '100%' }}>
      <Form<PlanValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ plan: customer.plan, discount: customer.discount_percent }}
        onValuesChange={(changed: Partial<PlanValues>) => {
          if (changed.plan === 'personal') form.setFieldValue('discount', 0);
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="plan" label={t('admin.customers.plan')}>
          <Select
            style={{ maxWidth: 240 }}
            data-testid="admin-customer-plan"
            options={[
              { value: 'personal', label: t('admin.customers.plan.personal') },
              { value: 'enterprise', label: t('admin.customers.plan.enterprise') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="discount"
          label={t('admin.customers.plan.discount')}
          extra={t('admin.customers.plan.discountHint', { max: MAX_DISCOUNT_PERCENT })}
          rules={[
            {
              type: 'number',
              min: 0,
              max: MAX_DISCOUNT_PERCENT,
              message: t('admin.customers.plan.discountInvalid', { max: MAX_DISCOUNT_PERCENT }),
            },
          ]}
        >
          <InputNumber
            min={0}
            max={MAX_DISCOUNT_PERCENT}
            precision={2}
            suffix="%"
            disabled={plan !== 'enterprise'}
            style={{ width: 160 }}
            data-testid="admin-customer-discount"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="admin-customer-plan-submit"
        >
          {t('admin.customers.plan.submit')}
        </Button>
      </Form>
      {save.isSuccess ? (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          data-testid="admin-customer-plan-result"
          title={t('admin.customers.plan.saved')}
        />
      ) : null}
      {save.isError ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="admin-customer-plan-result"
          title={t('admin.customers.plan.failed')}
          description={operatorErrorText(save.error, t)}
        />
      ) : null}
    </Card>
  );
};
