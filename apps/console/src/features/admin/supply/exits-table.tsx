import type { AdminExit, AdminLeaseOutcome } from '@ptc/contracts';
import { EXIT_KINDS, EXIT_STATES, EXIT_TYPES } from '@ptc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import type { OperatorRole } from '../admin.types';
import { formatInstant } from '../customers/customer-display';
import { operatorErrorText } from '../operator-errors';
import { ExitChecksDrawer } from './exit-checks-drawer';
import { EditExitForm } from './exit-form';
import { LeaseOutcomes } from './lease-outcomes';
import { checkExit, listExits, retireExit, setExitEnabled } from './supply.api';
import {
  canOperatorRunSupply,
  type ExitFilters,
  exitAddress,
  formatRate,
  placeCodes,
  replaceCachedExit,
  SUPPLY_KEYS,
} from './supply-display';

/** Rows per page of the exits table, unless the operator picks another size. */
export const EXITS_PAGE_SIZE = 50;

/** A retired address and what became of its lease, shown above the table. */
interface Retirement {
  exit: AdminExit;
  leases: AdminLeaseOutcome[];
}

/** In service, disabled (retired for a static address), healthy or not, and demo. */
const StateTags = ({ exit }: { exit: AdminExit }) => {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap>
      {exit.enabled ? (
        <Tag color="green">{t('admin.supply.state.enabled')}</Tag>
      ) : (
        <Tag>{t(exit.is_static ? 'admin.supply.state.retired' : 'admin.supply.state.disabled')}</Tag>
      )}
      {exit.healthy ? (
        <Tag color="blue">{t('admin.supply.state.healthy')}</Tag>
      ) : (
        <Tag color="red">{t('admin.supply.state.unhealthy')}</Tag>
      )}
      {exit.is_demo ? <Tag color="purple">{t('admin.supply.state.demo')}</Tag> : null}
    </Flex>
  );
};

/** The last check: passed or failed, its latency and time; the last error in a tooltip. */
const LastCheck = ({ exit }: { exit: AdminExit }) => {
  const { t } = useTranslation();
  if (exit.last_checked_at === null || exit.last_check_ok === null) {
    return <Typography.Text type="secondary">{t('admin.supply.check.never')}</Typography.Text>;
  }
  const tag = exit.last_check_ok ? (
    <Tag color="green">{t('admin.supply.check.ok')}</Tag>
  ) : (
    <Tag color="red">{t('admin.supply.check.failedTag')}</Tag>
  );
  return (
    <Flex vertical data-testid={`admin-exit-last-check-${exit.id}`}>
      <Flex align="center" gap={4}>
        {exit.last_error ? (
          <Tooltip title={exit.last_error}>
            <span data-testid={`admin-exit-last-error-${exit.id}`}>{tag}</span>
          </Tooltip>
        ) : (
          tag
        )}
        {exit.last_latency_ms === null ? null : <span>{exit.last_latency_ms} ms</span>}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatInstant(exit.last_checked_at)}
      </Typography.Text>
    </Flex>
  );
};

/**
 * The actions on one exit the operator's role may take: check now (owner, support), history
 * (every role), edit, disable or enable a rotating exit, retire a static address (owner).
 */
