import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { IpAllowListEntry } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { AddRangeDialog } from './add-range-dialog';
import { deleteAllowListEntry, fetchAllowList, IP_ALLOWLIST_QUERY_KEYS } from './ip-allowlist.api';
import { PortRules } from './port-rules';
import './ip-allowlist-texts';

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

/** The proxy a range stands for: its username and protocol, and whether it cannot carry traffic now. */
const ProxyOf = ({ entry }: { entry: IpAllowListEntry }) => {
  const { t } = useTranslation();
  const { proxy } = entry;
  return (
    <Flex gap={6} align="center" wrap style={{ minWidth: 0 }}>
      <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid={`ip-allowlist-proxy-${entry.id}`}>
        {proxy.username}
      </Typography.Text>
      <Tag>{proxy.protocol.toUpperCase()}</Tag>
      {proxy.deleted ? (
        <Tag color="red">{t('ipAllowList.proxyDeleted')}</Tag>
      ) : proxy.switch !== 5 ? (
        <Tag color="orange">{t('ipAllowList.proxyOff')}</Tag>
      ) : null}
    </Flex>
  );
};

/** One labelled line of a card. */
const CardLine = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex vertical gap={2} style={{ minWidth: 0 }}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <div style={{ minWidth: 0 }}>{children}</div>
  </Flex>
);

/**
 * `/proxy/ip-allowlist` (issue #21): the addresses and ranges whose clients use a chosen proxy
 * without credentials, with the proxy, note and when each was added; add (the caller's current IP
 * in one click) and remove after a confirmation. A table on wide screens, cards below 992 px.
 */
const IpAllowListPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const allowList = useQuery({
    queryKey: IP_ALLOWLIST_QUERY_KEYS.list,
    queryFn: ({ signal }) => fetchAllowList(signal),
  });
  const [adding, setAdding] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (entry: IpAllowListEntry) => deleteAllowListEntry(entry.id),
    onSuccess: (_answer, entry) =>
      void message.success(t('ipAllowList.delete.done', { network: entry.network })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: IP_ALLOWLIST_QUERY_KEYS.list }),
  });

  const data = allowList.data;
  const items = data?.items ?? [];
  const isFull = data !== undefined && items.length >= data.max;
  const currentIp = data?.current_ip ?? null;
  const isCurrentListed =
    currentIp !== null && items.some((entry) => entry.network.startsWith(`${currentIp}/`));

  const confirmDelete = (entry: IpAllowListEntry) =>
    modal.confirm({
      title: t('ipAllowList.delete.confirm', { network: entry.network }),
      content: t('ipAllowList.delete.effect'),
      okText: t('ipAllowList.delete'),
      okType: 'danger',
      cancelText: t('ipAllowList.cancel'),
      okButtonProps: { 'data-testid': 'ip-allowlist-delete-confirm' } as Record<string, string>,
      onOk: () => remove.mutateAsync(entry).catch(() => undefined),
    });

  const network = (entry: IpAllowListEntry) => (
    <Typography.Text strong style={{ wordBreak: 'break-all' }} data-testid="ip-allowlist-network-cell">
      {entry.network}
    </Typography.Text>
  );
  const note = (entry: IpAllowListEntry) =>
    entry.note ? (
      <span style={{ wordBreak: 'break-word' }}>{entry.note}</span>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  const deleteButton = (entry: IpAllowListEntry) => (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined />}
      onClick={() => confirmDelete(entry)}
      data-testid={`ip-allowlist-delete-${entry.id}`}
    >
      {t('ipAllowList.delete')}
    </Button>
  );

  const columns: TableColumnsType<IpAllowListEntry> = [
    { key: 'network', title: t('ipAllowList.column.network'), render: (_value, entry) => network(entry) },
    {
      key: 'proxy',
      title: t('ipAllowList.column.proxy'),
      render: (_value, entry) => <ProxyOf entry={entry} />,
    },
    { key: 'note', title: t('ipAllowList.column.note'), render: (_value, entry) => note(entry) },
    {
      key: 'ports',
      title: t('ipAllowList.column.ports'),
      render: (_value, entry) => <PortRules entry={entry} targetPorts={data?.target_ports ?? []} />,
    },
    { key: 'added', title: t('ipAllowList.column.added'), render: (_value, entry) => when(entry.created_at) },
    {
      key: 'actions',
      title: t('ipAllowList.column.actions'),
      render: (_value, entry) => deleteButton(entry),
    },
  ];

  const cards = (
    <Flex vertical gap={12} data-testid="ip-allowlist-cards">
      {items.map((entry) => (
        <Card
          key={entry.id}
          size="small"
          title={network(entry)}
          extra={deleteButton(entry)}
          data-testid={`ip-allowlist-entry-${entry.id}`}
        >
          <Flex vertical gap={8}>
            <CardLine label={t('ipAllowList.column.proxy')}>
              <ProxyOf entry={entry} />
            </CardLine>
            <CardLine label={t('ipAllowList.column.note')}>{note(entry)}</CardLine>
            <CardLine label={t('ipAllowList.column.ports')}>
              <PortRules entry={entry} targetPorts={data?.target_ports ?? []} />
            </CardLine>
            <CardLine label={t('ipAllowList.column.added')}>{when(entry.created_at)}</CardLine>
          </Flex>
        </Card>
      ))}
    </Flex>
  );

  const body = () => {
    if (allowList.isError)
      return (
        <LoadFailed
          title={t('ipAllowList.loadFailed')}
          error={allowList.error}
          onRetry={() => void allowList.refetch()}
        />
      );
    if (allowList.isSuccess && items.length === 0) return <Empty description={t('ipAllowList.empty')} />;
    if (isMobile) return allowList.isPending ? <Card loading size="small" /> : cards;
    return (
      <Table<IpAllowListEntry>
        rowKey="id"
        size="small"
        loading={allowList.isPending}
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: true }}
        onRow={(entry) => ({ 'data-testid': `ip-allowlist-entry-${entry.id}` }) as Record<string, string>}
        data-testid="ip-allowlist-table"
      />
    );
  };

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="ip-allowlist">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.proxy.ipAllowList')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('ipAllowList.intro')}
      </Typography.Paragraph>
      <Card size={isMobile ? 'small' : 'default'}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" data-testid="ip-allowlist-count">
              {data ? t('ipAllowList.count', { count: items.length, max: data.max }) : null}
            </Typography.Text>
            <Button
              type="primary"
              icon={isFull ? null : <PlusOutlined />}
              disabled={isFull || !allowList.isSuccess}
              onClick={() => setAdding('')}
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, maxWidth: '100%' }}
              data-testid="ip-allowlist-add"
            >
              {isFull ? t('ipAllowList.full') : t('ipAllowList.add')}
            </Button>
          </Flex>
          {currentIp !== null ? (
            <Flex gap={8} align="center" wrap data-testid="ip-allowlist-current">
              <Typography.Text style={{ wordBreak: 'break-all' }}>
                {t('ipAllowList.currentIp', { ip: currentIp })}
              </Typography.Text>
              {isCurrentListed || isFull ? null : (
                <Button
                  size="small"
                  onClick={() => setAdding(currentIp)}
                  data-testid="ip-allowlist-add-current"
                >
                  {t('ipAllowList.addCurrentIp')}
                </Button>
              )}
            </Flex>
          ) : null}
          {data ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('ipAllowList.rules', { ipv4: data.min_prefix.ipv4, ipv6: data.min_prefix.ipv6 })}
            </Typography.Text>
          ) : null}
          {body()}
        </Flex>
      </Card>
      {adding !== null && data ? (
        <AddRangeDialog allowList={data} initialNetwork={adding} onClose={() => setAdding(null)} />
      ) : null}
    </Flex>
  );
};

export default IpAllowListPage;
