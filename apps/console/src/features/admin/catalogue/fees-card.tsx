import { type AdminFeeChanges, type AdminFees, CATALOGUE_LIMITS, type TopUpFeeMethod } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { operatorErrorText } from '../operator-errors';
import { CATALOGUE_QUERY_KEYS, getFees, setFees } from './catalogue.api';
import {
  basisPointsOfPercent,
  CENTS_PATTERN,
  isAmountWithin,
  PERCENT_PATTERN,
  percentOfBasisPoints,
  plainAmount,
} from './catalogue-display';

type FeeRow = AdminFees['fees'][number];

/** The form: per method, the rate in percent and the fixed part, as typed. */
type FeeValues = Partial<Record<TopUpFeeMethod, { percent: string; fixed: string }>>;

const valuesOf = (fees: AdminFees): FeeValues =>
  Object.fromEntries(
    fees.fees.map((fee) => [
      fee.method,
      { percent: percentOfBasisPoints(fee.basis_points), fixed: plainAmount(fee.fixed) },
    ]),
  );

/** The methods whose typed fee differs from the fee in force, as the server takes them. */
export const changedFees = (fees: AdminFees, values: FeeValues): AdminFeeChanges => {
  const changes: AdminFeeChanges = {};
  for (const fee of fees.fees) {
    const typed = values[fee.method];
    if (!typed) continue;
    const basisPoints = basisPointsOfPercent(typed.percent);
    const fixed = typed.fixed.trim();
    if (basisPoints === null) continue;
    if (basisPoints === fee.basis_points && plainAmount(fixed) === plainAmount(fee.fixed)) continue;
    changes[fee.method] = { basis_points: basisPoints, fixed };
  }
  return changes;
};

/**
 * The fee each payment method adds to a top-up: a rate below 100% and a fixed part (owner and
 * finance change them). A change applies to orders made from then on.
 */
export const FeesCard = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FeeValues>();
  const fees = useQuery({ queryKey: CATALOGUE_QUERY_KEYS.fees, queryFn: ({ signal }) => getFees(signal) });
  useEffect(() => {
    if (fees.data) form.setFieldsValue(valuesOf(fees.data));
  }, [form, fees.data]);
  const save = useMutation({
    mutationFn: (changes: AdminFeeChanges) => setFees(changes),
    onSuccess: (answer) => {
      queryClient.setQueryData(CATALOGUE_QUERY_KEYS.fees, answer);
      void message.success(t('admin.catalogue.saved'));
    },
  });

  const submit = (values: FeeValues) => {
    if (!fees.data) return;
    const changes = changedFees(fees.data, values);
    if (Object.keys(changes).length === 0) {
      void message.info(t('admin.catalogue.fees.unchanged'));
      return;
    }
    save.mutate(changes);
  };

  const percentRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const text = value?.trim() ?? '';
      const basisPoints = PERCENT_PATTERN.test(text) ? basisPointsOfPercent(text) : null;
      if (basisPoints === null || basisPoints > CATALOGUE_LIMITS.FEE_MAX_BASIS_POINTS) {
        throw new Error(t('admin.catalogue.fees.percentInvalid'));
      }
    },
  };
  const fixedRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (!isAmountWithin(value ?? '', CENTS_PATTERN, 0n, CATALOGUE_LIMITS.FEE_MAX_FIXED)) {
        throw new Error(t('admin.catalogue.fees.fixedInvalid'));
      }
    },
  };

  const columns: TableColumnsType<FeeRow> = [
    {
      key: 'method',
      title: t('admin.catalogue.fees.method'),
      dataIndex: 'method',
      render: (method: TopUpFeeMethod, fee) => (
        <>
          {t(`admin.catalogue.method.${method}`)}
          {fee.is_default ? <Tag style={{ marginLeft: 8 }}>{t('admin.catalogue.default')}</Tag> : null}
        </>
      ),
    },
    {
      key: 'percent',
      title: t('admin.catalogue.fees.percent'),
      render: (_: unknown, fee) =>
        canEdit ? (
          <Form.Item name={[fee.method, 'percent']} rules={[percentRule]} style={{ margin: 0 }}>
            <Input
              inputMode="decimal"
              suffix="%"
              style={{ width: 110 }}
              aria-label={`${t(`admin.catalogue.method.${fee.method}`)} ${t('admin.catalogue.fees.percent')}`}
              data-testid={`admin-fee-percent-${fee.method}`}
            />
          </Form.Item>
        ) : (
          `${percentOfBasisPoints(fee.basis_points)}%`
        ),
    },
    {
      key: 'fixed',
      title: t('admin.catalogue.fees.fixed'),
      render: (_: unknown, fee) =>
        canEdit ? (
          <Form.Item name={[fee.method, 'fixed']} rules={[fixedRule]} style={{ margin: 0 }}>
            <Input
              inputMode="decimal"
              suffix="PTC"
              style={{ width: 130 }}
              aria-label={`${t(`admin.catalogue.method.${fee.method}`)} ${t('admin.catalogue.fees.fixed')}`}
              data-testid={`admin-fee-fixed-${fee.method}`}
            />
          </Form.Item>
        ) : (
          fee.fixed
        ),
    },
  ];

  if (fees.isError) return <Alert type="error" showIcon title={t('admin.catalogue.loadFailed')} />;

  return (
    <Card title={t('admin.catalogue.fees.title')} loading={fees.isPending} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('admin.catalogue.fees.hint')}</Typography.Paragraph>
      <Form<FeeValues> form={form} requiredMark={false} onFinish={submit}>
        <Table<FeeRow>
          rowKey="method"
          size="small"
          columns={columns}
          dataSource={fees.data?.fees ?? []}
          pagination={false}
          data-testid="admin-fees"
        />
        {canEdit ? (
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            style={{ marginTop: 16 }}
            data-testid="admin-fees-save"
          >
            {t('admin.catalogue.fees.save')}
          </Button>
        ) : null}
      </Form>
      {save.isError ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="admin-fees-error"
          title={t('admin.catalogue.failed')}
          description={operatorErrorText(save.error, t)}
        />
      ) : null}
    </Card>
  );
};
