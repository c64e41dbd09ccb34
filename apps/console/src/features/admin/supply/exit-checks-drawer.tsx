import type { AdminExit, AdminExitCheck } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatInstant } from '../customers/customer-display';
import { operatorErrorText } from '../operator-errors';
import { listExitChecks } from './supply.api';
import { exitAddress, formatRate, SUPPLY_KEYS } from './supply-display';

/** The latest checks through one exit (GET /admin/exits/:id/checks), newest first. */
const ChecksTable = ({ exit }: { exit: AdminExit }) => {
  const { t } = useTranslation();
  const checks = useQuery({
    queryKey: SUPPLY_KEYS.checks(exit.id),
    queryFn: ({ signal }) => listExitChecks(exit.id, signal),
  });
  const columns: TableColumnsType<AdminExitCheck> = [
    { key: 'checked_at', title: t('admin.supply.check.at'), dataIndex: 'checked_at', render: formatInstant },
    {
      key: 'ok',
      title: t('admin.supply.check.result'),
      dataIndex: 'ok',
      render: (isOk: boolean) =>
        isOk ? (
          <Tag color="green">{t('admin.supply.check.ok')}</Tag>
        ) : (
          <Tag color="red">{t('admin.supply.check.failedTag')}</Tag>
        ),
    },
    {
      key: 'latency_ms',
      title: t('admin.supply.check.latency'),
      dataIndex: 'latency_ms',
      align: 'right',
      render: (latency: number | null) => (latency === null ? '—' : `${latency} ms`),
    },
    {
      key: 'error',
      title: t('admin.supply.check.error'),
      dataIndex: 'error',
      render: (error: string | null) =>
        error ? <Typography.Text type="danger">{error}</Typography.Text> : '—',
    },
  ];
  if (checks.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('admin.supply.check.historyFailed')}
        description={operatorErrorText(checks.error, t)}
        action={
          <Button size="small" onClick={() => void checks.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Table<AdminExitCheck>
      rowKey={(check) => `${check.checked_at}|${check.ok}`}
      size="small"
      columns={columns}
      dataSource={checks.data?.records ?? []}
      loading={checks.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('admin.supply.check.none') }}
      data-testid="admin-exit-checks"
    />
  );
};

/** A drawer with an exit's health: its last day in figures, then its latest checks. */
export const ExitChecksDrawer = ({ exit, onClose }: { exit: AdminExit | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Drawer
      open={exit !== null}
      onClose={onClose}
      title={exit ? t('admin.supply.check.historyTitle', { id: exit.id }) : ''}
      size="min(720px, 100vw)"
      destroyOnHidden
    >
      {exit ? (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'address', label: t('admin.supply.address'), children: exitAddress(exit) },
              {
                key: 'rate',
                label: t('admin.supply.successRate'),
                children: t('admin.supply.check.rateOf', {
                  rate: formatRate(exit.success_rate_24h),
                  count: exit.checks_24h,
                }),
              },
              { key: 'failures', label: t('admin.supply.check.failureCount'), children: exit.failure_count },
            ]}
          />
          <ChecksTable exit={exit} />
        </>
      ) : null}
    </Drawer>
  );
};
