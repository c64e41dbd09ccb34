import {
  DesktopOutlined,
  FieldTimeOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { Vm, VmAction, VmOperation } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Pagination,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { AsyncSwitch } from '../proxy-list/async-switch';
import { pagePath } from '../proxy-list/page-path';
import { countryName, formatTime } from '../proxy-list/proxy-display';
import { ConnectionDetails } from './connection-details';
import {
  executeVmAction,
  listVms,
  REMOTE_PC_QUERY_KEYS,
  setVmAutoRenew,
  VM_PAGE_SIZE,
} from './remote-pcs.api';
import { StatusCell, useConfSpec, useRemainingText } from './vm-display';
import { VmRenewDialog } from './vm-renew-dialog';
import { canOperate, confName, pollInterval, remainingNow } from './vm-rules';

/** The remote-control page of a PC (its own page, without the menu). */
export const remoteControlPath = (id: string): string =>
  pagePath('remoteControl').replace(':id', encodeURIComponent(id));

/** A clock for the remaining times, ticking every 30 s. */
const useNow = (periodMs = 30_000) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
};

/** Success texts of the three actions. */
const ACTION_DONE = {
  start: 'remotePc.action.started',
  stop: 'remotePc.action.stopped',
  restart: 'remotePc.action.restarted',
} as const;

/** The operation buttons in list order; `auto_renew` is the switch of its own column. */
const BUTTONS: readonly { operation: Exclude<VmOperation, 'auto_renew'>; icon: ReactNode }[] = [
  { operation: 'start', icon: <PlayCircleOutlined /> },
  { operation: 'stop', icon: <PoweroffOutlined /> },
  { operation: 'restart', icon: <RedoOutlined /> },
  { operation: 'remote', icon: <DesktopOutlined /> },
  { operation: 'renew', icon: <FieldTimeOutlined /> },
];

/** One labelled line of a PC's card. */
const CardLine = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex gap={8} align="baseline">
    <Typography.Text type="secondary" style={{ flex: 'none' }}>
      {label}:
    </Typography.Text>
    <div style={{ minWidth: 0 }}>{children}</div>
  </Flex>
);

/**
 * The customer's remote PCs (SPEC §2, §3, §4): state (released ones said so, failed ones with their
 * reason), area, configuration, connection details, proxy, remaining time and expiry, auto renew,
 * and the operations — only those the PC's state allows (the server's `operations`) are enabled, the
 * others disabled with "cannot operate". Asked again every few seconds while a PC is creating,
 * starting, shutting down or restarting. A table on wide screens, cards below 992 px.
 */
