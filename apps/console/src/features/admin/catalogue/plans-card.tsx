import type { AdminTrafficPlan } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { CATALOGUE_QUERY_KEYS, editTrafficPlan, listTrafficPlans } from './catalogue.api';
import { percentOfBasisPoints } from './catalogue-display';
import { PlanDialog } from './plan-dialog';

/**
 * Every traffic package plan, on sale or not, with what was sold of it. Owner and finance add and
 * edit plans and put them on or off sale; a plan that sold is never deleted.
 */
export const PlansCard = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const plans = useQuery({
    queryKey: CATALOGUE_QUERY_KEYS.plans,
    queryFn: ({ signal }) => listTrafficPlans(signal),
  });
  // The plan in the dialog: null for none open, 'new' for a plan to add.
  const [editing, setEditing] = useState<AdminTrafficPlan | 'new' | null>(null);
  const setOnSale = useMutation({
    mutationFn: ({ id, onSale }: { id: string; onSale: boolean }) => editTrafficPlan(id, { on_sale: onSale }),
    onSuccess: (plan) => {
      void message.success(
        t(plan.on_sale ? 'admin.catalogue.plans.putOnSale' : 'admin.catalogue.plans.takenOff'),
      );
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEYS.plans });
    },
  });

  const columns: TableColumnsType<AdminTrafficPlan> = [
    { key: 'gb', title: t('admin.catalogue.plans.gb'), dataIndex: 'gb', align: 'right' },
    { key: 'price', title: t('admin.catalogue.plans.pricePerGb'), dataIndex: 'price_per_gb', align: 'right' },
    { key: 'amount', title: t('admin.catalogue.plans.amount'), dataIndex: 'amount', align: 'right' },
    {
      key: 'discount',
      title: t('admin.catalogue.plans.discount'),
      dataIndex: 'discount_basis_points',
      align: 'right',
      render: (basisPoints: number) => `${percentOfBasisPoints(basisPoints)}%`,
    },
    {
      key: 'validity',
      title: t('admin.catalogue.plans.validDays'),
      dataIndex: 'valid_days',
      render: (days: number | null) =>
        days === null ? t('admin.catalogue.plans.permanent') : t('admin.catalogue.plans.days', { days }),
    },
    {
      key: 'limit',
      title: t('admin.catalogue.plans.limit'),
      dataIndex: 'limit_per_user',
      render: (limit: number | null) => limit ?? t('admin.catalogue.plans.noLimit'),
    },
    { key: 'sold', title: t('admin.catalogue.plans.sold'), dataIndex: 'sold', align: 'right' },
    {
      key: 'onSale',
      title: t('admin.catalogue.plans.onSale'),
      dataIndex: 'on_sale',
      render: (onSale: boolean, plan) => (
        <Switch
          checked={onSale}
          disabled={!canEdit || setOnSale.isPending}
          aria-label={t('admin.catalogue.plans.onSale')}
          onChange={(checked) => setOnSale.mutate({ id: plan.id, onSale: checked })}
          data-testid={`admin-plan-on-sale-${plan.id}`}
        />
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'edit',
            title: '',
            render: (_: unknown, plan: AdminTrafficPlan) => (
              <Button
                size="small"
                onClick={() => setEditing(plan)}
                data-testid={`admin-plan-edit-${plan.id}`}
              >
                {t('admin.catalogue.plans.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('admin.catalogue.plans.title')}
      extra={
        canEdit ? (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="admin-plan-add">
            {t('admin.catalogue.plans.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('admin.catalogue.plans.hint')}</Typography.Paragraph>
      {plans.isError ? (
        <Alert type="error" showIcon title={t('admin.catalogue.loadFailed')} />
      ) : (
        <Table<AdminTrafficPlan>
          rowKey="id"
          size="small"
          loading={plans.isPending}
          columns={columns}
          dataSource={plans.data?.records ?? []}
          pagination={false}
          scroll={{ x: true }}
          data-testid="admin-plans"
        />
      )}
      {editing ? (
        <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
};