const ExitActions = ({
  exit,
  role,
  onHistory,
  onEdit,
  onRetired,
}: {
  exit: AdminExit;
  role: OperatorRole | undefined;
  onHistory: (exit: AdminExit) => void;
  onEdit: (exit: AdminExit) => void;
  onRetired: (retirement: Retirement) => void;
}) => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const refreshAround = (updated: AdminExit) => {
    replaceCachedExit(queryClient, updated);
    void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.overview });
    void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.checks(updated.id) });
  };
  const check = useMutation({
    mutationFn: () => checkExit(exit.id),
    onSuccess: (answer) => {
      refreshAround(answer.exit);
      if (answer.check.ok) {
        void message.success(
          t('admin.supply.check.passed', { id: exit.id, latency: answer.check.latency_ms ?? '—' }),
        );
      } else {
        void message.error(t('admin.supply.check.failed', { id: exit.id, error: answer.check.error ?? '—' }));
      }
    },
  });
  const toggle = useMutation({
    mutationFn: () => setExitEnabled(exit.id, !exit.enabled),
    onSuccess: (updated) => {
      refreshAround(updated);
      void message.success(
        t(updated.enabled ? 'admin.supply.enabled' : 'admin.supply.disabled', { id: updated.id }),
      );
    },
  });
  const retire = useMutation({
    mutationFn: () => retireExit(exit.id),
    onSuccess: (answer) => {
      refreshAround(answer.exit);
      onRetired(answer);
    },
  });
  const confirmRetire = () =>
    modal.confirm({
      title: t('admin.supply.retire.confirm', { ip: exit.ip ?? exit.id }),
      content: t(exit.leased_by ? 'admin.supply.retire.leasedEffect' : 'admin.supply.retire.effect', {
        proxy: exit.leased_by ?? '',
      }),
      okText: t('admin.supply.retire.submit'),
      okType: 'danger',
      okButtonProps: { 'data-testid': 'admin-exit-retire-confirm' } as Record<string, string>,
      cancelText: t('admin.supply.cancel'),
      onOk: () => retire.mutateAsync().catch(() => undefined),
    });

  const canChange = canOperatorRunSupply(role, 'change');
  return (
    <Flex gap={4} wrap>
      {canOperatorRunSupply(role, 'check') ? (
        <Button
          size="small"
          loading={check.isPending}
          onClick={() => check.mutate()}
          data-testid={`admin-exit-check-${exit.id}`}
        >
          {t('admin.supply.check.now')}
        </Button>
      ) : null}
      <Button size="small" onClick={() => onHistory(exit)} data-testid={`admin-exit-history-${exit.id}`}>
        {t('admin.supply.check.history')}
      </Button>
      {canChange && (exit.enabled || !exit.is_static) ? (
        <Button size="small" onClick={() => onEdit(exit)} data-testid={`admin-exit-edit-${exit.id}`}>
          {t('admin.supply.edit')}
        </Button>
      ) : null}
      {canChange && !exit.is_static ? (
        <Button
          size="small"
          danger={exit.enabled}
          loading={toggle.isPending}
          onClick={() => toggle.mutate()}
          data-testid={`admin-exit-toggle-${exit.id}`}
        >
          {t(exit.enabled ? 'admin.supply.disable' : 'admin.supply.enable')}
        </Button>
      ) : null}
      {canChange && exit.is_static && exit.enabled ? (
        <Button
          size="small"
          danger
          loading={retire.isPending}
          onClick={confirmRetire}
          data-testid={`admin-exit-retire-${exit.id}`}
        >
          {t('admin.supply.retire.submit')}
        </Button>
      ) : null}
    </Flex>
  );
};