export const VmList = ({ isMobile }: { isMobile: boolean }) => {
  const { t, i18n } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const vms = useQuery({
    queryKey: REMOTE_PC_QUERY_KEYS.list(page, VM_PAGE_SIZE),
    queryFn: ({ signal }) => listVms(page, VM_PAGE_SIZE, signal),
    refetchInterval: (query) => pollInterval(query.state.data?.data),
    placeholderData: (previous) => previous,
  });
  const now = useNow();
  const confSpec = useConfSpec();
  const remainingText = useRemainingText();
  const [renewing, setRenewing] = useState<Vm | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: REMOTE_PC_QUERY_KEYS.all });

  const execute = useMutation({
    mutationFn: ({ vm, action }: { vm: Vm; action: VmAction }) => executeVmAction(vm.id, action),
    onSuccess: (_vm, { action }) => void message.success(t(ACTION_DONE[action])),
    onSettled: () => refresh(),
  });

  const run = (vm: Vm, operation: Exclude<VmOperation, 'auto_renew'>) => {
    if (operation === 'remote') {
      void navigateTo(remoteControlPath(vm.id));
      return;
    }
    if (operation === 'renew') {
      setRenewing(vm);
      return;
    }
    if (operation === 'start') {
      execute.mutate({ vm, action: 'start' });
      return;
    }
    modal.confirm({
      title: t(operation === 'stop' ? 'remotePc.action.stopConfirm' : 'remotePc.action.restartConfirm'),
      content: t('remotePc.action.confirmText'),
      okText: t(`remotePc.action.${operation}`),
      cancelText: t('remotePc.cancel'),
      okButtonProps: { 'data-testid': 'vm-action-confirm' } as Record<string, string>,
      onOk: () => execute.mutateAsync({ vm, action: operation }).catch(() => undefined),
    });
  };

  // In the table the buttons wrap in two or three rows rather than widening it.
  const actions = (vm: Vm) => (
    <Flex gap={6} wrap style={isMobile ? undefined : { width: 228 }} data-testid={`vm-actions-${vm.id}`}>
      {BUTTONS.map(({ operation, icon }) => {
        const allowed = canOperate(vm, operation);
        const isBusy =
          execute.isPending && execute.variables?.vm.id === vm.id && execute.variables.action === operation;
        const button = (
          <Button
            key={operation}
            size="small"
            icon={icon}
            disabled={!allowed}
            loading={isBusy}
            type={operation === 'remote' && allowed ? 'primary' : 'default'}
            onClick={() => run(vm, operation)}
            data-testid={`vm-${operation}-${vm.id}`}
            data-allowed={allowed}
          >
            {t(`remotePc.action.${operation}`)}
          </Button>
        );
        return allowed ? (
          <span key={operation}>{button}</span>
        ) : (
          <Tooltip key={operation} title={t('remotePc.cannotOperate')}>
            <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
          </Tooltip>
        );
      })}
    </Flex>
  );

  const autoRenew = (vm: Vm) => {
    const allowed = canOperate(vm, 'auto_renew');
    return (
      <AsyncSwitch
        checked={vm.auto_renew}
        disabled={!allowed}
        reason={allowed ? undefined : t('remotePc.cannotOperate')}
        checkedText={t('remotePc.autoRenew.on')}
        uncheckedText={t('remotePc.autoRenew.off')}
        label={t('remotePc.column.autoRenew')}
        testId={`vm-auto-renew-${vm.id}`}
        onChange={async (next) => {
          try {
            await setVmAutoRenew({ id: vm.id, auto_renew: next });
            void message.success(t(next ? 'remotePc.autoRenew.doneOn' : 'remotePc.autoRenew.doneOff'));
          } finally {
            await refresh();
          }
        }}
      />
    );
  };

  const fetchedAt = vms.dataUpdatedAt;
  const remaining = (vm: Vm) => (
    <span data-testid={`vm-remaining-${vm.id}`}>
      {vm.released ? '' : remainingText(remainingNow(vm.remaining_seconds, fetchedAt, now))}
    </span>
  );
  const conf = (vm: Vm) => (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text>{confName(vm.vm_conf, i18n.language)}</Typography.Text>
      <Typography.Text type="secondary">{confSpec(vm.vm_conf)}</Typography.Text>
    </Flex>
  );
  const proxy = (vm: Vm) =>
    vm.proxy ? (
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text style={{ wordBreak: 'break-all' }}>{vm.proxy.username}</Typography.Text>
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {vm.proxy.address}
        </Typography.Text>
      </Flex>
    ) : (
      <Typography.Text type="secondary">{t('remotePc.proxy.none')}</Typography.Text>
    );
  const area = (vm: Vm) => countryName(vm.area, i18n.language);

  const columns: TableColumnsType<Vm> = [
    {
      key: 'status',
      title: t('remotePc.column.status'),
      render: (_value, vm) => (
        <div style={{ maxWidth: 200 }}>
          <StatusCell vm={vm} />
        </div>
      ),
    },
    {
      key: 'conf',
      title: `${t('remotePc.column.area')} / ${t('remotePc.column.conf')}`,
      render: (_value, vm) => (
        <Flex vertical>
          <Typography.Text strong data-testid={`vm-area-${vm.id}`}>
            {area(vm)}
          </Typography.Text>
          {conf(vm)}
        </Flex>
      ),
    },
    {
      key: 'connection',
      title: t('remotePc.column.connection'),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_value, vm) => <ConnectionDetails vm={vm} />,
    },
    { key: 'proxy', title: t('remotePc.column.proxy'), render: (_value, vm) => proxy(vm) },
    {
      key: 'remaining',
      title: `${t('remotePc.column.remaining')} / ${t('remotePc.column.expireTime')}`,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_value, vm) => (
        <Flex vertical>
          {remaining(vm)}
          <Typography.Text type="secondary" data-testid={`vm-expire-${vm.id}`}>
            {formatTime(vm.expire_time)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'autoRenew', title: t('remotePc.column.autoRenew'), render: (_value, vm) => autoRenew(vm) },
    {
      key: 'actions',
      title: t('remotePc.column.actions'),
      fixed: 'right',
      render: (_value, vm) => actions(vm),
    },
  ];

  const list = vms.data?.data ?? [];
  const total = vms.data?.total ?? 0;

  const cards = (
    <Flex vertical gap={12} data-testid="vm-cards">
      {list.map((vm) => (
        <Card key={vm.id} size="small" data-testid={`vm-card-${vm.id}`}>
          <Flex vertical gap={8}>
            <Flex justify="space-between" align="flex-start" gap={8}>
              <StatusCell vm={vm} />
              <Typography.Text strong style={{ textAlign: 'right' }}>
                {area(vm)}
              </Typography.Text>
            </Flex>
            <CardLine label={t('remotePc.column.conf')}>{conf(vm)}</CardLine>
            <CardLine label={t('remotePc.column.connection')}>
              <ConnectionDetails vm={vm} />
            </CardLine>
            <CardLine label={t('remotePc.column.proxy')}>{proxy(vm)}</CardLine>
            <CardLine label={t('remotePc.column.remaining')}>{remaining(vm)}</CardLine>
            <CardLine label={t('remotePc.column.expireTime')}>{formatTime(vm.expire_time)}</CardLine>
            <CardLine label={t('remotePc.column.autoRenew')}>{autoRenew(vm)}</CardLine>
            {actions(vm)}
          </Flex>
        </Card>
      ))}
      {total > VM_PAGE_SIZE ? (
        <Pagination
          simple
          current={page}
          pageSize={VM_PAGE_SIZE}
          total={total}
          onChange={setPage}
          style={{ alignSelf: 'center' }}
        />
      ) : null}
    </Flex>
  );

  const body = () => {
    if (vms.isError && !vms.data) {
      return (
        <LoadFailed
          title={t('remotePc.list.loadFailed')}
          error={vms.error}
          onRetry={() => void vms.refetch()}
        />
      );
    }
    if (vms.isSuccess && list.length === 0) return <Empty description={t('remotePc.list.empty')} />;
    if (isMobile) return vms.isPending ? <Card loading size="small" /> : cards;
    return (
      <Table<Vm>
        rowKey="id"
        size="small"
        loading={vms.isPending}
        columns={columns}
        dataSource={list}
        scroll={{ x: 'max-content' }}
        // Columns as wide as their content (a fixed column would make antd lay them out evenly).
        tableLayout="auto"
        pagination={
          total > VM_PAGE_SIZE
            ? { current: page, pageSize: VM_PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }
            : false
        }
        data-testid="vm-table"
      />
    );
  };

  return (
    <Card
      title={t('remotePc.list.title')}
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={vms.isFetching && !vms.isPending}
          onClick={() => void vms.refetch()}
          aria-label={t('remotePc.list.refresh')}
          data-testid="vm-list-refresh"
        >
          {isMobile ? null : t('remotePc.list.refresh')}
        </Button>
      }
      {...(isMobile ? { size: 'small' as const } : {})}
    >
      {body()}
      <VmRenewDialog vm={renewing} onClose={() => setRenewing(null)} />
    </Card>
  );
};
