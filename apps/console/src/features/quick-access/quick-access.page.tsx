import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { QUICK_ACCESS_MAX, type QuickAccessEntry } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useExtensionTask } from '../../shared/extension/extension-outcome';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { useFeedback } from '../../shared/ui/feedback';
import { LoadFailed } from '../../shared/ui/load-failed';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import '../../shared/extension/extension-texts';
import { pagePath } from '../proxy-list/page-path';
import { deleteQuickAccess, listQuickAccess, QUICK_ACCESS_QUERY_KEYS } from './quick-access.api';
import { QuickAccessDialog } from './quick-access-dialog';

/** Why an entry's proxy cannot carry it any more, or null when it can. */
export const proxyProblem = (entry: QuickAccessEntry): 'missing' | 'deleted' | 'expired' | 'off' | null => {
  const { proxy } = entry;
  if (!proxy) return 'missing';
  if (proxy.deleted) return 'deleted';
  if (proxy.expired || proxy.status === 3) return 'expired';
  if (!proxy.enabled) return 'off';
  return null;
};

/** The entry's proxy: its user name and location, and what is wrong with it when something is. */
const ProxyCell = ({ entry }: { entry: QuickAccessEntry }) => {
  const { t } = useTranslation();
  const problem = proxyProblem(entry);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="quick-access-proxy-cell">
      {entry.proxy ? (
        <>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{entry.proxy.username}</Typography.Text>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-word' }}>
            {entry.proxy.location}
          </Typography.Text>
        </>
      ) : null}
      {problem ? (
        <div>
          <Tag
            color={problem === 'off' ? 'orange' : 'red'}
            data-testid="quick-access-proxy-problem"
            data-problem={problem}
          >
            {t(`quickAccess.proxy.${problem}`)}
          </Tag>
        </div>
      ) : null}
    </Flex>
  );
};

const UrlText = ({ url }: { url: string }) => (
  <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="quick-access-url-text">
    {url}
  </Typography.Text>
);

/** One labelled line of an entry's card. */
const CardLine = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex gap={8}>
    <Typography.Text type="secondary" style={{ flex: 'none' }}>
      {label}:
    </Typography.Text>
    <div style={{ minWidth: 0 }}>{children}</div>
  </Flex>
);

/**
 * `/quick-access` (SPEC §2, §3 quick access item, §5; issue #18): the customer's favourite sites,
 * each with its remark and the proxy it opens through (saying so when that proxy was deleted or
 * expired); add and edit (full URL with scheme and a proxy required), open (through the browser
 * extension, which switches this browser to the entry's proxy and opens the URL in a new tab; without
 * it, "browser extension not found" with the download), delete after a confirmation. A table on
 * wide screens, cards below 992 px.
 */
const QuickAccessPage = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const entries = useQuery({
    queryKey: QUICK_ACCESS_QUERY_KEYS.list,
    queryFn: ({ signal }) => listQuickAccess(signal),
  });
  const [editing, setEditing] = useState<QuickAccessEntry | 'new' | null>(null);
  const extension = useExtensionTask(() => void navigateTo(pagePath('browserExtension')));
  const remove = useMutation({
    mutationFn: (entry: QuickAccessEntry) => deleteQuickAccess(entry.id),
    onSuccess: () => void message.success(t('quickAccess.delete.done')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUICK_ACCESS_QUERY_KEYS.list }),
  });

  const list = entries.data?.list ?? [];
  const limit = entries.data?.limit ?? QUICK_ACCESS_MAX;
  const isFull = (entries.data?.total ?? list.length) >= limit;

  const confirmDelete = (entry: QuickAccessEntry) =>
    modal.confirm({
      title: t('quickAccess.delete.confirm'),
      content: <UrlText url={entry.url} />,
      okText: t('quickAccess.delete'),
      okType: 'danger',
      cancelText: t('quickAccess.cancel'),
      okButtonProps: { 'data-testid': 'quick-access-delete-confirm' } as Record<string, string>,
      onOk: () => remove.mutateAsync(entry).catch(() => undefined),
    });

  const actions = (entry: QuickAccessEntry) => (
    <Flex gap={8} wrap>
      <Button
        size="small"
        type="primary"
        icon={<ExportOutlined />}
        onClick={() => extension.start({ kind: 'open', id: entry.id, url: entry.url })}
        data-testid={`quick-access-open-${entry.id}`}
      >
        {t('quickAccess.open')}
      </Button>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => setEditing(entry)}
        data-testid={`quick-access-edit-${entry.id}`}
      >
        {t('quickAccess.edit')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={() => confirmDelete(entry)}
        data-testid={`quick-access-delete-${entry.id}`}
      >
        {t('quickAccess.delete')}
      </Button>
    </Flex>
  );

  const columns: TableColumnsType<QuickAccessEntry> = [
    {
      key: 'url',
      title: t('quickAccess.column.url'),
      dataIndex: 'url',
      render: (url: string) => <UrlText url={url} />,
    },
    {
      key: 'remark',
      title: t('quickAccess.column.remark'),
      dataIndex: 'remark',
      render: (remark: string | null) => <span style={{ wordBreak: 'break-word' }}>{remark ?? ''}</span>,
    },
    {
      key: 'proxy',
      title: t('quickAccess.column.proxy'),
      render: (_value, entry) => <ProxyCell entry={entry} />,
    },
    { key: 'actions', title: t('quickAccess.column.actions'), render: (_value, entry) => actions(entry) },
  ];

  const cards = (
    <Flex vertical gap={12} data-testid="quick-access-cards">
      {list.map((entry) => (
        <Card key={entry.id} size="small" data-testid={`quick-access-card-${entry.id}`}>
          <Flex vertical gap={6}>
            <UrlText url={entry.url} />
            {entry.remark ? <CardLine label={t('quickAccess.column.remark')}>{entry.remark}</CardLine> : null}
            <CardLine label={t('quickAccess.column.proxy')}>
              <ProxyCell entry={entry} />
            </CardLine>
            {actions(entry)}
          </Flex>
        </Card>
      ))}
    </Flex>
  );

  const body = () => {
    if (entries.isError) {
      return (
        <LoadFailed
          title={t('quickAccess.loadFailed')}
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      );
    }
    if (entries.isSuccess && list.length === 0) return <Empty description={t('quickAccess.empty')} />;
    if (isMobile) return entries.isPending ? <Card loading size="small" /> : cards;
    return (
      <Table<QuickAccessEntry>
        rowKey="id"
        size="small"
        loading={entries.isPending}
        columns={columns}
        dataSource={list}
        pagination={false}
        data-testid="quick-access-table"
      />
    );
  };

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="quick-access">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.quickAccess')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('quickAccess.intro')}
      </Typography.Paragraph>
      <Card {...(isMobile ? { size: 'small' as const } : {})}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" data-testid="quick-access-count">
              {entries.data ? t('quickAccess.count', { count: entries.data.total, max: limit }) : null}
            </Typography.Text>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={isFull || !entries.isSuccess}
              onClick={() => setEditing('new')}
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, maxWidth: '100%' }}
              data-testid="quick-access-add"
            >
              {isFull ? t('quickAccess.full', { max: limit }) : t('quickAccess.add')}
            </Button>
          </Flex>
          {body()}
        </Flex>
      </Card>
      {editing ? (
        <QuickAccessDialog
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void message.success(t('quickAccess.saved'));
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: QUICK_ACCESS_QUERY_KEYS.list });
          }}
        />
      ) : null}
      {extension.dialog}
    </Flex>
  );
};

export default QuickAccessPage;