/** The filters above the table; applied on submit, all cleared by reset. */
const ExitFiltersForm = ({ onApply }: { onApply: (filters: ExitFilters) => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExitFilters>();
  const select = (name: keyof ExitFilters, options: { value: string; label: string }[]) => (
    <Form.Item name={name} label={t(`admin.supply.filter.${name}`)} style={{ marginBottom: 0 }}>
      <Select
        allowClear
        style={{ width: 150 }}
        placeholder={t('admin.supply.filter.any')}
        options={options}
        data-testid={`admin-exits-filter-${name}`}
      />
    </Form.Item>
  );
  return (
    <Form<ExitFilters>
      form={form}
      layout="inline"
      onFinish={(values) => onApply({ ...values, country: values.country?.trim().toUpperCase() })}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {select(
        'kind',
        EXIT_KINDS.map((kind) => ({ value: kind, label: t(`admin.supply.kind.${kind}`) })),
      )}
      {select(
        'type',
        EXIT_TYPES.map((type) => ({ value: type, label: t(`admin.supply.type.${type}`) })),
      )}
      <Form.Item name="country" label={t('admin.supply.filter.country')} style={{ marginBottom: 0 }}>
        <Input allowClear maxLength={2} style={{ width: 80 }} data-testid="admin-exits-filter-country" />
      </Form.Item>
      {select('static', [
        { value: 'true', label: t('admin.supply.filter.staticOnly') },
        { value: 'false', label: t('admin.supply.filter.rotatingOnly') },
      ])}
      {select(
        'state',
        EXIT_STATES.map((state) => ({ value: state, label: t(`admin.supply.filter.state.${state}`) })),
      )}
      <Form.Item name="q" label={t('admin.supply.filter.q')} style={{ marginBottom: 0 }}>
        <Input
          allowClear
          maxLength={120}
          placeholder={t('admin.supply.filter.qPlaceholder')}
          style={{ width: 200 }}
          data-testid="admin-exits-filter-q"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" data-testid="admin-exits-search">
            {t('admin.supply.filter.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('admin.supply.filter.reset')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
};

/** The exits with their health, filterable, one page at a time, with the role's row actions. */
export const ExitsTable = ({ role }: { role: OperatorRole | undefined }) => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ExitFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: EXITS_PAGE_SIZE });
  const [historyOf, setHistoryOf] = useState<AdminExit | null>(null);
  const [editing, setEditing] = useState<AdminExit | null>(null);
  const [retirement, setRetirement] = useState<Retirement | null>(null);
  const exits = useQuery({
    queryKey: [...SUPPLY_KEYS.exits, filters, paging.page, paging.pageSize],
    queryFn: ({ signal }) => listExits(filters, paging, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AdminExit> = [
    {
      key: 'id',
      title: t('admin.supply.id'),
      dataIndex: 'id',
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    {
      key: 'address',
      title: t('admin.supply.address'),
      render: (_value, exit) => (
        <Flex vertical>
          <span>
            <Tag>{t(`admin.supply.kind.${exit.kind}`)}</Tag>
            {exitAddress(exit)}
          </span>
          {exit.kind !== 'direct' && exit.ip ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('admin.supply.exitIp', { ip: exit.ip })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'place',
      title: t('admin.supply.place'),
      render: (_value, exit) => (
        <Flex vertical>
          <span>{exit.label ?? exit.country}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {placeCodes(exit)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('admin.supply.type'),
      dataIndex: 'type',
      render: (type: string) => t(`admin.supply.type.${type}`),
    },
    { key: 'line', title: t('admin.supply.line'), dataIndex: 'line', align: 'right' },
    { key: 'state', title: t('admin.supply.state'), render: (_value, exit) => <StateTags exit={exit} /> },
    {
      key: 'last_check',
      title: t('admin.supply.lastCheck'),
      render: (_value, exit) => <LastCheck exit={exit} />,
    },
    {
      key: 'success_rate_24h',
      title: t('admin.supply.successRate'),
      align: 'right',
      render: (_value, exit) => (
        <Tooltip title={t('admin.supply.check.count', { count: exit.checks_24h })}>
          <span>{formatRate(exit.success_rate_24h)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'leased_by',
      title: t('admin.supply.leasedBy'),
      dataIndex: 'leased_by',
      render: (proxy: string | null, exit) =>
        exit.is_static
          ? (proxy ?? <Typography.Text type="secondary">{t('admin.supply.free')}</Typography.Text>)
          : '—',
    },
    {
      key: 'actions',
      title: t('admin.supply.actions'),
      render: (_value, exit) => (
        <ExitActions
          exit={exit}
          role={role}
          onHistory={setHistoryOf}
          onEdit={setEditing}
          onRetired={setRetirement}
        />
      ),
    },
  ];

  return (
    <>
      <ExitFiltersForm
        onApply={(next) => {
          setFilters(next);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      {retirement ? (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          closable={{ onClose: () => setRetirement(null) }}
          title={t('admin.supply.retire.done', { ip: retirement.exit.ip ?? retirement.exit.id })}
          description={<LeaseOutcomes leases={retirement.leases} />}
          data-testid="admin-exit-retire-result"
        />
      ) : null}
      {exits.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('admin.supply.exitsFailed')}
          description={operatorErrorText(exits.error, t)}
          action={
            <Button size="small" onClick={() => void exits.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<AdminExit>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={exits.data?.records ?? []}
          loading={exits.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.supply.noExits') }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: exits.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200],
            showTotal: (total) => t('admin.supply.total', { count: total }),
            onChange: (page, pageSize) =>
              setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
          data-testid="admin-exits-table"
        />
      )}
      <ExitChecksDrawer exit={historyOf} onClose={() => setHistoryOf(null)} />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('admin.supply.edit.title', { id: editing.id }) : ''}
        size="min(720px, 100vw)"
        destroyOnHidden
      >
        {editing ? <EditExitForm exit={editing} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </>
  );
};
