import { type AdminNewTrafficPlan, type AdminTrafficPlan, CATALOGUE_LIMITS } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { operatorErrorText } from '../operator-errors';
import { addTrafficPlan, CATALOGUE_QUERY_KEYS, editTrafficPlan } from './catalogue.api';
import {
  basisPointsOfPercent,
  isAmountWithin,
  PERCENT_PATTERN,
  PRICE_PATTERN,
  percentOfBasisPoints,
  plainAmount,
} from './catalogue-display';

/** The plan form as typed: every field text, so nothing is rounded on the way. */
export interface PlanValues {
  gb: string;
  pricePerGb: string;
  /** Percent, at most two decimals. */
  discount: string;
  /** Empty: the package never expires. */
  validDays: string;
  /** Empty: no limit. */
  limitPerUser: string;
  onSale: boolean;
}

const WHOLE = /^\d{1,7}$/;

/** An optional whole number as typed: empty is null. */
const wholeOrNull = (text: string): number | null => (text.trim() === '' ? null : Number.parseInt(text, 10));

/** What the form sends: the plan's fields as the server takes them. */
export const toPlanRequest = (values: PlanValues): Required<AdminNewTrafficPlan> => ({
  gb: Number.parseInt(values.gb, 10),
  price_per_gb: values.pricePerGb.trim(),
  discount_basis_points: basisPointsOfPercent(values.discount.trim() || '0') ?? 0,
  valid_days: wholeOrNull(values.validDays),
  limit_per_user: wholeOrNull(values.limitPerUser),
  on_sale: values.onSale,
});

/** The form's values for `plan` (a new plan: on sale, no discount, never expires, no limit). */
const valuesOf = (plan: AdminTrafficPlan | null): PlanValues =>
  plan
    ? {
        gb: String(plan.gb),
        pricePerGb: plainAmount(plan.price_per_gb),
        discount: percentOfBasisPoints(plan.discount_basis_points),
        validDays: plan.valid_days === null ? '' : String(plan.valid_days),
        limitPerUser: plan.limit_per_user === null ? '' : String(plan.limit_per_user),
        onSale: plan.on_sale,
      }
    : { gb: '', pricePerGb: '', discount: '0', validDays: '', limitPerUser: '', onSale: true };

/** A rule refusing text that is not a whole number from `min` to `max` (empty passes when optional). */
const wholeRule = (min: number, max: number, message: string, isOptional = false) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    const text = value?.trim() ?? '';
    if (isOptional && text === '') return;
    const number = WHOLE.test(text) ? Number.parseInt(text, 10) : Number.NaN;
    if (!(number >= min && number <= max)) throw new Error(message);
  },
});

/**
 * Adds a traffic package plan or edits one (owner, finance). An edit applies to later purchases:
 * packages already bought keep their size, price and expiry.
 */
export const PlanDialog = ({ plan, onClose }: { plan: AdminTrafficPlan | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanValues>();
  const save = useMutation({
    mutationFn: (values: PlanValues) =>
      plan ? editTrafficPlan(plan.id, toPlanRequest(values)) : addTrafficPlan(toPlanRequest(values)),
    onSuccess: () => {
      void message.success(t('admin.catalogue.saved'));
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEYS.plans });
      onClose();
    },
  });

  return (
    <Modal
      open
      title={
        plan ? t('admin.catalogue.plans.editTitle', { gb: plan.gb }) : t('admin.catalogue.plans.addTitle')
      }
      okText={t('admin.catalogue.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'admin-plan-save' }}
      cancelText={t('admin.catalogue.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="admin-plan-dialog"
    >
      <Form<PlanValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(plan)}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="gb"
          label={t('admin.catalogue.plans.gb')}
          rules={[wholeRule(1, CATALOGUE_LIMITS.PLAN_MAX_GB, t('admin.catalogue.plans.gbInvalid'))]}
        >
          <Input inputMode="numeric" style={{ maxWidth: 200 }} data-testid="admin-plan-gb" />
        </Form.Item>
        <Form.Item
          name="pricePerGb"
          label={t('admin.catalogue.plans.pricePerGb')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const text = value?.trim() ?? '';
                if (!isAmountWithin(text, PRICE_PATTERN, 1n, CATALOGUE_LIMITS.PLAN_MAX_PRICE_PER_GB)) {
                  throw new Error(t('admin.catalogue.plans.priceInvalid'));
                }
              },
            },
          ]}
        >
          <Input inputMode="decimal" suffix="PTC" style={{ maxWidth: 200 }} data-testid="admin-plan-price" />
        </Form.Item>
        <Form.Item
          name="discount"
          label={t('admin.catalogue.plans.discount')}
          extra={t('admin.catalogue.plans.discountHint')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const text = value?.trim() || '0';
                const basisPoints = PERCENT_PATTERN.test(text) ? basisPointsOfPercent(text) : null;
                if (basisPoints === null || basisPoints > CATALOGUE_LIMITS.PLAN_MAX_DISCOUNT_BASIS_POINTS) {
                  throw new Error(t('admin.catalogue.plans.discountInvalid'));
                }
              },
            },
          ]}
        >
          <Input inputMode="decimal" suffix="%" style={{ maxWidth: 200 }} data-testid="admin-plan-discount" />
        </Form.Item>
        <Form.Item
          name="validDays"
          label={t('admin.catalogue.plans.validDays')}
          extra={t('admin.catalogue.plans.validDaysHint')}
          rules={[
            wholeRule(1, CATALOGUE_LIMITS.PLAN_MAX_VALID_DAYS, t('admin.catalogue.plans.daysInvalid'), true),
          ]}
        >
          <Input inputMode="numeric" style={{ maxWidth: 200 }} data-testid="admin-plan-days" />
        </Form.Item>
        <Form.Item
          name="limitPerUser"
          label={t('admin.catalogue.plans.limit')}
          extra={t('admin.catalogue.plans.limitHint')}
          rules={[
            wholeRule(1, CATALOGUE_LIMITS.PLAN_MAX_PER_USER, t('admin.catalogue.plans.limitInvalid'), true),
          ]}
        >
          <Input inputMode="numeric" style={{ maxWidth: 200 }} data-testid="admin-plan-limit" />
        </Form.Item>
        <Form.Item name="onSale" label={t('admin.catalogue.plans.onSale')} valuePropName="checked">
          <Switch data-testid="admin-plan-on-sale" />
        </Form.Item>
      </Form>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="admin-plan-error"
          title={t('admin.catalogue.failed')}
          description={operatorErrorText(save.error, t)}
        />
      ) : null}
    </Modal>
  );
};
